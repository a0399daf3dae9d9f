// Sidewinder: row by row, grow a run of cells eastwards; at random (or at the east border or
// the "42") close the run by opening the north wall of one random cell of it. The top row is
// one corridor. A run that can't go north (under the "42") is joined by `joinComponents`.
import type { Prng } from '../prng.js';
import { EAST, NORTH } from '../../level/glyphs.js';
import type { WallGrid } from '../wall-grid.js';

export function carveSidewinder(grid: WallGrid, rng: Prng): void {
  const { width, height } = grid;
  const neighbours = grid.mazeNeighbours();
  const upward = new Int32Array(width);
  for (let y = 0; y < height; y++) {
    let upwardCount = 0;
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (grid.isPattern(cell)) continue;
      if (neighbours[cell * 4 + NORTH] >= 0) upward[upwardCount++] = cell;
      const canGoEast = neighbours[cell * 4 + EAST] >= 0;
      if (canGoEast && (y === 0 || rng.coin())) {
        grid.setWall(cell, EAST, true);
        continue;
      }
      // Close the run.
      if (upwardCount > 0) grid.setWall(upward[rng.below(upwardCount)], NORTH, true);
      upwardCount = 0;
    }
  }
}
