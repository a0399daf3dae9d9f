// The wall-maze layout of a level (SPEC §6): a W x H maze is (2H+1) rows by (2W+1) columns of
// glyphs; cell (x, y) sits at glyph (row 2y+1, col 2x+1), the glyph between two cells is their
// shared wall, and even/even glyphs are always `#`. The generator draws into a canvas of
// glyph codes; the hex format reads and writes the same layout.
import type { WallGrid } from './wall-grid.js';

export const WALL_CODE = 0x23; // '#'
export const FLOOR_CODE = 0x2e; // '.'

/** Level glyphs as char codes, row-major: index = row * columns + col. */
export interface GlyphCanvas {
  readonly rows: number;
  readonly columns: number;
  readonly codes: Uint8Array;
}

/** Glyph index of a maze cell (y * mazeWidth + x). */
export function cellGlyph(canvas: GlyphCanvas, cell: number): number {
  const mazeWidth = (canvas.columns - 1) >> 1;
  return (2 * Math.floor(cell / mazeWidth) + 1) * canvas.columns + 2 * (cell % mazeWidth) + 1;
}

/** Glyph index of the wall of a cell in a direction (0 north, 1 east, 2 south, 3 west). */
export function wallGlyph(canvas: GlyphCanvas, cell: number, direction: number): number {
  const at = cellGlyph(canvas, cell);
  return direction === 0
    ? at - canvas.columns
    : direction === 1
      ? at + 1
      : direction === 2
        ? at + canvas.columns
        : at - 1;
}

/**
 * Draws the walls: a closed wall is `#`, an open one `.`; a cell is `.`, except a pattern
 * cell, which is `#` (it is closed on all sides and no path goes there).
 */
export function drawWalls(grid: WallGrid): GlyphCanvas {
  const columns = 2 * grid.width + 1;
  const rows = 2 * grid.height + 1;
  const codes = new Uint8Array(rows * columns).fill(WALL_CODE);
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      const cell = y * grid.width + x;
      const at = (2 * y + 1) * columns + 2 * x + 1;
      const closed = grid.mask(cell);
      if (grid.isPattern(cell)) continue;
      codes[at] = FLOOR_CODE;
      // Each wall is drawn by the cell west or north of it; the border stays `#`.
      if ((closed & 0b0010) === 0) codes[at + 1] = FLOOR_CODE;
      if ((closed & 0b0100) === 0) codes[at + columns] = FLOOR_CODE;
    }
  }
  return { rows, columns, codes };
}

export function canvasRows(canvas: GlyphCanvas): string[] {
  const lines: string[] = new Array(canvas.rows);
  for (let row = 0; row < canvas.rows; row++) {
    const start = row * canvas.columns;
    lines[row] = String.fromCharCode(...canvas.codes.subarray(start, start + canvas.columns));
  }
  return lines;
}
