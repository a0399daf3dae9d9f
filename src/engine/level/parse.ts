// Level validation (docs/rules.md): the seven checks, in order; the first failure is the error.
// The reason texts live here, next to the checks that raise them.
import { EXIT, GLYPHS, KEY_LETTERS, START } from './glyphs.js';
import { type Level, rowWidth } from './level.js';
import { type Failure, type Result, fail, ok } from '../result.js';

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

/**
 * `message` is the reason text of docs/rules.md, without the `error: ` prefix; `row`/`col` say where the
 * error is, when it has a position (0-based, columns in code points).
 */
export type LevelError = Failure<LevelErrorCode>;

export interface LevelLimits {
  readonly maxRows: number;
  readonly maxCols: number;
}

export const DEFAULT_LEVEL_LIMITS: LevelLimits = { maxRows: 1000, maxCols: 1000 };

export type ParseResult = Result<Level, LevelError>;

const escaped = (glyph: string) => glyph.replace(/[\\^\]-]/g, '\\$&');
/** A row of known glyphs only (the glyph table's). */
const ALL_KNOWN = new RegExp(`^[${[...GLYPHS.keys()].map(escaped).join('')}]*$`);
/** A row with a glyph checks 4–6 count: S, E or a key. */
const COUNTED = new RegExp(`[${[START, EXIT, ...KEY_LETTERS].map(escaped).join('')}]`);

export function parseLevel(
  rows: readonly string[],
  limits: LevelLimits = DEFAULT_LEVEL_LIMITS,
): ParseResult {
  // 1.
  if (rows.length === 0 || rows[0] === '') return fail('EMPTY_LEVEL', 'empty level');
  const width = rowWidth(rows[0]);

  // 2.
  const uneven = rows.findIndex((row) => rowWidth(row) !== width);
  if (uneven >= 0) return fail('ROW_LENGTH_MISMATCH', 'rows have different lengths', uneven);

  // 3. Columns count code points. Most rows hold known glyphs only: one native regex test
  // each; a row that fails it is scanned for its first unknown glyph.
  for (let r = 0; r < rows.length; r++) {
    if (ALL_KNOWN.test(rows[r])) continue;
    let c = 0;
    for (const glyph of rows[r]) {
      if (!GLYPHS.has(glyph)) {
        return fail('UNKNOWN_GLYPH', `unknown glyph '${glyph}' at row ${r}, col ${c}`, r, c);
      }
      c++;
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
    if (!COUNTED.test(row)) continue; // no S, E or key in this row
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

  return ok({ rows: [...rows], height: rows.length, width, start, exit });
}
