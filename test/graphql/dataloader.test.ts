import { describe, expect, it } from 'vitest';
import { expectedReads, makeApp, post } from './helpers.js';

// A level whose fewest steps is n: S, n-1 floors, E.
const corridor = (n: number) => ['S' + '.'.repeat(n - 1) + 'E'];
const ids = Array.from({ length: 100 }, (_, i) => `level-${i}`);

function withCorridors() {
  const test = makeApp();
  ids.forEach((id, i) => test.store.put(id, corridor(i + 1)));
  return test;
}

describe('batched loading (DataLoader)', () => {
  it('reads 100 levels in one store read and solves each version once', async () => {
    const { app, store, service } = withCorridors();
    const query = 'query ($ids: [ID!]!) { levelsById(ids: $ids) { id version steps } }';
    const expected = {
      data: { levelsById: ids.map((id, i) => ({ id, version: 1, steps: i + 1 })) },
    };

    expect((await post(app, query, { ids })).body).toEqual(expected);
    expect(store.reads).toEqual(expectedReads({ getMany: 1 }, [ids]));
    expect(service.stats).toEqual({ fewestStepsRuns: 100, cheapestRuns: 0, reachRuns: 0 });

    // A second request has its own loader and one more read, of the current versions only:
    // the rows and the answers of those versions are memoised.
    expect((await post(app, query, { ids })).body).toEqual(expected);
    expect(store.reads).toEqual(expectedReads({ getMany: 1, versions: 1 }, [ids]));
    expect(service.stats).toEqual({ fewestStepsRuns: 100, cheapestRuns: 0, reachRuns: 0 });
  });

  it('reads again the levels another process changed since', async () => {
    const { app, store, service } = withCorridors();
    const query =
      '{ a: level(id: "level-0") { version rows steps } b: level(id: "level-1") { id } c: level(id: "level-2") { version steps } }';
    expect((await post(app, query)).body).toEqual({
      data: {
        a: { version: 1, rows: ['SE'], steps: 1 },
        b: { id: 'level-1' },
        c: { version: 1, steps: 3 },
      },
    });
    // Writes that do not go through this service, as another server's would not.
    store.put('level-0', ['S..E']);
    store.delete('level-1');
    expect((await post(app, query)).body).toEqual({
      data: { a: { version: 2, rows: ['S..E'], steps: 3 }, b: null, c: { version: 1, steps: 3 } },
    });
    const asked = ['level-0', 'level-1', 'level-2'];
    expect(store.reads).toEqual(expectedReads({ getMany: 2, versions: 1 }, [asked, ['level-0']]));
    expect(service.stats.fewestStepsRuns).toBe(3);
  });

  it('batches every level field of one query into one read of distinct ids', async () => {
    const { app, store, service } = withCorridors();
    const { body } = await post(
      app,
      `{
        a: level(id: "level-3") { steps path { row col } render }
        b: level(id: "level-4") { steps cheapest cheapestRender }
        again: level(id: "level-3") { version steps }
        unknown: level(id: "nowhere") { id }
        many: levelsById(ids: ["level-4", "nowhere", "level-5"]) { id steps }
      }`,
    );
    expect(body).toEqual({
      data: {
        a: {
          steps: 4,
          path: [0, 1, 2, 3, 4].map((col) => ({ row: 0, col })),
          render: ['S***E'],
        },
        b: { steps: 5, cheapest: 5, cheapestRender: ['S****E'] },
        again: { version: 1, steps: 4 },
        unknown: null,
        many: [{ id: 'level-4', steps: 5 }, null, { id: 'level-5', steps: 6 }],
      },
    });
    expect(store.reads).toEqual(
      expectedReads({ getMany: 1 }, [['level-3', 'level-4', 'nowhere', 'level-5']]),
    );
    expect(service.stats).toEqual({ fewestStepsRuns: 3, cheapestRuns: 1, reachRuns: 0 });
  });

  it('never serves an answer of an older version', async () => {
    const { app, service } = withCorridors();
    expect((await post(app, '{ level(id: "level-0") { version steps } }')).body).toEqual({
      data: { level: { version: 1, steps: 1 } },
    });
    await post(app, 'mutation { loadLevel(id: "level-0", rows: ["S..E"]) { __typename } }');
    expect((await post(app, '{ level(id: "level-0") { version steps } }')).body).toEqual({
      data: { level: { version: 2, steps: 3 } },
    });
    expect(service.stats.fewestStepsRuns).toBe(2);
  });

  it('reads nothing for an empty list of ids', async () => {
    const { app, store } = makeApp();
    expect((await post(app, '{ levelsById(ids: []) { id } }')).body).toEqual({
      data: { levelsById: [] },
    });
    expect(store.reads.getMany).toBe(0);
  });

  it('rejects more than 100 ids with a GraphQL error', async () => {
    const { app, store } = makeApp();
    const tooMany = Array.from({ length: 101 }, (_, i) => String(i));
    expect(
      (await post(app, 'query ($ids: [ID!]!) { levelsById(ids: $ids) { id } }', { ids: tooMany }))
        .body,
    ).toEqual({
      // Refused before anything runs: no `data` (docs/graphql.md, "Errors").
      errors: [
        {
          message: "'ids' takes at most 100 ids, got 101",
          locations: [{ line: 1, column: 24 }],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
    expect(store.reads.getMany).toBe(0);
  });
});
