// The request budget (src/graphql/execution/use-budget.ts): priced before anything is solved or
// serialised, with exact costs and the solver's own counts as the proof.
import { describe, expect, it } from 'vitest';
import { pricedFieldNames } from '../../src/graphql/execution/use-budget.js';
import { schema } from '../../src/graphql/schema/schema.js';
import { POSITION_WEIGHT, rowsJsonBytes } from '../../src/service/answers.js';
import { DEFAULT_MAX_CRUSADE_COST } from '../../src/service/index.js';
import { corridorLevel } from '../../harness/big-levels.js';
import { costOf, makeApp, post } from './helpers.js';
import { getNamedType, isInterfaceType, isObjectType, isUnionType } from 'graphql';

/** A 20x20 open room: each search has 400 states. */
const ROOM = [
  'S' + '.'.repeat(19),
  ...Array.from({ length: 18 }, () => '.'.repeat(20)),
  '.'.repeat(19) + 'E',
];

describe('the solve budget', () => {
  it('refuses a request whose searches would cost more, before anything is solved', async () => {
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 799, maxResponseBytes: 1e9 } },
    });
    await service.load('a', ROOM);
    const response = await post(app, '{ level(id: "a") { steps cheapest } }');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      errors: [
        {
          message:
            'the request asks for a solve cost of 800, more than the limit of 799: ask for fewer levels or answers at once',
          extensions: { code: 'TOO_EXPENSIVE', cost: 800, limit: 799, budget: 'SOLVE' },
        },
      ],
    });
    expect(service.stats).toEqual({ fewestStepsRuns: 0, cheapestRuns: 0, reachRuns: 0 });
  });

  it('prices each search once per level: path and render share steps, repeated ids one solve', async () => {
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 400, maxResponseBytes: 1e9 } },
    });
    await service.load('a', ROOM);
    const { body } = await post(
      app,
      '{ levelsById(ids: ["a", "a", "a"]) { steps path { row } render } x: level(id: "a") { steps } }',
    );
    expect(body.errors).toBeUndefined();
    expect(service.stats).toEqual({ fewestStepsRuns: 1, cheapestRuns: 0, reachRuns: 0 });
  });

  it('does not price what is held already', async () => {
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 400, maxResponseBytes: 1e9 } },
    });
    await service.load('a', ROOM);
    expect((await post(app, '{ level(id: "a") { cheapest } }')).body.errors).toBeUndefined();
    // cheapest is held: only steps' search is left to pay for.
    expect((await post(app, '{ level(id: "a") { steps cheapest } }')).body.errors).toBeUndefined();
    expect(service.stats).toEqual({ fewestStepsRuns: 1, cheapestRuns: 1, reachRuns: 0 });
  });

  it('prices the levels a mutation will store from its arguments', async () => {
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 399, maxResponseBytes: 1e9 } },
    });
    const { body } = await post(
      app,
      'mutation ($rows: [String!]!) { loadLevel(id: "a", rows: $rows) { ... on Level { steps } } }',
      { rows: ROOM },
    );
    expect(body.errors?.[0].extensions).toEqual({
      code: 'TOO_EXPENSIVE',
      cost: 400,
      limit: 399,
      budget: 'SOLVE',
    });
    expect(service.stats.fewestStepsRuns).toBe(0);
  });
});

describe('extensions.cost', () => {
  const limits = { maxSolve: 799, maxResponseBytes: 1e9, maxCrusade: DEFAULT_MAX_CRUSADE_COST };
  const budget = { maxSolveCost: 799, maxResponseBytes: 1e9 };

  it('tells every executed operation its price in each budget, and the limits', async () => {
    const { app, service } = makeApp({ app: { budget } });
    await service.load('a', ROOM);
    const first = await post(app, '{ level(id: "a") { steps rows } }');
    expect(first.body).toEqual({ data: { level: { steps: 38, rows: ROOM } } });
    // One search of 400 states, and the answers' JSON: "38" and the rows.
    expect(costOf(first)).toEqual({
      solve: 400,
      responseBytes: 2 + rowsJsonBytes(ROOM),
      crusade: 0,
      ...limits,
    });
    // Held now: nothing left to solve.
    expect(costOf(await post(app, '{ level(id: "a") { steps } }'))).toMatchObject({ solve: 0 });
    expect(costOf(await post(app, '{ __typename }'))).toEqual({
      solve: 0,
      responseBytes: 0,
      crusade: 0,
      ...limits,
    });
  });

  it('is in a TOO_EXPENSIVE answer too: the price that was refused', async () => {
    const { app, service } = makeApp({ app: { budget } });
    await service.load('a', ROOM);
    const refused = await post(app, '{ level(id: "a") { steps cheapest } }');
    expect(refused.status).toBe(400);
    expect(costOf(refused)).toMatchObject({ solve: 800, maxSolve: 799 });
  });
});

