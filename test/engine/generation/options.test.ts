import { describe, expect, it } from 'vitest';
import {
  GENERATION_ERROR_CODES,
  type GenerationErrorCode,
  generateLevel,
  type GenerationInput,
} from '../../../src/engine/generation/generate.js';
import { fail } from '../../../src/engine/result.js';

const ALGORITHM_LIST =
  'backtracker, growing-tree, prim, kruskal, wilson, aldous-broder, hunt-and-kill, eller, sidewinder, binary-tree';

describe('generateLevel errors (codes and exact texts)', () => {
  const cases = [
    [
      { width: 0, height: 5, seed: 1 },
      'INVALID_WIDTH',
      'width must be an integer from 1 to 250, got 0',
    ],
    [
      { width: 251, height: 5, seed: 1 },
      'INVALID_WIDTH',
      'width must be an integer from 1 to 250, got 251',
    ],
    [
      { width: 2.5, height: 5, seed: 1 },
      'INVALID_WIDTH',
      'width must be an integer from 1 to 250, got 2.5',
    ],
    [
      { width: '10', height: 5, seed: 1 },
      'INVALID_WIDTH',
      'width must be an integer from 1 to 250, got "10"',
    ],
    [
      { width: undefined, height: 5, seed: 1 },
      'INVALID_WIDTH',
      'width must be an integer from 1 to 250, got nothing',
    ],
    [
      { width: 5, height: null, seed: 1 },
      'INVALID_HEIGHT',
      'height must be an integer from 1 to 250, got null',
    ],
    [
      { width: 5, height: 5, seed: -1 },
      'INVALID_SEED',
      'seed must be an integer from 0 to 4294967295, got -1',
    ],
    [
      { width: 5, height: 5, seed: 4294967296 },
      'INVALID_SEED',
      'seed must be an integer from 0 to 4294967295, got 4294967296',
    ],
    [
      { width: 5, height: 5, seed: NaN },
      'INVALID_SEED',
      'seed must be an integer from 0 to 4294967295, got NaN',
    ],
    [
      { width: 5, height: 5, seed: 1, options: [] },
      'INVALID_OPTIONS',
      'options must be an object, got a list',
    ],
    [
      { width: 5, height: 5, seed: 1, options: 'braid' },
      'INVALID_OPTIONS',
      'options must be an object, got "braid"',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { size: 3 } },
      'UNKNOWN_OPTION',
      "unknown option 'size' (options are algorithm, shape, pattern42, entry, exit, terrain, gates, keys)",
    ],
    [
      { width: 5, height: 5, seed: 1, options: { algorithm: 'dfs' } },
      'INVALID_ALGORITHM',
      `algorithm must be one of ${ALGORITHM_LIST}, got "dfs"`,
    ],
    [
      { width: 5, height: 5, seed: 1, options: { algorithm: 'BACKTRACKER' } },
      'INVALID_ALGORITHM',
      `algorithm must be one of ${ALGORITHM_LIST}, got "BACKTRACKER"`,
    ],
    [
      { width: 5, height: 5, seed: 1, options: { shape: 'round' } },
      'INVALID_SHAPE',
      'shape must be one of perfect, imperfect, braid, got "round"',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { pattern42: 'yes' } },
      'INVALID_PATTERN42',
      'pattern42 must be true or false, got "yes"',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { entry: [1, 2] } },
      'INVALID_ENTRY',
      'entry must be a cell {"x": column, "y": row} with integer x and y, got a list',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { entry: { x: 1 } } },
      'INVALID_ENTRY',
      'entry must be a cell {"x": column, "y": row} with integer x and y, got an object',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { exit: { x: 1, y: 2, z: 3 } } },
      'INVALID_EXIT',
      'exit must be a cell {"x": column, "y": row} with integer x and y, got an object',
    ],
    [
      { width: 5, height: 4, seed: 1, options: { exit: { x: 5, y: 0 } } },
      'INVALID_EXIT',
      'exit (5,0) is outside the 5x4 maze (x from 0 to 4, y from 0 to 3)',
    ],
    [
      { width: 5, height: 4, seed: 1, options: { entry: { x: 0, y: -1 } } },
      'INVALID_ENTRY',
      'entry (0,-1) is outside the 5x4 maze (x from 0 to 4, y from 0 to 3)',
    ],
    [
      { width: 5, height: 4, seed: 1, options: { entry: { x: 4, y: 3 } } },
      'ENTRY_EQUALS_EXIT',
      'entry and exit must be different cells, both are (4,3)',
    ],
    [
      { width: 1, height: 1, seed: 1 },
      'ENTRY_EQUALS_EXIT',
      'entry and exit must be different cells, both are (0,0)',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { terrain: 1.5 } },
      'INVALID_TERRAIN',
      'terrain must be a number from 0 to 1, got 1.5',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { gates: -2 } },
      'INVALID_GATES',
      'gates must be an integer from 0 to 62500, got -2',
    ],
    [
      { width: 5, height: 5, seed: 1, options: { keys: 5 } },
      'INVALID_KEYS',
      'keys must be an integer from 0 to 4, got 5',
    ],
    [
      { width: 9, height: 7, seed: 1, options: { pattern42: true, entry: { x: 1, y: 1 } } },
      'ON_PATTERN',
      'entry (1,1) is a cell of the 42 pattern',
    ],
    [
      { width: 9, height: 7, seed: 1, options: { pattern42: true, exit: { x: 7, y: 5 } } },
      'ON_PATTERN',
      'exit (7,5) is a cell of the 42 pattern',
    ],
    [
      { width: 3, height: 3, seed: 1, options: { gates: 20 } },
      'NO_ROOM',
      'gates: this maze has room for only 8 gates, asked for 20',
    ],
    [
      { width: 2, height: 2, seed: 1, options: { keys: 2 } },
      'NO_ROOM',
      'keys: no room for 2 doors between entry (0,0) and exit (1,1) in this 2x2 maze: each door seals a whole row or column boundary between them and each locked section needs room for its key (try fewer keys, a larger maze or entry and exit further apart)',
    ],
  ] satisfies Array<[GenerationInput, GenerationErrorCode, string]>;

  it.each(cases)('%j -> %s: %s', (input, code, message) => {
    expect(generateLevel(input)).toEqual(fail(code, message));
  });

  it('has a case for every code, and one code per checked input (options from OPTION_NAMES)', () => {
    expect(new Set(cases.map(([, code]) => code))).toEqual(new Set(GENERATION_ERROR_CODES));
    expect(GENERATION_ERROR_CODES).toEqual([
      'INVALID_WIDTH',
      'INVALID_HEIGHT',
      'INVALID_SEED',
      'INVALID_OPTIONS',
      'UNKNOWN_OPTION',
      'INVALID_ALGORITHM',
      'INVALID_SHAPE',
      'INVALID_PATTERN42',
      'INVALID_ENTRY',
      'INVALID_EXIT',
      'INVALID_TERRAIN',
      'INVALID_GATES',
      'INVALID_KEYS',
      'ENTRY_EQUALS_EXIT',
      'ON_PATTERN',
      'NO_ROOM',
    ]);
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
