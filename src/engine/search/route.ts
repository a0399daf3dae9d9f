import type { SearchGrid } from './search-grid.js';
import { levelCell } from './search-grid.js';

/** A walk from S to E. */
export interface Route {
  /** Number of moves. */
  readonly steps: number;
  /** Total entry cost of the moves (docs/rules.md: cheapest). */
  readonly cost: number;
  /** Level cell indices (row * width + col) of every position, S first, E last. */
  readonly cells: Int32Array;
}

/** Follows parent links (state ids) from the goal state back to the start state. */
export function routeFromParents(grid: SearchGrid, parent: Int32Array, goal: number): Route {
  const { cellCount, glyphs, entryCost } = grid;
  let steps = 0;
  for (let state = goal; parent[state] !== state; state = parent[state]) steps++;
  const cells = new Int32Array(steps + 1);
  let cost = 0;
  for (let state = goal, i = steps; i >= 0; state = parent[state], i--) {
    const cell = state % cellCount;
    cells[i] = levelCell(grid, cell);
    if (i > 0) cost += entryCost[glyphs[cell]];
  }
  return { steps, cost, cells };
}
