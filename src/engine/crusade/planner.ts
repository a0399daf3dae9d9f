// The rotating-rooms planner. It sees what the player sees — the rooms, Indy, the rocks in the
// grid now — and chooses this turn's command. It never uses the rocks' schedule.
//
// How it chooses:
//   * `RouteFinder` (routes.ts) knows, rocks left out, which routes can still get Indy to the
//     exit in time, and picks the best one: cheapest, then with most turns to spare, then
//     shutting the sides the rocks in view are coming by.
//   * A depth-first search over turns plays the rocks in view with the real rules (simulator.ts).
//     At each state it first tries the default future: the best route, its turns done as early
//     as possible, and every spare turn spent making a rock crash into a wall when a quarter
//     turn of the room it is about to enter does that. Rocks left alone may not matter for the
//     plan in hand, but one that shows up later can force a detour into their way; crashing
//     them while it is cheap keeps spare turns for later. If Indy survives the default future,
//     that is the plan.
//   * If a rock kills him, the search branches: turns that make the culprit crash on its way,
//     the route's next turn, other turns of the rooms on the culprit's way (sending it
//     elsewhere, into a wall or another rock), waiting, the route's later turns, turns on the
//     other rocks' ways, and other types for Indy's next rooms (other routes). A branch that
//     leaves Indy no route at all is cut at once; states already known to fail are cut by a
//     hash of the whole state.
//   * Deterministic: fixed orders everywhere, and a budget of search states instead of a clock.
// A plan found is kept and followed while the rocks in view are the ones it was made for.
import type { CrusadeGrid, Mover } from './level-file.js';
import { NO_WAY, ROOM_TYPE_COUNT, TURNED_LEFT, TURNED_RIGHT, TURNS, WAY_OUT } from './rooms.js';
import { RouteFinder } from './routes.js';
import {
  GONE,
  LOST_HIT_BY_ROCK,
  LOST_SWAPPED_WITH_ROCK,
  PLAYING,
  WON,
  moveAll,
  newMoved,
  packMover,
  rockWay,
  stepOut,
  toBoard,
  type Board,
  type CrusadeCommand,
  type Moved,
} from './simulator.js';

// An action packed in one integer: WAIT, or cell * 2 + (0 for LEFT, 1 for RIGHT).
const WAIT = -1;
const MAX_ACTIONS = 96;
/** Search states per turn before settling for the longest-surviving line found. */
export const DEFAULT_NODE_BUDGET = 500;

export interface CrusadePlannerOptions {
  readonly nodeBudget?: number;
}

export interface PlannerStats {
  /** Search states visited by the last `decide` (0 when it followed its plan). */
  readonly nodes: number;
  /** Whether the last `decide` had a plan that gets Indy out against the rocks in view. */
  readonly planned: boolean;
}

/** Deterministic 32-bit xorshift, for the state hash keys. */
function xorshift(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s | 0;
  };
}

/** A set of 64-bit state keys (two int lanes), open addressing; `clear` is O(1) by stamps. */
class StateSet {
  private lo = new Int32Array(1 << 12);
  private hi = new Int32Array(1 << 12);
  private used = new Int32Array(1 << 12);
  private stamp = 1;
  private count = 0;

  clear(): void {
    this.stamp++;
    this.count = 0;
  }

  has(lo: number, hi: number): boolean {
    const mask = this.used.length - 1;
    for (let i = lo & mask; this.used[i] === this.stamp; i = (i + 1) & mask) {
      if (this.lo[i] === lo && this.hi[i] === hi) return true;
    }
    return false;
  }

  add(lo: number, hi: number): void {
    if ((this.count + 1) * 2 > this.used.length) this.grow();
    const mask = this.used.length - 1;
    let i = lo & mask;
    while (this.used[i] === this.stamp) {
      if (this.lo[i] === lo && this.hi[i] === hi) return;
      i = (i + 1) & mask;
    }
    this.used[i] = this.stamp;
    this.lo[i] = lo;
    this.hi[i] = hi;
    this.count++;
  }

