// The carving steps (docs/generation.md, "Carving steps"): recording them changes nothing, and
// replayed on a closed grid they give exactly the final walls. The replay here is written from
// the documented format alone (no code shared with the generator but the text decoder, which
// is checked against hand-worked values first).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALGORITHMS,
  CARVING_PHASES,
  SHAPES,
  decodeSteps,
  encodeSteps,
  generateCarving,
  generateLevel,
  type GenerationInput,
} from '../../../src/engine/generation/generate.js';
import { expected42 } from './maze-checks.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('the steps text', () => {
  it('writes each step as 3 base64url characters, most significant first', () => {
    expect(encodeSteps([0, 1, 63, 64, 4095, 4096, 249999, 262143])).toBe(
      'AAA' + 'AAB' + 'AA_' + 'ABA' + 'A__' + 'BAA' + '9CP' + '___',
    );
    // 249999 = 61 * 4096 + 2 * 64 + 15
    expect([ALPHABET[61], ALPHABET[2], ALPHABET[15]].join('')).toBe('9CP');
    expect(encodeSteps([])).toBe('');
  });

  it('reads back what it writes, and refuses anything else', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 262143 }), { maxLength: 200 }), (steps) => {
        expect([...decodeSteps(encodeSteps(steps))!]).toEqual(steps);
      }),
      { seed: 5, numRuns: 200 },
    );
    for (const bad of ['A', 'AAAA', 'AA=', 'AA+', 'AA/', 'AAé', 'AA ']) {
      expect(decodeSteps(bad)).toBeNull();
    }
    expect(() => encodeSteps([262144])).toThrow('step 262144 does not fit');
    expect(() => encodeSteps([-1])).toThrow('does not fit');
  });

  it('writes the steps of a 250x250 maze (60,000 steps and more) in one piece', () => {
    const steps = Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 262144);
    const text = encodeSteps(steps);
    expect(text.length).toBe(210_000);
    expect([...decodeSteps(text)!]).toEqual(steps);
  });
});

describe('a small maze, step by step', () => {
  it('2x2, seed 7: three walls opened by the backtracker, in its order', () => {
    const carved = generateCarving({ width: 2, height: 2, seed: 7 });
    if (!carved.ok) throw new Error(carved.error.message);
    // #####
    // #S..#   the east wall of (0,0): wall 0, opened: step 1
    // #.###   the south wall of (0,0): wall 1, opened: step 3
    // #..E#   the east wall of (0,1) (cell 2): wall 4, opened: step 9
    // #####
    expect(carved.value.rows).toEqual(['#####', '#S..#', '#.###', '#..E#', '#####']);
    expect([...carved.value.steps].sort((a, b) => a - b)).toEqual([1, 3, 9]);
    expect(carved.value.phases).toEqual([
      { phase: 'carve', start: 0, count: 3 },
      { phase: 'join', start: 3, count: 0 },
      { phase: 'keys', start: 3, count: 0 },
      { phase: 'shape', start: 3, count: 0 },
    ]);
    // Worked by hand from the PRNG (seed 7: below(4) = 3, below(2) = 1): the walk starts at
    // (1,1), whose unvisited neighbours are north and west: choice 1 is west, into (0,1)
    // (wall 4: step 9); then north, the only choice, into (0,0) (wall 1: step 3); then east
    // into (1,0) (wall 0: step 1).
    expect([...carved.value.steps]).toEqual([9, 3, 1]);
    expect(encodeSteps(carved.value.steps)).toBe('AAJ' + 'AAD' + 'AAB');
  });
});

/** Any input generateLevel takes, all options mixed, sizes mostly small. */
const side = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 2, arbitrary: fc.integer({ min: 9, max: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 70 }) },
);

function inputFor(algorithm: string, shape: string): fc.Arbitrary<GenerationInput> {
  return fc
    .record({
      width: side,
      height: side,
      seed: fc.integer({ min: 0, max: 4294967295 }),
      pattern42: fc.boolean(),
      keys: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 4 })),
      gates: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 6 })),
      terrain: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
      corners: fc.boolean(),
      entry: fc.tuple(fc.nat(), fc.nat()),
      exit: fc.tuple(fc.nat(), fc.nat()),
    })
    .map(({ width, height, seed, corners, entry, exit, ...rest }) => ({
      width,
      height,
      seed,
      options: {
        algorithm,
        shape,
        ...rest,
        // Random cells (some on the "42", some the same cell: failures are compared too).
        ...(corners
          ? {}
          : {
              entry: { x: entry[0] % width, y: entry[1] % height },
              exit: { x: exit[0] % width, y: exit[1] % height },
            }),
      },
    }));
}

