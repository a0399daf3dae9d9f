// One turn of the rotating-rooms puzzle, in the order of events of docs/crusade.md:
//   1. the command (one rotation, or WAIT) — an illegal rotation loses the game;
//   2. Indy and every rock move one room; a rock meeting a wall is destroyed there;
//   3. Indy dies if a rock that moved shares his room or swapped rooms with him;
//   4. rocks that share a room or swapped rooms destroy each other;
//   5. Indy in the exit room wins; Indy with no way on, or out of the grid, loses;
//   6. rocks due this turn appear; one appearing in Indy's room kills him.
// The core works on packed integers so the planner can run it millions of times; the object
// API below (`playTurn`) is the same code with readable values around it.
import { fail, ok, type Failure, type Result } from '../result.js';
import type { CrusadeGrid, Mover } from './level-file.js';
import { GONE, moverAt, moverCell, moverSlots, packMover, unpackMover, wayOutOf } from './mover.js';
import {
  DOWN,
  FROM_LEFT,
  FROM_RIGHT,
  GO_LEFT,
  GO_RIGHT,
  NO_WAY,
  TOP,
  TURNED_LEFT,
  TURNED_RIGHT,
  WAY_OUT,
  type Rotation,
} from './rooms.js';

/** The grid as the core sees it: rooms row-major (index y * width + x), negative = locked. */
export interface Board {
  readonly width: number;
  readonly height: number;
  readonly exitCell: number;
  readonly rooms: Int8Array;
  /**
   * neighbours[wayOutOf(cell, way)]: the packed mover (mover.ts) that leaves `cell` by `way`
   * (DOWN, GO_LEFT or GO_RIGHT) arrives as, GONE off the grid or for NO_WAY. Rotations never
   * change it.
   */
  readonly neighbours: Int32Array;
}

export const PLAYING = 0;
export const WON = 1;
export const LOST_ROTATED_OUTSIDE = 2;
export const LOST_ROTATED_LOCKED = 3;
export const LOST_ROTATED_EXIT = 4;
export const LOST_ROTATED_INDY = 5;
export const LOST_ROTATED_ROCK = 6;
export const LOST_HIT_BY_ROCK = 7;
export const LOST_SWAPPED_WITH_ROCK = 8;
export const LOST_NO_WAY_ON = 9;
export const LOST_LEFT_GRID = 10;
export const LOST_ROCK_APPEARED = 11;

/** Why the game was lost, by status code. */
export const LOSS_REASONS: Readonly<Record<number, string>> = {
  [LOST_ROTATED_OUTSIDE]: 'rotated a room outside the grid',
  [LOST_ROTATED_LOCKED]: 'rotated a locked room',
  [LOST_ROTATED_EXIT]: 'rotated the exit room',
  [LOST_ROTATED_INDY]: "rotated Indy's room",
  [LOST_ROTATED_ROCK]: "rotated a rock's room",
  [LOST_HIT_BY_ROCK]: 'a rock hit Indy',
  [LOST_SWAPPED_WITH_ROCK]: 'Indy and a rock swapped rooms',
  [LOST_NO_WAY_ON]: 'Indy has no way on',
  [LOST_LEFT_GRID]: 'Indy left the grid',
  [LOST_ROCK_APPEARED]: "a rock appeared in Indy's room",
};

/**
 * Where a room of type `type` (0..13) at `cell` sends a mover that entered by `side`, ignoring
 * what the next room accepts: the packed mover in the next room, or GONE when there is no way
 * on or the way leads out of the grid.
 */
export function throughType(board: Board, type: number, cell: number, side: number): number {
  // wayOutOf(cell, way), moverCell and moverSide by hand in these three step functions, which
  // are inlined into every search loop: with the calls the planner measured about 5% slower
  // (TurboFan spends its inlining budget on them; mover.ts).
  return board.neighbours[(cell << 2) | WAY_OUT[type * 3 + side]];
}

/** Where a mover goes from its room as it is now (see `throughType`). */
export function stepOut(board: Board, mover: number): number {
  const cell = mover >> 2;
  // roomType(room), by hand: the call measured about 6% slower in moveAll's loop (Node 20);
  // the mover's accessors by hand too (see throughType).
  const room = board.rooms[cell];
  return board.neighbours[(cell << 2) | WAY_OUT[(room < 0 ? -room : room) * 3 + (mover & 3)]];
}

/** Whether the room a mover is in has a way on from the side it entered by. */
export function hasWayOn(board: Board, mover: number): boolean {
  const room = board.rooms[mover >> 2]; // roomType by hand, as in stepOut
  return WAY_OUT[(room < 0 ? -room : room) * 3 + (mover & 3)] !== NO_WAY;
}

/**
 * A rock's way if no room turns: writes into `out` the packed movers it would arrive as, one a
 * turn, at most `maxSteps`, ending with the room whose wall stops it (when that comes first)
 * or before it leaves the grid; returns how many. Rocks, like Indy, never come back to a room,
 * so the way is at most W * H long.
 */
