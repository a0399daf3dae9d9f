// The server process under random and malformed requests (fast-check): bodies of every content
// type, query strings, GraphQL documents mangled from real ones, and the real operations with
// random variables (levels, generation inputs, hex maze files, puzzle files), and subscriptions
// asked as event streams. Every answer must be below 500 and JSON with `data` or `errors` (each
// error a message, no stack or original error; a 4xx with a code), or for a stream events of
// JSON, and the process must still answer /health at the end.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';
import { type ServerProcess, root, startServerProcess } from '../support/server-process.js';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess();
});

afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

interface Sent {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Blob;
}

/** Sends one request and checks the answer is a clear error or a valid result. */
async function check(sent: Sent): Promise<void> {
  const response = await fetch(`${server.base}${sent.path}`, {
    method: sent.method,
    headers: sent.headers,
    body: sent.body,
  });
  const text = await response.text();
  const where = `${sent.method} ${sent.path.slice(0, 200)} -> ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, where).toBeLessThan(500);
  expect(response.headers.get('content-type'), where).toMatch(
    /^application\/(graphql-response\+)?json; charset=utf-8$/,
  );
  const body = JSON.parse(text) as { data?: unknown; errors?: unknown };
  expect('data' in body || 'errors' in body, where).toBe(true);
  expect(text, where).not.toMatch(/"(stack|originalError|exception)":/);
  const errors = (body.errors ?? []) as Array<{
    message?: unknown;
    extensions?: { code?: unknown };
  }>;
  for (const error of errors) {
    expect(typeof error.message, where).toBe('string');
    expect((error.message as string).length, where).toBeGreaterThan(0);
  }
  if (response.status >= 400) {
    expect(errors.length, where).toBeGreaterThan(0);
    for (const error of errors) expect(typeof error.extensions?.code, where).toBe('string');
  }
}

const JSON_TYPES = ['application/json', 'application/graphql-response+json', '*/*'];
const accept = fc.oneof(
  { arbitrary: fc.constantFrom(...JSON_TYPES), weight: 8 },
  fc.constantFrom('application/json, text/plain', 'text/plain', 'image/png'),
  fc.stringMatching(/^[a-z*]{1,10}\/[a-z+*-]{1,20}$/),
);
const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/graphql',
    'application/graphql+json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'text/plain',
    'APPLICATION/JSON',
  ),
  fc.stringMatching(/^[ -~]{0,40}$/),
);
/** Any string, lone surrogates and control characters included. */
const anyText = fc.string({ unit: 'binary', maxLength: 80 });

/** Every UTF-8 byte as %XX (encodeURIComponent throws on lone surrogates). */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

/** A GraphQL document taken apart: real operations with random edits. */
const DOCUMENTS = [
  '{ level(id: "intro") { id version rows width height steps path { row col } render cheapest cheapestPath { row col } cheapestRender maze { text rows path entry { x y } exit { x y } } } }',
  '{ levels(first: 3) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }',
  '{ levelsById(ids: ["intro", "nope"]) { id steps } }',
  'mutation { loadLevel(id: "fuzz", rows: ["S.#", "...", "#.E"]) { __typename ... on Level { steps } ... on Error { message } } }',
  'mutation { generateLevel(id: "gen", input: { width: 5, height: 4, seed: 7 }) { __typename ... on GeneratedLevel { level { rows } } ... on Error { message } } }',
  'mutation { deleteLevel(id: "gen") }',
  'query Q($id: ID!) { level(id: $id) { ...F } } fragment F on Level { steps render }',
  '{ __schema { types { name fields { name type { name ofType { name } } } } } }',
  '{ __typename a: __typename }',
];
const TOKENS = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ':',
  '"',
  '...',
  '$id',
  '@include(if: true)',
  'level',
  'mutation',
  'fragment',
  ' ',
  '\n',
  '#',
  'on',
  '!',
  '=',
  '1e999',
  '"\\u',
  '"""',
];

/**
 * One of `texts` with up to `edits` random edits: at a place, up to `maxCut` characters cut
 * and an `insert` put in their place.
 */
function edited(
  texts: readonly string[],
  insert: fc.Arbitrary<string>,
  edits: number,
  maxCut: number,
): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...texts),
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: maxCut }), insert), { maxLength: edits }),
    )
    .map(([original, changes]) =>
      changes.reduce((text, [at, cut, put]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + put + text.slice(i + cut);
      }, original),
    );
}

/** A document token or any text. */
const documentInsert = fc.oneof(fc.constantFrom(...TOKENS), anyText);

const mangled = edited(DOCUMENTS, documentInsert, 4, 8);

const rows = fc.oneof(
  fc.array(fc.stringMatching(/^[#.SE1-9<>^vabcdABCDx]{0,10}$/), { maxLength: 8 }),
  fc.array(anyText, { maxLength: 4 }),
  fc.jsonValue(),
);
const number = fc.oneof(
  fc.integer({ min: -3, max: 30 }),
  fc.constantFrom(0, 251, 2 ** 31, -(2 ** 31), 2 ** 32, 2 ** 53, 1.5, -0),
  fc.double(),
  fc.string({ maxLength: 3 }),
  fc.constant(null),
);
const generateInput = fc.record(
  {
    width: number,
    height: number,
    seed: number,
    algorithm: fc.constantFrom(
      'BACKTRACKER',
      'KRUSKAL',
      'PRIM',
      'WILSON',
      'ELLER',
      'backtracker',
      'NOPE',
      '',
    ),
    shape: fc.constantFrom('PERFECT', 'IMPERFECT', 'BRAID', 'ROUND'),
    pattern42: fc.oneof(fc.boolean(), fc.integer()),
    entry: fc.record({ x: number, y: number }),
    exit: fc.record({ x: number, y: number }),
    terrain: number,
    gates: number,
    keys: number,
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

const SUBJECT_MAZE = readFileSync(
  join(root, 'test/fixtures/amazeing/subject_v2.1_page9_example_25x20.txt'),
  'utf8',
);
const CRUSADE_LEVEL = readFileSync(join(root, 'test/fixtures/crusade/broken_well.in'), 'utf8');

/** Text made from a real file by random edits, or from its alphabet. */
function fileLike(real: string, alphabet: RegExp): fc.Arbitrary<string> {
  return fc.oneof(
    edited([real], fc.stringMatching(alphabet), 5, 20),
    fc.stringMatching(alphabet),
    anyText,
  );
}

const hexFile = fileLike(SUBJECT_MAZE, /^[0-9A-Fa-f\n,NESW ]{0,60}$/);
const puzzleFile = fileLike(CRUSADE_LEVEL, /^[-0-9\n ]{0,40}$/);

const operation = fc.oneof(
  rows.map((value) => ({
    query:
      'mutation ($id: ID!, $rows: [String!]!) { loadLevel(id: $id, rows: $rows) { __typename ... on Level { steps render cheapest } ... on Error { message } } }',
    variables: { id: 'fuzz', rows: value },
  })),
  fc
    .tuple(fc.oneof(fc.constant('gen'), anyText, fc.jsonValue()), generateInput)
    .map(([id, input]) => ({
      query:
        'mutation ($id: ID!, $input: GenerateLevelInput!) { generateLevel(id: $id, input: $input) { __typename ... on GeneratedLevel { level { steps maze { text } } warnings } ... on Error { message } } }',
      variables: { id, input },
    })),
  hexFile.map((text) => ({
    query:
      'mutation ($text: String!) { importMaze(id: "hex", text: $text) { __typename ... on ImportedMaze { level { steps } } ... on Error { message } } }',
    variables: { text },
  })),
  puzzleFile.map((level) => ({
    query:
      'query ($level: String!) { crusadePlan(level: $level) { __typename ... on CrusadePlan { outcome } ... on Error { message } } }',
    variables: { level },
  })),
  fc.tuple(fc.jsonValue(), fc.jsonValue()).map(([ids, first]) => ({
    query:
      'query ($ids: [ID!]!, $first: Int, $after: String) { levelsById(ids: $ids) { id } levels(first: $first, after: $after) { edges { cursor } } }',
    variables: { ids, first, after: 'bGV2ZWw6' },
  })),
);

/** Bodies of any content type: bytes, text, JSON of any shape. */
const rawBodies: fc.Arbitrary<Sent> = fc
  .tuple(
    fc.option(contentType, { nil: undefined }),
    fc.oneof(
      anyText,
      fc.uint8Array({ maxLength: 200 }).map((bytes) => new Blob([bytes])),
      fc.jsonValue().map((value) => JSON.stringify(value)),
    ),
    accept,
  )
  .map(([type, body, accepts]) => ({
    method: 'POST',
    path: '/graphql',
    headers: { ...(type !== undefined && { 'content-type': type }), accept: accepts },
    body,
  }));

/** Query strings: known and unknown parameters, any values, percent-encoded or not. */
const queryStrings: fc.Arbitrary<Sent> = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom('query', 'variables', 'extensions', 'operationName', 'x', ''),
        fc.oneof(
          anyText,
          mangled,
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        fc.boolean(),
      ),
      { maxLength: 4 },
    ),
    accept,
  )
  .map(([params, accepts]) => ({
    method: 'GET',
    path: `/graphql?${params
      .map(
        ([key, value, encode]) =>
          `${key}=${encode ? percentEncoded(value) : value.replace(/[#\s]/g, '%')}`,
      )
      .join('&')}`,
    headers: { accept: accepts },
  }));

/** Mangled documents, with random variables and operation names. */
const mangledRequests: fc.Arbitrary<Sent> = fc
  .tuple(
    mangled,
    fc.option(fc.jsonValue()),
    fc.option(fc.oneof(fc.string(), fc.jsonValue())),
    fc.constantFrom(...JSON_TYPES),
  )
  .map(([query, variables, operationName, accepts]) => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', accept: accepts },
    body: JSON.stringify({ query, variables, operationName }),
  }));

/** The real operations with random arguments. */
const operations: fc.Arbitrary<Sent> = fc
  .tuple(operation, fc.constantFrom(...JSON_TYPES))
  .map(([body, accepts]) => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', accept: accepts },
    body: JSON.stringify(body),
  }));

/** A random request of every kind the server may get, mostly well-formed HTTP. */
const requests = fc.oneof(
  { arbitrary: rawBodies, weight: 2 },
  { arbitrary: queryStrings, weight: 2 },
  { arbitrary: mangledRequests, weight: 3 },
  { arbitrary: operations, weight: 5 },
);

describe('the server process under random requests', () => {
  it('answers each with a clear error or a valid result, never 5xx, and keeps running', async () => {
    await fc.assert(fc.asyncProperty(requests, check), { numRuns: 400 });
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
  }, 120_000);

  it('answers subscriptions asked as streams with events or a clear error, never 5xx', async () => {
    const SUBSCRIPTIONS = [
      'subscription { levelsChanged { id version kind } }',
      'subscription ($id: ID!) { levelChanged(id: $id) { id version kind } }',
      'subscription { levelsChanged { id } a: levelsChanged { kind } }',
    ];
    const streams = fc.tuple(
      fc.oneof(fc.constantFrom(...SUBSCRIPTIONS), edited(SUBSCRIPTIONS, documentInsert, 3, 8)),
      fc.option(fc.oneof(fc.constant({ id: 'fuzz' }), fc.jsonValue())),
      fc.constantFrom('text/event-stream', 'multipart/mixed', 'text/event-stream, */*'),
    );
    await fc.assert(
      fc.asyncProperty(streams, async ([query, variables, accepts]) => {
        const client = new AbortController();
        const response = await fetch(`${server.base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: accepts },
          body: JSON.stringify({ query, variables }),
          signal: client.signal,
        });
        const where = `${query} ${JSON.stringify(variables)} -> ${response.status}`;
        expect(response.status, where).toBeLessThan(500);
        // What the stream says in its first moments (an open one says nothing more), then the
        // client goes: each event carries JSON with no stack.
        const leave = setTimeout(() => client.abort(), 50);
        const text = await response.text().catch(() => '');
        clearTimeout(leave);
        expect(text, where).not.toMatch(/"(stack|originalError|exception)":/);
        for (const line of text.split('\n')) {
          if (line.startsWith('data: '))
            expect(() => JSON.parse(line.slice(6)), where).not.toThrow();
        }
      }),
      { numRuns: 60 },
    );
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
  }, 120_000);

  it('answers any Host header and request target with JSON below 500', async () => {
    const port = Number(new URL(server.url).port);
    const host = fc.oneof(
      fc.constantFrom('localhost', `127.0.0.1:${port}`, '[::1]', 'rebound.example'),
      fc.stringMatching(/^[!-~]([ -~]{0,40}[!-~])?$/),
    );
    const target = fc.oneof(
      fc.constantFrom('/graphql?query=%7B__typename%7D', '/', '/metrics', '/ready', '*'),
      fc.stringMatching(/^[!-~]{1,60}$/),
    );
    await fc.assert(
      fc.asyncProperty(host, target, async (hostValue, path) => {
        const answer = await rawRequest(port, `GET ${path} HTTP/1.1`, [`Host: ${hostValue}`]);
        const where = `GET ${path} Host: ${hostValue} -> ${answer.status} ${answer.body.slice(0, 300)}`;
        expect(answer.status, where).toBeLessThan(500);
        if (answer.status < 400) return;
        const body = JSON.parse(answer.body) as { errors: Array<{ extensions: { code: string } }> };
        expect(typeof body.errors[0].extensions.code, where).toBe('string');
      }),
      { numRuns: 300 },
    );
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
  });

  it('answers bodies over the limit with a 413 the client reads, whatever their size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1024 * 1024 + 1, max: 3 * 1024 * 1024 }),
        fc.boolean(),
        async (size, framed) => {
          const answer = await new Promise<{ status: number; errors: string[] }>((resolve) => {
            const errors: string[] = [];
            let status = 0;
            const req = request(server.url, {
              method: 'POST',
              agent: false,
              headers: {
                'content-type': 'application/json',
                connection: 'close',
                ...(framed ? { 'content-length': size } : { 'transfer-encoding': 'chunked' }),
              },
            });
            req.on('error', (error: NodeJS.ErrnoException) =>
              errors.push(error.code ?? error.message),
            );
            req.on('response', (res) => {
              status = res.statusCode!;
              res.resume();
            });
            req.on('close', () => resolve({ status, errors }));
            req.end(Buffer.alloc(size, ' '));
          });
          expect(answer).toEqual({ status: 413, errors: [] });
        },
      ),
      { numRuns: 6 },
    );
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
  }, 60_000);
});