  private grow(): void {
    const { lo, hi, used, stamp } = this;
    this.lo = new Int32Array(lo.length * 2);
    this.hi = new Int32Array(lo.length * 2);
    this.used = new Int32Array(lo.length * 2);
    this.stamp = 1;
    this.count = 0;
    for (let i = 0; i < used.length; i++) if (used[i] === stamp) this.add(lo[i], hi[i]);
  }
}

export class CrusadePlanner {
  private readonly board: Board;
  private readonly width: number;
  private readonly size: number;
  private readonly maxDepth: number;
  private readonly nodeBudget: number;
  private readonly routes: RouteFinder;

  // Hash keys, two 32-bit lanes: per (room, type), per Indy's place, per a rock's place. A state's
  // key is their sum, kept up to date for the rooms as they turn.
  private readonly roomKeyLo: Int32Array;
  private readonly roomKeyHi: Int32Array;
  private readonly indyKeyLo: Int32Array;
  private readonly indyKeyHi: Int32Array;
  private readonly rockKeyLo: Int32Array;
  private readonly rockKeyHi: Int32Array;
  private roomsLo = 0;
  private roomsHi = 0;
  /** The rooms' hash for which `routes` holds answers. */
  private routesLo = 0;
  private routesHi = 0;

  // The search: states by depth (grown on demand), the line of actions that led here, the
  // branches of each depth, and the states known to fail.
  private capacity = 0;
  private states: Moved[] = [];
  private readonly line: Int32Array;
  private readonly actions: Int32Array;
  private actionCount = 0;
  private readonly branchSeen: Int32Array;
  private branchStamp = 0;
  /** A rock's next rooms, as `rockWay` writes them (branches look 4 rooms ahead). */
  private readonly way = new Int32Array(4);
  private readonly failed = new StateSet();
  private nodes = 0;
  private exhausted = false;
  private solution: number[] = [];
  private bestSurvival = -1;
  private bestFirst = WAIT;

  // The default future: its actions, the rooms it turned (to undo), and what killed Indy in it.
  private rollNow: Moved = newMoved(1);
  private rollNext: Moved = newMoved(1);
  private rollIds = new Int32Array(1);
  private rollNextIds = new Int32Array(1);
  /** rollTrack[turn * capacity + id]: where rock `id` is at the start of `turn` (or GONE). */
  private rollTrack = new Int32Array(1);
  private readonly rollActions: Int32Array;
  private rollLength = 0;
  private readonly undoCell: Int32Array;
  private readonly undoRoom: Int8Array;
  /** routeAt[cell]: the cell's index on the current route, where routeStamp[cell] is current. */
  private readonly routeAt: Int32Array;
  private readonly routeStamp: Int32Array;
  private routeStampNow = 0;
  private culprit = -1;
  private culpritTurn = 0;
  private culpritLastMove = GONE;

  // The plan being followed: actions, and the state (Indy, then sorted rocks) expected before each.
  private plan: number[] = [];
  private planStates: number[][] = [];
  private planStep = 0;
  private lastStats: PlannerStats = { nodes: 0, planned: false };

