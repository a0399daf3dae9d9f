// Playing for the rocks not seen yet. The plan wins against the rocks in view; a rock that
// shows up later can still kill Indy on it with no line left to save him. UnseenRocks counts
// those rocks (one at a time, at every place and turn rocks come in by); when the plan is
// exposed to some, the hedge weighs other lines that also win against the rocks in view and
// keeps the least exposed, in this order:
//   * other routes: lines on which Indy leaves one of his next rooms another way than on the
//     plan (the safety check, told to avoid that way);
//   * lines that start with another action — a turn of a room the exposing rocks come through,
//     that Indy is about to enter, that the plan turns or that a rock in view is about to
//     enter, or waiting — and go on as the branch search (or, if it finds nothing in a few
//     states, the safety check) plays from there.
// Measured on the random-rock corpus, each kind saves games the other does not; in this order
// a budget of 500 saves as many as 3000 did in another. Deterministic: fixed orders, and a
// budget of work (search nodes) per turn.
import { WAIT, actionCell, applyAction, leftTurn, rightTurn, turnedBy } from './actions.js';
import type { BranchSearch } from './branch-search.js';
import { moverCell, moverSide } from './mover.js';
import { WAY_OUT } from './rooms.js';
import type { SafetyCheck } from './safety.js';
import {
  PLAYING,
  WON,
  moveAll,
  newMoved,
  rockWay,
  rotationProblem,
  type Board,
  type Moved,
} from './simulator.js';
import type { UnseenRocks } from './unseen-rocks.js';

/** Work (search nodes; 16 exposure probe turns count as one) the hedge may spend per turn. */
export const DEFAULT_HEDGE_BUDGET = 500;
/** Branch search states for the line after an alternative first action. */
const ALTERNATIVE_SEARCH = 20;
/** Safety check nodes for that line when the branch search finds none, or for a detour. */
const ALTERNATIVE_CHECK = 200;
/** Safety check nodes to tell whether a line can be mended once a rock shows up. */
const REPAIR_CHECK = 100;
/** How many of Indy's next rooms get a detour. */
const DETOUR_ROOMS = 6;
/** Probe turns of the exposure count that make one unit of work. */
const PROBES_PER_UNIT = 16;

export class Hedge {
  /** Work spent by the last `choose`. */
  work = 0;
  private start: Moved = newMoved(1);
  private capacity = 0;

  constructor(
    private readonly board: Board,
    private readonly search: BranchSearch,
    private readonly safety: SafetyCheck,
    private readonly unseen: UnseenRocks,
    private readonly budget: number = DEFAULT_HEDGE_BUDGET,
  ) {}

  /** The line to play from Indy and the rocks in view: `line` (which wins against them) or a
   *  less exposed one that also wins. */
  choose(indy: number, rocks: readonly number[], line: readonly number[]): readonly number[] {
    this.work = 0;
    const start = this.startOf(indy, rocks);
    let exposure = this.exposure(start, line, Infinity, false);
    if (exposure === 0) return line;
    const threats = [...this.unseen.killerEntries];

    let best = line;
    const consider = (candidate: readonly number[]) => {
      const count = this.exposure(start, candidate, exposure, true);
      if (count < exposure) {
        best = candidate;
        exposure = count;
      }
    };
    for (const [cell, way] of this.detours(start, line)) {
      if (exposure === 0 || this.work > this.budget) break;
      const found = this.safety.findLine(indy, rocks, ALTERNATIVE_CHECK, cell, way);
      this.work += this.safety.nodes;
      if (found) consider(this.safety.line);
    }
    for (const action of this.firstActions(indy, rocks, line, threats)) {
      if (exposure === 0 || this.work > this.budget) break;
      const candidate = this.lineAfter(action, indy, rocks);
      if (candidate !== undefined) consider(candidate);
    }
    return best;
  }

  /**
   * The unseen rocks that kill Indy on `line` and leave no line to save him (up to `limit`);
   * `bounded`: Infinity once the turn's budget is spent (a candidate not weighed in time).
   */
  private exposure(start: Moved, line: readonly number[], limit: number, bounded: boolean): number {
    const spent = () => this.work + this.unseen.probeTurns / PROBES_PER_UNIT > this.budget;
    const repairable = (indy: number, rocks: readonly number[]) => {
      const found = this.safety.findLine(indy, rocks, REPAIR_CHECK);
      this.work += this.safety.nodes;
      return found;
    };
    const count = this.unseen.exposure(start, line, limit, repairable, bounded ? spent : undefined);
    this.work += Math.ceil(this.unseen.probeTurns / PROBES_PER_UNIT);
    return count;
  }

