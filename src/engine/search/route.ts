import type { SearchGrid } from './search-grid.js';

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
 * Follows parent links (state ids) from the goal state back to the start state. Called once
 * per search, so a cold process runs it a few times before V8 compiles it: it reads the grid's
 * fields once, and turns a padded cell into a level cell with one division (a level cell is
 * row * width + col, a padded one (row + 1) * stride + col + 1).
 */
export function routeFromParents(grid: SearchGrid, parent: Int32Array, goal: number): Route {
  const { cellCount, glyphs, entryCost, stride } = grid;
  const width = grid.level.width;
  let steps = 0;
  for (let state = goal; parent[state] !== state; state = parent[state]) steps++;
  const cells = new Int32Array(steps + 1);
  let cost = 0;
  for (let state = goal, i = steps; i >= 0; state = parent[state], i--) {
    const cell = state % cellCount;
    const paddedRow = (cell / stride) | 0;
    cells[i] = (paddedRow - 1) * width + (cell - paddedRow * stride - 1);
    if (i > 0) cost += entryCost[glyphs[cell]];
  }
  return { steps, cost, cells };
}
