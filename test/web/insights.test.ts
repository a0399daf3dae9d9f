// The page's part of the insights (web/src/insights.ts): the dead-end cells against a plain
// restatement of SPEC §5.2's definition on random levels, the needed keys' cells, the words
// for the shortest-walk count, and the overlay toggles.
import { describe, expect, it } from 'vitest';
import {
  InsightLayers,
  WALKS_CAP,
  deadEndCells,
  glyphCells,
  insightsOf,
  maskCells,
  walksText,
} from '../../web/src/insights.js';

/** A seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('dead ends', () => {
  it('are the cells but S, E and walls with exactly one open neighbour, on random levels', () => {
    const next = random(23);
    const glyphs = '##....a>A3';
    for (let trial = 0; trial < 300; trial++) {
      const height = 1 + Math.floor(next() * 7);
      const width = 1 + Math.floor(next() * 7);
      const cells = Array.from({ length: height }, () =>
        Array.from({ length: width }, () => glyphs[Math.floor(next() * glyphs.length)]),
      );
      cells[Math.floor(next() * height)][Math.floor(next() * width)] = 'S';
      const rows = cells.map((row) => row.join(''));
      const expected: { row: number; col: number }[] = [];
      for (let row = 0; row < height; row++) {
        for (let col = 0; col < width; col++) {
          if ('#SE'.includes(cells[row][col])) continue;
          const open = [
            [row - 1, col],
            [row, col + 1],
            [row + 1, col],
            [row, col - 1],
          ].filter(([r, c]) => cells[r]?.[c] !== undefined && cells[r][c] !== '#');
          if (open.length === 1) expected.push({ row, col });
        }
      }
      expect(deadEndCells(rows), rows.join('/')).toEqual(expected);
    }
  });

  it('are none for a lone cell, and the end of a corridor for S.# over #.#', () => {
    expect(deadEndCells(['.'])).toEqual([]);
    expect(deadEndCells(['S.#', '#.#'])).toEqual([{ row: 1, col: 1 }]);
  });
});

describe('insightsOf', () => {
  it('keeps the server’s answers and finds the cells to mark (none asked when there are none)', () => {
    // The door's cell (2, 0) is the one dead end: gates and doors count as open cells.
    const rows = ['S.a#', '##b#', 'A..E'];
    expect(glyphCells(rows, ['a', 'b'])).toEqual([
      { row: 0, col: 2 },
      { row: 1, col: 2 },
    ]);
    const insights = insightsOf(rows, {
      neededKeys: ['b'],
      deadEnds: 1,
      shortestWalks: 3,
      unreachableMask: ['0000', '0000', '0000'],
    });
    expect(insights).toEqual({
      unreachable: [],
      neededKeys: ['b'],
      deadEnds: 1,
      shortestWalks: 3,
      deadEndCells: [{ row: 2, col: 0 }],
      neededKeyCells: [{ row: 1, col: 2 }],
    });
    const none = insightsOf(rows, { neededKeys: [], deadEnds: 0, unreachableMask: [] });
    expect([none.deadEndCells, none.neededKeyCells, none.shortestWalks]).toEqual([[], [], null]);
  });
});

describe('maskCells', () => {
  it('finds every cell marked 1, row-major, however many', () => {
    expect(maskCells(['0110', '0000', '1001'])).toEqual([
      { row: 0, col: 1 },
      { row: 0, col: 2 },
      { row: 2, col: 0 },
      { row: 2, col: 3 },
    ]);
    expect(maskCells([])).toEqual([]);
    const full = maskCells(Array.from({ length: 300 }, () => '1'.repeat(300)));
    expect([full.length, full[299], full[300]]).toEqual([
      90_000,
      { row: 0, col: 299 },
      { row: 1, col: 0 },
    ]);
  });
});

describe('walksText', () => {
  it('says unique, a count with separators, or the cap with "or more"', () => {
    expect(walksText(1)).toBe('unique solution');
    expect(walksText(2)).toBe('2 shortest walks');
    expect(walksText(12_345)).toBe('12,345 shortest walks');
    expect(walksText(WALKS_CAP - 1)).toBe('999,999 shortest walks');
    expect(walksText(WALKS_CAP)).toBe('1,000,000 or more shortest walks');
    expect(walksText(null)).toBe('');
  });
});

describe('InsightLayers', () => {
  it('draws the cells of the overlays that are on, and tells its views', () => {
    const layers = new InsightLayers();
    // Dead ends start off (a maze is mostly dead ends); the others on.
    expect(['unreachable', 'neededKeys', 'deadEnds'].map((l) => layers.shown(l as never))).toEqual([
      true,
      true,
      false,
    ]);
    layers.toggle('deadEnds');
    let heard = 0;
    layers.subscribe(() => heard++);
    const insights = insightsOf(['S.a', '##.', 'E..'], {
      neededKeys: ['a'],
      deadEnds: 1,
      unreachableMask: ['000', '000', '100'],
    });
    expect(layers.marks(insights)).toEqual({
      unreachable: [{ row: 2, col: 0 }],
      neededKeys: [{ row: 0, col: 2 }],
      deadEnds: insights.deadEndCells,
    });
    layers.toggle('unreachable');
    layers.toggle('deadEnds');
    expect(heard).toBe(2);
    expect(layers.shown('unreachable')).toBe(false);
    expect(layers.marks(insights)).toEqual({
      unreachable: [],
      neededKeys: [{ row: 0, col: 2 }],
      deadEnds: [],
    });
    expect(layers.marks(null)).toBeNull();
  });
});
