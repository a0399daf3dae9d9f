// Arguments judged before execution (src/graphql/execution/use-argument-checks.ts): a value a
// field can judge without running refuses the whole request before anything is read or solved,
// wherever the field is (nested, in a fragment, through a variable). And field suggestions
// whenever introspection is on.
import { describe, expect, it } from 'vitest';
import { INTRO, expectedReads, makeApp, post } from './helpers.js';

const NO_RUNS = { fewestStepsRuns: 0, cheapestRuns: 0, reachRuns: 0 };

describe('arguments judged before execution', () => {
  it('refuses history(first: 0) under levels before its sibling is computed', async () => {
    const { app, service, store } = makeApp();
    await service.load('intro', INTRO);
    store.reads.getMany = 0;
    store.reads.get = 0;
    const { status, body } = await post(
      app,
      `{ a: level(id: "intro") { steps }
        levels { edges { node { history(first: 0) { edges { cursor } } } } } }`,
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [
        {
          message: "'first' must be between 1 and 100, got 0",
          locations: [{ line: 2, column: 33 }],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
    // Nothing was read or solved: no `data: null` after the fact.
    expect(service.stats).toEqual(NO_RUNS);
    expect(store.reads).toEqual(expectedReads({}));
  });

  it('judges values from variables, in fragments, and every bad field at once', async () => {
    const { app } = makeApp();
    const { status, body } = await post(
      app,
      `query ($first: Int, $after: String, $ids: [ID!]!) { ...Page nodes(ids: $ids) { id } }
      fragment Page on Query { levels(first: $first) { edges { cursor } }
        level(id: "a") { history(after: $after) { edges { cursor } } } }`,
      { first: 101, after: 'nope', ids: Array.from({ length: 101 }, (_, i) => `l${i}`) },
    );
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message).sort()).toEqual([
      '\'after\' is not a cursor of this history: "nope"',
      "'first' must be between 1 and 100, got 101",
      "'ids' takes at most 100 ids, got 101",
    ]);
    expect('data' in body).toBe(false);
  });

  it('refuses bad moves of walkLevel and a bad search before anything runs', async () => {
    const { app, service } = makeApp();
    const { body } = await post(
      app,
      `{ checkLevel(rows: ${JSON.stringify(INTRO)}) { ... on LevelDraft { steps } }
        walkLevel(rows: ["S.E"], moves: "RX") { __typename } levels(search: "${'x'.repeat(257)}") { edges { cursor } } }`,
    );
    expect(body.errors?.map((error) => error.extensions?.code)).toEqual([
      'BAD_USER_INPUT',
      'BAD_USER_INPUT',
    ]);
    expect(service.stats).toEqual(NO_RUNS);
  });

  it('lets good values through to the fields', async () => {
    const { app, service } = makeApp();
    await service.load('intro', INTRO);
    const { body } = await post(
      app,
      '{ levels(first: 1) { edges { node { history(first: 1) { edges { node { version } } } } } } }',
    );
    expect(body).toEqual({
      data: { levels: { edges: [{ node: { history: { edges: [{ node: { version: 1 } }] } } }] } },
    });
  });
});

describe('field suggestions', () => {
  it('are shown when introspection is on', async () => {
    const { app } = makeApp();
    const { status, body } = await post(app, '{ levle(id: "a") { id } }');
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toEqual([
      'Cannot query field "levle" on type "Query". Did you mean "level" or "levels"?',
    ]);
  });

  it('are left out when it is off', async () => {
    const { app } = makeApp({ app: { introspection: false } });
    const { body } = await post(app, '{ levle(id: "a") { id } }');
    expect(body.errors?.map((error) => error.message)).toEqual([
      'Cannot query field "levle" on type "…".',
    ]);
  });
});
