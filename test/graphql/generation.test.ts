import { describe, expect, it } from 'vitest';
import { generateLevel } from '../../src/engine/generation/generate.js';
import { run } from '../../src/service/run.js';
import { INTRO, makeApp, post } from './helpers.js';

const GENERATE = `mutation ($id: ID!, $input: GenerateLevelInput!) {
  generateLevel(id: $id, input: $input) {
    __typename
    ... on GeneratedLevel { level { id version rows width height steps } warnings }
    ... on Error { message }
    ... on GenerationError { code }
  }
}`;

type Generated = {
  __typename: string;
  level?: { id: string; version: number; rows: string[]; width: number; height: number };
  warnings?: string[];
  message?: string;
};

async function generate(input: Record<string, unknown>, id = 'g') {
  const test = makeApp();
  const { body } = await post(test.app, GENERATE, { id, input });
  expect(body.errors).toBeUndefined();
  return { ...test, result: body.data!.generateLevel as Generated };
}

/** What `run` stores for the same generation (its "level" output). */
function rowsByRun(width: number, height: number, seed: number, options?: object): unknown {
  return run([
    ['generate', 'g', width, height, seed, ...(options ? [options] : [])],
    ['level', 'g'],
  ]);
}

describe('generateLevel', () => {
  it('stores the level run() generates, with the defaults', async () => {
    const { result } = await generate({ width: 4, height: 3, seed: 7 });
    const [ok, rows] = rowsByRun(4, 3, 7) as [string, string[]];
    expect(ok).toBe('ok');
    expect(result).toEqual({
      __typename: 'GeneratedLevel',
      level: { id: 'g', version: 1, rows, width: 9, height: 7, steps: expect.any(Number) },
      warnings: [],
    });
  });

  it('maps every option, enums in upper snake case, onto the engine', async () => {
    const options = {
      algorithm: 'growing-tree',
      shape: 'braid',
      pattern42: true,
      entry: { x: 0, y: 1 },
      exit: { x: 11, y: 8 },
      terrain: 0.25,
      gates: 2,
      keys: 1,
    };
    const { result } = await generate({
      width: 12,
      height: 9,
      seed: 4294967295, // past GraphQL's Int
      ...options,
      algorithm: 'GROWING_TREE',
      shape: 'BRAID',
    });
    expect(result.__typename).toBe('GeneratedLevel');
    expect(['ok', result.level!.rows]).toEqual(rowsByRun(12, 9, 4294967295, options));
  });

  it.each([
    ['BACKTRACKER', 'backtracker'],
    ['GROWING_TREE', 'growing-tree'],
    ['PRIM', 'prim'],
    ['KRUSKAL', 'kruskal'],
    ['WILSON', 'wilson'],
    ['ALDOUS_BRODER', 'aldous-broder'],
    ['HUNT_AND_KILL', 'hunt-and-kill'],
    ['ELLER', 'eller'],
    ['SIDEWINDER', 'sidewinder'],
    ['BINARY_TREE', 'binary-tree'],
  ])("algorithm %s is the engine's %s", async (graphqlName, engineName) => {
    const { result } = await generate({ width: 6, height: 5, seed: 3, algorithm: graphqlName });
    expect(['ok', result.level!.rows]).toEqual(rowsByRun(6, 5, 3, { algorithm: engineName }));
  });

  it('answers the engine warning when the maze is too small for the "42"', async () => {
    const { result } = await generate({ width: 3, height: 2, seed: 7, pattern42: true });
    const engine = generateLevel({ width: 3, height: 2, seed: 7, options: { pattern42: true } });
    expect(engine.ok && engine.value.warnings.length).toBe(1);
    expect(result.warnings).toEqual(engine.ok && engine.value.warnings);
  });

  it('gives the same rows for the same input; again on the same id, it stores nothing', async () => {
    const { app } = makeApp();
    const input = { width: 5, height: 5, seed: 11, shape: 'IMPERFECT' };
    const first = (await post(app, GENERATE, { id: 'g', input })).body.data!.generateLevel;
    const other = (await post(app, GENERATE, { id: 'h', input })).body.data!.generateLevel;
    const second = (await post(app, GENERATE, { id: 'g', input })).body.data!.generateLevel;
    expect((first as Generated).level!.version).toBe(1);
    expect((other as Generated).level!.rows).toEqual((first as Generated).level!.rows);
    // The same rows (and no name or tags asked): the current version, not a new one.
    expect((second as Generated).level).toEqual((first as Generated).level);
  });

  it.each([
    [{ width: 0, height: 3, seed: 1 }, 0, 3, 1, undefined, 'INVALID_WIDTH'],
    [{ width: 3, height: 3, seed: 1.5 }, 3, 3, 1.5, undefined, 'INVALID_SEED'],
    [{ width: 3, height: 3, seed: -1 }, 3, 3, -1, undefined, 'INVALID_SEED'],
    [
      { width: 3, height: 3, seed: 1, entry: { x: 2, y: 2 } },
      3,
      3,
      1,
      { entry: { x: 2, y: 2 } },
      'ENTRY_EQUALS_EXIT',
    ],
    [
      { width: 3, height: 3, seed: 1, exit: { x: 3, y: 0 } },
      3,
      3,
      1,
      { exit: { x: 3, y: 0 } },
      'INVALID_EXIT',
    ],
    [{ width: 3, height: 3, seed: 1, keys: 9 }, 3, 3, 1, { keys: 9 }, 'INVALID_KEYS'],
    [{ width: 3, height: 3, seed: 1, terrain: 2 }, 3, 3, 1, { terrain: 2 }, 'INVALID_TERRAIN'],
  ])(
    'answers a GenerationError with the engine text for %j, storing nothing',
    async (input, width, height, seed, options, code) => {
      const { app } = makeApp();
      await post(app, 'mutation { loadLevel(id: "g", rows: ["SE"]) { __typename } }');
      const { body } = await post(app, GENERATE, { id: 'g', input });
      const [error] = run([['generate', 'g', width, height, seed, ...(options ? [options] : [])]]);
      expect(error).toMatch(/^error: /);
      expect(body.data!.generateLevel).toEqual({
        __typename: 'GenerationError',
        message: (error as string).slice('error: '.length),
        code,
      });
      expect((await post(app, '{ level(id: "g") { version rows } }')).body.data).toEqual({
        level: { version: 1, rows: ['SE'] },
      });
    },
  );

  it('rejects an unknown enum value before the engine sees it', async () => {
    const { app } = makeApp();
    const { body } = await post(app, GENERATE, {
      id: 'g',
      input: { width: 3, height: 3, seed: 1, algorithm: 'growing-tree' },
    });
    expect(body.errors!.map((error) => error.message)).toEqual([
      'Variable "$input" got invalid value "growing-tree" at "input.algorithm"; Value "growing-tree" does not exist in "MazeAlgorithm" enum. Did you mean the enum value "GROWING_TREE"?',
    ]);
  });

  it("replaces a loaded level, whose answers are then the new version's", async () => {
    const { app } = makeApp();
    await post(
      app,
      `mutation { loadLevel(id: "g", rows: ${JSON.stringify(INTRO)}) { __typename } }`,
    );
    await post(app, GENERATE, { id: 'g', input: { width: 2, height: 1, seed: 5 } });
    expect((await post(app, '{ level(id: "g") { version rows steps } }')).body.data).toEqual({
      level: { version: 2, rows: ['#####', '#S.E#', '#####'], steps: 2 },
    });
  });
});
