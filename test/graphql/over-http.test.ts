// GraphQL over HTTP and over SSE as their specs say, with clients nobody here wrote, over a
// real HTTP server (docs/graphql.md, "Request errors"): graphql-sse's own client sees a
// request error with its code on an accepted stream and does not retry, and takes a 429 for a
// stream (too many for this client, for now) as an answer to retry; unknown body
// properties are ignored; an unauthenticated mutation answers 401 without `data`; a
// subscription asked for as JSON answers 406 saying it needs `text/event-stream`.
import { type ExecutionResult, type NetworkError, createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTRO, makeApp, splitCost, type Listening, listen } from './helpers.js';

const TOKEN = 'a-long-secret-token.1234';
const UNAUTHENTICATED =
  "mutations on this server need its write token: send the header 'Authorization: Bearer <token>' " +
  'with the value of LABYRINTH_WRITE_TOKEN';

let http: Listening;
let base: string;
/** Every request the server was sent, as `METHOD path`: a client that retries shows here. */
const requests: string[] = [];
const made = makeApp({
  app: { writeToken: TOKEN, budget: { maxSolveCost: 799, maxResponseBytes: 1e9 } },
  // One stream a client: a second is refused for now (429), as the 17th is by default.
  service: { maxSubscriptionsPerClient: 1 },
});

beforeAll(async () => {
  made.store.put('intro', INTRO);
  made.store.put('big', ['S' + '.'.repeat(38) + 'E', ...Array(19).fill('.'.repeat(40))]);
  http = await listen(made.app);
  http.server.on('request', (request) => requests.push(`${request.method} ${request.url}`));
  base = http.url.replace(/\/graphql$/, '');
});

afterAll(() => http.close());

interface Seen {
  readonly results: ExecutionResult[];
  readonly failure: unknown;
  readonly completed: boolean;
  readonly requests: string[];
}

/**
 * One operation through graphql-sse's client (distinct connections mode, its defaults; with
 * `retryAttempts`, that many attempts after the first, each at once).
 */
async function overSse(
  query: string,
  options: { path?: string; variables?: Record<string, unknown>; retryAttempts?: number } = {},
): Promise<Seen> {
  const before = requests.length;
  const client = createClient({
    url: `${base}${options.path ?? '/graphql'}`,
    ...(options.retryAttempts !== undefined && {
      retryAttempts: options.retryAttempts,
      retry: () => Promise.resolve(),
    }),
  });
  const results: ExecutionResult[] = [];
  try {
    return await new Promise<Seen>((resolve) => {
      const done = (failure: unknown, completed: boolean) =>
        resolve({ results, failure, completed, requests: requests.slice(before) });
      client.subscribe(
        { query, variables: options.variables },
        {
          next: (result) => results.push(splitCost(result as ExecutionResult).body),
          error: (error) => done(error, false),
          complete: () => done(undefined, true),
        },
      );
    });
  } finally {
    client.dispose();
  }
}

function codesOf(result: ExecutionResult | undefined): unknown[] {
  return (result?.errors ?? []).map((error) => error.extensions?.code);
}

