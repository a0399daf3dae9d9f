// Level validation (SPEC §1): the seven checks, in order; the first failure is the error.
// The reason texts live here, next to the checks that raise them.
import { EXIT, GLYPHS, START } from './glyphs.js';
import type { Level } from './level.js';

export const LEVEL_ERROR_CODES = [
  'EMPTY_LEVEL',
  'ROW_LENGTH_MISMATCH',
  'UNKNOWN_GLYPH',
  'START_COUNT',
  'EXIT_COUNT',
  'DUPLICATE_KEY',
  'LEVEL_TOO_LARGE',
] as const;
export type LevelErrorCode = (typeof LEVEL_ERROR_CODES)[number];

export interface LevelError {
  readonly code: LevelErrorCode;
  /** The SPEC's reason text, without the `error: ` prefix. */
  readonly message: string;
  /** Where the error is, when it has a position (0-based, columns in code points). */
  readonly row: number | null;
  readonly col: number | null;
}

export interface LevelLimits {
  readonly maxRows: number;
  readonly maxCols: number;
}

export const DEFAULT_LEVEL_LIMITS: LevelLimits = { maxRows: 1000, maxCols: 1000 };

export type ParseResult = { ok: true; level: Level } | { ok: false; error: LevelError };

function fail(
  code: LevelErrorCode,
  message: string,
  row: number | null = null,
  col: number | null = null,
): ParseResult {
  return { ok: false, error: { code, message, row, col } };
}

export function parseLevel(
  rows: readonly string[],
  limits: LevelLimits = DEFAULT_LEVEL_LIMITS,
): ParseResult {
  // 1. Lengths count code points, so split each row into code points once.
  if (rows.length === 0 || rows[0] === '') return fail('EMPTY_LEVEL', 'empty level');
  const glyphRows = rows.map((row) => Array.from(row));
  const width = glyphRows[0].length;

  // 2.
  const uneven = glyphRows.findIndex((row) => row.length !== width);
  if (uneven >= 0) return fail('ROW_LENGTH_MISMATCH', 'rows have different lengths', uneven);

  // 3.
  for (let r = 0; r < glyphRows.length; r++) {
    const row = glyphRows[r];
    for (let c = 0; c < width; c++) {
      if (!GLYPHS.has(row[c])) {
        return fail('UNKNOWN_GLYPH', `unknown glyph '${row[c]}' at row ${r}, col ${c}`, r, c);
      }
    }
  }

  // 4.–6. One row-major scan: every glyph is now ASCII, so string indices are columns.
  let start = -1;
  let exit = -1;
  let secondStart: [number, number] | null = null;
  let secondExit: [number, number] | null = null;
  let duplicateKey: { key: string; row: number; col: number } | null = null;
  const keysSeen = new Set<string>();
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let c = 0; c < width; c++) {
      const glyph = row[c];
      if (glyph === START) {
        if (start < 0) start = r * width + c;
        else secondStart ??= [r, c];
      } else if (glyph === EXIT) {
        if (exit < 0) exit = r * width + c;
        else secondExit ??= [r, c];
      } else if (GLYPHS.get(glyph)?.kind === 'key') {
        if (keysSeen.has(glyph)) duplicateKey ??= { key: glyph, row: r, col: c };
        keysSeen.add(glyph);
      }
    }
  }
  if (start < 0 || secondStart) {
    return fail('START_COUNT', 'expected exactly one S', ...(secondStart ?? [null, null]));
  }
  if (exit < 0 || secondExit) {
    return fail('EXIT_COUNT', 'expected exactly one E', ...(secondExit ?? [null, null]));
  }
  if (duplicateKey) {
    return fail(
      'DUPLICATE_KEY',
      `duplicate key '${duplicateKey.key}'`,
      duplicateKey.row,
      duplicateKey.col,
    );
  }

  // 7.
  if (rows.length > limits.maxRows || width > limits.maxCols) {
    return fail('LEVEL_TOO_LARGE', `level too large (max ${limits.maxRows}x${limits.maxCols})`);
  }

  return { ok: true, level: { rows: [...rows], height: rows.length, width, start, exit } };
}