  /** A line that starts with `action` and wins against the rocks in view, if one is found. */
  private lineAfter(action: number, indy: number, rocks: readonly number[]): number[] | undefined {
    const rooms = this.board.rooms;
    const cell = action === WAIT ? -1 : actionCell(action);
    const before = cell < 0 ? 0 : rooms[cell];
    if (cell >= 0) rooms[cell] = turnedBy(action, before);
    const child = newMoved(Math.max(1, rocks.length));
    const status = moveAll(this.board, indy, rocks, rocks.length, child);
    let line: number[] | undefined;
    if (status === WON) line = [action];
    else if (status === PLAYING) {
      const after = Array.from(child.rocks.subarray(0, child.rockCount));
      const found = this.search.run(child.indy, after, ALTERNATIVE_SEARCH);
      this.work += this.search.nodes;
      if (found) line = [action, ...this.search.solution];
      else {
        const checked = this.safety.findLine(child.indy, after, ALTERNATIVE_CHECK);
        this.work += this.safety.nodes;
        if (checked) line = [action, ...this.safety.line];
      }
    }
    if (cell >= 0) rooms[cell] = before;
    return line;
  }

  /**
   * Other first actions than `line`'s, most promising first: the legal quarter turns (one per
   * new type) of the rooms the rocks not seen yet that kill Indy on `line` (`threats`, where
   * they come in) come through, of the next rooms Indy enters as things are, of the rooms
   * `line` turns, of the next rooms each rock in view enters; then WAIT.
   */
  private firstActions(
    indy: number,
    rocks: readonly number[],
    line: readonly number[],
    threats: readonly number[],
  ): number[] {
    const actions = new Set<number>();
    const rooms = this.board.rooms;
    const types = new Set<number>();
    const addTurns = (cell: number) => {
      if (rooms[cell] <= 1) return;
      if (rotationProblem(this.board, cell, indy, rocks, rocks.length) !== 0) return;
      for (const action of [leftTurn(cell), rightTurn(cell)]) {
        const key = cell * 16 + turnedBy(action, rooms[cell]);
        if (types.has(key)) continue;
        types.add(key);
        actions.add(action);
      }
    };
    const way = new Int32Array(4);
    const addWay = (mover: number) => {
      const length = rockWay(this.board, mover, way.length, way);
      for (let i = 0; i < length; i++) addTurns(moverCell(way[i]));
    };
    for (const entry of threats) {
      addTurns(moverCell(entry));
      addWay(entry);
    }
    addWay(indy);
    for (const action of line) if (action !== WAIT) addTurns(actionCell(action));
    for (const rock of rocks) addWay(rock);
    actions.add(WAIT);
    actions.delete(line[0]);
    return [...actions];
  }

  /** Indy's next rooms on `line` that can turn, with the way he leaves each there. */
  private detours(start: Moved, line: readonly number[]): [number, number][] {
    const board: Board = { ...this.board, rooms: Int8Array.from(this.board.rooms) };
    let now = newMoved(Math.max(1, start.rockCount));
    let after = newMoved(Math.max(1, start.rockCount));
    now.indy = start.indy;
    now.rockCount = start.rockCount;
    now.rocks.set(start.rocks.subarray(0, start.rockCount));
    const detours: [number, number][] = [];
    for (const action of line) {
      applyAction(board.rooms, action);
      if (moveAll(board, now.indy, now.rocks, now.rockCount, after) !== PLAYING) break;
      [now, after] = [after, now];
      const cell = moverCell(now.indy);
      const room = board.rooms[cell];
      if (room > 1) detours.push([cell, WAY_OUT[room * 3 + moverSide(now.indy)]]);
      if (detours.length === DETOUR_ROOMS) break;
    }
    return detours;
  }

  private startOf(indy: number, rocks: readonly number[]): Moved {
    if (rocks.length > this.capacity) {
      this.capacity = Math.max(8, rocks.length * 2);
      this.start = newMoved(this.capacity);
    }
    const start = this.start;
    start.indy = indy;
    start.rockCount = rocks.length;
    start.rocks.set(rocks);
    return start;
  }
}