  constructor(grid: CrusadeGrid, options: CrusadePlannerOptions = {}) {
    this.board = toBoard(grid);
    this.width = grid.width;
    this.size = grid.width * grid.height;
    this.maxDepth = this.size + 2;
    this.nodeBudget = options.nodeBudget ?? DEFAULT_NODE_BUDGET;
    this.routes = new RouteFinder(this.board);
    const next = xorshift(0x2545f491);
    const keys = (n: number) => Int32Array.from({ length: n }, next);
    this.roomKeyLo = keys(this.size * ROOM_TYPE_COUNT);
    this.roomKeyHi = keys(this.size * ROOM_TYPE_COUNT);
    this.indyKeyLo = keys(this.size * 4);
    this.indyKeyHi = keys(this.size * 4);
    this.rockKeyLo = keys(this.size * 4);
    this.rockKeyHi = keys(this.size * 4);
    this.line = new Int32Array(this.maxDepth);
    this.actions = new Int32Array(this.maxDepth * MAX_ACTIONS);
    this.branchSeen = new Int32Array(this.size * ROOM_TYPE_COUNT);
    this.rollActions = new Int32Array(this.maxDepth);
    this.undoCell = new Int32Array(this.maxDepth);
    this.undoRoom = new Int8Array(this.maxDepth);
    this.routeAt = new Int32Array(this.size);
    this.routeStamp = new Int32Array(this.size);
  }

  /** The rooms as the planner knows them: the level's, with its own rotations applied. */
  rooms(): number[] {
    return Array.from(this.board.rooms);
  }

  stats(): PlannerStats {
    return this.lastStats;
  }

  /** Chooses this turn's command and applies it to the planner's own copy of the rooms. */
  decide(indy: Mover, rocks: readonly Mover[]): CrusadeCommand {
    const packedIndy = packMover(this.width, indy);
    const packedRocks = rocks.map((rock) => packMover(this.width, rock));
    const seen = [packedIndy, ...[...packedRocks].sort((a, b) => a - b)];

    let action: number;
    const expected = this.planStates[this.planStep];
    if (expected !== undefined && sameNumbers(expected, seen)) {
      action = this.plan[this.planStep++];
      this.lastStats = { nodes: 0, planned: true };
    } else {
      action = this.search(packedIndy, packedRocks);
    }
    if (action === WAIT) return { kind: 'WAIT' };
    const cell = action >> 1;
    const rotation = (action & 1) === 0 ? 'LEFT' : 'RIGHT';
    const room = this.board.rooms[cell];
    this.board.rooms[cell] = rotation === 'LEFT' ? TURNED_LEFT[room] : TURNED_RIGHT[room];
    return { kind: 'ROTATE', x: cell % this.width, y: (cell / this.width) | 0, rotation };
  }

  // ---- the search ----

  private search(indy: number, rocks: readonly number[]): number {
    this.ensureCapacity(rocks.length);
    const root = this.state(0);
    root.indy = indy;
    root.rockCount = rocks.length;
    root.rocks.set(rocks);
    this.roomsLo = 0;
    this.roomsHi = 0;
    for (let cell = 0; cell < this.size; cell++) {
      const room = this.board.rooms[cell];
      if (room > 0) {
        this.roomsLo = (this.roomsLo + this.roomKeyLo[cell * ROOM_TYPE_COUNT + room]) | 0;
        this.roomsHi = (this.roomsHi + this.roomKeyHi[cell * ROOM_TYPE_COUNT + room]) | 0;
      }
    }
    this.routes.reset();
    this.routesLo = this.roomsLo;
    this.routesHi = this.roomsHi;
    this.failed.clear();
    this.nodes = 0;
    this.exhausted = false;
    this.solution = [];
    this.bestSurvival = -1;
    this.bestFirst = WAIT;

    const found = this.dfs(0);
    this.lastStats = { nodes: this.nodes, planned: found };
    if (!found) {
      // No plan survives the rocks in view (or none was found in the budget): play the line on
      // which Indy lived longest, and look again next turn.
      this.plan = [];
      this.planStates = [];
      this.planStep = 0;
      return this.bestFirst;
    }
    this.remember(indy, rocks, this.solution);
    return this.plan[this.planStep++];
  }

