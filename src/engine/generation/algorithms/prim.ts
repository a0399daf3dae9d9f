// Prim (the simplified, "random frontier" form): the frontier is every cell next to the tree;
// each step takes a random frontier cell and joins it to a random tree neighbour. Many short
// dead ends branching out from the start.
import type { Prng } from '../prng.js';
import { randomMazeCell } from '../spanning.js';
import type { WallGrid } from '../wall-grid.js';

const OUTSIDE = 0;
const FRONTIER = 1;
const IN_TREE = 2;

export function carvePrim(grid: WallGrid, rng: Prng): void {
  const neighbours = grid.mazeNeighbours();
  const state = new Uint8Array(grid.cellCount);
  const frontier = new Int32Array(grid.cellCount);
  const choices = new Int32Array(4);
  let frontierCount = 0;

  const addToTree = (cell: number): void => {
    state[cell] = IN_TREE;
    for (let direction = 0; direction < 4; direction++) {
      const next = neighbours[cell * 4 + direction];
      if (next >= 0 && state[next] === OUTSIDE) {
        state[next] = FRONTIER;
        frontier[frontierCount++] = next;
      }
    }
  };

  addToTree(randomMazeCell(grid, rng));
  while (frontierCount > 0) {
    const index = rng.below(frontierCount);
    const cell = frontier[index];
    frontier[index] = frontier[--frontierCount];
    let count = 0;
    for (let direction = 0; direction < 4; direction++) {
      const next = neighbours[cell * 4 + direction];
      if (next >= 0 && state[next] === IN_TREE) choices[count++] = direction;
    }
    grid.setWall(cell, choices[rng.below(count)], true);
    addToTree(cell);
  }
}
