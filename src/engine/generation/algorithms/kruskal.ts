// Kruskal (randomised): go through all inner walls in random order and open each one that
// joins two cells not yet connected. Evenly spread, short dead ends.
import type { Prng } from '../prng.js';
import { CellSets } from '../spanning.js';
import { EAST, SOUTH } from '../../level/glyphs.js';
import type { WallGrid } from '../wall-grid.js';

export function carveKruskal(grid: WallGrid, rng: Prng): void {
  const { cellCount, width } = grid;
  const neighbours = grid.mazeNeighbours();
  // Wall id = cell * 2 + (0 east, 1 south).
  const walls = new Int32Array(cellCount * 2);
  let wallCount = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    if (neighbours[cell * 4 + EAST] >= 0) walls[wallCount++] = cell * 2;
    if (neighbours[cell * 4 + SOUTH] >= 0) walls[wallCount++] = cell * 2 + 1;
  }
  rng.shuffle(walls, wallCount);
  const sets = new CellSets(cellCount);
  for (let i = 0; i < wallCount; i++) {
    const cell = walls[i] >> 1;
    const south = (walls[i] & 1) === 1;
    if (sets.union(cell, south ? cell + width : cell + 1)) {
      grid.setWall(cell, south ? SOUTH : EAST, true);
    }
  }
}
