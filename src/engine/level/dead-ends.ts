// Dead ends (docs/rules.md: deadEnds): a fact of the layout, not of walks. Every glyph but a
// wall is an open cell here, gates and doors too.
import { EXIT, START, WALL } from './glyphs.js';
import type { Level } from './level.js';

const WALL_CODE = WALL.charCodeAt(0);
const START_CODE = START.charCodeAt(0);
const EXIT_CODE = EXIT.charCodeAt(0);

/** The open cells other than S and E with exactly one open neighbour inside the map. */
export function countDeadEnds(level: Pick<Level, 'rows' | 'width' | 'height'>): number {
  const { rows, width, height } = level;
  // open[(r + 1) * stride + c + 1] = 1 for an open cell; the ring around the map stays 0.
  const stride = width + 2;
  const open = new Uint8Array(stride * (height + 2));
  for (let r = 0; r < height; r++) {
    const row = rows[r];
    const base = (r + 1) * stride + 1;
    for (let c = 0; c < width; c++) open[base + c] = row.charCodeAt(c) === WALL_CODE ? 0 : 1;
  }
  let deadEnds = 0;
  for (let r = 0; r < height; r++) {
    const row = rows[r];
    const base = (r + 1) * stride + 1;
    for (let c = 0; c < width; c++) {
      const cell = base + c;
      if (open[cell] === 0) continue;
      if (open[cell - stride] + open[cell + 1] + open[cell + stride] + open[cell - 1] !== 1)
        continue;
      const code = row.charCodeAt(c);
      if (code !== START_CODE && code !== EXIT_CODE) deadEnds++;
    }
  }
  return deadEnds;
}
