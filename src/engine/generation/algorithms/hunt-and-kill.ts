// Hunt-and-kill: walk to random unvisited neighbours until stuck, then hunt: scan the grid in
// row-major order for the first unvisited cell next to a visited one, join it to a random
// visited neighbour and walk on from there. Long corridors like the backtracker.
import type { Prng } from '../prng.js';
import { randomMazeCell } from '../spanning.js';
import type { WallGrid } from '../wall-grid.js';

export function carveHuntAndKill(grid: WallGrid, rng: Prng): void {
  const { cellCount } = grid;
  const neighbours = grid.mazeNeighbours();
  // Pattern cells count as visited: never walked into, never hunted.
  const visited = new Uint8Array(cellCount);
  for (let cell = 0; cell < cellCount; cell++) if (grid.isPattern(cell)) visited[cell] = 1;
  const choices = new Int32Array(4);
  let cell = randomMazeCell(grid, rng);
  visited[cell] = 1;
  // Every cell before huntFrom is visited, so a hunt starts there.
  let huntFrom = 0;
  while (true) {
    let count = 0;
    for (let direction = 0; direction < 4; direction++) {
      const next = neighbours[cell * 4 + direction];
      if (next >= 0 && visited[next] === 0) choices[count++] = direction;
    }
    if (count > 0) {
      const direction = choices[rng.below(count)];
      grid.setWall(cell, direction, true);
      cell = neighbours[cell * 4 + direction];
      visited[cell] = 1;
      continue;
    }
    // Hunt.
    while (huntFrom < cellCount && visited[huntFrom] === 1) huntFrom++;
    let found = -1;
    for (let candidate = huntFrom; candidate < cellCount && found < 0; candidate++) {
      if (visited[candidate] === 1) continue;
      count = 0;
      for (let direction = 0; direction < 4; direction++) {
        const next = neighbours[candidate * 4 + direction];
        if (next >= 0 && visited[next] === 1) choices[count++] = direction;
      }
      if (count > 0) {
        grid.setWall(candidate, choices[rng.below(count)], true);
        found = candidate;
      }
    }
    if (found < 0) return;
    cell = found;
    visited[cell] = 1;
  }
}
