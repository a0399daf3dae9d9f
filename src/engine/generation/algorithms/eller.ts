// Eller: one row at a time, with every cell of the row labelled by its set (cells already
// connected). Join neighbours of different sets at random, then open at least one wall down
// from every set; the last row joins all sets that remain. A set the "42" blocks from going
// down ends there; `joinComponents` connects it afterwards.
import type { Prng } from '../prng.js';
import { EAST, SOUTH } from '../../level/glyphs.js';
import type { WallGrid } from '../wall-grid.js';

const NO_SET = -1;

export function carveEller(grid: WallGrid, rng: Prng): void {
  const { width, height } = grid;
  const neighbours = grid.mazeNeighbours();
  // setOf[x] = set label of the cell in column x of the current row (NO_SET: a pattern cell).
  const setOf = new Int32Array(width).fill(NO_SET);
  const goesDown = new Uint8Array(width);
  // labelRow[label] = the last row whose downward walls were chosen for that set.
  const labelRow = new Int32Array(width * height).fill(-1);
  const candidates = new Int32Array(width);
  let nextLabel = 0;

  for (let y = 0; y < height; y++) {
    const rowStart = y * width;
    const lastRow = y === height - 1;
    for (let x = 0; x < width; x++) {
      if (grid.isPattern(rowStart + x)) setOf[x] = NO_SET;
      else if (setOf[x] === NO_SET) setOf[x] = nextLabel++;
    }

    for (let x = 0; x + 1 < width; x++) {
      const cell = rowStart + x;
      if (neighbours[cell * 4 + EAST] < 0 || setOf[x] === setOf[x + 1]) continue;
      if (!lastRow && !rng.coin()) continue;
      grid.setWall(cell, EAST, true);
      const absorbed = setOf[x + 1];
      for (let i = 0; i < width; i++) if (setOf[i] === absorbed) setOf[i] = setOf[x];
    }
    if (lastRow) break;

    goesDown.fill(0);
    for (let x = 0; x < width; x++) {
      const label = setOf[x];
      if (label === NO_SET || labelRow[label] === y) continue;
      labelRow[label] = y;
      let count = 0;
      let opened = false;
      for (let i = x; i < width; i++) {
        if (setOf[i] !== label || neighbours[(rowStart + i) * 4 + SOUTH] < 0) continue;
        candidates[count++] = i;
        if (rng.coin()) {
          goesDown[i] = 1;
          opened = true;
        }
      }
      if (!opened && count > 0) goesDown[candidates[rng.below(count)]] = 1;
    }
    for (let x = 0; x < width; x++) {
      if (goesDown[x] === 1) grid.setWall(rowStart + x, SOUTH, true);
      else setOf[x] = NO_SET;
    }
  }
}
