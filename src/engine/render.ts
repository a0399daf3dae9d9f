import { EXIT, PATH_MARK, START } from './level/glyphs.js';
import type { Level } from './level/level.js';

/** The level with `*` on every cell of the walk, except S and E, which keep their glyph. */
export function renderRoute(
  level: Pick<Level, 'rows' | 'width'>,
  cells: ArrayLike<number>,
): string[] {
  const grid = level.rows.map((row) => row.split(''));
  for (let i = 0; i < cells.length; i++) {
    const row = grid[Math.floor(cells[i] / level.width)];
    const col = cells[i] % level.width;
    if (row[col] !== START && row[col] !== EXIT) row[col] = PATH_MARK;
  }
  return grid.map((row) => row.join(''));
}
