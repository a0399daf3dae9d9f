// The planner's search over turns, depth first. At each state it cuts what cannot work (Indy
// has no route left, rocks or not; the state already failed), tries the default future
// (rollout.ts) and, when a rock kills Indy there, branches on the turns most likely to save
// him, in a fixed order (see `branches`). Deterministic: a budget of states, never a clock.
// Rooms are turned and turned back in place on the planner's board; states are preallocated
// typed arrays, one per depth.
import { WAIT, actionCell, leftTurn, rightTurn, turnToward, turnedBy } from './actions.js';
import { GONE, moverCell, moverSide } from './mover.js';
import { NO_WAY, ROOM_TYPE_COUNT, TURNED_LEFT, TURNED_RIGHT, TURNS, WAY_OUT } from './rooms.js';
import { Rollout } from './rollout.js';
import { RouteFinder } from './routes.js';
import {
  PLAYING,
  WON,
  moveAll,
  newMoved,
  occupied,
  rockWay,
  stepOut,
  type Board,
  type Moved,
} from './simulator.js';
import { StateHash, StateSet } from './state-hash.js';

/** The most branches one state gets (a few dozen in practice). */
const MAX_ACTIONS = 96;

export class BranchSearch {
  /** Search states visited by the last `run`. */
  nodes = 0;
  /** After a successful `run`: the actions from its root to Indy's exit. */
  solution: number[] = [];
  /** After a failed `run`: the first action of the line on which Indy lived longest. */
  bestFirst = WAIT;

  private readonly maxDepth: number;
  private readonly routes: RouteFinder;
  private readonly rollout: Rollout;
  private readonly hash: StateHash;
  /** The rooms' key for which `routes` holds answers. */
  private routesLo = 0;
  private routesHi = 0;
  /** States known to fail, by key. */
  private readonly failed = new StateSet();
  private exhausted = false;
  /** The budget of the current run. */
  private budget = 0;
  private bestSurvival = -1;

  // States by depth (grown on demand, for up to `capacity` rocks), the line of actions that led
  // to the current one, and the branches of each depth.
  private capacity = 0;
  private states: Moved[] = [];
  private readonly line: Int32Array;
  private readonly actions: Int32Array;
  private actionCount = 0;
  /** branchSeen[cell * 14 + type]: stamped when a branch already gives the room that type. */
  private readonly branchSeen: Int32Array;
  private branchStamp = 0;
  /** A rock's next rooms, as `rockWay` writes them (branches look 4 rooms ahead). */
  private readonly way = new Int32Array(4);

  constructor(
    private readonly board: Board,
    private readonly nodeBudget: number,
  ) {
    const size = board.width * board.height;
    this.maxDepth = size + 2;
    this.routes = new RouteFinder(board);
    this.rollout = new Rollout(board, this.routes, this.maxDepth);
    this.hash = new StateHash(size);
    this.line = new Int32Array(this.maxDepth);
    this.actions = new Int32Array(this.maxDepth * MAX_ACTIONS);
    this.branchSeen = new Int32Array(size * ROOM_TYPE_COUNT);
  }

  /**
   * Searches from Indy and the rocks as packed movers, the rooms as the board has them now
   * (and leaves them so). True when a line gets Indy out against these rocks: `solution`.
   */
  run(indy: number, rocks: readonly number[], budget = this.nodeBudget): boolean {
    this.budget = budget;
    this.ensureCapacity(rocks.length);
    const root = this.state(0);
    root.indy = indy;
    root.rockCount = rocks.length;
    root.rocks.set(rocks);
    this.hash.hashRooms(this.board.rooms);
    this.routes.reset();
    this.routesLo = this.hash.roomsLo;
    this.routesHi = this.hash.roomsHi;
    this.failed.clear();
    this.nodes = 0;
    this.exhausted = false;
    this.solution = [];
    this.bestSurvival = -1;
    this.bestFirst = WAIT;
    return this.dfs(0);
  }

  private ensureCapacity(rockCount: number): void {
    if (rockCount <= this.capacity && this.capacity > 0) return;
    // Room for a few more rocks than now, so that arrivals rarely mean new buffers.
    const capacity = Math.max(8, rockCount * 2);
    this.capacity = capacity;
    this.states = [];
    this.rollout.setCapacity(capacity);
  }

  private state(depth: number): Moved {
    while (this.states.length <= depth) this.states.push(newMoved(this.capacity));
    return this.states[depth];
  }