  /** Keeps a plan with the state expected before each of its turns. */
  private remember(indy: number, rocks: readonly number[], plan: readonly number[]): void {
    const board: Board = { ...this.board, rooms: Int8Array.from(this.board.rooms) };
    let now = newMoved(Math.max(1, rocks.length));
    let after = newMoved(Math.max(1, rocks.length));
    now.indy = indy;
    now.rocks.set(rocks);
    now.rockCount = rocks.length;
    this.plan = [...plan];
    this.planStates = [];
    this.planStep = 0;
    for (const action of plan) {
      const sorted = Array.from(now.rocks.subarray(0, now.rockCount)).sort((a, b) => a - b);
      this.planStates.push([now.indy, ...sorted]);
      if (action !== WAIT) {
        const cell = action >> 1;
        const room = board.rooms[cell];
        board.rooms[cell] = (action & 1) === 0 ? TURNED_LEFT[room] : TURNED_RIGHT[room];
      }
      if (moveAll(board, now.indy, now.rocks, now.rockCount, after) !== PLAYING) break;
      [now, after] = [after, now];
    }
  }

  private ensureCapacity(rockCount: number): void {
    if (rockCount <= this.capacity && this.capacity > 0) return;
    // Room for a few more rocks than now, so that arrivals rarely mean new buffers.
    const capacity = Math.max(8, rockCount * 2);
    this.capacity = capacity;
    this.states = [];
    this.rollNow = newMoved(capacity);
    this.rollNext = newMoved(capacity);
    this.rollIds = new Int32Array(capacity);
    this.rollNextIds = new Int32Array(capacity);
    this.rollTrack = new Int32Array((this.maxDepth + 1) * capacity);
  }

  private state(depth: number): Moved {
    while (this.states.length <= depth) this.states.push(newMoved(this.capacity));
    return this.states[depth];
  }

  private dfs(depth: number): boolean {
    if (++this.nodes > this.nodeBudget) {
      this.exhausted = true;
      return false;
    }
    const state = this.states[depth];
    const next = stepOut(this.board, state.indy);
    if (next === GONE) return false;
    if (this.roomsLo !== this.routesLo || this.roomsHi !== this.routesHi) {
      // The rooms changed since `routes` last worked (a waiting branch keeps its answers).
      this.routes.reset();
      this.routesLo = this.roomsLo;
      this.routesHi = this.roomsHi;
    }
    if (this.routes.need(next) > 1) return false; // no route left for Indy, rocks or not
    let keyLo = (this.roomsLo + this.indyKeyLo[state.indy]) | 0;
    let keyHi = (this.roomsHi + this.indyKeyHi[state.indy]) | 0;
    for (let i = 0; i < state.rockCount; i++) {
      keyLo = (keyLo + this.rockKeyLo[state.rocks[i]]) | 0;
      keyHi = (keyHi + this.rockKeyHi[state.rocks[i]]) | 0;
    }
    if (this.failed.has(keyLo, keyHi)) return false;

    this.routes.markRockWays(state.rocks, state.rockCount);
    const routeLength = this.routes.extract(next);
    this.routeStampNow++;
    for (let i = 0; i < routeLength; i++) {
      this.routeAt[this.routes.cells[i]] = i;
      this.routeStamp[this.routes.cells[i]] = this.routeStampNow;
    }
    if (this.rollout(state, routeLength)) {
      this.solution = [
        ...this.line.subarray(0, depth),
        ...this.rollActions.subarray(0, this.rollLength),
      ];
      return true;
    }
    if (depth + this.culpritTurn > this.bestSurvival) {
      this.bestSurvival = depth + this.culpritTurn;
      this.bestFirst = depth > 0 ? this.line[0] : this.rollActions[0];
    }

    this.branches(depth, state, routeLength);
    const count = this.actionCount;
    const child = this.state(depth + 1);
    const base = depth * MAX_ACTIONS;
    for (let i = 0; i < count; i++) {
      const action = this.actions[base + i];
      const cell = action >> 1;
      const before = action === WAIT ? 0 : this.board.rooms[cell];
      if (action !== WAIT)
        this.setRoom(cell, (action & 1) === 0 ? TURNED_LEFT[before] : TURNED_RIGHT[before]);
      this.line[depth] = action;
      const status = moveAll(this.board, state.indy, state.rocks, state.rockCount, child);
      let won = false;
      if (status === WON) {
        this.solution = Array.from(this.line.subarray(0, depth + 1));
        won = true;
      } else if (status === PLAYING) {
        won = this.dfs(depth + 1);
      }
      if (action !== WAIT) this.setRoom(cell, before);
      if (won) return true;
      if (this.exhausted) return false;
    }
    this.failed.add(keyLo, keyHi);
    return false;
  }