/**
 * Replays `steps` on a W x H grid of glyphs with every wall closed (the "42" cells closed), as
 * docs/generation.md describes it, checking each step: a wall inside the grid, between two
 * cells that are not pattern cells, that the step really changes. Answers the glyphs.
 */
function replay(
  width: number,
  height: number,
  pattern: Set<string>,
  steps: Int32Array,
): string[][] {
  const glyphs = Array.from({ length: 2 * height + 1 }, (_, row) =>
    Array.from({ length: 2 * width + 1 }, (_, col) =>
      row % 2 === 1 && col % 2 === 1 && !pattern.has(`${(col - 1) / 2},${(row - 1) / 2}`)
        ? '.'
        : '#',
    ),
  );
  for (const step of steps) {
    const open = step % 2 === 1;
    const wall = Math.floor(step / 2);
    const cell = Math.floor(wall / 2);
    const south = wall % 2 === 1;
    const x = cell % width;
    const y = Math.floor(cell / width);
    expect(y).toBeLessThan(height);
    const [nx, ny] = south ? [x, y + 1] : [x + 1, y];
    expect(nx < width && ny < height, `step ${step} crosses the border`).toBe(true);
    expect(pattern.has(`${x},${y}`) || pattern.has(`${nx},${ny}`)).toBe(false);
    const row = south ? 2 * y + 2 : 2 * y + 1;
    const col = south ? 2 * x + 1 : 2 * x + 2;
    expect(glyphs[row][col], `step ${step} changes nothing`).toBe(open ? '#' : '.');
    glyphs[row][col] = open ? '.' : '#';
  }
  return glyphs;
}

/** The wall glyphs (one odd, one even coordinate) of rows: closed `#`, anything else open. */
function wallsOf(rows: readonly string[][] | readonly string[]): string[] {
  const walls: string[] = [];
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if ((r + c) % 2 === 1) walls.push(row[c] === '#' ? '#' : '.');
    }
  });
  return walls;
}

function checkCarving(input: GenerationInput): void {
  const plain = generateLevel(input);
  const carved = generateCarving(input);
  if (!plain.ok) {
    expect(carved).toEqual(plain);
    return;
  }
  if (!carved.ok) throw new Error(carved.error.message);
  const { rows, warnings, width, height, steps, phases } = carved.value;
  // The same level, with and without recording.
  expect({ rows, warnings }).toEqual(plain.value);
  expect([width, height]).toEqual([input.width, input.height]);

  const options = input.options as { pattern42: boolean; keys: number; shape: string };
  const fits42 = width >= 9 && height >= 7;
  const pattern = options.pattern42 && fits42 ? expected42(width, height) : new Set<string>();
  expect(wallsOf(replay(width, height, pattern, steps))).toEqual(wallsOf(rows));

  // The phases, in order, one after the other, cover every step.
  expect(phases.map(({ phase }) => phase)).toEqual([...CARVING_PHASES]);
  let next = 0;
  for (const { start, count } of phases) {
    expect(start).toBe(next);
    next += count;
  }
  expect(next).toBe(steps.length);
  const [carve, join, keys, shape] = phases;
  const opensIn = ({ start, count }: { start: number; count: number }) =>
    [...steps.subarray(start, start + count)].every((step) => step % 2 === 1);
  // Carvers and joining only open walls; after them the maze is a spanning tree.
  expect(opensIn(carve) && opensIn(join)).toBe(true);
  const mazeCells = width * height - pattern.size;
  expect(carve.count + join.count).toBe(mazeCells - 1);
  if (options.keys === 0) expect(keys.count).toBe(0);
  else expect(keys.count).toBeGreaterThan(0);
  if (options.shape === 'perfect') expect(shape.count).toBe(0);
  if (options.shape === 'imperfect') expect(opensIn(shape)).toBe(true);
}

describe('generateCarving', () => {
  for (const algorithm of ALGORITHMS) {
    for (const shape of SHAPES) {
      it(`${algorithm} ${shape}: the level of generateLevel, and steps that replay to its walls`, () => {
        fc.assert(fc.property(inputFor(algorithm, shape), checkCarving), { seed: 23, numRuns: 40 });
      });
    }
  }

  it('joins the pieces a row carver leaves under the "42" in a phase of its own', () => {
    // Sidewinder can't go north under the "42": some cells are joined afterwards.
    const found = [...Array(40).keys()].some((seed) => {
      const carved = generateCarving({
        width: 11,
        height: 9,
        seed,
        options: { algorithm: 'sidewinder', pattern42: true },
      });
      return carved.ok && carved.value.phases[1].count > 0;
    });
    expect(found).toBe(true);
  });

  it('answers the same failure as generateLevel', () => {
    const input = { width: 0, height: 5, seed: 1 };
    expect(generateCarving(input)).toEqual(generateLevel(input));
    expect(generateCarving(input).ok).toBe(false);
  });
});
