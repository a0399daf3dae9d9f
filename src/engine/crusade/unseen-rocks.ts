// The rocks not seen yet. Rocks come in from the grid's edges — a top-row room by its top, a
// room of the left or right column by that side — where the level's room lets them go on (every
// rock of the level files does). A line that wins against the rocks in view can still be
// exposed to them: `exposure` counts the rocks, one at a time, each coming in at one of those
// places on one of the line's next turns, that would kill Indy if the line were played on as
// it is and that no line could deal with once the rock is in view (a check the caller gives:
// the safety check). The hedge (hedge.ts) prefers, among lines that win, the least exposed.
import { actionCell, turnedBy, WAIT } from './actions.js';
import { moverAt, moverCell } from './mover.js';
import { NO_WAY, SIDES, WAY_OUT, roomType } from './rooms.js';
import { PLAYING, WON, moveAll, newMoved, occupied, type Board, type Moved } from './simulator.js';

/**
 * Rocks are weighed that come in view within this many turns: one that comes later meets a
 * plan made again by then (and 10 measured as well as any longer horizon on the corpus).
 */
export const ARRIVAL_HORIZON = 10;

export class UnseenRocks {
  /** Where rocks may come in: packed movers (mover.ts). */
  readonly entries: Int32Array;
  /** The last `exposure`'s killers: the turn (from the line's first) each comes in view. */
  killers: number[] = [];
  /** And where each comes in (packed movers). */
  killerEntries: number[] = [];
  /** Turns the last `exposure` played for its probes: the measure of its work. */
  probeTurns = 0;
  private capacity = 0;
  /** The line's states: states[t] before its turn t. */
  private states: Moved[] = [];
  private probe: Moved = newMoved(1);
  private probeNext: Moved = newMoved(1);
  private readonly undoCell: Int32Array;
  private readonly undoRoom: Int8Array;

  constructor(private readonly board: Board) {
    const { width, height, rooms } = board;
    const entries: number[] = [];
    const add = (x: number, y: number, side: number) => {
      const cell = y * width + x;
      if (WAY_OUT[roomType(rooms[cell]) * 3 + side] !== NO_WAY) entries.push(moverAt(cell, side));
    };
    for (let x = 0; x < width; x++) add(x, 0, SIDES.indexOf('TOP'));
    for (let y = 0; y < height; y++) {
      add(0, y, SIDES.indexOf('LEFT'));
      add(width - 1, y, SIDES.indexOf('RIGHT'));
    }
    this.entries = Int32Array.from(entries);
    const maxDepth = width * height + 2;
    // The line's turns, then a probe's after them.
    this.undoCell = new Int32Array(2 * maxDepth);
    this.undoRoom = new Int8Array(2 * maxDepth);
  }

