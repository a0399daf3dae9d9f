// A mover (Indy or a rock) packed in one integer, as the planner's core keeps movers in typed
// arrays: the cell of its room (y * width + x) times four, plus the side it entered by (TOP,
// FROM_LEFT or FROM_RIGHT of rooms.ts). The same packing of a room and a small number indexes
// the board's `neighbours` (a room and the way out of it: DOWN, GO_LEFT or GO_RIGHT) and every
// table with an entry per (room, side), which has `moverSlots(cells)` entries. Nothing outside
// this file takes a mover apart by hand, except the simulator's three step functions
// (`throughType`, `stepOut`, `hasWayOn`): V8 inlines these one-operator accessors, but each
// inlined call spends some of the inlining budget of the function it lands in, and the step
// functions are inlined into every search loop; with the calls there the planner measured
// about 5% slower, by hand there as fast as with no accessors at all (docs/crusade.md).
import type { Mover } from './level-file.js';
import { SIDES } from './rooms.js';

/** A mover destroyed, or gone off the grid. Its cell is -1: no room holds it. */
export const GONE = -1;

/** The mover in room `cell` that entered by `side` (TOP, FROM_LEFT or FROM_RIGHT). */
export function moverAt(cell: number, side: number): number {
  return (cell << 2) | side;
}

/** The room a mover is in (-1 for GONE). */
export function moverCell(mover: number): number {
  return mover >> 2;
}

/** The side a mover entered its room by (TOP, FROM_LEFT or FROM_RIGHT). */
export function moverSide(mover: number): number {
  return mover & 3;
}

/** The index in `Board.neighbours` of leaving room `cell` by `way` (DOWN, GO_LEFT or GO_RIGHT). */
export function wayOutOf(cell: number, way: number): number {
  return (cell << 2) | way;
}

/** Entries of a table indexed by mover (or by `wayOutOf`) on a grid of `cells` rooms. */
export function moverSlots(cells: number): number {
  return cells * 4;
}

/** The readable mover, packed on a grid `width` rooms wide. */
export function packMover(width: number, mover: Mover): number {
  return moverAt(mover.y * width + mover.x, SIDES.indexOf(mover.entry));
}

/** The packed mover, readable, on a grid `width` rooms wide. */
export function unpackMover(width: number, packed: number): Mover {
  const cell = moverCell(packed);
  return { x: cell % width, y: (cell / width) | 0, entry: SIDES[moverSide(packed)] };
}
