// The safety check: whether some line of turns still gets Indy out against the rocks in view,
// played to the end of the game — and that line. The branch search (branch-search.ts) looks
// only where its heuristics point; this search misses nothing within its budget, so the
// planner can check a command before answering and, when it loses, find one that does not.
//
// It does not try every command every turn: the same quarter turn done on turn 3 or turn 5 is
// the same game unless something enters the room in between. A room's type only matters when
// Indy or a rock comes into it, so each turn it chooses the type of every room being entered
// and books the quarter turns that takes on turns the room was free to turn (after the last
// mover in it left, up to this turn), one quarter turn per turn for the whole grid, each on the
// earliest such turn (every later booking is due later, so this never wastes a turn another
// booking needed). A room nothing can enter any more keeps, among the types that send this
// turn's movers the same ways, only the cheapest; Indy is only sent into rooms that let him go
// on, and a turn where no route is left for him (rocks or not) in the free turns is cut.
// Deterministic: fixed orders, and a budget of search nodes.
import { WAIT, leftTurn, rightTurn } from './actions.js';
import { LaterReach } from './later-reach.js';
import { GONE, moverCell, moverSide } from './mover.js';
import {
  NO_WAY,
  ORIENTATIONS,
  ROOM_TYPE_COUNT,
  TURNED_LEFT,
  TURNED_RIGHT,
  TURNS,
  WAY_OUT,
} from './rooms.js';
import { RouteFinder } from './routes.js';
import { PLAYING, WON, moveAll, newMoved, stepOut, type Board, type Moved } from './simulator.js';

/** Nodes (turns with their choices) one check may visit. */
export const DEFAULT_SAFETY_BUDGET = 1000;

/** Most types a room can take (types 6..13 have four). */
const MAX_TYPES = 4;

export class SafetyCheck {
  /** Nodes visited by the last check. */
  nodes = 0;
  /** Whether the last check stopped at its budget (its "no" is then only "none found"). */
  exhausted = false;
  /** After a successful check: one action per turn, from now to Indy's exit. */
  line: number[] = [];

  private readonly size: number;
  private readonly maxDepth: number;
  private readonly routes: RouteFinder;
  /** freeFrom[cell]: the first turn (from now) the room may turn for its next visitor. */
  private readonly freeFrom: Int32Array;
  /** booked[turn]: the action done on that turn, WAIT when none yet. */
  private readonly booked: Int32Array;
  /** The turns booked so far, in order, to undo. */
  private readonly bookedTurns: Int32Array;
  private bookedTop = 0;
  /** Whether turn 0's action is given (a check of that command) rather than free to choose. */
  private firstGiven = false;
  /** The budget of the current check. */
  private budget = 0;
  /** A room Indy must not leave by `detourWay` (another route than a plan's), or -1. */
  private detourCell = -1;
  private detourWay = -1;

  // Per depth: the state, the rooms entered (cell, the sides coming in: a bit per side, Indy's
  // side or -1) and the types to try for each. Grown with the rocks' count.
  private capacity = 0;
  private states: Moved[] = [];
  private enteredCells = new Int32Array(0);
  private enteredCount: Int32Array;
  private enteredSides = new Int8Array(0);
  private enteredIndySide = new Int8Array(0);
  private enteredTypes = new Int8Array(0);
  private enteredTypeCount = new Int8Array(0);
  private freeBefore = new Int32Array(0);

  /** The rooms something may come into after this turn, for this node. */
  private readonly later: LaterReach;

  constructor(
    private readonly board: Board,
    private readonly nodeBudget: number = DEFAULT_SAFETY_BUDGET,
  ) {
    this.size = board.width * board.height;
    this.maxDepth = this.size + 2;
    this.routes = new RouteFinder(board);
    this.freeFrom = new Int32Array(this.size);
    this.booked = new Int32Array(this.maxDepth + 1);
    this.bookedTurns = new Int32Array(this.maxDepth + 1);
    this.enteredCount = new Int32Array(this.maxDepth + 1);
    this.later = new LaterReach(board);
  }

  /**
   * Whether some line wins against `rocks` from here, the first action free: `line`. With
   * `detourCell`, only lines on which Indy does not leave that room by `detourWay` (DOWN,
   * GO_LEFT or GO_RIGHT): another route than a plan's.
   */
  findLine(
    indy: number,
    rocks: readonly number[],
    budget = this.nodeBudget,
    detourCell = -1,
    detourWay = -1,
  ): boolean {
    this.detourCell = detourCell;
    this.detourWay = detourWay;
    const found = this.search(indy, rocks, undefined, budget);
    this.detourCell = -1;
    return found;
  }

