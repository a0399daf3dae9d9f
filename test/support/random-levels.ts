import fc from 'fast-check';

/** Glyphs a random level draws its cells from (S, E and keys are placed separately). */
const FILL = ['#', '#', '.', '.', '.', '.', '1', '5', '9', '>', '<', '^', 'v', 'A', 'B', 'C', 'D'];
const KEYS = ['a', 'b', 'c', 'd'];

/**
 * Cells of a walled level: half of them walls (as many as a maze has), no doors (so its keys
 * open nothing and it is searched without key layers), every other glyph.
 */
export const WALLED_FILL = ['#', '#', '#', '#', '#', '#', '.', '.', '1', '9', '>', '<', '^', 'v'];

/**
 * Valid random levels from 1x2 to `maxSide`x`maxSide` with every kind of glyph (the cells from
 * `fill`): exactly one S and one E, each key at most once (a door's key may be missing).
 */
export function randomLevel(maxSide = 15, fill = FILL): fc.Arbitrary<string[]> {
  return fc
    .record({
      height: fc.integer({ min: 1, max: maxSide }),
      width: fc.integer({ min: 1, max: maxSide }),
    })
    .filter(({ height, width }) => height * width >= 2)
    .chain(({ height, width }) => {
      const cells = height * width;
      return fc.record({
        height: fc.constant(height),
        width: fc.constant(width),
        fill: fc.array(fc.constantFrom(...fill), { minLength: cells, maxLength: cells }),
        // Distinct positions for S, E and up to four keys (a key at -1 is left out).
        places: fc.uniqueArray(fc.integer({ min: 0, max: cells - 1 }), {
          minLength: 2,
          maxLength: Math.min(6, cells),
        }),
      });
    })
    .map(({ height, width, fill, places }) => {
      const cells = [...fill];
      cells[places[0]] = 'S';
      cells[places[1]] = 'E';
      places.slice(2).forEach((place, i) => (cells[place] = KEYS[i]));
      const rows: string[] = [];
      for (let r = 0; r < height; r++) rows.push(cells.slice(r * width, (r + 1) * width).join(''));
      return rows;
    });
}