  /** Turns a room in the search, keeping the rooms' hash in step. */
  private setRoom(cell: number, room: number): void {
    const old = this.board.rooms[cell];
    const at = cell * ROOM_TYPE_COUNT;
    this.roomsLo = (this.roomsLo - this.roomKeyLo[at + old] + this.roomKeyLo[at + room]) | 0;
    this.roomsHi = (this.roomsHi - this.roomKeyHi[at + old] + this.roomKeyHi[at + room]) | 0;
    this.board.rooms[cell] = room;
  }

  private onRouteFrom(cell: number, index: number): boolean {
    return this.routeStamp[cell] === this.routeStampNow && this.routeAt[cell] >= index;
  }

  private occupied(state: Moved, cell: number): boolean {
    if (state.indy >> 2 === cell) return true;
    for (let i = 0; i < state.rockCount; i++) if (state.rocks[i] >> 2 === cell) return true;
    return false;
  }

  /** The action turning `room` one step toward `target` (LEFT when both ways are as short). */
  private static toward(cell: number, room: number, target: number): number {
    return TURNED_RIGHT[room] === target && TURNED_LEFT[room] !== target ? cell * 2 + 1 : cell * 2;
  }

  // ---- the default future ----

  /**
   * Plays from `start`: each turn a crashing turn for a rock if the route can spare it, else the
   * route's earliest turn not blocked by a rock, else WAIT. True when Indy wins (rollActions then
   * holds the plan). Otherwise sets culprit (the id, an index into start's rocks, of the rock
   * that killed Indy, or -1), culpritTurn and culpritLastMove.
   */
  private rollout(start: Moved, routeLength: number): boolean {
    let now = this.rollNow;
    let after = this.rollNext;
    now.indy = start.indy;
    now.rockCount = start.rockCount;
    now.rocks.set(start.rocks.subarray(0, start.rockCount));
    const capacity = this.capacity;
    const cells = this.routes.cells;
    const targets = this.routes.targets;
    let ids = this.rollIds;
    let nextIds = this.rollNextIds;
    for (let i = 0; i < start.rockCount; i++) ids[i] = i;
    let undo = 0;
    let won = false;
    let pending = 0;
    this.culprit = -1;
    for (let turn = 0; turn <= this.maxDepth; turn++) {
      const track = turn * capacity;
      for (let i = 0; i < start.rockCount; i++) this.rollTrack[track + i] = GONE;
      for (let i = 0; i < now.rockCount; i++) this.rollTrack[track + ids[i]] = now.rocks[i];

      // Route rooms before `pending` are all turned already (a route room only ever turns
      // toward its target here), so the scans start there.
      if (pending < turn) pending = turn;
      while (pending < routeLength && this.board.rooms[cells[pending]] === targets[pending])
        pending++;
      let action = this.crashingTurn(now, turn);
      if (action !== WAIT && !this.hasSpareTurn(turn, pending, routeLength)) action = WAIT;
      for (let i = pending; action === WAIT && i < routeLength; i++) {
        const room = this.board.rooms[cells[i]];
        if (room !== targets[i] && !this.occupied(now, cells[i])) {
          action = CrusadePlanner.toward(cells[i], room, targets[i]);
        }
      }
      if (action !== WAIT) {
        const cell = action >> 1;
        const room = this.board.rooms[cell];
        this.undoCell[undo] = cell;
        this.undoRoom[undo++] = room;
        this.board.rooms[cell] = (action & 1) === 0 ? TURNED_LEFT[room] : TURNED_RIGHT[room];
      }
      this.rollActions[turn] = action;
      const status = moveAll(this.board, now.indy, now.rocks, now.rockCount, after);
      if (status === WON) {
        this.rollLength = turn + 1;
        won = true;
        break;
      }
      if (status !== PLAYING) {
        this.culpritTurn = turn;
        if (status === LOST_HIT_BY_ROCK || status === LOST_SWAPPED_WITH_ROCK)
          this.findCulprit(now, after, ids);
        break;
      }
      for (let i = 0; i < after.rockCount; i++) nextIds[i] = ids[after.rockFrom[i]];
      [now, after] = [after, now];
      [ids, nextIds] = [nextIds, ids];
    }
    while (undo > 0) {
      undo--;
      this.board.rooms[this.undoCell[undo]] = this.undoRoom[undo];
    }
    return won;
  }

