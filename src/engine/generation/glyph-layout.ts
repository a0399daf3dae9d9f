// The wall-maze layout of a level (docs/generation.md): a W x H maze is (2H+1) rows by (2W+1) columns of
// glyphs; cell (x, y) sits at glyph (row 2y+1, col 2x+1), the glyph between two cells is their
// shared wall, and even/even glyphs are always `#`. The one home of that layout: the generator
// draws into a canvas of glyph codes, and the hex format reads and writes through the same
// functions.
import { COL_STEP, ROW_STEP, WALL } from '../level/glyphs.js';
import { ALL_CLOSED, type WallGrid } from './wall-grid.js';

export const WALL_CODE = 0x23; // '#'
export const FLOOR_CODE = 0x2e; // '.'

/** Level glyphs as char codes, row-major: index = row * columns + col. */
export interface GlyphCanvas {
  readonly rows: number;
  readonly columns: number;
  readonly codes: Uint8Array;
}

/** The glyph row of maze row y, and the glyph column of maze column x. */
export const cellRow = (y: number): number => 2 * y + 1;
export const cellCol = (x: number): number => 2 * x + 1;

/** Glyph index of a maze cell (y * mazeWidth + x). */
export function cellGlyph(canvas: GlyphCanvas, cell: number): number {
  const mazeWidth = (canvas.columns - 1) >> 1;
  return cellRow(Math.floor(cell / mazeWidth)) * canvas.columns + cellCol(cell % mazeWidth);
}

/** Glyph index of the wall of a cell in a direction (0 north, 1 east, 2 south, 3 west). */
export function wallGlyph(canvas: GlyphCanvas, cell: number, direction: number): number {
  return cellGlyph(canvas, cell) + ROW_STEP[direction] * canvas.columns + COL_STEP[direction];
}

/**
 * The maze size of glyph rows with the layout's frame: an odd number (at least 3) of rows and
 * of columns, every border glyph and every even/even glyph `#`. Null for any other rows.
 */
export function mazeSizeOf(rows: readonly string[]): { width: number; height: number } | null {
  const height = rows.length;
  const columns = height > 0 ? rows[0].length : 0;
  if (height < 3 || columns < 3 || height % 2 === 0 || columns % 2 === 0) return null;
  for (let row = 0; row < height; row++) {
    if (rows[row].length !== columns) return null;
    for (let col = 0; col < columns; col++) {
      const border = row === 0 || col === 0 || row === height - 1 || col === columns - 1;
      const corner = row % 2 === 0 && col % 2 === 0;
      if ((border || corner) && rows[row][col] !== WALL) return null;
    }
  }
  return { width: (columns - 1) / 2, height: (height - 1) / 2 };
}

/** The closed-wall mask (bit d = direction d) of cell (x, y) of glyph rows: `#` is closed. */
export function maskOfRows(rows: readonly string[], x: number, y: number): number {
  let closed = 0;
  for (let direction = 0; direction < 4; direction++) {
    if (rows[cellRow(y) + ROW_STEP[direction]][cellCol(x) + COL_STEP[direction]] === WALL) {
      closed |= 1 << direction;
    }
  }
  return closed;
}

/**
 * Draws a width x height maze: a closed wall is `#`, an open one `.`; a cell is `.`, except a
 * `closedCell`, which is `#` (it is closed on all sides and no path goes there).
 */
function drawMaze(
  width: number,
  height: number,
  maskOf: (cell: number) => number,
  closedCell: (cell: number) => boolean,
): GlyphCanvas {
  const columns = 2 * width + 1;
  const rows = 2 * height + 1;
  const codes = new Uint8Array(rows * columns).fill(WALL_CODE);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (closedCell(cell)) continue;
      const at = cellRow(y) * columns + cellCol(x);
      const closed = maskOf(cell);
      codes[at] = FLOOR_CODE;
      // Each wall is drawn by the cell west or north of it; the border stays `#`.
      if ((closed & 0b0010) === 0) codes[at + 1] = FLOOR_CODE;
      if ((closed & 0b0100) === 0) codes[at + columns] = FLOOR_CODE;
    }
  }
  return { rows, columns, codes };
}

/** The walls of the wall model; a pattern cell (the "42") is `#`. */
export function drawWalls(grid: WallGrid): GlyphCanvas {
  return drawMaze(
    grid.width,
    grid.height,
    (cell) => grid.mask(cell),
    (cell) => grid.isPattern(cell),
  );
}

/** The walls of closed-wall masks (index y * width + x); a cell closed on all sides is `#`. */
export function drawMasks(width: number, height: number, masks: ArrayLike<number>): GlyphCanvas {
  return drawMaze(
    width,
    height,
    (cell) => masks[cell],
    (cell) => masks[cell] === ALL_CLOSED,
  );
}

export function canvasRows(canvas: GlyphCanvas): string[] {
  const lines: string[] = new Array(canvas.rows);
  for (let row = 0; row < canvas.rows; row++) {
    const start = row * canvas.columns;
    lines[row] = String.fromCharCode(...canvas.codes.subarray(start, start + canvas.columns));
  }
  return lines;
}
