// Dead ends (docs/rules.md: deadEnds): a fact of the layout, not of walks. Every glyph but a
// wall is an open cell here, gates and doors too. Counted on the level's search grid (its
// glyphs inside a ring of walls, compiled once and shared with the searches), so no move needs
// a bounds check.
import { searchGridOf } from '../search/search-grid.js';
import { EXIT, START, WALL } from './glyphs.js';
import type { Level } from './level.js';

const WALL_CODE = WALL.charCodeAt(0);
const START_CODE = START.charCodeAt(0);
const EXIT_CODE = EXIT.charCodeAt(0);

/** The open cells other than S and E with exactly one open neighbour inside the map. */
export function countDeadEnds(level: Level): number {
  const { stride, glyphs } = searchGridOf(level);
  let deadEnds = 0;
  for (let r = 0; r < level.height; r++) {
    const first = (r + 1) * stride + 1;
    for (let cell = first; cell < first + level.width; cell++) {
      const glyph = glyphs[cell];
      if (glyph === WALL_CODE || glyph === START_CODE || glyph === EXIT_CODE) continue;
      const open =
        +(glyphs[cell - stride] !== WALL_CODE) +
        +(glyphs[cell + 1] !== WALL_CODE) +
        +(glyphs[cell + stride] !== WALL_CODE) +
        +(glyphs[cell - 1] !== WALL_CODE);
      if (open === 1) deadEnds++;
    }
  }
  return deadEnds;
}