  /**
   * Whether the route's turns still fit if rollout turn `turn` (Indy about to enter route room
   * `turn`) goes to something else: route room i is due by turn i.
   */
  private hasSpareTurn(turn: number, pending: number, routeLength: number): boolean {
    let owed = 0;
    for (let i = pending; i < routeLength; i++) {
      const room = this.board.rooms[this.routes.cells[i]];
      if (room >= 0) owed += TURNS[room * ROOM_TYPE_COUNT + this.routes.targets[i]];
      if (owed > i - turn) return false;
    }
    return true;
  }

  /** A quarter turn that makes a rock crash into the room it is about to enter; else WAIT. */
  private crashingTurn(now: Moved, turn: number): number {
    for (let r = 0; r < now.rockCount; r++) {
      const into = stepOut(this.board, now.rocks[r]);
      if (into === GONE) continue;
      const cell = into >> 2;
      const room = this.board.rooms[cell];
      if (room <= 1 || cell === this.board.exitCell || this.onRouteFrom(cell, turn)) continue;
      if (this.occupied(now, cell)) continue;
      const side = into & 3;
      if (WAY_OUT[room * 3 + side] === NO_WAY) continue; // it crashes there anyway
      if (WAY_OUT[TURNED_LEFT[room] * 3 + side] === NO_WAY) return cell * 2;
      if (WAY_OUT[TURNED_RIGHT[room] * 3 + side] === NO_WAY) return cell * 2 + 1;
    }
    return WAIT;
  }

  /** Records the rock that killed Indy moving from `before` to `after.indy`. */
  private findCulprit(before: Moved, after: Moved, ids: Int32Array): void {
    const indyCell = after.indy === GONE ? -1 : after.indy >> 2;
    const indyFrom = before.indy >> 2;
    for (let i = 0; i < before.rockCount; i++) {
      const next = stepOut(this.board, before.rocks[i]);
      if (next === GONE) continue;
      const cell = next >> 2;
      if (cell === indyCell || (cell === indyFrom && before.rocks[i] >> 2 === indyCell)) {
        this.culprit = ids[i];
        this.culpritLastMove = next;
        return;
      }
    }
  }

  // ---- the branches of a search state ----

  /** Adds an action unless illegal, a no-op, or a type of the room already among the branches. */
  private addBranch(depth: number, state: Moved, action: number): void {
    if (this.actionCount >= MAX_ACTIONS) return;
    const base = depth * MAX_ACTIONS;
    if (action === WAIT) {
      for (let i = 0; i < this.actionCount; i++) if (this.actions[base + i] === WAIT) return;
      this.actions[base + this.actionCount++] = WAIT;
      return;
    }
    const cell = action >> 1;
    const room = this.board.rooms[cell];
    if (room <= 1 || cell === this.board.exitCell || this.occupied(state, cell)) return;
    const turned = (action & 1) === 0 ? TURNED_LEFT[room] : TURNED_RIGHT[room];
    // Types 2..5 turn into the same type either way round: one branch.
    const key = cell * ROOM_TYPE_COUNT + turned;
    if (this.branchSeen[key] === this.branchStamp) return;
    this.branchSeen[key] = this.branchStamp;
    this.actions[base + this.actionCount++] = action;
  }

