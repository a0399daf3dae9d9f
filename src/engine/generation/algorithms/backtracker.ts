// Recursive backtracker (randomised depth-first search), with an explicit stack: walk to a
// random unvisited neighbour; when there is none, step back. Long winding corridors.
import type { Prng } from '../prng.js';
import { randomMazeCell } from '../spanning.js';
import type { WallGrid } from '../wall-grid.js';

export function carveBacktracker(grid: WallGrid, rng: Prng): void {
  const neighbours = grid.mazeNeighbours();
  const visited = new Uint8Array(grid.cellCount);
  const stack = new Int32Array(grid.cellCount);
  const choices = new Int32Array(4);
  const start = randomMazeCell(grid, rng);
  visited[start] = 1;
  stack[0] = start;
  let top = 1;
  while (top > 0) {
    const cell = stack[top - 1];
    let count = 0;
    for (let direction = 0; direction < 4; direction++) {
      const next = neighbours[cell * 4 + direction];
      if (next >= 0 && visited[next] === 0) choices[count++] = direction;
    }
    if (count === 0) {
      top--;
      continue;
    }
    const direction = choices[rng.below(count)];
    const next = neighbours[cell * 4 + direction];
    grid.setWall(cell, direction, true);
    visited[next] = 1;
    stack[top++] = next;
  }
}
