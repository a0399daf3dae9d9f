// generateCarving (src/graphql/schema/types/carving.ts): the steps replayed on a closed grid give
// exactly the walls of the rows generateLevel stores, for every algorithm and shape; it stores
// nothing; bad input is a GenerationError; the steps are priced before anything runs.
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, SHAPES } from '../../src/service/index.js';
import { makeApp, post } from './helpers.js';

const CARVE = `query ($input: GenerateLevelInput!) {
  generateCarving(input: $input) {
    __typename
    ... on Carving { rows warnings width height steps stepCount phases { phase start count } }
    ... on GenerationError { message code }
  }
}`;

const GENERATE = `mutation ($id: ID!, $input: GenerateLevelInput!) {
  generateLevel(id: $id, input: $input) {
    ... on GeneratedLevel { level { rows } warnings }
  }
}`;

interface CarvingAnswer {
  __typename: string;
  rows: string[];
  warnings: string[];
  width: number;
  height: number;
  steps: string;
  stepCount: number;
  phases: { phase: string; start: number; count: number }[];
  message?: string;
  code?: string;
}

const upper = (name: string) => name.toUpperCase().replaceAll('-', '_');

/** The text read back by the rule of docs/generation.md, one character at a time. */
function readSteps(text: string): number[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const steps: number[] = [];
  for (let i = 0; i < text.length; i += 3) {
    const [a, b, c] = [...text.slice(i, i + 3)].map((letter) => alphabet.indexOf(letter));
    expect(Math.min(a, b, c)).toBeGreaterThanOrEqual(0);
    steps.push(4096 * a + 64 * b + c);
  }
  return steps;
}

/**
 * The steps played on the closed grid: every glyph `#` but the cells, and the cells `#` that
 * are `#` in the final rows (the "42"); each step must change its wall. Answers the glyphs as
 * walls only: `#` or `.`.
 */
function replay(rows: string[], width: number, height: number, steps: number[]): string[] {
  const glyphs = rows.map((row, r) =>
    [...row].map((glyph, c) => (r % 2 === 1 && c % 2 === 1 && glyph !== '#' ? '.' : '#')),
  );
  for (const step of steps) {
    const open = step % 2 === 1;
    const wall = Math.floor(step / 2);
    const cell = Math.floor(wall / 2);
    const [x, y] = [cell % width, Math.floor(cell / width)];
    expect(y).toBeLessThan(height);
    const [row, col] = wall % 2 === 0 ? [2 * y + 1, 2 * x + 2] : [2 * y + 2, 2 * x + 1];
    // Never the border, never a wall that is already so.
    expect(row > 0 && col > 0 && row < 2 * height && col < 2 * width).toBe(true);
    expect(glyphs[row][col]).toBe(open ? '#' : '.');
    glyphs[row][col] = open ? '.' : '#';
  }
  return glyphs.map((row) => row.join(''));
}

