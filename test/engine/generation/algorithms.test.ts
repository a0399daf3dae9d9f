// Each carver on the bare wall model: without the "42" it alone makes a spanning tree; with
// it, a forest that joinComponents completes. Checked on the masks directly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARVERS } from '../../../src/engine/generation/algorithms/index.js';
import { ALGORITHMS } from '../../../src/engine/generation/options.js';
import { layPattern42 } from '../../../src/engine/generation/pattern42.js';
import { Prng } from '../../../src/engine/generation/prng.js';
import { joinComponents } from '../../../src/engine/generation/spanning.js';
import { WallGrid } from '../../../src/engine/generation/wall-grid.js';
import { gridFacts } from './maze-checks.js';

const sizes = fc.record({
  width: fc.integer({ min: 1, max: 30 }),
  height: fc.integer({ min: 1, max: 30 }),
  seed: fc.integer({ min: 0, max: 4294967295 }),
});

describe.each(ALGORITHMS)('%s', (algorithm) => {
  const carve = CARVERS[algorithm];

  it('makes a spanning tree by itself on a plain grid (1x1 to 30x30)', () => {
    fc.assert(
      fc.property(sizes, ({ width, height, seed }) => {
        const grid = new WallGrid(width, height);
        carve(grid, new Prng(seed));
        const facts = gridFacts(grid);
        expect(facts).toEqual({
          incoherent: 0,
          openBorder: 0,
          openPatternWalls: 0,
          mazeCells: width * height,
          openWalls: width * height - 1,
          pieces: 1,
        });
      }),
      { seed: 1, numRuns: 60 },
    );
  });

  it('around the "42" makes a forest, which joinComponents turns into a spanning tree', () => {
    fc.assert(
      fc.property(
        fc.record({
          width: fc.integer({ min: 9, max: 30 }),
          height: fc.integer({ min: 7, max: 30 }),
          seed: fc.integer({ min: 0, max: 4294967295 }),
        }),
        ({ width, height, seed }) => {
          const grid = new WallGrid(width, height);
          expect(layPattern42(grid)).toBe(true);
          const rng = new Prng(seed);
          carve(grid, rng);
          const forest = gridFacts(grid);
          // A forest: open walls = cells - pieces.
          expect(forest.openWalls).toBe(forest.mazeCells - forest.pieces);
          joinComponents(grid, rng);
          expect(gridFacts(grid)).toEqual({
            incoherent: 0,
            openBorder: 0,
            openPatternWalls: 0,
            mazeCells: width * height - 18,
            openWalls: width * height - 18 - 1,
            pieces: 1,
          });
        },
      ),
      { seed: 2, numRuns: 40 },
    );
  });
});

describe('joinComponents', () => {
  it('leaves a spanning tree unchanged', () => {
    const grid = new WallGrid(6, 5);
    CARVERS.prim(grid, new Prng(9));
    const before = Array.from({ length: 30 }, (_, cell) => grid.mask(cell));
    joinComponents(grid, new Prng(10));
    expect(Array.from({ length: 30 }, (_, cell) => grid.mask(cell))).toEqual(before);
  });

  it('joins separate pieces into one tree, keeping walls between regions closed', () => {
    const grid = new WallGrid(4, 4);
    // Two regions: the top two rows and the bottom two rows.
    const region = Int32Array.from({ length: 16 }, (_, cell) => (cell < 8 ? 0 : 1));
    joinComponents(grid, new Prng(3), region);
    const facts = gridFacts(grid);
    expect(facts.pieces).toBe(2);
    expect(facts.openWalls).toBe(14);
    for (let x = 0; x < 4; x++) expect(grid.isOpen(4 + x, 2)).toBe(false);
  });
});
