// Documents nested deeper than the parser's stack, against a real server process: refused with
// 400 QUERY_TOO_NESTED before they are parsed, by POST and by GET, and again when the same
// document comes back (a list literal nested 2000 deep answered 500, and kept answering 500
// from the parser's cache). A JSON body nested deeper than the limit is refused the same way,
// before JSON.parse (which took 120 ms of the event loop for 200,000 brackets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepestNesting } from '../../src/graphql/execution/nesting.js';
import { LIMITS } from '../../src/graphql/http/yoga.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { splitCost } from '../support/cost.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const TOO_NESTED = {
  errors: [
    {
      message: 'the document nests brackets deeper than 64 ({, [ and ( open at once)',
      extensions: { code: 'QUERY_TOO_NESTED' },
    },
  ],
};

async function post(body: string): Promise<[number, unknown]> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return [response.status, splitCost(await response.json()).body];
}

async function get(query: string): Promise<[number, unknown]> {
  const response = await fetch(`${server.url}?query=${encodeURIComponent(query)}`, {
    headers: { accept: 'application/json' },
  });
  return [response.status, splitCost(await response.json()).body];
}

const nested = (depth: number, open: string, inner: string, close: string) =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

describe('nesting', () => {
  it('refuses a list literal nested 2000 deep, by POST and GET, each time it comes', async () => {
    const query = `{ level(id: ${nested(2000, '[', '1', ']')}) { id } }`;
    for (let round = 0; round < 3; round++) {
      expect(await post(JSON.stringify({ query }))).toEqual([400, TOO_NESTED]);
      expect(await get(query)).toEqual([400, TOO_NESTED]);
    }
  });

  it('refuses deep object literals, selections and list types alike', async () => {
    for (const query of [
      `{ level(id: ${nested(2000, '{a:', '1', '}')}) { id } }`,
      nested(2000, '{ a ', '', '}'),
      `query ($a: ${nested(2000, '[', 'Int', ']')}) { __typename }`,
      `{ checkLevel(rows: ${nested(65, '[', '"S.E"', ']')}) { __typename } }`,
    ]) {
      expect(await post(JSON.stringify({ query })), query.slice(0, 40)).toEqual([400, TOO_NESTED]);
    }
  });

  it('runs documents nested up to the limit', async () => {
    // `{`, `(`, then 62 brackets: 64 open at once.
    const query = `{ checkLevel(rows: ${nested(62, '[', '"S.E"', ']')}) { __typename } }`;
    expect(deepestNesting(query, 100)).toBe(LIMITS.maxNesting);
    const [status, body] = await post(JSON.stringify({ query }));
    expect(status).toBe(400);
    expect((body as typeof TOO_NESTED).errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(
      await post(JSON.stringify({ query: '{ checkLevel(rows: [["S.E"]]) { __typename } }' })),
    ).toMatchObject([400, { errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }]);
  });

  it('refuses a JSON body nested deeper than the limit before parsing it', async () => {
    // JSON.parse took 120 ms of the event loop for these 200,000 brackets (then BAD_USER_INPUT).
    const variables = (depth: number) =>
      `{"query":"query ($rows: [String!]!) { checkLevel(rows: $rows) { __typename } }",` +
      `"variables":{"rows":${nested(depth, '[', '"S.E"', ']')}}}`;
    const bodyTooNested = {
      errors: [
        {
          message: 'the request body nests JSON deeper than 64 ({ and [ open at once)',
          extensions: { code: 'QUERY_TOO_NESTED' },
        },
      ],
    };
    expect(await post(variables(200_000))).toEqual([400, bodyTooNested]);
    // The body's `{`, `variables`' `{`, then 63 brackets: 65 open at once.
    expect(await post(variables(63))).toEqual([400, bodyTooNested]);
    // Brackets inside strings are not counted, escaped quotes included.
    expect(
      await post(
        JSON.stringify({ query: '{ __typename }', variables: { a: '\\"[[['.repeat(99) } }),
      ),
    ).toEqual([200, { data: { __typename: 'Query' } }]);
    // 64 open at once are parsed, and the rows are then refused as bad input.
    const [status, body] = await post(variables(62));
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
  });

  it('serves the next request as ever', async () => {
    expect(await post(JSON.stringify({ query: '{ __typename }' }))).toEqual([
      200,
      { data: { __typename: 'Query' } },
    ]);
  });
});
