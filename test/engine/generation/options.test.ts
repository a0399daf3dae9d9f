import { describe, expect, it } from 'vitest';
import { generateLevel } from '../../../src/engine/generation/generate.js';

const ALGORITHM_LIST =
  'backtracker, growing-tree, prim, kruskal, wilson, aldous-broder, hunt-and-kill, eller, sidewinder, binary-tree';

describe('generateLevel input errors (exact texts)', () => {
  const error = (input: { width: unknown; height: unknown; seed: unknown; options?: unknown }) =>
    generateLevel(input);

  it.each([
    [{ width: 0, height: 5, seed: 1 }, 'width must be an integer from 1 to 250, got 0'],
    [{ width: 251, height: 5, seed: 1 }, 'width must be an integer from 1 to 250, got 251'],
    [{ width: 2.5, height: 5, seed: 1 }, 'width must be an integer from 1 to 250, got 2.5'],
    [{ width: '10', height: 5, seed: 1 }, 'width must be an integer from 1 to 250, got "10"'],
    [
      { width: undefined, height: 5, seed: 1 },
      'width must be an integer from 1 to 250, got nothing',
    ],
    [{ width: 5, height: null, seed: 1 }, 'height must be an integer from 1 to 250, got null'],
    [{ width: 5, height: 5, seed: -1 }, 'seed must be an integer from 0 to 4294967295, got -1'],
    [
      { width: 5, height: 5, seed: 4294967296 },
      'seed must be an integer from 0 to 4294967295, got 4294967296',
    ],
    [{ width: 5, height: 5, seed: NaN }, 'seed must be an integer from 0 to 4294967295, got NaN'],
    [{ width: 5, height: 5, seed: 1, options: [] }, 'options must be an object, got a list'],
    [{ width: 5, height: 5, seed: 1, options: 'braid' }, 'options must be an object, got "braid"'],
    [
      { width: 5, height: 5, seed: 1, options: { size: 3 } },
      "unknown option 'size' (options are algorithm, shape, pattern42, entry, exit, terrain, gates, keys)",
    ],
    [
      { width: 5, height: 5, seed: 1, options: { algorithm: 'dfs' } },
      `algorithm must be one of ${ALGORITHM_LIST}, got "dfs"`,
    ],
    [
      { width: 5, height: 5, seed: 1, options: { algorithm: 'BACKTRACKER' } },
      `algorithm must be one of ${ALGORITHM_LIST}, got "BACKTRACKER"`,
    ],
    [
      { width: 5, height: 5, seed: 1, options: { shape: 'round' } },
      'shape must be one of perfect, imperfect, braid, got "round"',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { pattern42: 'yes' } },
      'pattern42 must be true or false, got "yes"',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { entry: [1, 2] } },
      'entry must be a cell {"x": column, "y": row} with integer x and y, got a list',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { entry: { x: 1 } } },
      'entry must be a cell {"x": column, "y": row} with integer x and y, got an object',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { exit: { x: 1, y: 2, z: 3 } } },
      'exit must be a cell {"x": column, "y": row} with integer x and y, got an object',
    ],
    [
      { width: 5, height: 4, seed: 1, options: { exit: { x: 5, y: 0 } } },
      'exit (5,0) is outside the 5x4 maze (x from 0 to 4, y from 0 to 3)',
    ],
    [
      { width: 5, height: 4, seed: 1, options: { entry: { x: 0, y: -1 } } },
      'entry (0,-1) is outside the 5x4 maze (x from 0 to 4, y from 0 to 3)',
    ],
    [
      { width: 5, height: 4, seed: 1, options: { entry: { x: 4, y: 3 } } },
      'entry and exit must be different cells, both are (4,3)',
    ],
    [{ width: 1, height: 1, seed: 1 }, 'entry and exit must be different cells, both are (0,0)'],
    [
      { width: 5, height: 5, seed: 1, options: { terrain: 1.5 } },
      'terrain must be a number from 0 to 1, got 1.5',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { gates: -2 } },
      'gates must be an integer from 0 to 62500, got -2',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { keys: 5 } },
      'keys must be an integer from 0 to 4, got 5',
    ],
    [
      { width: 9, height: 7, seed: 1, options: { pattern42: true, entry: { x: 1, y: 1 } } },
      'entry (1,1) is a cell of the 42 pattern',
    ],
    [
      { width: 9, height: 7, seed: 1, options: { pattern42: true, exit: { x: 7, y: 5 } } },
      'exit (7,5) is a cell of the 42 pattern',
    ],
    [
      { width: 3, height: 3, seed: 1, options: { gates: 20 } },
      'gates: this maze has room for only 8 gates, asked for 20',
    ],
    [
      { width: 2, height: 2, seed: 1, options: { keys: 2 } },
      'keys: no room for 2 doors between entry (0,0) and exit (1,1) in this 2x2 maze: each door seals a whole row or column boundary between them and each locked section needs room for its key (try fewer keys, a larger maze or entry and exit further apart)',
    ],
  ])('%j -> %s', (input, message) => {
    expect(error(input)).toEqual({ ok: false, error: message });
  });

  it('takes null for options and for each option as "use the default"', () => {
    const plain = generateLevel({ width: 6, height: 4, seed: 9 });
    expect(generateLevel({ width: 6, height: 4, seed: 9, options: null })).toEqual(plain);
    expect(
      generateLevel({
        width: 6,
        height: 4,
        seed: 9,
        options: {
          algorithm: null,
          shape: null,
          pattern42: null,
          entry: null,
          exit: null,
          terrain: null,
          gates: null,
          keys: null,
        },
      }),
    ).toEqual(plain);
    expect(
      generateLevel({
        width: 6,
        height: 4,
        seed: 9,
        options: { algorithm: 'backtracker', shape: 'perfect', entry: { x: 0, y: 0 } },
      }),
    ).toEqual(plain);
  });

  it('accepts the limits themselves', () => {
    expect(generateLevel({ width: 1, height: 2, seed: 0 }).ok).toBe(true);
    expect(generateLevel({ width: 250, height: 1, seed: 4294967295 }).ok).toBe(true);
    expect(generateLevel({ width: 4, height: 4, seed: 0, options: { terrain: 1 } }).ok).toBe(true);
  });
});
