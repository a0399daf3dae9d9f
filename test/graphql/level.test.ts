import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/service/run.js';
import { INTRO, makeApp, post } from './helpers.js';

const ALL_FIELDS = `id version rows width height steps path { row col } render
  cheapest cheapestPath { row col } cheapestRender`;

async function loaded(levels: Record<string, string[]>) {
  const test = makeApp();
  for (const [id, rows] of Object.entries(levels)) {
    const { body } = await post(
      test.app,
      'mutation ($id: ID!, $rows: [String!]!) { loadLevel(id: $id, rows: $rows) { __typename } }',
      { id, rows },
    );
    expect(body).toEqual({ data: { loadLevel: { __typename: 'Level' } } });
  }
  return test;
}

describe('Level fields', () => {
  it('answers every field of the worked example', async () => {
    const { app } = await loaded({ intro: INTRO });
    const path = [
      { row: 0, col: 0 },
      { row: 0, col: 1 },
      { row: 1, col: 1 },
      { row: 1, col: 2 },
      { row: 2, col: 2 },
    ];
    expect(await post(app, `{ level(id: "intro") { ${ALL_FIELDS} } }`)).toEqual({
      status: 200,
      body: {
        data: {
          level: {
            id: 'intro',
            version: 1,
            rows: ['S.#', '...', '#.E'],
            width: 3,
            height: 3,
            steps: 4,
            path,
            render: ['S*#', '.**', '#.E'],
            cheapest: 4,
            cheapestPath: path,
            cheapestRender: ['S*#', '.**', '#.E'],
          },
        },
      },
    });
  });

  it('answers the worked example exactly as run() does', async () => {
    const { app } = makeApp();
    const ops = [
      ['load', 'intro', INTRO],
      ['solve', 'intro'],
      ['path', 'intro'],
      ['render', 'intro'],
    ];
    const load = await post(
      app,
      `mutation { loadLevel(id: "intro", rows: ${JSON.stringify(INTRO)}) { __typename } }`,
    );
    const { body } = await post(app, '{ level(id: "intro") { steps path { row col } render } }');
    const level = body.data!.level as {
      steps: number;
      path: { row: number; col: number }[];
      render: string[];
    };
    const { __typename } = load.body.data!.loadLevel as { __typename: string };
    const viaGraphQL = [
      __typename === 'Level' ? 'ok' : __typename,
      level.steps,
      level.path.map(({ row, col }) => [row, col]),
      level.render,
    ];
    expect(viaGraphQL).toEqual(run(ops));
    expect(viaGraphQL).toEqual([
      'ok',
      4,
      [
        [0, 0],
        [0, 1],
        [1, 1],
        [1, 2],
        [2, 2],
      ],
      ['S*#', '.**', '#.E'],
    ]);
  });

  it('answers every operation of test/fixtures/level-service.json as run() does', async () => {
    const examples = JSON.parse(
      readFileSync(new URL('../fixtures/level-service.json', import.meta.url), 'utf8'),
    ) as { ops: unknown[][]; expect: unknown[] };
    const expected = run(examples.ops);
    expect(expected).toEqual(examples.expect);
    const { app } = makeApp();
    const positions = (path: { row: number; col: number }[] | null) =>
      path && path.map(({ row, col }) => [row, col]);
    // Each `run` operation through GraphQL; operations GraphQL has no counterpart for are skipped.
    const answers: Record<string, (level: Record<string, unknown>) => unknown> = {
      solve: (level) => level.steps,
      path: (level) => positions(level.path as never),
      render: (level) => level.render,
      cheapest: (level) => level.cheapest,
      cheapestPath: (level) => positions(level.cheapestPath as never),
      cheapestRender: (level) => level.cheapestRender,
      level: (level) => level.rows,
    };
    let compared = 0;
    for (const [i, [name, id, rows]] of examples.ops.entries()) {
      let output: unknown;
      if (name === 'load') {
        const { body } = await post(
          app,
          `mutation ($id: ID!, $rows: [String!]!) { loadLevel(id: $id, rows: $rows) {
            __typename ... on LevelValidationError { message } } }`,
          { id, rows },
        );
        const result = body.data!.loadLevel as { __typename: string; message?: string };
        output = result.__typename === 'Level' ? 'ok' : `error: ${result.message}`;
      } else if (typeof name === 'string' && name in answers) {
        const { body } = await post(app, `query ($id: ID!) { level(id: $id) { ${ALL_FIELDS} } }`, {
          id,
        });
        const level = body.data!.level as Record<string, unknown> | null;
        output = level === null ? 'error: unknown level' : answers[name](level);
      } else {
        continue;
      }
      expect(output, `operation ${i}: ${JSON.stringify(examples.ops[i])}`).toEqual(expected[i]);
      compared++;
    }
    expect(compared).toBe(examples.ops.length - 1); // all but "teleport"
  });

  it('answers null for every answer when E cannot be reached', async () => {
    const { app } = await loaded({ walled: ['S#E'] });
    expect((await post(app, `{ level(id: "walled") { ${ALL_FIELDS} } }`)).body).toEqual({
      data: {
        level: {
          id: 'walled',
          version: 1,
          rows: ['S#E'],
          width: 3,
          height: 1,
          steps: null,
          path: null,
          render: null,
          cheapest: null,
          cheapestPath: null,
          cheapestRender: null,
        },
      },
    });
  });

  it('tells the fewest steps from the cheapest walk on terrain, and walks back for a key', async () => {
    const { app } = await loaded({ t: ['S9E', '1#1', '111'], k: ['S.a', '#A#', '#E#'] });
    const { body } = await post(
      app,
      `{ t: level(id: "t") { steps render cheapest cheapestPath { row col } cheapestRender }
         k: level(id: "k") { steps path { row col } render cheapest } }`,
    );
    expect(body).toEqual({
      data: {
        t: {
          steps: 2,
          render: ['S*E', '1#1', '111'],
          cheapest: 6,
          cheapestPath: [
            { row: 0, col: 0 },
            { row: 1, col: 0 },
            { row: 2, col: 0 },
            { row: 2, col: 1 },
            { row: 2, col: 2 },
            { row: 1, col: 2 },
            { row: 0, col: 2 },
          ],
          cheapestRender: ['S9E', '*#*', '***'],
        },
        k: {
          steps: 5,
          path: [
            { row: 0, col: 0 },
            { row: 0, col: 1 },
            { row: 0, col: 2 },
            { row: 0, col: 1 },
            { row: 1, col: 1 },
            { row: 2, col: 1 },
          ],
          render: ['S**', '#*#', '#E#'],
          cheapest: 5,
        },
      },
    });
  });

  it('answers null for an unknown id', async () => {
    const { app } = makeApp();
    expect((await post(app, '{ level(id: "nowhere") { id steps } }')).body).toEqual({
      data: { level: null },
    });
  });
});