  /** Whether some line that starts with `action` wins against `rocks`: `line`. */
  wins(action: number, indy: number, rocks: readonly number[], budget = this.nodeBudget): boolean {
    return this.search(indy, rocks, action, budget);
  }

  private search(
    indy: number,
    rocks: readonly number[],
    first: number | undefined,
    budget: number,
  ): boolean {
    this.budget = budget;
    this.ensureCapacity(rocks.length);
    this.nodes = 0;
    this.exhausted = false;
    this.line = [];
    this.booked.fill(WAIT);
    this.bookedTop = 0;
    this.freeFrom.fill(0);
    this.freeFrom[moverCell(indy)] = 1;
    for (const rock of rocks) this.freeFrom[moverCell(rock)] = 1;
    const root = this.states[0];
    root.indy = indy;
    root.rockCount = rocks.length;
    root.rocks.set(rocks);

    const rooms = this.board.rooms;
    this.firstGiven = first !== undefined;
    let turned = -1;
    let before = 0;
    if (first !== undefined && first !== WAIT) {
      // The command's own quarter turn, done now (the caller checked it is legal).
      turned = first >> 1;
      before = rooms[turned];
      rooms[turned] = (first & 1) === 0 ? TURNED_LEFT[before] : TURNED_RIGHT[before];
    }
    if (first !== undefined) this.booked[0] = first;
    const won = this.visit(0);
    if (turned >= 0) rooms[turned] = before;
    return won;
  }

  private ensureCapacity(rockCount: number): void {
    if (rockCount <= this.capacity && this.capacity > 0) return;
    const capacity = Math.max(8, rockCount * 2);
    this.capacity = capacity;
    const depths = this.maxDepth + 1;
    this.states = Array.from({ length: depths + 1 }, () => newMoved(capacity));
    const slots = depths * (capacity + 1);
    this.enteredCells = new Int32Array(slots);
    this.enteredSides = new Int8Array(slots);
    this.enteredIndySide = new Int8Array(slots);
    this.enteredTypes = new Int8Array(slots * MAX_TYPES);
    this.enteredTypeCount = new Int8Array(slots);
    this.freeBefore = new Int32Array(slots);
  }

  /** Turn `depth` (from now): cut what cannot win, then choose the entered rooms' types. */
  private visit(depth: number): boolean {
    if (++this.nodes > this.budget) {
      this.exhausted = true;
      return false;
    }
    if (depth >= this.maxDepth) return false;
    const state = this.states[depth];
    const next = stepOut(this.board, state.indy);
    if (next === GONE) return false;
    // Indy's route, rocks left out, must fit in the turns still free up to this one and one
    // more for each room he crosses (RouteFinder.need counts those).
    let free = 0;
    for (let turn = this.firstGiven ? 1 : 0; turn <= depth; turn++) {
      if (this.booked[turn] === WAIT) free++;
    }
    this.routes.reset();
    if (this.routes.need(next) > free) return false;
    this.collectEntered(depth, state);
    return this.choose(depth, 0);
  }

  /** Tries each type for entered room `index` of this turn, then the next rooms'. */
  private choose(depth: number, index: number): boolean {
    if (index === this.enteredCount[depth]) return this.play(depth);
    const slot = depth * (this.capacity + 1) + index;
    const cell = this.enteredCells[slot];
    const rooms = this.board.rooms;
    const before = rooms[cell];
    for (let i = 0; i < this.enteredTypeCount[slot]; i++) {
      const type = this.enteredTypes[slot * MAX_TYPES + i];
      const booked = this.book(depth, cell, before, type);
      if (booked < 0) continue; // not enough free turns for it
      rooms[cell] = type;
      const won = this.choose(depth, index + 1);
      rooms[cell] = before;
      this.unbook(booked);
      if (won) return true;
      if (this.exhausted) return false;
    }
    return false;
  }

  /** Plays turn `depth` with the types chosen; on a win, copies the line. */
  private play(depth: number): boolean {
    const state = this.states[depth];
    const child = this.states[depth + 1];
    const status = moveAll(this.board, state.indy, state.rocks, state.rockCount, child);
    if (status === WON) {
      this.line = Array.from(this.booked.subarray(0, depth + 1));
      return true;
    }
    if (status !== PLAYING) return false;
    // A room entered now is free again once whoever came in has left.
    const base = depth * (this.capacity + 1);
    const count = this.enteredCount[depth];
    for (let i = 0; i < count; i++) {
      const cell = this.enteredCells[base + i];
      this.freeBefore[base + i] = this.freeFrom[cell];
      this.freeFrom[cell] = holds(child, cell) ? depth + 2 : depth + 1;
    }
    const won = this.visit(depth + 1);
    for (let i = 0; i < count; i++) {
      this.freeFrom[this.enteredCells[base + i]] = this.freeBefore[base + i];
    }
    return won;
  }

