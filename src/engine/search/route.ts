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
  const found = walkBack(
    parent,
    goal,
    grid.cellCount,
    grid.stride,
    grid.level.width,
    grid.glyphs,
    grid.entryCost,
    backwards,
  );
  const length = found[0];
  return { steps: length - 1, cost: found[1], cells: backwards.slice(0, length).reverse() };
}

/** How many cells walkBack wrote, and their cost: [length, cost]. */
const walked = new Int32Array(2);

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
): Int32Array {
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
  return walked;
}
