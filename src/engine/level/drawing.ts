// A level being drawn (editing together): a rectangle of known glyphs that may not be a valid
// level yet (two S while one is moved, no E), and the edits that change it: runs of cells, or
// all rows at once. Pure: the service stores and orders the edits.
import { type Failure, type Result, fail, ok } from '../result.js';
import { GLYPH_BY_CODE } from './glyphs.js';
import type { LevelLimits } from './parse.js';

/** A horizontal run of cells: `glyphs` from (row, col) rightwards, one glyph a cell. */
export interface CellRun {
  readonly row: number;
  readonly col: number;
  readonly glyphs: string;
}

/** One edit: cell runs, or the whole drawing. */
export type DrawingChange =
  | { readonly cells: readonly CellRun[]; readonly rows?: undefined }
  | { readonly rows: readonly string[]; readonly cells?: undefined };

export const DRAWING_ERROR_CODES = [
  'OUTSIDE_LEVEL',
  'UNKNOWN_GLYPH',
  'EDIT_TOO_LARGE',
  'LEVEL_TOO_LARGE',
] as const;
export type DrawingErrorCode = (typeof DRAWING_ERROR_CODES)[number];

/** The most cells and runs one edit may carry (a whole 1000 x 1000 level is one edit). */
export const MAX_EDIT_CELLS = 1_000_000;
export const MAX_EDIT_RUNS = 100_000;

const isKnownCode = (code: number) => code < 128 && GLYPH_BY_CODE[code] !== undefined;

/** The position and glyph of the first character of `text` that is not a known glyph, if any. */
function unknownGlyph(text: string): { index: number; glyph: string } | undefined {
  for (let i = 0; i < text.length; i++) {
    if (!isKnownCode(text.charCodeAt(i))) {
      return { index: i, glyph: String.fromCodePoint(text.codePointAt(i)!) };
    }
  }
  return undefined;
}

/**
 * Checks an edit on its own (glyphs, sizes), before it is ordered; where it lands is checked
 * against the drawing it is applied to (`checkRuns`).
 */
export function checkChange(
  change: DrawingChange,
  limits: LevelLimits,
): Result<DrawingChange, Failure<DrawingErrorCode>> {
  if (change.rows !== undefined) return checkRows(change.rows, limits);
  const runs = change.cells;
  if (runs.length > MAX_EDIT_RUNS) {
    return fail('EDIT_TOO_LARGE', `an edit carries at most ${MAX_EDIT_RUNS} runs of cells`);
  }
  let cells = 0;
  for (const run of runs) {
    cells += run.glyphs.length;
    if (cells > MAX_EDIT_CELLS) {
      return fail('EDIT_TOO_LARGE', `an edit carries at most ${MAX_EDIT_CELLS} cells`);
    }
    const unknown = unknownGlyph(run.glyphs);
    if (unknown) {
      return fail(
        'UNKNOWN_GLYPH',
        `'${unknown.glyph}' is not a glyph (row ${run.row}, col ${run.col + unknown.index})`,
      );
    }
  }
  return ok(change);
}

/** Rows for a whole drawing: at least one, of one width, within the size limit, known glyphs. */
export function checkRows(
  rows: readonly string[],
  limits: LevelLimits,
): Result<DrawingChange, Failure<DrawingErrorCode>> {
  const width = rows[0]?.length ?? 0;
  if (rows.length > limits.maxRows || width > limits.maxCols) {
    return fail('LEVEL_TOO_LARGE', `level too large (max ${limits.maxRows}x${limits.maxCols})`);
  }
  if (rows.length === 0 || width === 0) {
    return fail('LEVEL_TOO_LARGE', 'a drawing has at least one row and one column');
  }
  for (let row = 0; row < rows.length; row++) {
    const text = rows[row];
    const unknown = unknownGlyph(text);
    if (unknown) {
      return fail(
        'UNKNOWN_GLYPH',
        `'${unknown.glyph}' is not a glyph (row ${row}, col ${unknown.index})`,
      );
    }
    if (text.length !== width) {
      return fail('LEVEL_TOO_LARGE', `rows have different lengths (row ${row})`);
    }
  }
  return ok({ rows });
}

/** Whether every run lies inside a drawing of `width` x `height`; the first that does not. */
export function checkRuns(
  runs: readonly CellRun[],
  width: number,
  height: number,
): Result<true, Failure<'OUTSIDE_LEVEL'>> {
  for (const { row, col, glyphs } of runs) {
    if (
      !Number.isInteger(row) ||
      !Number.isInteger(col) ||
      row < 0 ||
      row >= height ||
      col < 0 ||
      col + glyphs.length > width
    ) {
      return fail(
        'OUTSIDE_LEVEL',
        `cells from row ${row}, col ${col} (${glyphs.length} of them) are outside the ` +
          `${width}x${height} level`,
      );
    }
  }
  return ok(true);
}

/** A drawing's glyphs as one byte a cell, row-major: edits apply in place. */
export class DrawingGrid {
  private constructor(
    readonly width: number,
    readonly height: number,
    private readonly cells: Uint8Array,
  ) {}

  /** Rows checked already (`checkRows`, or a stored level's rows). */
  static fromRows(rows: readonly string[]): DrawingGrid {
    const height = rows.length;
    const width = rows[0]?.length ?? 0;
    const cells = new Uint8Array(width * height);
    for (let row = 0; row < height; row++) {
      const text = rows[row];
      for (let col = 0; col < width; col++) cells[row * width + col] = text.charCodeAt(col);
    }
    return new DrawingGrid(width, height, cells);
  }

  /** Applies a change checked already (runs inside, glyphs known); rows give a new grid. */
  apply(change: DrawingChange): DrawingGrid {
    if (change.rows !== undefined) return DrawingGrid.fromRows(change.rows);
    for (const { row, col, glyphs } of change.cells) {
      const start = row * this.width + col;
      for (let i = 0; i < glyphs.length; i++) this.cells[start + i] = glyphs.charCodeAt(i);
    }
    return this;
  }

  rows(): string[] {
    const rows: string[] = [];
    const decoder = new TextDecoder('latin1');
    for (let row = 0; row < this.height; row++) {
      const start = row * this.width;
      rows.push(decoder.decode(this.cells.subarray(start, start + this.width)));
    }
    return rows;
  }
}

/** Whether the level's rows can be drawn on: every glyph known and the rows of one width. */
export function isDrawable(rows: readonly string[], limits: LevelLimits): boolean {
  return checkRows(rows, limits).ok;
}