export function rockWay(board: Board, mover: number, maxSteps: number, out: Int32Array): number {
  let count = 0;
  for (let step = 0; step < maxSteps; step++) {
    const into = stepOut(board, mover);
    if (into === GONE) break;
    out[count++] = into;
    if (!hasWayOn(board, into)) break;
    mover = into;
  }
  return count;
}

/** Step 1's check: 0 when rotating room `cell` is legal, else the LOST_ code. */
export function rotationProblem(
  board: Board,
  cell: number,
  indy: number,
  rocks: ArrayLike<number>,
  rockCount: number,
): number {
  if (cell < 0 || cell >= board.width * board.height) return LOST_ROTATED_OUTSIDE;
  if (board.rooms[cell] < 0) return LOST_ROTATED_LOCKED;
  if (cell === board.exitCell) return LOST_ROTATED_EXIT;
  if (moverCell(indy) === cell) return LOST_ROTATED_INDY;
  for (let i = 0; i < rockCount; i++) if (moverCell(rocks[i]) === cell) return LOST_ROTATED_ROCK;
  return 0;
}

/** Turns room `cell` a quarter turn (the caller checked it is legal). */
export function rotateRoom(board: Board, cell: number, rotation: Rotation): void {
  const room = board.rooms[cell];
  board.rooms[cell] = rotation === 'LEFT' ? TURNED_LEFT[room] : TURNED_RIGHT[room];
}

/** What `moveAll` leaves: Indy, the surviving rocks, and which rock each survivor was. */
export interface Moved {
  indy: number;
  readonly rocks: Int32Array;
  rockCount: number;
  /** rockFrom[i]: the index, among the rocks given, of the survivor rocks[i]. */
  readonly rockFrom: Int32Array;
}

export function newMoved(capacity: number): Moved {
  return {
    indy: GONE,
    rocks: new Int32Array(capacity),
    rockCount: 0,
    rockFrom: new Int32Array(capacity),
  };
}

/** Whether Indy or a rock of `state` is in room `cell` (step 1: such a room cannot turn). */
export function occupied(state: Moved, cell: number): boolean {
  if (moverCell(state.indy) === cell) return true;
  for (let i = 0; i < state.rockCount; i++) if (moverCell(state.rocks[i]) === cell) return true;
  return false;
}

// moveAll's scratch: each rock's destination (packed, GONE when destroyed), cells to and from.
let rockTo = new Int32Array(16);
let rockCellTo = new Int32Array(16);
let rockCellFrom = new Int32Array(16);

/**
 * Steps 2 to 5, after the command. `out` may share arrays with `rocks`. Returns PLAYING,
 * WON or a LOST_ code; `out.indy` is Indy's new place (GONE when he left the grid).
 */
export function moveAll(
  board: Board,
  indy: number,
  rocks: ArrayLike<number>,
  rockCount: number,
  out: Moved,
): number {
  const size = board.width * board.height;
  if (rockCount > rockTo.length) {
    rockTo = new Int32Array(rockCount * 2);
    rockCellTo = new Int32Array(rockCount * 2);
    rockCellFrom = new Int32Array(rockCount * 2);
  }
  // Step 2. A rock stopped by a wall goes nowhere (cell -1); Indy, with no way on, stays put.
  for (let i = 0; i < rockCount; i++) {
    const next = stepOut(board, rocks[i]);
    const moved = next !== GONE && hasWayOn(board, next);
    rockTo[i] = moved ? next : GONE;
    rockCellTo[i] = moved ? moverCell(next) : -1;
    rockCellFrom[i] = moverCell(rocks[i]);
  }
  const indyFrom = moverCell(indy);
  const indyNext = stepOut(board, indy);
  const indyStuck = indyNext === GONE && !hasWayOn(board, indy);
  const indyNow = indyNext !== GONE ? indyNext : indyStuck ? indy : GONE;
  const indyCell = indyNow === GONE ? size : moverCell(indyNow);

  // Step 3. Indy and the rocks that moved.
  let status = PLAYING;
  for (let i = 0; i < rockCount && status === PLAYING; i++) {
    const cell = rockCellTo[i];
    if (cell < 0) continue;
    if (cell === indyCell) status = LOST_HIT_BY_ROCK;
    else if (indyNow !== indy && cell === indyFrom && rockCellFrom[i] === indyCell) {
      status = LOST_SWAPPED_WITH_ROCK;
    }
  }

  // Step 4. Rocks that meet destroy each other (all of them, when three meet).
  let kept = 0;
  for (let i = 0; i < rockCount; i++) {
    const cell = rockCellTo[i];
    if (cell < 0) continue;
    let met = false;
    for (let j = 0; j < rockCount && !met; j++) {
      const other = rockCellTo[j];
      if (j === i || other < 0) continue;
      met = other === cell || (other === rockCellFrom[i] && rockCellFrom[j] === cell);
    }
    if (met) continue;
    out.rockFrom[kept] = i;
    out.rocks[kept++] = rockTo[i];
  }
  out.rockCount = kept;
  out.indy = indyNow;

  // Step 5.
  if (status !== PLAYING) return status;
  if (indyCell === board.exitCell) return WON;
  if (indyNow === GONE) return LOST_LEFT_GRID;
  if (indyStuck || !hasWayOn(board, indyNow)) return LOST_NO_WAY_ON;
  return PLAYING;
}

