// The wall-maze layout's one home: the generator and the hex format both draw and read
// through these functions.
import { describe, expect, it } from 'vitest';
import {
  canvasRows,
  cellGlyph,
  drawMasks,
  maskOfRows,
  mazeSizeOf,
  wallGlyph,
} from '../../../src/engine/generation/glyph-layout.js';
import { EAST, NORTH, SOUTH, WEST } from '../../../src/engine/level/glyphs.js';

// A 3x2 maze (closed-wall masks, bit 0 north … 3 west): (0,0) open east and south, (1,0) and
// (1,1) open west, (0,1) open north and east, (2,0) and (2,1) closed all round.
const MASKS = [0b1001, 0b0111, 0b1111, 0b1100, 0b0111, 0b1111];

describe('glyph layout', () => {
  it('draws masks: open walls and cells `.`, a cell closed all round `#`', () => {
    const canvas = drawMasks(3, 2, MASKS);
    expect(canvasRows(canvas)).toEqual(['#######', '#...###', '#.#####', '#...###', '#######']);
    for (let cell = 0; cell < 6; cell++) {
      expect(maskOfRows(canvasRows(canvas), cell % 3, Math.floor(cell / 3))).toBe(MASKS[cell]);
    }
  });

  it('finds a cell at (2y+1, 2x+1) and its walls next to it', () => {
    const canvas = drawMasks(3, 2, MASKS);
    expect(cellGlyph(canvas, 4)).toBe(3 * 7 + 3);
    expect([NORTH, EAST, SOUTH, WEST].map((d) => wallGlyph(canvas, 4, d))).toEqual([
      2 * 7 + 3,
      3 * 7 + 4,
      4 * 7 + 3,
      3 * 7 + 2,
    ]);
  });

  it.each([
    [['###', '#.#', '###'], { width: 1, height: 1 }],
    [['#####', '#...#', '#.#.#', '#...#', '#####'], { width: 2, height: 2 }],
    [['#####', '#...#', '#####', '#####'], null],
    [['####', '#..#', '####'], null],
    [['#.###', '#...#', '#####'], null],
    [['#####', '#...#', '#...#', '#...#', '#####'], null],
    [['S.E'], null],
  ])('reads the maze size of %j as %j', (rows, size) => {
    expect(mazeSizeOf(rows)).toEqual(size);
  });
});
