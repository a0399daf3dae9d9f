// Binary tree: every cell opens its north or its east wall, at random (only the one that
// exists at the top row and east column). A strong north-east bias: the top row and the east
// column are straight corridors. Cells south-west of the "42" that can't go on are joined by
// `joinComponents`.
import type { Prng } from '../prng.js';
import { EAST, NORTH } from '../../level/glyphs.js';
import type { WallGrid } from '../wall-grid.js';

export function carveBinaryTree(grid: WallGrid, rng: Prng): void {
  const neighbours = grid.mazeNeighbours();
  for (let cell = 0; cell < grid.cellCount; cell++) {
    const north = neighbours[cell * 4 + NORTH] >= 0;
    const east = neighbours[cell * 4 + EAST] >= 0;
    if (north && east) grid.setWall(cell, rng.coin() ? NORTH : EAST, true);
    else if (north) grid.setWall(cell, NORTH, true);
    else if (east) grid.setWall(cell, EAST, true);
  }
}