  /**
   * How many single rocks not in view — one per (entry, turn) on turns 1 .. ARRIVAL_HORIZON of
   * `line` (actions from `start` that win against its rocks) — kill Indy when the line is
   * played on as it is, and cannot be mended: `repairable` (Indy and the rocks when the rock
   * comes in view, the rooms as they are then) finds no line from there. Counts up to `limit`;
   * the killers' turns are left in `killers`. `stop`, asked before each mending check, gives up
   * the count: Infinity. The rooms are left as they were.
   */
  exposure(
    start: Moved,
    line: readonly number[],
    limit: number,
    repairable?: (indy: number, rocks: readonly number[]) => boolean,
    stop: () => boolean = () => false,
  ): number {
    const length = line.length;
    this.killers = [];
    this.killerEntries = [];
    this.probeTurns = 0;
    this.ensureCapacity(start.rockCount + 1, length + 1);
    const rooms = this.board.rooms;
    const first = this.states[0];
    first.indy = start.indy;
    first.rockCount = start.rockCount;
    first.rocks.set(start.rocks.subarray(0, start.rockCount));
    let exposed = 0;
    let undo = 0;
    for (let turn = 0; turn < length && turn <= ARRIVAL_HORIZON && exposed < limit; turn++) {
      const now = this.states[turn];
      if (turn > 0) {
        for (let e = 0; e < this.entries.length && exposed < limit; e++) {
          if (!this.kills(now, this.entries[e], line, turn, length)) continue;
          if (stop()) {
            exposed = Infinity;
            break;
          }
          if (repairable !== undefined) {
            const rocks = [...now.rocks.subarray(0, now.rockCount), this.entries[e]];
            const inIndysRoom = moverCell(now.indy) === moverCell(this.entries[e]);
            if (!inIndysRoom && repairable(now.indy, rocks)) continue;
          }
          exposed++;
          this.killers.push(turn);
          this.killerEntries.push(this.entries[e]);
        }
      }
      const action = line[turn];
      if (action !== WAIT) {
        const cell = actionCell(action);
        this.undoCell[undo] = cell;
        this.undoRoom[undo++] = rooms[cell];
        rooms[cell] = turnedBy(action, rooms[cell]);
      }
      if (
        moveAll(this.board, now.indy, now.rocks, now.rockCount, this.states[turn + 1]) !== PLAYING
      ) {
        break; // the line's last turn (Indy wins), or a line that does not win after all
      }
    }
    while (undo > 0) {
      undo--;
      rooms[this.undoCell[undo]] = this.undoRoom[undo];
    }
    return exposed;
  }

  /**
   * Whether a rock coming in at `entry` so as to be in view on turn `turn` kills Indy on the
   * line from `now` (the state before that turn, the rooms as they are then). It stops as soon
   * as that rock is gone: the rest of the line is the one that wins.
   */
  private kills(
    now: Moved,
    entry: number,
    line: ArrayLike<number>,
    turn: number,
    length: number,
  ): boolean {
    if (moverCell(now.indy) === moverCell(entry)) return true; // it shows up in Indy's room
    let probe = this.probe;
    let next = this.probeNext;
    probe.indy = now.indy;
    probe.rockCount = now.rockCount + 1;
    probe.rocks.set(now.rocks.subarray(0, now.rockCount));
    probe.rocks[now.rockCount] = entry;
    let unseen = now.rockCount; // the new rock's index among probe's rocks
    const rooms = this.board.rooms;
    let killed = false;
    let undo = 0;
    const undoStart = length; // this probe's undo entries go after the line's
    for (let t = turn; t < length; t++) {
      const action = line[t];
      if (action !== WAIT) {
        const cell = actionCell(action);
        if (occupied(probe, cell)) {
          killed = true; // the rock sits in a room the line turns now: the line breaks
          break;
        }
        this.undoCell[undoStart + undo] = cell;
        this.undoRoom[undoStart + undo++] = rooms[cell];
        rooms[cell] = turnedBy(action, rooms[cell]);
      }
      const status = moveAll(this.board, probe.indy, probe.rocks, probe.rockCount, next);
      this.probeTurns++;
      if (status === WON) break;
      if (status !== PLAYING) {
        killed = true;
        break;
      }
      let found = -1;
      for (let i = 0; i < next.rockCount; i++) if (next.rockFrom[i] === unseen) found = i;
      if (found < 0) break; // the new rock is gone: the line goes on as it would have
      unseen = found;
      [probe, next] = [next, probe];
    }
    while (undo > 0) {
      undo--;
      rooms[this.undoCell[undoStart + undo]] = this.undoRoom[undoStart + undo];
    }
    return killed;
  }

  private ensureCapacity(rocks: number, depths: number): void {
    if (rocks > this.capacity) {
      this.capacity = Math.max(8, rocks * 2);
      this.states = [];
      this.probe = newMoved(this.capacity);
      this.probeNext = newMoved(this.capacity);
    }
    while (this.states.length < depths) this.states.push(newMoved(this.capacity));
  }
}
