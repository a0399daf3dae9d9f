// Golden outputs: generated once, checked by eye, pinned byte for byte. They change only when
// the PRNG, a carver, a shape or a feature changes — which changes every stored seed's level,
// so such a change must be deliberate (and documented).
import { describe, expect, it } from 'vitest';
import { generateLevel, type GenerationInput } from '../../../src/engine/generation/generate.js';

/** generateLevel's result with its value's rows and warnings beside `ok`, as pinned below. */
function generated(input: GenerationInput) {
  const result = generateLevel(input);
  return result.ok ? { ok: true, ...result.value } : result;
}

describe('golden levels', () => {
  it('8x5, seed 1, all defaults (backtracker, perfect)', () => {
    expect(generated({ width: 8, height: 5, seed: 1 })).toEqual({
      ok: true,
      rows: [
        '#################',
        '#S..........#...#',
        '#########.#.###.#',
        '#...#.#...#...#.#',
        '#.#.#.#.#####.#.#',
        '#.#...#.#.....#.#',
        '#.#####.#.#####.#',
        '#.#.....#.#...#.#',
        '#.###.###.#.#.#.#',
        '#.....#.....#..E#',
        '#################',
      ],
      warnings: [],
    });
  });

  it('9x7, seed 42, kruskal braid with the "42"', () => {
    expect(
      generated({
        width: 9,
        height: 7,
        seed: 42,
        options: { algorithm: 'kruskal', shape: 'braid', pattern42: true },
      }),
    ).toEqual({
      ok: true,
      rows: [
        '###################',
        '#S................#',
        '#.###.###.#######.#',
        '#.###...#.#######.#',
        '#.###.#.#.#######.#',
        '#.###...#.....###.#',
        '#.#######.#######.#',
        '#.#######.#######.#',
        '#.#######.#######.#',
        '#.....###.###.....#',
        '#.###.###.#######.#',
        '#.....###.#######.#',
        '#.###.###.#######.#',
        '#................E#',
        '###################',
      ],
      warnings: [],
    });
  });

  it('10x8, seed 1, the "42" at an even size: its middle-row gap is the centre cell (5,4)', () => {
    expect(generated({ width: 10, height: 8, seed: 1, options: { pattern42: true } })).toEqual({
      ok: true,
      rows: [
        '#####################',
        '#S....#.....#.......#',
        '###.#.###.#.#.#######',
        '#...#...#.#.#.......#',
        '#.#####.#.#.#######.#',
        '#.#.###...#.#######.#',
        '#.#.#######.#######.#',
        '#...###.........###.#',
        '###########.#######.#',
        '#...#######.#######.#',
        '###.#######.#######.#',
        '#...#...###.###.....#',
        '#.#.###.###.#######.#',
        '#.#.....###.#######.#',
        '#.#########.#######.#',
        '#..................E#',
        '#####################',
      ],
      warnings: [],
    });
  });

  it('7x6, seed 7, wilson imperfect with 2 keys, 3 gates and 20% terrain', () => {
    expect(
      generated({
        width: 7,
        height: 6,
        seed: 7,
        options: { algorithm: 'wilson', shape: 'imperfect', keys: 2, gates: 3, terrain: 0.2 },
      }),
    ).toEqual({
      ok: true,
      rows: [
        '###############',
        '#S#5#..b#...#.#',
        '#v#.#7###.#.#.#',
        '#7#.#...#.8.38#',
        '#.#2#.#####5#v#',
        '#...#7#.#...#3#',
        '#.###.#.#.#7#.#',
        '#7#.#4#.#...#2#',
        '#.#.#.#.#####.#',
        '#...#8..#.#...#',
        '#v#.###.#.#.#.#',
        '#.#aA...B...#E#',
        '###############',
      ],
      warnings: [],
    });
  });

  it('6x4, seed 0, eller', () => {
    expect(generated({ width: 6, height: 4, seed: 0, options: { algorithm: 'eller' } })).toEqual({
      ok: true,
      rows: [
        '#############',
        '#S....#...#.#',
        '#####.#.###.#',
        '#.........#.#',
        '#.###.#.#.#.#',
        '#...#.#.#...#',
        '#.#######.###',
        '#.......#..E#',
        '#############',
      ],
      warnings: [],
    });
  });

  it('5x3 with the "42" asked for: generated without it, with a warning', () => {
    const result = generated({ width: 5, height: 3, seed: 5, options: { pattern42: true } });
    expect(result.ok && result.warnings).toEqual([
      'pattern42: a 5x3 maze is too small for the 42 pattern (it needs at least 9x7 cells), generated without it',
    ]);
    expect(result.ok && result.rows).toEqual(
      (generated({ width: 5, height: 3, seed: 5 }) as { rows: string[] }).rows,
    );
  });

  it('shapes that do not fit say so', () => {
    expect(generated({ width: 1, height: 6, seed: 5, options: { shape: 'imperfect' } })).toEqual({
      ok: true,
      rows: [
        '###',
        '#S#',
        '#.#',
        '#.#',
        '#.#',
        '#.#',
        '#.#',
        '#.#',
        '#.#',
        '#.#',
        '#.#',
        '#E#',
        '###',
      ],
      warnings: ['imperfect: a 1x6 maze has no room for a loop, generated perfect'],
    });
    expect(generated({ width: 2, height: 2, seed: 5, options: { shape: 'braid' } })).toEqual({
      ok: true,
      rows: ['#####', '#S..#', '#.#.#', '#..E#', '#####'],
      warnings: ['braid: a 2x2 maze has room for only 1 independent loop'],
    });
  });
});
