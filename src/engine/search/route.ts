import type { SearchGrid } from './search-grid.js';
import { scratchInt32 } from './workspace.js';

/** A walk from S to E. */
export interface Route {
  /** Number of moves. */
  readonly steps: number;
  /** Total entry cost of the moves (docs/rules.md: cheapest). */
  readonly cost: number;
  /** Level cell indices (row * width + col) of every position, S first, E last. */
  readonly cells: Int32Array;
}

/**
 * Follows parent links from the goal state back to the start state: parent[state] is ~(the
 * state it was reached from), S's its own (fewest-steps.ts). Called once
 * per search, so a cold process runs it a few times before V8 compiles it: one loop, in a
 * function of its own that takes the grid's fields, turns a padded cell into a level cell
 * with one division (a level cell is row * width + col, a padded one (row + 1) * stride +
 * col + 1) and writes the cells goal first into a scratch array; copying and reversing them
 * is native.
 */
export function routeFromParents(grid: SearchGrid, parent: Int32Array, goal: number): Route {
  // A shortest walk visits no state twice: it has at most as many cells as the level has states.
  const backwards = scratchInt32('route.cells', grid.cellCount * grid.layerCount);
  walkBack(
    parent,
    goal,
    grid.cellCount,
    grid.stride,
    grid.level.width,
    grid.glyphs,
    grid.entryCost,
    backwards,
  );
  return walkedRoute(backwards);
}

// Module constants for the loops, exported as other bindings: V8 folds a module constant into
// compiled code, where an exported binding is loaded from its cell on every use.
const REACHED_BYTE = 0x80;
const START_BYTE = REACHED_BYTE | 4;
/** A state's byte in a search without key layers, once reached: REACHED | its move's direction. */
export const REACHED = REACHED_BYTE;
/** S's byte there: reached, by no move (REACHED | 4: a direction no move has). */
export const START_MOVE = START_BYTE;

/**
 * The walk to `goal` of a search without key layers (fewest-steps.ts), from each state's byte:
 * the direction of the move that reached it leads back to the cell it came from, S's byte is
 * START_MOVE. As routeFromParents: one loop, in a function of its own.
 */
export function routeFromMoves(grid: SearchGrid, moves: Uint8Array, goal: number): Route {
  const backwards = scratchInt32('route.cells', grid.cellCount);
  walkBackMoves(
    moves,
    goal,
    grid.moveOffset,
    grid.stride,
    grid.level.width,
    grid.glyphs,
    grid.entryCost,
    backwards,
  );
  return walkedRoute(backwards);
}

/** How many cells walkBack or walkBackMoves wrote, and their cost: [length, cost]. */
const walked = new Int32Array(2);

/** The route walkBack or walkBackMoves wrote into `backwards`, goal first. */
function walkedRoute(backwards: Int32Array): Route {
  const length = walked[0];
  return { steps: length - 1, cost: walked[1], cells: backwards.slice(0, length).reverse() };
}

/** The loop of routeFromParents, apart (V8 compiles what gets hot: this is cheap to compile). */
function walkBack(
  parent: Int32Array,
  goal: number,
  cellCount: number,
  stride: number,
  width: number,
  glyphs: Uint8Array,
  entryCost: Uint8Array,
  backwards: Int32Array,
): void {
  let length = 0;
  let cost = 0;
  for (let state = goal; ; state = ~parent[state]) {
    const cell = state % cellCount;
    const paddedRow = (cell / stride) | 0;
    backwards[length++] = (paddedRow - 1) * width + (cell - paddedRow * stride - 1);
    if (~parent[state] === state) break;
    cost += entryCost[glyphs[cell]];
  }
  walked[0] = length;
  walked[1] = cost;
}

/** The loop of routeFromMoves, apart (as walkBack). */
function walkBackMoves(
  moves: Uint8Array,
  goal: number,
  moveOffset: Int32Array,
  stride: number,
  width: number,
  glyphs: Uint8Array,
  entryCost: Uint8Array,
  backwards: Int32Array,
): void {
  let length = 0;
  let cost = 0;
  for (let cell = goal; ; cell -= moveOffset[moves[cell] & 3]) {
    const paddedRow = (cell / stride) | 0;
    backwards[length++] = (paddedRow - 1) * width + (cell - paddedRow * stride - 1);
    if (moves[cell] === START_BYTE) break;
    cost += entryCost[glyphs[cell]];
  }
  walked[0] = length;
  walked[1] = cost;
}
