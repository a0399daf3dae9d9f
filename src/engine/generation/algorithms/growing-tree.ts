// Growing tree: keep a list of active cells; each step takes the newest one (probability 1/2)
// or a random one, and carves to a random unvisited neighbour of it, or drops it from the
// list when it has none. A mix of backtracker corridors and Prim branching.
import type { Prng } from '../prng.js';
import { randomMazeCell } from '../spanning.js';
import type { WallGrid } from '../wall-grid.js';

export function carveGrowingTree(grid: WallGrid, rng: Prng): void {
  const neighbours = grid.mazeNeighbours();
  const visited = new Uint8Array(grid.cellCount);
  const active = new Int32Array(grid.cellCount);
  const choices = new Int32Array(4);
  const start = randomMazeCell(grid, rng);
  visited[start] = 1;
  active[0] = start;
  let activeCount = 1;
  while (activeCount > 0) {
    // "Newest" is the last entry: cells are appended, and a dropped cell is replaced by the last.
    const index = rng.coin() ? activeCount - 1 : rng.below(activeCount);
    const cell = active[index];
    let count = 0;
    for (let direction = 0; direction < 4; direction++) {
      const next = neighbours[cell * 4 + direction];
      if (next >= 0 && visited[next] === 0) choices[count++] = direction;
    }
    if (count === 0) {
      active[index] = active[--activeCount];
      continue;
    }
    const direction = choices[rng.below(count)];
    const next = neighbours[cell * 4 + direction];
    grid.setWall(cell, direction, true);
    visited[next] = 1;
    active[activeCount++] = next;
  }
}
