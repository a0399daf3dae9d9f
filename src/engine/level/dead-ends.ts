// Dead ends (docs/rules.md: deadEnds): a fact of the layout, not of walks. Every glyph but a
// wall is an open cell here, gates and doors too. The search of reach.ts counts them as it reads
// every cell's neighbours (the answer the service gives); this is the rule on its own, from the
// rows: for answers kept by a release whose search did not count them, and for tests.
import { EXIT, START, WALL } from './glyphs.js';
import type { Level } from './level.js';

const WALL_CODE = WALL.charCodeAt(0);
const START_CODE = START.charCodeAt(0);
const EXIT_CODE = EXIT.charCodeAt(0);

/** The open cells other than S and E with exactly one open neighbour inside the map. */
export function countDeadEnds(level: Pick<Level, 'rows' | 'width'>): number {
  const { rows, width } = level;
  // A valid level's glyphs are all ASCII: a column is a UTF-16 unit.
  const open = (r: number, c: number) =>
    r >= 0 && r < rows.length && c >= 0 && c < width && rows[r].charCodeAt(c) !== WALL_CODE;
  let deadEnds = 0;
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < width; c++) {
      const glyph = rows[r].charCodeAt(c);
      if (glyph === WALL_CODE || glyph === START_CODE || glyph === EXIT_CODE) continue;
      const neighbours = +open(r - 1, c) + +open(r, c + 1) + +open(r + 1, c) + +open(r, c - 1);
      if (neighbours === 1) deadEnds++;
    }
  }
  return deadEnds;
}