  private dfs(depth: number): boolean {
    if (++this.nodes > this.budget) {
      this.exhausted = true;
      return false;
    }
    const state = this.states[depth];
    const next = stepOut(this.board, state.indy);
    if (next === GONE) return false;
    const hash = this.hash;
    if (hash.roomsLo !== this.routesLo || hash.roomsHi !== this.routesHi) {
      // The rooms changed since `routes` last worked (a waiting branch keeps its answers).
      this.routes.reset();
      this.routesLo = hash.roomsLo;
      this.routesHi = hash.roomsHi;
    }
    if (this.routes.need(next) > 1) return false; // no route left for Indy, rocks or not
    hash.hashState(state);
    const keyLo = hash.lo;
    const keyHi = hash.hi;
    if (this.failed.has(keyLo, keyHi)) return false;

    this.routes.markRockWays(state.rocks, state.rockCount);
    const routeLength = this.routes.extract(next);
    const rollout = this.rollout;
    if (rollout.run(state, routeLength)) {
      this.solution = [
        ...this.line.subarray(0, depth),
        ...rollout.actions.subarray(0, rollout.length),
      ];
      return true;
    }
    if (depth + rollout.culpritTurn > this.bestSurvival) {
      this.bestSurvival = depth + rollout.culpritTurn;
      this.bestFirst = depth > 0 ? this.line[0] : rollout.actions[0];
    }

    this.branches(depth, state, routeLength);
    const count = this.actionCount;
    const child = this.state(depth + 1);
    const base = depth * MAX_ACTIONS;
    for (let i = 0; i < count; i++) {
      const action = this.actions[base + i];
      const cell = actionCell(action);
      const before = action === WAIT ? 0 : this.board.rooms[cell];
      if (action !== WAIT) this.setRoom(cell, turnedBy(action, before));
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

  /** Turns a room in the search, keeping the rooms' key in step. */
  private setRoom(cell: number, room: number): void {
    this.hash.turnRoom(cell, this.board.rooms[cell], room);
    this.board.rooms[cell] = room;
  }

  /** Fills actions[depth] with the branches, most promising first; sets actionCount. */
  private branches(depth: number, state: Moved, routeLength: number): void {
    this.actionCount = 0;
    this.branchStamp++;
    const rooms = this.board.rooms;
    const cells = this.routes.cells;
    const targets = this.routes.targets;
    const rollout = this.rollout;

    // 1. Make the rock that kills Indy in the default future crash on its way there.
    if (rollout.culprit >= 0) {
      for (let turn = 1; turn <= rollout.culpritTurn + 1; turn++) {
        const at = rollout.culpritWay(turn);
        if (at !== GONE) this.addCrashingTurns(depth, state, at);
      }
    }
    // 2. The route's most urgent turn.
    let firstPending = routeLength;
    for (let i = 0; i < routeLength; i++) {
      const room = rooms[cells[i]];
      if (room < 0 || room === targets[i] || occupied(state, cells[i])) continue;
      firstPending = i;
      this.addRouteTurn(depth, state, i);
      break;
    }
    // 3. The culprit again: other turns of the rooms on its way, to send it elsewhere.
    if (rollout.culprit >= 0) {
      for (let turn = 1; turn <= rollout.culpritTurn + 1; turn++) {
        const at = rollout.culpritWay(turn);
        if (at !== GONE) this.addBothTurns(depth, state, moverCell(at));
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
        this.addBothTurns(depth, state, moverCell(this.way[i]));
      }
    }
    // 7. Other routes: other types for Indy's next rooms.
    for (let i = 0; i < Math.min(3, routeLength); i++) this.addBothTurns(depth, state, cells[i]);
  }

  /** Adds an action unless illegal, a no-op, or a type of the room already among the branches. */
  private addBranch(depth: number, state: Moved, action: number): void {
    if (this.actionCount >= MAX_ACTIONS) return;
    const base = depth * MAX_ACTIONS;
    if (action === WAIT) {
      for (let i = 0; i < this.actionCount; i++) if (this.actions[base + i] === WAIT) return;
      this.actions[base + this.actionCount++] = WAIT;
      return;
    }
    const cell = actionCell(action);
    const room = this.board.rooms[cell];
    if (room <= 1 || cell === this.board.exitCell || occupied(state, cell)) return;
    // Types 2..5 turn into the same type either way round: one branch.
    const key = cell * ROOM_TYPE_COUNT + turnedBy(action, room);
    if (this.branchSeen[key] === this.branchStamp) return;
    this.branchSeen[key] = this.branchStamp;
    this.actions[base + this.actionCount++] = action;
  }

  private addBothTurns(depth: number, state: Moved, cell: number): void {
    this.addBranch(depth, state, leftTurn(cell));
    this.addBranch(depth, state, rightTurn(cell));
  }

  /** The turns of the room a rock enters by `mover` that make it crash there. */
  private addCrashingTurns(depth: number, state: Moved, mover: number): void {
    const cell = moverCell(mover);
    const side = moverSide(mover);
    const room = this.board.rooms[cell];
    if (room <= 1) return;
    if (WAY_OUT[TURNED_LEFT[room] * 3 + side] === NO_WAY) {
      this.addBranch(depth, state, leftTurn(cell));
    }
    if (WAY_OUT[TURNED_RIGHT[room] * 3 + side] === NO_WAY) {
      this.addBranch(depth, state, rightTurn(cell));
    }
  }

  /** The turn (both, for a half turn) of route room `index` toward its target. */
  private addRouteTurn(depth: number, state: Moved, index: number): void {
    const cell = this.routes.cells[index];
    const room = this.board.rooms[cell];
    const target = this.routes.targets[index];
    if (TURNS[room * ROOM_TYPE_COUNT + target] === 2) this.addBothTurns(depth, state, cell);
    else this.addBranch(depth, state, turnToward(cell, room, target));
  }
}
