// The "42" (SPEC §6): fully closed cells drawn in the middle of the maze. `#` = closed cell.
import type { WallGrid } from './wall-grid.js';

export const PATTERN_42 = ['#...###', '#.....#', '###.###', '..#.#..', '..#.###'] as const;
const PATTERN_WIDTH = 7;
const PATTERN_HEIGHT = 5;

/** The smallest maze that holds the "42": one free cell on every side of it. */
export const PATTERN_42_MIN_WIDTH = PATTERN_WIDTH + 2;
export const PATTERN_42_MIN_HEIGHT = PATTERN_HEIGHT + 2;

/** The cells (y * width + x) of the "42" in a width x height maze, or null when it doesn't fit. */
export function pattern42Cells(width: number, height: number): number[] | null {
  if (width < PATTERN_42_MIN_WIDTH || height < PATTERN_42_MIN_HEIGHT) return null;
  const left = Math.floor((width - PATTERN_WIDTH) / 2);
  const top = Math.floor((height - PATTERN_HEIGHT) / 2);
  const cells: number[] = [];
  PATTERN_42.forEach((line, dy) => {
    for (let dx = 0; dx < PATTERN_WIDTH; dx++) {
      if (line[dx] === '#') cells.push((top + dy) * width + left + dx);
    }
  });
  return cells;
}

/** Marks the "42" on a fresh grid; false (grid unchanged) when the maze is too small. */
export function layPattern42(grid: WallGrid): boolean {
  const cells = pattern42Cells(grid.width, grid.height);
  if (cells === null) return false;
  for (const cell of cells) grid.markPattern(cell);
  return true;
}

export function pattern42TooSmallWarning(width: number, height: number): string {
  return `pattern42: a ${width}x${height} maze is too small for the 42 pattern (it needs at least ${PATTERN_42_MIN_WIDTH}x${PATTERN_42_MIN_HEIGHT} cells), generated without it`;
}
