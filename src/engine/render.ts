import { EXIT, PATH_MARK, START } from './level/glyphs.js';
import type { Level } from './level/level.js';

const MARK = PATH_MARK.charCodeAt(0);
const KEPT = [START.charCodeAt(0), EXIT.charCodeAt(0)];
// ASCII bytes to a string (windows-1252 agrees with ASCII on every glyph).
const ASCII = new TextDecoder('latin1');

/** The level with `*` on every cell of the walk, except S and E, which keep their glyph. */
export function renderRoute(
  level: Pick<Level, 'rows' | 'width'>,
  cells: ArrayLike<number>,
): string[] {
  // Only the rows the walk crosses are rebuilt, as char codes (a valid level's glyphs are
  // ASCII); the others are the level's own strings.
  const { rows, width } = level;
  const marked = new Map<number, Uint8Array>();
  for (let i = 0; i < cells.length; i++) {
    const r = Math.floor(cells[i] / width);
    let codes = marked.get(r);
    if (codes === undefined) {
      codes = new Uint8Array(width);
      for (let c = 0; c < width; c++) codes[c] = rows[r].charCodeAt(c);
      marked.set(r, codes);
    }
    const c = cells[i] % width;
    if (codes[c] !== KEPT[0] && codes[c] !== KEPT[1]) codes[c] = MARK;
  }
  return rows.map((row, r) => {
    const codes = marked.get(r);
    return codes === undefined ? row : ASCII.decode(codes);
  });
}

/** One string a row: `1` on each of `cells`, `0` on every other cell (a valid level's size). */
export function renderMask(
  level: Pick<Level, 'rows' | 'width'>,
  cells: ArrayLike<number>,
): string[] {
  const { rows, width } = level;
  const codes = new Uint8Array(rows.length * width).fill(ZERO);
  for (let i = 0; i < cells.length; i++) codes[cells[i]] = ONE;
  return rows.map((_row, r) => ASCII.decode(codes.subarray(r * width, (r + 1) * width)));
}

const ZERO = '0'.charCodeAt(0);
const ONE = '1'.charCodeAt(0);