describe('selections left out by @include and @skip', () => {
  it('are not priced: a search asked only under a false @include costs nothing', async () => {
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 400, maxResponseBytes: 1e9 } },
    });
    await service.load('a', ROOM);
    const query = `query ($terrain: Boolean!, $plain: Boolean!) {
      level(id: "a") {
        steps
        cheapest @include(if: $terrain)
        ... @include(if: $terrain) { cheapestPath { row } }
        ...Dear @skip(if: $plain)
      }
    }
    fragment Dear on Level { cheapestRender }`;
    const off = await post(app, query, { terrain: false, plain: true });
    expect(off.body).toEqual({ data: { level: { steps: 38 } } });
    expect(service.stats).toEqual({ fewestStepsRuns: 1, cheapestRuns: 0, reachRuns: 0 });
    // Asked: steps is held, the cheapest search's 400 states are the whole price.
    const on = await post(app, query, { terrain: true, plain: true });
    expect(on.body.errors).toBeUndefined();
    expect(on.body.data).toMatchObject({ level: { steps: 38, cheapest: 38 } });
    const { service: other, app: strict } = makeApp({
      app: { budget: { maxSolveCost: 799, maxResponseBytes: 1e9 } },
    });
    await other.load('a', ROOM);
    const both = await post(strict, query, { terrain: false, plain: false });
    expect(both.body.errors?.[0].extensions).toEqual({
      code: 'TOO_EXPENSIVE',
      cost: 800,
      limit: 799,
      budget: 'SOLVE',
    });
  });
});

describe('the response budget', () => {
  it('counts every answer as often as it appears, and refuses before serialising', async () => {
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 1e9, maxResponseBytes: 2000 } },
    });
    await service.load('a', ['S.E']);
    // One path of 3 positions: 2 + 3 * (17 + 2 + POSITION_WEIGHT) bytes.
    const path = 2 + 3 * (19 + POSITION_WEIGHT);
    const one = await post(app, '{ level(id: "a") { path { row col } } }');
    expect(one.body.data).toEqual({
      level: {
        path: [
          { row: 0, col: 0 },
          { row: 0, col: 1 },
          { row: 0, col: 2 },
        ],
      },
    });
    const twice = await post(app, '{ levelsById(ids: ["a", "a"]) { path { row col } } }');
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      errors: [
        {
          message: `the request asks for response bytes of ${2 * path}, more than the limit of 2000: ask for fewer levels or answers at once`,
          extensions: {
            code: 'TOO_EXPENSIVE',
            cost: 2 * path,
            limit: 2000,
            budget: 'RESPONSE_BYTES',
          },
        },
      ],
    });
  });

  it('refuses renders certain to be too big before solving anything', async () => {
    const level = corridorLevel(99);
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 1e9, maxResponseBytes: 19_000 } },
    });
    await service.load('c', level);
    // 99 rows of 99 glyphs: 2 + 99 * 102 = 10100 bytes for the rows, and as much for a render.
    const { body } = await post(app, '{ level(id: "c") { rows render } }');
    expect(body.errors?.[0].extensions).toEqual({
      code: 'TOO_EXPENSIVE',
      cost: 20_200,
      limit: 19_000,
      budget: 'RESPONSE_BYTES',
    });
    expect(service.stats.fewestStepsRuns).toBe(0);
  });

  it('fits a levels(first: 100) page of small levels with every field in the default budget', async () => {
    const { app, service } = makeApp();
    for (let i = 0; i < 100; i++) {
      await service.load(`level-${String(i).padStart(3, '0')}`, ['S....', '.###.', '....E']);
    }
    const { body } = await post(
      app,
      `{ levels(first: 100) { edges { node { id version rows width height steps path { row col }
         render cheapest cheapestPath { row col } cheapestRender
         maze { text rows entry { x y } exit { x y } path } } } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect((body.data!.levels as { edges: unknown[] }).edges).toHaveLength(100);
  });
});

describe('every root field that can answer a level is priced', () => {
  it('has a way to find its levels', () => {
    const answersLevels = (typeName: string): boolean => {
      const type = schema.getType(typeName);
      if (!type) return false;
      const seen = new Set<string>();
      const reaches = (name: string): boolean => {
        if (name === 'Level' || name === 'LevelDraft') return true;
        if (seen.has(name)) return false;
        seen.add(name);
        const named = schema.getType(name);
        if (isUnionType(named)) return named.getTypes().some((member) => reaches(member.name));
        if (isInterfaceType(named)) {
          return schema.getPossibleTypes(named).some((member) => reaches(member.name));
        }
        if (!isObjectType(named)) return false;
        return Object.values(named.getFields()).some((field) =>
          reaches(getNamedType(field.type).name),
        );
      };
      return reaches(typeName);
    };
    const roots = [schema.getQueryType()!, schema.getMutationType()!];
    const levelFields = roots.flatMap((root) =>
      Object.values(root.getFields())
        .filter((field) => answersLevels(getNamedType(field.type).name))
        .map((field) => `${root.name}.${field.name}`),
    );
    expect(levelFields.length).toBeGreaterThan(5);
    expect(pricedFieldNames().sort()).toEqual(levelFields.sort());
  });
});
