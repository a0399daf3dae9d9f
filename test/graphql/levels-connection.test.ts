import { describe, expect, it } from 'vitest';
import { type TestApp, expectedReads, makeApp, post } from './helpers.js';

const PAGE = `query ($first: Int, $after: String) {
  levels(first: $first, after: $after) {
    edges { cursor node { id version } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

type Page = {
  edges: { cursor: string; node: { id: string; version: number } }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
};

function withLevels(ids: string[]): TestApp {
  const test = makeApp();
  for (const id of ids) test.store.put(id, ['SE']);
  return test;
}

async function page(test: TestApp, variables: { first?: number; after?: string | null }) {
  const { body } = await post(test.app, PAGE, variables);
  expect(body.errors).toBeUndefined();
  return body.data!.levels as Page;
}

describe('levels', () => {
  it('reads a page as ids and versions, and the rows only of versions it does not hold', async () => {
    const test = withLevels(['a', 'b', 'c']);
    const query = '{ levels { edges { node { id version rows steps } } } }';
    const nodes = (rows: Record<string, [number, string[], number]>) => ({
      data: {
        levels: {
          edges: Object.entries(rows).map(([id, [version, levelRows, steps]]) => ({
            node: { id, version, rows: levelRows, steps },
          })),
        },
      },
    });
    expect((await post(test.app, query)).body).toEqual(
      nodes({ a: [1, ['SE'], 1], b: [1, ['SE'], 1], c: [1, ['SE'], 1] }),
    );
    expect(test.store.reads).toEqual(
      expectedReads({ listVersions: 1, getMany: 1 }, [['a', 'b', 'c']]),
    );

    // Held now: the same page again reads no rows.
    expect((await post(test.app, query)).body).toEqual(
      nodes({ a: [1, ['SE'], 1], b: [1, ['SE'], 1], c: [1, ['SE'], 1] }),
    );
    expect(test.store.reads).toEqual(
      expectedReads({ listVersions: 2, getMany: 1 }, [['a', 'b', 'c']]),
    );

    // Changed behind the service's back (another process): only that level is read again.
    test.store.put('b', ['S..E']);
    test.store.delete('c');
    expect((await post(test.app, query)).body).toEqual(
      nodes({ a: [1, ['SE'], 1], b: [2, ['S..E'], 3] }),
    );
    expect(test.store.reads).toEqual(
      expectedReads({ listVersions: 3, getMany: 2 }, [['a', 'b', 'c'], ['b']]),
    );
    expect(test.service.stats.fewestStepsRuns).toBe(4);
  });

  it('pages through every level in id order with opaque cursors', async () => {
    const test = withLevels(['c', 'a', 'e', 'b', 'd']);
    test.store.put('b', ['S.E']);
    const first = await page(test, { first: 2 });
    expect(first).toEqual({
      edges: [
        { cursor: 'bGV2ZWw6YQ', node: { id: 'a', version: 1 } },
        { cursor: 'bGV2ZWw6Yg', node: { id: 'b', version: 2 } },
      ],
      pageInfo: {
        hasNextPage: true,
        hasPreviousPage: false,
        startCursor: 'bGV2ZWw6YQ',
        endCursor: 'bGV2ZWw6Yg',
      },
    });
    const second = await page(test, { first: 2, after: first.pageInfo.endCursor });
    expect(second.edges.map((edge) => edge.node.id)).toEqual(['c', 'd']);
    expect(second.pageInfo.hasNextPage).toBe(true);
    const last = await page(test, { first: 2, after: second.pageInfo.endCursor });
    expect(last.edges.map((edge) => edge.node.id)).toEqual(['e']);
    expect(last.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: 'bGV2ZWw6ZQ',
      endCursor: 'bGV2ZWw6ZQ',
    });
    expect(await page(test, { first: 2, after: last.pageInfo.endCursor })).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it('reads one level more than the page from the store, once per page', async () => {
    const test = withLevels(['a', 'b', 'c']);
    const spy: [string | null, number][] = [];
    const listVersions = test.store.listVersions.bind(test.store);
    test.store.listVersions = (afterId, limit) => {
      spy.push([afterId, limit]);
      return listVersions(afterId, limit);
    };
    const first = await page(test, { first: 2 });
    await page(test, { first: 2, after: first.pageInfo.endCursor });
    expect(spy).toEqual([
      [null, 3],
      ['b', 3],
    ]);
  });

  it('gives 20 levels when first is not given', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `level-${String(i).padStart(2, '0')}`);
    const result = await page(withLevels(ids), {});
    expect(result.edges.map((edge) => edge.node.id)).toEqual(ids.slice(0, 20));
    expect(result.pageInfo.hasNextPage).toBe(true);
  });

  it('keeps ids with any characters apart in cursors', async () => {
    const test = withLevels(['é/ü', 'a b', '"q"']);
    const first = await page(test, { first: 1 });
    expect(first.edges.map((edge) => edge.node.id)).toEqual(['"q"']);
    const rest = await page(test, { first: 5, after: first.pageInfo.endCursor });
    expect(rest.edges.map((edge) => edge.node.id)).toEqual(['a b', 'é/ü']);
  });

  it.each([0, -1, 101])('rejects first: %i with a GraphQL error', async (first) => {
    const { app } = makeApp();
    expect((await post(app, PAGE, { first })).body).toEqual({
      errors: [
        {
          message: `'first' must be between 1 and 100, got ${first}`,
          locations: [{ line: 2, column: 3 }],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
  });

  it.each(['nope', 'bGV2ZWw6YQ==', 'YQ', ''])(
    'rejects after: %j, not a cursor of this connection',
    async (after) => {
      const { app } = makeApp();
      expect((await post(app, PAGE, { after })).body).toEqual({
        errors: [
          {
            message: `'after' is not a cursor of this connection: ${JSON.stringify(after)}`,
            locations: [{ line: 2, column: 3 }],
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      });
    },
  );
});
