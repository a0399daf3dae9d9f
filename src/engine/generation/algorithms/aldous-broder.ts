// Aldous-Broder: one random walk over the whole grid; each time it steps onto a cell it has
// never visited, open the wall it came through. Slow to finish but a uniform spanning tree.
// Ends because the maze cells are connected (the "42" never cuts the grid into pieces).
import type { Prng } from '../prng.js';
import { randomMazeCell, randomStep } from '../spanning.js';
import type { WallGrid } from '../wall-grid.js';

export function carveAldousBroder(grid: WallGrid, rng: Prng): void {
  const neighbours = grid.mazeNeighbours();
  const visited = new Uint8Array(grid.cellCount);
  let cell = randomMazeCell(grid, rng);
  visited[cell] = 1;
  let remaining = grid.mazeCellCount() - 1;
  while (remaining > 0) {
    const direction = randomStep(neighbours, cell, rng);
    const next = neighbours[cell * 4 + direction];
    if (visited[next] === 0) {
      grid.setWall(cell, direction, true);
      visited[next] = 1;
      remaining--;
    }
    cell = next;
  }
}
