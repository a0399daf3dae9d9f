// A full-knowledge solver for the rotating-rooms puzzle: given a level with every rock and the
// turn it shows up, it says whether some line of commands gets Indy out. It shares no code with
// the planner, only the rules (rooms.ts, simulator.ts: every turn is played by `moveAll`).
//
// It does not search over commands turn by turn (the same quarter turn done on turn 3 or turn 5
// is the same game unless something enters the room in between) but over what the movers see:
// a room's type only matters when Indy or a rock comes into it, so the search chooses, each
// turn, the type every room being entered has then, and books the quarter turns that takes on
// turns it is free to turn: after the last time something came in (and left it), up to this
// turn, one quarter turn per turn for the whole grid. Booking each quarter turn on the earliest
// such turn is exact (every booking made later is due later), so a line exists exactly when
// some choice of types keeps Indy alive to the exit with every quarter turn booked.
//
// Cuts, each dropping only choices that cannot win or that a kept choice plays the same:
//   * Indy is only sent into a room that lets him go on;
//   * a room nothing may enter after this turn keeps, among the types that send this turn's
//     movers the same ways, only the cheapest;
//   * Indy with no route to the exit even with the rocks left out and every free turn spent on
//     his rooms has lost.
import type { CrusadeGrid, CrusadeLevel, Mover } from '../src/engine/crusade/level-file.js';
import {
  GONE,
  moverAt,
  moverCell,
  moverSide,
  moverSlots,
  packMover,
  unpackMover,
  wayOutOf,
} from '../src/engine/crusade/mover.js';
import { NO_WAY, TURNED_LEFT, TURNS, WAY_OUT } from '../src/engine/crusade/rooms.js';
import {
  PLAYING,
  WON,
  moveAll,
  newMoved,
  toBoard,
  type Board,
  type CrusadeCommand,
} from '../src/engine/crusade/simulator.js';

/** A game in progress: the turn about to be played, the rooms, Indy and the rocks in view. */
export interface CrusadePosition {
  readonly turn: number;
  readonly rooms: readonly number[];
  readonly indy: Mover;
  readonly rocks: readonly Mover[];
}

/** A rock still to come: it shows in the input of turn `turn` (see RULES.md, level files). */
export interface RockToCome extends Mover {
  readonly turn: number;
}

export interface SolverVerdict {
  /** WIN or LOSE; UNKNOWN only when the search ran over `maxNodes`. */
  readonly verdict: 'WIN' | 'LOSE' | 'UNKNOWN';
  /** A winning line of commands from the position, one per turn, when WIN. */
  readonly line: readonly CrusadeCommand[];
  /** Search nodes (a turn with a choice of types) visited. */
  readonly nodes: number;
}

export interface SolverOptions {
  /** Give up (UNKNOWN) after this many nodes; unlimited by default. */
  readonly maxNodes?: number;
}

/** The start of a level file as a position (turn 0, the rocks due at turn 0 in view). */
export function startPosition(level: CrusadeLevel): CrusadePosition {
  return {
    turn: 0,
    rooms: level.rooms,
    indy: level.indy,
    rocks: level.rocks.filter((rock) => rock.turn === 0),
  };
}

/** Whether some line wins the level, knowing every rock in advance. */
export function solveCrusadeLevel(level: CrusadeLevel, options: SolverOptions = {}): SolverVerdict {
  return solveCrusadePosition(level, startPosition(level), level.rocks, options);
}

/**
 * Whether some line wins from `position` when the rocks of `toCome` due after `position.turn`
 * show up on their turns, and no others (rocks due earlier are ignored: they are in view).
 */
export function solveCrusadePosition(
  grid: CrusadeGrid,
  position: CrusadePosition,
  toCome: readonly RockToCome[],
  options: SolverOptions = {},
): SolverVerdict {
  const solver = new Solver(grid, position, toCome, options.maxNodes ?? Infinity);
  const indy = packMover(grid.width, position.indy);
  const rocks = position.rocks.map((rock) => packMover(grid.width, rock));
  const crushed = rocks.some((rock) => moverCell(rock) === moverCell(indy)); // a rock appeared on him
  const won = !crushed && solver.search(position.turn, indy, rocks);
  return {
    verdict: solver.nodes > solver.maxNodes ? 'UNKNOWN' : won ? 'WIN' : 'LOSE',
    line: won ? solver.line(position.turn) : [],
    nodes: solver.nodes,
  };
}

