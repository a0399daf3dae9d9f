// Wilson: from each cell not yet in the tree (in row-major order), take a random walk until
// it meets the tree, then add the walk with its loops erased. Remembering only the last exit
// direction of each cell erases the loops for free. Gives a uniform spanning tree.
import type { Prng } from '../prng.js';
import { randomMazeCell, randomStep } from '../spanning.js';
import type { WallGrid } from '../wall-grid.js';

export function carveWilson(grid: WallGrid, rng: Prng): void {
  const { cellCount } = grid;
  const neighbours = grid.mazeNeighbours();
  const inTree = new Uint8Array(cellCount);
  const exitDirection = new Uint8Array(cellCount);
  inTree[randomMazeCell(grid, rng)] = 1;
  for (let start = 0; start < cellCount; start++) {
    if (inTree[start] === 1 || grid.isPattern(start)) continue;
    let cell = start;
    while (inTree[cell] === 0) {
      const direction = randomStep(neighbours, cell, rng);
      exitDirection[cell] = direction;
      cell = neighbours[cell * 4 + direction];
    }
    cell = start;
    while (inTree[cell] === 0) {
      const direction = exitDirection[cell];
      grid.setWall(cell, direction, true);
      inTree[cell] = 1;
      cell = neighbours[cell * 4 + direction];
    }
  }
}