  /**
   * Books the quarter turns from type `from` to `to` of room `cell` on its earliest free turns
   * (freeFrom .. depth), pushing them on `bookedTurns`. How many, or -1 when they do not fit.
   */
  private book(depth: number, cell: number, from: number, to: number): number {
    const count = TURNS[from * ROOM_TYPE_COUNT + to];
    if (count === 0) return 0;
    const action = TURNED_LEFT[from] === to || count === 2 ? leftTurn(cell) : rightTurn(cell);
    let found = 0;
    for (let turn = this.freeFrom[cell]; turn <= depth && found < count; turn++) {
      if (this.booked[turn] !== WAIT || (turn === 0 && this.firstGiven)) continue;
      this.booked[turn] = action;
      this.bookedTurns[this.bookedTop++] = turn;
      found++;
    }
    if (found === count) return count;
    this.unbook(found);
    return -1;
  }

  /** Frees the last `count` turns booked. */
  private unbook(count: number): void {
    for (let i = 0; i < count; i++) this.booked[this.bookedTurns[--this.bookedTop]] = WAIT;
  }

  /**
   * The rooms Indy and the rocks move into on turn `depth` that may still turn, each with the
   * types worth trying, cheapest first.
   */
  private collectEntered(depth: number, state: Moved): void {
    const base = depth * (this.capacity + 1);
    let count = 0;
    const rooms = this.board.rooms;
    let needLater = false;
    for (let m = -1; m < state.rockCount; m++) {
      const mover = m < 0 ? state.indy : state.rocks[m];
      const into = stepOut(this.board, mover);
      if (into === GONE) continue;
      const cell = moverCell(into);
      const room = rooms[cell];
      if (room <= 1 || cell === this.board.exitCell) continue;
      let i = 0;
      while (i < count && this.enteredCells[base + i] !== cell) i++;
      if (i === count) {
        this.enteredCells[base + count] = cell;
        this.enteredSides[base + count] = 0;
        this.enteredIndySide[base + count] = -1;
        count++;
      }
      this.enteredSides[base + i] |= 1 << moverSide(into);
      if (m < 0) this.enteredIndySide[base + i] = moverSide(into);
      if (this.freeFrom[cell] <= depth) needLater = true;
    }
    this.enteredCount[depth] = count;
    if (needLater) this.later.mark(state);
    for (let i = 0; i < count; i++) {
      const slot = base + i;
      const cell = this.enteredCells[slot];
      const room = rooms[cell];
      const sides = this.enteredSides[slot];
      const indySide = this.enteredIndySide[slot];
      const types = slot * MAX_TYPES;
      let typeCount = 0;
      if (this.freeFrom[cell] > depth) {
        this.enteredTypes[types] = room; // still held by whoever left it: it cannot have turned
        this.enteredTypeCount[slot] = 1;
        continue;
      }
      const later = this.later.has(cell);
      // Cheapest first: the room's own type, then a quarter turn away, then a half turn.
      for (let cost = 0; cost <= 2; cost++) {
        const orientations = ORIENTATIONS[room];
        for (let k = 0; k < orientations.length; k++) {
          const type = orientations[k];
          if (TURNS[room * ROOM_TYPE_COUNT + type] !== cost) continue;
          if (indySide >= 0 && WAY_OUT[type * 3 + indySide] === NO_WAY) continue;
          if (
            indySide >= 0 &&
            cell === this.detourCell &&
            WAY_OUT[type * 3 + indySide] === this.detourWay
          )
            continue;
          if (!later && this.sameWays(types, typeCount, type, sides)) continue;
          this.enteredTypes[types + typeCount++] = type;
        }
      }
      this.enteredTypeCount[slot] = typeCount;
    }
  }

  /** Whether a type already listed sends movers coming in by `sides` the same ways as `type`. */
  private sameWays(types: number, count: number, type: number, sides: number): boolean {
    for (let i = 0; i < count; i++) {
      const other = this.enteredTypes[types + i];
      let same = true;
      for (let side = 0; side < 3 && same; side++) {
        if (sides & (1 << side)) same = WAY_OUT[other * 3 + side] === WAY_OUT[type * 3 + side];
      }
      if (same) return true;
    }
    return false;
  }
}

/** Whether Indy or a rock of `state` is in room `cell`. */
function holds(state: Moved, cell: number): boolean {
  if (moverCell(state.indy) === cell) return true;
  for (let i = 0; i < state.rockCount; i++) if (moverCell(state.rocks[i]) === cell) return true;
  return false;
}