/** A choice for one room entered this turn: its types worth trying, cheapest first. */
interface Entered {
  readonly cell: number;
  readonly types: readonly number[];
}

class Solver {
  private readonly board: Board;
  private readonly size: number;
  /** arrivals[turn]: the packed rocks that show up at the end of `turn` (in view at turn + 1). */
  private readonly arrivals: number[][] = [];
  private readonly lastArrival: number;
  /** freeFrom[cell]: the first turn the room may turn for the next time something enters it. */
  private readonly freeFrom: Int32Array;
  /** booked[turn]: the quarter turn done on `turn` (cell * 2 + 0 LEFT, + 1 RIGHT), or -1. */
  private readonly booked: Int32Array;
  private readonly start: number;
  private winTurn = 0;
  nodes = 0;

  constructor(
    grid: CrusadeGrid,
    position: CrusadePosition,
    toCome: readonly RockToCome[],
    readonly maxNodes: number,
  ) {
    this.board = toBoard({ ...grid, rooms: position.rooms });
    this.start = position.turn;
    this.size = grid.width * grid.height;
    let last = position.turn;
    for (const rock of toCome) {
      if (rock.turn <= position.turn) continue;
      (this.arrivals[rock.turn - 1] ??= []).push(packMover(grid.width, rock));
      last = Math.max(last, rock.turn - 1);
    }
    this.lastArrival = last;
    // A game lasts at most W * H turns after `position.turn` (Indy never comes back).
    this.booked = new Int32Array(position.turn + this.size + 2).fill(-1);
    this.freeFrom = new Int32Array(this.size).fill(position.turn);
    for (const mover of [position.indy, ...position.rocks]) {
      this.freeFrom[mover.y * grid.width + mover.x] = position.turn + 1;
    }
  }

  /** The winning line found, as commands from turn `from` to the winning turn. */
  line(from: number): CrusadeCommand[] {
    const commands: CrusadeCommand[] = [];
    for (let turn = from; turn <= this.winTurn; turn++) {
      const action = this.booked[turn];
      if (action < 0) {
        commands.push({ kind: 'WAIT' });
        continue;
      }
      const cell = action >> 1; // actions.ts: cell * 2, + 1 for RIGHT
      const { x, y } = unpackMover(this.board.width, moverAt(cell, 0));
      commands.push({ kind: 'ROTATE', x, y, rotation: (action & 1) === 0 ? 'LEFT' : 'RIGHT' });
    }
    return commands;
  }

  /** Whether Indy at `indy`, with `rocks` in view at the start of `turn`, can still win. */
  search(turn: number, indy: number, rocks: readonly number[]): boolean {
    if (++this.nodes > this.maxNodes) return false;
    if (!this.routeLeft(turn, indy)) return false;
    const entered = this.enteredRooms(turn, indy, rocks);
    return this.choose(turn, indy, rocks, entered, 0);
  }

  /** Tries every type for entered[index..], then plays the turn. */
  private choose(
    turn: number,
    indy: number,
    rocks: readonly number[],
    entered: readonly Entered[],
    index: number,
  ): boolean {
    if (index === entered.length) return this.play(turn, indy, rocks, entered);
    const { cell, types } = entered[index];
    const rooms = this.board.rooms;
    const before = rooms[cell];
    for (const type of types) {
      const booked = this.book(turn, cell, before, type);
      if (booked === undefined) continue; // no free turns left for it
      rooms[cell] = type;
      if (this.choose(turn, indy, rocks, entered, index + 1)) return true; // keep the line
      rooms[cell] = before;
      for (const at of booked) this.booked[at] = -1;
      if (this.nodes > this.maxNodes) return false;
    }
    return false;
  }

