import { describe, expect, it } from 'vitest';
import { type LevelError, parseLevel } from '../../../src/engine/level/parse.js';

function errorOf(rows: string[], limits?: { maxRows: number; maxCols: number }): LevelError {
  const result = parseLevel(rows, limits);
  if (result.ok) throw new Error('expected a validation error');
  return result.error;
}

describe('parseLevel: the seven checks of docs/rules.md', () => {
  it('1. empty level: no rows, or the first row empty', () => {
    expect(errorOf([])).toEqual({
      code: 'EMPTY_LEVEL',
      message: 'empty level',
      row: null,
      col: null,
    });
    expect(errorOf([''])).toEqual({
      code: 'EMPTY_LEVEL',
      message: 'empty level',
      row: null,
      col: null,
    });
    // The first row decides, even when later rows have glyphs.
    expect(errorOf(['', 'SE']).message).toBe('empty level');
  });

  it('2. rows have different lengths, naming the first row that differs', () => {
    expect(errorOf(['S.', '...'])).toEqual({
      code: 'ROW_LENGTH_MISMATCH',
      message: 'rows have different lengths',
      row: 1,
      col: null,
    });
    expect(errorOf(['S.E', '...', '..', '....']).row).toBe(2);
    expect(errorOf(['SE', '']).message).toBe('rows have different lengths');
  });

  it('3. unknown glyph: the first in row-major order, with its position', () => {
    expect(errorOf(['S.', 'x.'])).toEqual({
      code: 'UNKNOWN_GLYPH',
      message: "unknown glyph 'x' at row 1, col 0",
      row: 1,
      col: 0,
    });
    expect(errorOf(['S.?', 'x.E']).message).toBe("unknown glyph '?' at row 0, col 2");
    expect(errorOf(['S E']).message).toBe("unknown glyph ' ' at row 0, col 1");
    expect(errorOf(['S0E']).message).toBe("unknown glyph '0' at row 0, col 1");
    expect(errorOf(['SeE']).message).toBe("unknown glyph 'e' at row 0, col 1");
    expect(errorOf(['S*E']).message).toBe("unknown glyph '*' at row 0, col 1");
  });

  it('counts columns and lengths in code points, not UTF-16 units or bytes', () => {
    // '😀' is two UTF-16 units but one code point: both rows are 3 long.
    expect(errorOf(['S😀E', '...'])).toEqual({
      code: 'UNKNOWN_GLYPH',
      message: "unknown glyph '😀' at row 0, col 1",
      row: 0,
      col: 1,
    });
    expect(errorOf(['..é', 'S.😀']).message).toBe("unknown glyph 'é' at row 0, col 2");
    expect(errorOf(['S😀', '...']).message).toBe('rows have different lengths');
  });

  it('4. expected exactly one S: none, or a second one (with its position)', () => {
    expect(errorOf(['..E'])).toEqual({
      code: 'START_COUNT',
      message: 'expected exactly one S',
      row: null,
      col: null,
    });
    expect(errorOf(['S.E', '.S.', 'S..'])).toEqual({
      code: 'START_COUNT',
      message: 'expected exactly one S',
      row: 1,
      col: 1,
    });
  });

  it('5. expected exactly one E', () => {
    expect(errorOf(['S..'])).toEqual({
      code: 'EXIT_COUNT',
      message: 'expected exactly one E',
      row: null,
      col: null,
    });
    expect(errorOf(['SEE']).row).toBe(0);
    expect(errorOf(['SEE']).col).toBe(2);
  });

  it('6. duplicate key: the key whose second copy comes first in row-major order', () => {
    expect(errorOf(['SaE', 'a.b', 'bcc'])).toEqual({
      code: 'DUPLICATE_KEY',
      message: "duplicate key 'a'",
      row: 1,
      col: 0,
    });
    // b's second copy (row 1) comes before a's second copy (row 2).
    expect(errorOf(['Sab', '.bE', 'a..']).message).toBe("duplicate key 'b'");
    // Doors may repeat.
    expect(parseLevel(['SAAE', 'aBB.']).ok).toBe(true);
  });

  it('7. level too large, with the configured limit in the message', () => {
    const rows = ['S' + '.'.repeat(9), '.'.repeat(9) + 'E'];
    expect(errorOf(rows, { maxRows: 5, maxCols: 9 })).toEqual({
      code: 'LEVEL_TOO_LARGE',
      message: 'level too large (max 5x9)',
      row: null,
      col: null,
    });
    expect(errorOf(rows, { maxRows: 1, maxCols: 10 }).message).toBe('level too large (max 1x10)');
    expect(parseLevel(rows, { maxRows: 2, maxCols: 10 }).ok).toBe(true);
  });

  it('the default limit allows 500x500 and more', () => {
    const rows = Array.from({ length: 500 }, () => '.'.repeat(500));
    rows[0] = 'S' + rows[0].slice(1);
    rows[499] = rows[499].slice(1) + 'E';
    expect(parseLevel(rows).ok).toBe(true);
  });

  it('runs the checks in order: the first failure is the error', () => {
    // Unequal lengths come before unknown glyphs.
    expect(errorOf(['x.', '...']).message).toBe('rows have different lengths');
    // Unknown glyph before S/E counts.
    expect(errorOf(['x..']).message).toBe("unknown glyph 'x' at row 0, col 0");
    // S before E.
    expect(errorOf(['...']).message).toBe('expected exactly one S');
    // E before duplicate keys.
    expect(errorOf(['Saa']).message).toBe('expected exactly one E');
    // Duplicate keys before the size limit.
    expect(errorOf(['SaaE'], { maxRows: 1, maxCols: 2 }).message).toBe("duplicate key 'a'");
  });

  it('accepts every glyph of the table and keeps the rows', () => {
    const rows = ['S.123456789', '><^vabcdABC', 'D#########E'];
    const result = parseLevel(rows);
    expect(result).toEqual({
      ok: true,
      value: { rows, height: 3, width: 11, start: 0, exit: 32 },
    });
  });
});