describe('request errors over SSE (graphql-sse, distinct connections mode)', () => {
  it.each([
    [
      'a syntax error',
      '{ level(',
      'GRAPHQL_PARSE_FAILED',
      'Syntax Error: Expected Name, found <EOF>.',
    ],
    [
      'an unknown field',
      '{ nothing }',
      'GRAPHQL_VALIDATION_FAILED',
      'Cannot query field "nothing" on type "Query".',
    ],
    [
      'a mutation without the token',
      'mutation { deleteLevel(id: "intro") }',
      'UNAUTHENTICATED',
      UNAUTHENTICATED,
    ],
    [
      'a request over its budget',
      '{ level(id: "big") { steps } }',
      'TOO_EXPENSIVE',
      'the request asks for a solve cost of 800, more than the limit of 799: ask for fewer levels or answers at once',
    ],
    [
      'a missing variable',
      'query ($id: ID!) { level(id: $id) { id } }',
      'BAD_USER_INPUT',
      'Variable "$id" of required type "ID!" was not provided.',
    ],
  ])('shows %s with its code, once, without retrying', async (_name, query, code, message) => {
    const seen = await overSse(query);
    expect(seen.failure).toBeUndefined();
    expect(seen.completed).toBe(true);
    expect(seen.results).toHaveLength(1);
    expect(seen.results[0].data).toBeUndefined();
    expect(codesOf(seen.results[0])).toEqual([code]);
    expect(seen.results[0].errors![0].message).toBe(message);
    expect(seen.requests).toEqual(['POST /graphql']);
  });

  it('shows a path that serves nothing the same way', async () => {
    const seen = await overSse('{ __typename }', { path: '/graphq' });
    expect([seen.failure, seen.completed, seen.requests]).toEqual([
      undefined,
      true,
      ['POST /graphq'],
    ]);
    expect(codesOf(seen.results[0])).toEqual(['NOT_FOUND']);
  });

  it('still runs what it may: a query, and a subscription that streams', async () => {
    const seen = await overSse('{ level(id: "intro") { steps } }');
    expect([seen.failure, seen.completed, seen.results]).toEqual([
      undefined,
      true,
      [{ data: { level: { steps: 4 } } }],
    ]);
  });

  it('answers on the wire: 200, text/event-stream, `next` with the errors, `complete`', async () => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: '{ nothing }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const error = {
      message: 'Cannot query field "nothing" on type "Query".',
      locations: [{ line: 1, column: 3 }],
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    };
    expect(await response.text()).toBe(
      `:\n\nevent: next\ndata: ${JSON.stringify({ errors: [error] })}\n\nevent: complete\ndata:\n\n`,
    );
  });

  it('takes a 429 for a stream to try again later: it retries, then reports the answer', async () => {
    // The one stream this client may hold.
    const holder = new AbortController();
    const held = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { levelsChanged { id } }' }),
      signal: holder.signal,
    });
    expect(held.status).toBe(200);
    while (made.service.events.subscribers < 1) await new Promise((r) => setTimeout(r, 5));
    try {
      const seen = await overSse('subscription { levelsChanged { id kind } }', {
        retryAttempts: 2,
      });
      expect([seen.results, seen.completed, seen.requests]).toEqual([
        [],
        false,
        ['POST /graphql', 'POST /graphql', 'POST /graphql'],
      ]);
      // A NetworkError holding the last answer: 429, its Retry-After, the errors as JSON.
      const failure = seen.failure as NetworkError<Response>;
      expect([failure.name, failure.message]).toEqual([
        'NetworkError',
        'Server responded with 429: Too Many Requests',
      ]);
      // Its body (the errors as JSON, test/e2e/subscription-limits.test.ts) went with the
      // client's connection once it gave up.
      const response = failure.response!;
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('retry-after')).toBe('5');
    } finally {
      holder.abort();
    }
    while (made.service.events.subscribers > 0) await new Promise((r) => setTimeout(r, 5));
  });

  it('is not offered in single connection mode: reservations are refused, as JSON', async () => {
    // graphql-sse's single connection mode reserves a stream with PUT; this server has none.
    const response = await fetch(`${base}/graphql`, { method: 'PUT' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

async function postJson(
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: splitCost((await response.json()) as Record<string, unknown>).body,
  };
}

describe('GraphQL over HTTP', () => {
  it('ignores body properties it does not know', async () => {
    const answer = await postJson({
      query: '{ level(id: "intro") { steps } }',
      foo: 'bar',
      debug: true,
      nested: { query: 5 },
      variables: {},
    });
    expect([answer.status, answer.body]).toEqual([200, { data: { level: { steps: 4 } } }]);
    // What it does know is still checked.
    const wrong = await postJson({ query: 5, foo: 'bar' });
    expect([wrong.status, codesOf(wrong.body as ExecutionResult)]).toEqual([400, ['BAD_REQUEST']]);
  });

  it.each(['application/json', 'application/graphql-response+json'])(
    'answers an unauthenticated mutation 401 without a data entry (%s)',
    async (accept) => {
      const answer = await postJson({ query: 'mutation { deleteLevel(id: "intro") }' }, { accept });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toBe(`${accept}; charset=utf-8`);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="labyrinth"');
      expect(answer.body).toEqual({
        errors: [
          {
            message: UNAUTHENTICATED,
            locations: [{ line: 1, column: 12 }],
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ],
      });
      expect(made.store.get('intro')?.version).toBe(1);
    },
  );

  it.each(['application/json', 'application/graphql-response+json', 'multipart/mixed'])(
    'answers a subscription asked for as %s with 406: it needs text/event-stream',
    async (accept) => {
      const answer = await postJson({ query: 'subscription { levelsChanged { id } }' }, { accept });
      expect([answer.status, answer.body]).toEqual([
        406,
        {
          errors: [
            {
              message:
                "subscriptions are answered as an event stream: send the header 'Accept: text/event-stream' (GraphQL over SSE)",
              extensions: { code: 'NOT_ACCEPTABLE' },
            },
          ],
        },
      ]);
      // Refused before it started: nothing was left subscribed.
      expect(made.service.events.subscribers).toBe(0);
    },
  );
});