  /** Plays the turn with the types chosen: no command is needed now, the turns are booked. */
  private play(
    turn: number,
    indy: number,
    rocks: readonly number[],
    entered: readonly Entered[],
  ): boolean {
    const after = newMoved(Math.max(1, rocks.length));
    const status = moveAll(this.board, indy, rocks, rocks.length, after);
    if (status === WON) {
      this.winTurn = turn;
      return true;
    }
    if (status !== PLAYING) return false;
    const arriving = this.arrivals[turn] ?? [];
    if (arriving.some((rock) => moverCell(rock) === moverCell(after.indy))) return false;
    const next = [...after.rocks.subarray(0, after.rockCount), ...arriving];
    // A room entered now is next free once whoever is in it has left.
    const freeBefore = entered.map(({ cell }) => this.freeFrom[cell]);
    for (const { cell } of entered) {
      const held = moverCell(after.indy) === cell || next.some((rock) => moverCell(rock) === cell);
      this.freeFrom[cell] = held ? turn + 2 : turn + 1;
    }
    const won = this.search(turn + 1, after.indy, next);
    entered.forEach(({ cell }, i) => (this.freeFrom[cell] = freeBefore[i]));
    return won;
  }

  /**
   * Books the quarter turns from `from` to `to` for room `cell` on the earliest free turns
   * it may turn on (freeFrom .. turn); the turns booked, or undefined when they do not fit.
   */
  private book(turn: number, cell: number, from: number, to: number): number[] | undefined {
    const count = TURNS[from * 14 + to];
    const action = TURNED_LEFT[from] === to || count === 2 ? cell * 2 : cell * 2 + 1;
    const booked: number[] = [];
    for (let at = this.freeFrom[cell]; at <= turn && booked.length < count; at++) {
      if (this.booked[at] < 0) booked.push(at);
    }
    if (booked.length < count) return undefined;
    for (const at of booked) this.booked[at] = action;
    return booked;
  }

  /**
   * The rooms whose type matters this turn and may still change: those Indy and the rocks
   * move into, and those rocks show up in at its end. For each, the types worth trying.
   */
  private enteredRooms(turn: number, indy: number, rocks: readonly number[]): Entered[] {
    const rooms = this.board.rooms;
    // sides[cell]: the sides things come in by this turn, as a bit set (8: Indy's side).
    const sides = new Map<number, { bits: number; indySide: number }>();
    const note = (mover: number, isIndy: boolean) => {
      const cell = moverCell(mover);
      const room = rooms[cell];
      if (room <= 1 || cell === this.board.exitCell) return;
      const seen = sides.get(cell) ?? { bits: 0, indySide: -1 };
      seen.bits |= 1 << moverSide(mover);
      if (isIndy) seen.indySide = moverSide(mover);
      sides.set(cell, seen);
    };
    const stepOf = (mover: number) => {
      const room = rooms[moverCell(mover)];
      return this.board.neighbours[
        wayOutOf(moverCell(mover), WAY_OUT[(room < 0 ? -room : room) * 3 + moverSide(mover)])
      ];
    };
    const indyNext = stepOf(indy);
    if (indyNext !== GONE) note(indyNext, true);
    for (const rock of rocks) {
      const next = stepOf(rock);
      if (next !== GONE) note(next, false);
    }
    for (const rock of this.arrivals[turn] ?? []) note(rock, false);
    if (sides.size === 0) return [];

    const later = this.enterableLater(turn, indy, rocks);
    const entered: Entered[] = [];
    for (const [cell, { bits, indySide }] of sides) {
      const room = rooms[cell];
      if (this.freeFrom[cell] > turn) {
        entered.push({ cell, types: [room] }); // still held: it cannot have turned
        continue;
      }
      const types: number[] = [];
      const effects = new Set<number>();
      const candidates = allTypesOf(room).sort(
        (a, b) => TURNS[room * 14 + a] - TURNS[room * 14 + b] || a - b,
      );
      for (const type of candidates) {
        if (indySide >= 0 && WAY_OUT[type * 3 + indySide] === NO_WAY) continue;
        if (!later[cell]) {
          // Nothing enters it again: only where it sends this turn's movers matters.
          let effect = 0;
          for (let side = 0; side < 3; side++) {
            if (bits & (1 << side)) effect = effect * 4 + WAY_OUT[type * 3 + side];
          }
          if (effects.has(effect)) continue;
          effects.add(effect);
        }
        types.push(type);
      }
      entered.push({ cell, types });
    }
    return entered;
  }

