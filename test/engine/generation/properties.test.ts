// Property tests: every algorithm x shape over many seeds and sizes (1x1 to 100x100), checked
// against the rules of docs/generation.md by maze-checks.ts (which shares no code with the generator).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../../src/engine/level/parse.js';
import { fewestSteps } from '../../../src/engine/search/fewest-steps.js';
import {
  ALGORITHMS,
  SHAPES,
  type Algorithm,
  type Shape,
  generateLevel,
  generateMaze,
} from '../../../src/engine/generation/generate.js';
import { parseGenerationInput } from '../../../src/engine/generation/options.js';
import { fail } from '../../../src/engine/result.js';
import { expected42, forcedDeadEnds, gridFacts, mazeFacts, reachableCells } from './maze-checks.js';

/** A maze asked for with the default options but the "42". */
interface Board {
  width: number;
  height: number;
  seed: number;
  pattern42: boolean;
}

/** Sizes 1..100, mostly small (cheap), sometimes large. */
const side = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 2, arbitrary: fc.integer({ min: 9, max: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 40, max: 100 }) },
);
const input: fc.Arbitrary<Board> = fc.record({
  width: side,
  height: side,
  seed: fc.integer({ min: 0, max: 4294967295 }),
  pattern42: fc.boolean(),
});

/** Every parity of the smallest size that holds the "42", with and without it: run first. */
const PARITY_EXAMPLES = [9, 10].flatMap((width) =>
  [7, 8].flatMap((height) =>
    [true, false].map((pattern42): [Board] => [{ width, height, seed: width * height, pattern42 }]),
  ),
);

function checkMaze(
  algorithm: Algorithm,
  shape: Shape,
  { width, height, seed, pattern42 }: Board,
): void {
  const options = { algorithm, shape, pattern42 };
  const result = generateLevel({ width, height, seed, options });
  if (width * height === 1) {
    expect(result).toEqual(
      fail('ENTRY_EQUALS_EXIT', 'entry and exit must be different cells, both are (0,0)'),
    );
    return;
  }
  if (!result.ok) throw new Error(result.error.message);
  const { rows, warnings } = result.value;
  // Deterministic.
  expect(generateLevel({ width, height, seed, options })).toEqual(result);

  expect(rows.length).toBe(2 * height + 1);
  expect(rows[0].length).toBe(2 * width + 1);
  const facts = mazeFacts(rows);
  expect(facts.layoutErrors).toEqual([]);

  const fits42 = width >= 9 && height >= 7;
  const pattern = pattern42 && fits42 ? expected42(width, height) : new Set<string>();
  expect(facts.closedCells).toEqual(pattern);
  expect(warnings.some((w) => w.startsWith('pattern42:'))).toBe(pattern42 && !fits42);

  // The wall model behind the rows: coherent, closed border and pattern, one piece, and the
  // rows show exactly its open walls.
  const request = parseGenerationInput({ width, height, seed, options });
  const maze = request.ok && generateMaze(request.value);
  if (!maze || !maze.ok) throw new Error('expected a maze');
  expect(gridFacts(maze.value.grid)).toEqual({
    incoherent: 0,
    openBorder: 0,
    openPatternWalls: 0,
    mazeCells: facts.mazeCells,
    openWalls: facts.openWalls,
    pieces: 1,
  });

  // Every maze cell is connected.
  expect(facts.reachable).toBe(facts.mazeCells);
  expect(facts.openBlocks).toEqual([]);

  if (shape === 'perfect') expect(facts.loops).toBe(0);
  if (shape === 'imperfect') {
    if (width >= 2 && height >= 2) expect(facts.loops).toBeGreaterThanOrEqual(1);
    else expect(warnings.some((w) => w.startsWith('imperfect:'))).toBe(true);
  }
  if (shape === 'braid') {
    // Only the dead ends nothing can remove are left, and there are at most 2 of those.
    expect(facts.deadEnds).toBe(forcedDeadEnds(width, height, pattern));
    expect(facts.deadEnds).toBeLessThanOrEqual(2);
    if (facts.loops < 2) expect(warnings.some((w) => w.startsWith('braid:'))).toBe(true);
    if (Math.min(width, height) >= 2 && width * height >= 6) {
      expect(facts.loops).toBeGreaterThanOrEqual(2);
    }
  }

  const parsed = parseLevel(rows);
  if (!parsed.ok) throw new Error(parsed.error.message);
  expect(fewestSteps(parsed.value)).not.toBeNull();
}

describe('generated mazes', () => {
  for (const algorithm of ALGORITHMS) {
    for (const shape of SHAPES) {
      it(`${algorithm} ${shape}`, () => {
        fc.assert(
          fc.property(input, (value) => checkMaze(algorithm, shape, value)),
          { seed: 20240601, numRuns: 60, examples: PARITY_EXAMPLES },
        );
      });
    }
  }
});

// Issue 15: the centre cell (W//2, H//2) and the four corners are open cells reachable from
// the entry at every size from 9x7 up, odd or even, with or without the "42"; with it, the
// gap of its middle row (`###.###`) is the centre. Sizes are sampled (every parity of the
// smallest size first, then random ones up to 40x40) to keep it to a second or two.
const boardInput: fc.Arbitrary<Board> = fc.record({
  width: fc.integer({ min: 9, max: 40 }),
  height: fc.integer({ min: 7, max: 40 }),
  seed: fc.integer({ min: 0, max: 4294967295 }),
  pattern42: fc.boolean(),
});

function checkCentre(
  algorithm: Algorithm,
  shape: Shape,
  { width, height, seed, pattern42 }: Board,
): void {
  const result = generateLevel({ width, height, seed, options: { algorithm, shape, pattern42 } });
  if (!result.ok) throw new Error(result.error.message);
  const { rows } = result.value;
  const centreX = Math.floor(width / 2);
  const centreY = Math.floor(height / 2);
  const fromEntry = reachableCells(rows, 0, 0);
  for (const [x, y] of [
    [centreX, centreY],
    [0, 0],
    [width - 1, 0],
    [0, height - 1],
    [width - 1, height - 1],
  ]) {
    expect(fromEntry.has(`${x},${y}`), `cell (${x},${y}) of ${width}x${height}`).toBe(true);
  }
  if (pattern42) {
    const middleRow = [-3, -2, -1, 0, 1, 2, 3]
      .map((dx) => rows[2 * centreY + 1][2 * (centreX + dx) + 1])
      .map((glyph) => (glyph === '#' ? '#' : '.'))
      .join('');
    expect(middleRow).toBe('###.###');
    expect(mazeFacts(rows).closedCells).toEqual(expected42(width, height));
  }
}

describe('the centre cell and the corners', () => {
  for (const algorithm of ALGORITHMS) {
    for (const shape of SHAPES) {
      it(`${algorithm} ${shape}: open, reachable from the entry; the "42" leaves the centre open`, () => {
        fc.assert(
          fc.property(boardInput, (value) => checkCentre(algorithm, shape, value)),
          { seed: 15, numRuns: 20, examples: PARITY_EXAMPLES },
        );
      });
    }
  }
});