  private addBothTurns(depth: number, state: Moved, cell: number): void {
    this.addBranch(depth, state, cell * 2);
    this.addBranch(depth, state, cell * 2 + 1);
  }

  /** The turns of the room a rock enters by `mover` that make it crash there. */
  private addCrashingTurns(depth: number, state: Moved, mover: number): void {
    const cell = mover >> 2;
    const side = mover & 3;
    const room = this.board.rooms[cell];
    if (room <= 1) return;
    if (WAY_OUT[TURNED_LEFT[room] * 3 + side] === NO_WAY) this.addBranch(depth, state, cell * 2);
    if (WAY_OUT[TURNED_RIGHT[room] * 3 + side] === NO_WAY)
      this.addBranch(depth, state, cell * 2 + 1);
  }

  private addRouteTurn(depth: number, state: Moved, index: number): void {
    const cell = this.routes.cells[index];
    const room = this.board.rooms[cell];
    const target = this.routes.targets[index];
    if (TURNS[room * ROOM_TYPE_COUNT + target] === 2) this.addBothTurns(depth, state, cell);
    else this.addBranch(depth, state, CrusadePlanner.toward(cell, room, target));
  }

  /** The culprit's way to Indy in the default future: where it entered each turn. */
  private culpritWay(turn: number): number {
    return turn <= this.culpritTurn
      ? this.rollTrack[turn * this.capacity + this.culprit]
      : this.culpritLastMove;
  }

  /** Fills actions[depth] with the branches, most promising first; sets actionCount. */
  private branches(depth: number, state: Moved, routeLength: number): void {
    this.actionCount = 0;
    this.branchStamp++;
    const rooms = this.board.rooms;
    const cells = this.routes.cells;
    const targets = this.routes.targets;

    // 1. Make the rock that kills Indy in the default future crash on its way there.
    if (this.culprit >= 0) {
      for (let turn = 1; turn <= this.culpritTurn + 1; turn++) {
        const at = this.culpritWay(turn);
        if (at !== GONE) this.addCrashingTurns(depth, state, at);
      }
    }
    // 2. The route's most urgent turn.
    let firstPending = routeLength;
    for (let i = 0; i < routeLength; i++) {
      const room = rooms[cells[i]];
      if (room < 0 || room === targets[i] || this.occupied(state, cells[i])) continue;
      firstPending = i;
      this.addRouteTurn(depth, state, i);
      break;
    }
    // 3. The culprit again: other turns of the rooms on its way, to send it elsewhere.
    if (this.culprit >= 0) {
      for (let turn = 1; turn <= this.culpritTurn + 1; turn++) {
        const at = this.culpritWay(turn);
        if (at !== GONE) this.addBothTurns(depth, state, at >> 2);
      }
    }
    // 4. Waiting.
    this.addBranch(depth, state, WAIT);
    // 5. The route's later turns.
    for (let i = firstPending + 1; i < routeLength; i++) {
      const room = rooms[cells[i]];
      if (room >= 0 && room !== targets[i]) this.addRouteTurn(depth, state, i);
    }
    // 6. On every rock's way as the rooms are now, a few rooms ahead: crashing turns first.
    for (let r = 0; r < state.rockCount; r++) {
      const length = rockWay(this.board, state.rocks[r], 4, this.way);
      for (let i = 0; i < length; i++) {
        this.addCrashingTurns(depth, state, this.way[i]);
        this.addBothTurns(depth, state, this.way[i] >> 2);
      }
    }
    // 7. Other routes: other types for Indy's next rooms.
    for (let i = 0; i < Math.min(3, routeLength); i++) this.addBothTurns(depth, state, cells[i]);
  }
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