  /**
   * later[cell]: 1 when something may come into the room after this turn, whatever the rooms'
   * types: a room two or more moves away from Indy or a rock in view, a room a rock due later
   * shows up in or may reach.
   */
  private enterableLater(turn: number, indy: number, rocks: readonly number[]): Uint8Array {
    const later = new Uint8Array(this.size);
    const seen = new Uint8Array(moverSlots(this.size));
    const queue: number[] = [];
    const push = (mover: number) => {
      if (mover === GONE || seen[mover]) return;
      seen[mover] = 1;
      later[moverCell(mover)] = 1;
      queue.push(mover);
    };
    const successors = (mover: number, visit: (next: number) => void) => {
      const room = this.board.rooms[moverCell(mover)];
      for (const type of room <= 0 ? [-room] : allTypesOf(room)) {
        visit(
          this.board.neighbours[wayOutOf(moverCell(mover), WAY_OUT[type * 3 + moverSide(mover)])],
        );
      }
    };
    // Two moves from each mover in view: its own room's type is fixed while it is in it.
    for (const mover of [indy, ...rocks]) {
      const room = this.board.rooms[moverCell(mover)];
      const next =
        this.board.neighbours[
          wayOutOf(moverCell(mover), WAY_OUT[(room < 0 ? -room : room) * 3 + moverSide(mover)])
        ];
      if (next !== GONE) successors(next, push);
    }
    for (let at = turn; at <= this.lastArrival; at++) {
      for (const rock of this.arrivals[at] ?? []) {
        if (at > turn) push(rock);
        else successors(rock, push);
      }
    }
    for (let i = 0; i < queue.length; i++) successors(queue[i], push);
    return later;
  }

  /**
   * Whether Indy could still reach the exit with the rocks left out: the room he enters on the
   * k-th turn from now (k = 1 this turn) can take the quarter turns of the free turns so far
   * and of the k turns from now on, so the first k rooms of his way may need at most that many.
   * failedWith[mover]: the most spare turns with which the way on from there failed.
   */
  private routeLeft(turn: number, indy: number): boolean {
    let free = 0;
    for (let at = this.start; at < turn; at++) if (this.booked[at] < 0) free++;
    const rooms = this.board.rooms;
    const here = rooms[moverCell(indy)];
    const first =
      this.board.neighbours[
        wayOutOf(moverCell(indy), WAY_OUT[(here < 0 ? -here : here) * 3 + moverSide(indy)])
      ];
    if (first === GONE) return false;
    const failedWith = new Int32Array(moverSlots(this.size)).fill(-1);
    const way = (mover: number, spare: number): boolean => {
      const cell = moverCell(mover);
      if (cell === this.board.exitCell) return true;
      if (failedWith[mover] >= spare) return false;
      const room = rooms[cell];
      for (const type of room <= 0 ? [-room] : allTypesOf(room)) {
        const turns = room <= 0 ? 0 : TURNS[room * 14 + type];
        if (turns > spare) continue;
        const next = this.board.neighbours[wayOutOf(cell, WAY_OUT[type * 3 + moverSide(mover)])];
        if (next !== GONE && way(next, spare - turns + 1)) return true;
      }
      failedWith[mover] = spare;
      return false;
    };
    return way(first, free + 1);
  }
}

/** Every type a room of type `type` can be turned into, itself included. */
function allTypesOf(type: number): number[] {
  const types: number[] = [];
  for (let to = 0; to < 14; to++) if (TURNS[type * 14 + to] >= 0) types.push(to);
  return types;
}
