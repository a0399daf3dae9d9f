// The "42" (docs/generation.md): fully closed cells drawn in the middle of the maze. `#` = closed cell.
// Its top-left cell is ((W-6)//2, (H-4)//2): the open cell of its middle row (dx 3, dy 2)
// is then the maze's centre cell (W//2, H//2) for odd and even sizes alike, so the centre is
// always open (where a Pac-Man board starts its player).
import type { WallGrid } from './wall-grid.js';

export const PATTERN_42 = ['#...###', '#.....#', '###.###', '..#.#..', '..#.###'] as const;
const PATTERN_WIDTH = 7;
const PATTERN_HEIGHT = 5;
/** The open cell of the middle row, which goes on the maze's centre cell. */
const PATTERN_CENTRE = { dx: 3, dy: 2 } as const;

/** The smallest maze that holds the "42": one free cell on every side of it. */
export const PATTERN_42_MIN_WIDTH = PATTERN_WIDTH + 2;
export const PATTERN_42_MIN_HEIGHT = PATTERN_HEIGHT + 2;

/** The cells (y * width + x) of the "42" in a width x height maze, or null when it doesn't fit. */
export function pattern42Cells(width: number, height: number): number[] | null {
  if (width < PATTERN_42_MIN_WIDTH || height < PATTERN_42_MIN_HEIGHT) return null;
  const left = Math.floor(width / 2) - PATTERN_CENTRE.dx;
  const top = Math.floor(height / 2) - PATTERN_CENTRE.dy;
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