// ---- The readable API: the same rules on objects (the referee, play.ts and tests use it). ----

export interface CrusadeGame extends CrusadeGrid {
  readonly indy: Mover;
  readonly rocks: readonly Mover[];
}

export type CrusadeCommand =
  | { readonly kind: 'WAIT' }
  | {
      readonly kind: 'ROTATE';
      readonly x: number;
      readonly y: number;
      readonly rotation: Rotation;
    };

export type TurnOutcome =
  | { readonly status: 'PLAYING' }
  | { readonly status: 'WON' }
  | { readonly status: 'LOST'; readonly reason: string };

export function toBoard(grid: CrusadeGrid): Board {
  const { width, height } = grid;
  const neighbours = new Int32Array(moverSlots(width * height)).fill(GONE);
  for (let cell = 0; cell < width * height; cell++) {
    const x = cell % width;
    if (cell + width < width * height) {
      neighbours[wayOutOf(cell, DOWN)] = moverAt(cell + width, TOP);
    }
    if (x > 0) neighbours[wayOutOf(cell, GO_LEFT)] = moverAt(cell - 1, FROM_RIGHT);
    if (x < width - 1) neighbours[wayOutOf(cell, GO_RIGHT)] = moverAt(cell + 1, FROM_LEFT);
  }
  return {
    width,
    height,
    exitCell: (height - 1) * width + grid.exitX,
    rooms: Int8Array.from(grid.rooms),
    neighbours,
  };
}

/**
 * Plays one turn: the command, the moves, and then the rocks due next turn (`arrivals`)
 * appear. The game given is not changed.
 */
export function playTurn(
  game: CrusadeGame,
  command: CrusadeCommand,
  arrivals: readonly Mover[] = [],
): { game: CrusadeGame; outcome: TurnOutcome } {
  const board = toBoard(game);
  const indy = packMover(game.width, game.indy);
  const rocks = game.rocks.map((rock) => packMover(game.width, rock));
  const lost = (code: number, after: CrusadeGame = game) => ({
    game: after,
    outcome: { status: 'LOST', reason: LOSS_REASONS[code] } as const,
  });

  if (command.kind === 'ROTATE') {
    const inside =
      command.x >= 0 && command.x < game.width && command.y >= 0 && command.y < game.height;
    const cell = inside ? command.y * game.width + command.x : -1;
    const problem = rotationProblem(board, cell, indy, rocks, rocks.length);
    if (problem !== 0) return lost(problem);
    rotateRoom(board, cell, command.rotation);
  }

  const moved = newMoved(rocks.length);
  const status = moveAll(board, indy, rocks, rocks.length, moved);
  const after: CrusadeGame = {
    width: game.width,
    height: game.height,
    exitX: game.exitX,
    rooms: Array.from(board.rooms),
    indy: moved.indy === GONE ? game.indy : unpackMover(game.width, moved.indy),
    rocks: Array.from(moved.rocks.subarray(0, moved.rockCount), (rock) =>
      unpackMover(game.width, rock),
    ),
  };
  if (status === WON) return { game: after, outcome: { status: 'WON' } };
  if (status !== PLAYING) return lost(status, after);

  // Step 6.
  const withArrivals: CrusadeGame = { ...after, rocks: [...after.rocks, ...arrivals] };
  if (arrivals.some((rock) => rock.x === after.indy.x && rock.y === after.indy.y)) {
    return lost(LOST_ROCK_APPEARED, withArrivals);
  }
  return { game: withArrivals, outcome: { status: 'PLAYING' } };
}

export function formatCommand(command: CrusadeCommand): string {
  return command.kind === 'WAIT' ? 'WAIT' : `${command.x} ${command.y} ${command.rotation}`;
}

/** What can be wrong with a player's answer line: only that it is not one of the three. */
export const CRUSADE_COMMAND_ERROR_CODES = ['BAD_COMMAND'] as const;
export type CrusadeCommandErrorCode = (typeof CRUSADE_COMMAND_ERROR_CODES)[number];

/** Reads a player's answer: `X Y LEFT`, `X Y RIGHT` or `WAIT` (a failure has no place). */
export function parseCommand(
  line: string,
): Result<CrusadeCommand, Failure<CrusadeCommandErrorCode>> {
  const text = line.trim();
  if (text === 'WAIT') return ok({ kind: 'WAIT' });
  const match = /^(\d+) (\d+) (LEFT|RIGHT)$/.exec(text);
  if (!match) {
    return fail('BAD_COMMAND', `expected "X Y LEFT", "X Y RIGHT" or "WAIT", got "${text}"`);
  }
  return ok({
    kind: 'ROTATE',
    x: Number(match[1]),
    y: Number(match[2]),
    rotation: match[3] as Rotation,
  });
}