const wallsOf = (rows: string[]) => rows.map((row) => row.replace(/[^#]/g, '.'));

async function carve(input: Record<string, unknown>, test = makeApp()) {
  const { status, body } = await post(test.app, CARVE, { input });
  expect(body.errors).toBeUndefined();
  expect(status).toBe(200);
  return body.data!.generateCarving as CarvingAnswer;
}

describe('generateCarving', () => {
  it('replays to the walls of the rows generateLevel stores, every algorithm and shape', async () => {
    const test = makeApp();
    let seed = 11;
    for (const algorithm of ALGORITHMS) {
      for (const shape of SHAPES) {
        seed++;
        const input = {
          width: 16 + (seed % 4),
          height: 13,
          seed,
          algorithm: upper(algorithm),
          shape: upper(shape),
          pattern42: seed % 2 === 0,
          keys: seed % 3,
          gates: 1,
          terrain: 0.2,
        };
        const carving = await carve(input, test);
        expect([carving.__typename, carving.message]).toEqual(['Carving', undefined]);
        const { body } = await post(test.app, GENERATE, { id: `g${seed}`, input });
        const generated = body.data!.generateLevel as { level: { rows: string[] } };
        expect(carving.rows).toEqual(generated.level.rows);
        expect([carving.width, carving.height]).toEqual([input.width, input.height]);
        const steps = readSteps(carving.steps);
        expect(steps.length).toBe(carving.stepCount);
        expect(replay(carving.rows, carving.width, carving.height, steps)).toEqual(
          wallsOf(carving.rows),
        );
        // The phases in order, covering every step once.
        expect(carving.phases.map((phase) => phase.phase)).toEqual([
          'CARVE',
          'JOIN',
          'KEYS',
          'SHAPE',
        ]);
        let next = 0;
        for (const phase of carving.phases) {
          expect(phase.start).toBe(next);
          next += phase.count;
        }
        expect(next).toBe(steps.length);
        expect(carving.phases[2].count > 0).toBe(input.keys > 0);
        expect(carving.phases[3].count > 0).toBe(shape !== 'perfect');
      }
    }
  });

  it('answers the worked example of docs/generation.md, and stores nothing', async () => {
    const test = makeApp();
    const carving = await carve({ width: 2, height: 2, seed: 7 }, test);
    expect(carving).toEqual({
      __typename: 'Carving',
      rows: ['#####', '#S..#', '#.###', '#..E#', '#####'],
      warnings: [],
      width: 2,
      height: 2,
      steps: 'AAJAADAAB',
      stepCount: 3,
      phases: [
        { phase: 'CARVE', start: 0, count: 3 },
        { phase: 'JOIN', start: 3, count: 0 },
        { phase: 'KEYS', start: 3, count: 0 },
        { phase: 'SHAPE', start: 3, count: 0 },
      ],
    });
    expect(test.store.list(null, 10)).toEqual([]);
  });

  it('says what generateLevel says of bad input, and of a maze too small for the "42"', async () => {
    expect(await carve({ width: 0, height: 3, seed: 1 })).toEqual({
      __typename: 'GenerationError',
      message: 'width must be an integer from 1 to 250, got 0',
      code: 'INVALID_WIDTH',
    });
    const small = await carve({ width: 5, height: 3, seed: 1, pattern42: true });
    expect(small.warnings).toEqual([
      'pattern42: a 5x3 maze is too small for the 42 pattern (it needs at least 9x7 cells), generated without it',
    ]);
    // A server whose levels are smaller than the maze refuses it as a save would.
    const tight = makeApp({ service: { limits: { maxRows: 7, maxCols: 7 } } });
    expect(await carve({ width: 4, height: 3, seed: 1 }, tight)).toEqual({
      __typename: 'GenerationError',
      message: 'level too large (max 7x7)',
      code: 'LEVEL_TOO_LARGE',
    });
  });

  it('prices the steps of the largest maze before it runs, and only when they are asked', async () => {
    // 250x250: at most 4 * 62,500 steps of 3 characters, and the quotes.
    const budget = { maxSolveCost: 1e9, maxResponseBytes: 700_000 };
    const test = makeApp({ app: { budget } });
    const input = { width: 250, height: 250, seed: 3 };
    const refused = await post(test.app, CARVE, { input });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0].extensions).toEqual({
      code: 'TOO_EXPENSIVE',
      cost: 750_002 + 501 * 501 + 3 * 501 + 2,
      limit: 700_000,
      budget: 'RESPONSE_BYTES',
    });
    const rowsOnly = await post(
      test.app,
      '{ generateCarving(input: {width: 250, height: 250, seed: 3}) { ... on Carving { stepCount } } }',
    );
    expect(rowsOnly.body.errors).toBeUndefined();
    expect(rowsOnly.body.data).toEqual({ generateCarving: { stepCount: 62_499 } });
    // The solve budget counts the glyphs made.
    const small = makeApp({ app: { budget: { maxSolveCost: 24, maxResponseBytes: 1e9 } } });
    const over = await post(small.app, CARVE, { input: { width: 2, height: 2, seed: 7 } });
    expect(over.body.errors?.[0].extensions).toMatchObject({ code: 'TOO_EXPENSIVE', cost: 25 });
  });
});
