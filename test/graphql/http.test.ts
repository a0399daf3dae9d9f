// The HTTP side of the app, in process: masked internal errors, request limits, health and
// readiness (GraphiQL: graphiql.test.ts).
import { getIntrospectionQuery } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { afterEach, describe, expect, it } from 'vitest';
import { guardHooks } from '../../src/graphql/http/plugins/guard-hooks.js';
import { schema } from '../../src/graphql/schema/schema.js';
import { createApp } from '../../src/graphql/http/yoga.js';
import { LevelService } from '../../src/service/level-service.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { CountingStore, INTRO, expectedReads, makeApp, post, splitCost } from './helpers.js';

/** A store that fails the way a broken database would, with a message and a stack. */
class BrokenStore extends CountingStore {
  override getMany(): never {
    throw new Error('disk on fire at /var/lib/levels.sqlite');
  }
  override list(): never {
    throw new Error('disk on fire at /var/lib/levels.sqlite');
  }
  override listVersions(): never {
    throw new Error('disk on fire at /var/lib/levels.sqlite');
  }
  override save(): never {
    throw new Error('disk on fire at /var/lib/levels.sqlite');
  }
}

const MASKED = { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } };

describe('internal errors', () => {
  const nodeEnv = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it.each([
    ['level', '{ level(id: "a") { id } }', { level: null }, 'level', 3],
    ['levels', '{ levels { edges { cursor } } }', null, 'levels', 3],
    [
      'loadLevel',
      'mutation { loadLevel(id: "a", rows: ["SE"]) { __typename } }',
      null,
      'loadLevel',
      12,
    ],
  ])(
    'are masked, without message or stack trace (%s)',
    async (_name, query, data, path, column) => {
      // Even in development mode: masking does not depend on NODE_ENV.
      process.env.NODE_ENV = 'development';
      const { app } = makeApp({ store: new BrokenStore() });
      const response = await app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(splitCost(JSON.parse(text)).body).toEqual({
        data,
        errors: [{ ...MASKED, locations: [{ line: 1, column }], path: [path] }],
      });
      expect(text).not.toMatch(/disk on fire|stack|\.ts:|\.js:/);
    },
  );

  it('are masked when a stored level is corrupt', async () => {
    const store = new MemoryLevelStore();
    // Bypass validation, as a hand-edited database row would.
    store.save('corrupt', ['S.x'], { historyLimit: 100 });
    const app = createApp(new LevelService(store), { logging: false });
    const { body } = await post(app, '{ level(id: "corrupt") { rows steps } }');
    expect(body).toEqual({
      data: { level: { rows: ['S.x'], steps: null } },
      errors: [{ ...MASKED, locations: [{ line: 1, column: 31 }], path: ['level', 'steps'] }],
    });
  });
});

describe('a failing HTTP hook of a plugin', () => {
  const fails = (error: Error, later: boolean) => () => {
    if (later) return Promise.reject(error);
    throw error;
  };
  it.each([
    ['throws', false],
    ['rejects', true],
  ])(
    'answers 500 "Unexpected error." when its onRequest %s, the stack to the log only',
    async (_n, later) => {
      const logged: string[] = [];
      const app = createYoga({
        schema,
        logging: false,
        plugins: [
          guardHooks({ onRequest: fails(new Error('secret at /srv/x.ts'), later) }, (line) =>
            logged.push(line),
          ),
        ],
      });
      const response = await app.fetch('http://localhost/graphql?query={__typename}');
      expect([response.status, await response.json()]).toEqual([
        500,
        {
          errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        },
      ]);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(
        /^labyrinth server: internal error answering \/graphql: Error: secret at \/srv\/x\.ts\n {4}at /,
      );
    },
  );

  it('leaves the answer as it was when its onResponse fails, and reports it', async () => {
    const logged: string[] = [];
    const app = createYoga({
      schema,
      logging: false,
      plugins: [
        guardHooks({ onResponse: fails(new Error('late'), false) }, (line) => logged.push(line)),
      ],
    });
    const response = await app.fetch('http://localhost/graphql?query={__typename}');
    expect([response.status, await response.json()]).toEqual([
      200,
      { data: { __typename: 'Query' } },
    ]);
    expect(logged.map((line) => line.split('\n')[0])).toEqual([
      'labyrinth server: internal error: Error: late',
    ]);
  });
});

describe('request limits', () => {
  it('answers 413 for a body over 1 MiB', async () => {
    const { app } = makeApp();
    const response = await app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }', padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [
        { message: 'Request body too large', extensions: { code: 'REQUEST_ENTITY_TOO_LARGE' } },
      ],
    });
  });

  it('takes a 300x300 level sent as variables', async () => {
    const { app } = makeApp();
    const rows = Array.from({ length: 300 }, (_, r) =>
      r === 0 ? 'S' + '.'.repeat(299) : r === 299 ? '.'.repeat(299) + 'E' : '.'.repeat(300),
    );
    const { body } = await post(
      app,
      'mutation ($rows: [String!]!) { loadLevel(id: "big", rows: $rows) { ... on Level { width height steps } } }',
      { rows },
    );
    expect(body).toEqual({ data: { loadLevel: { width: 300, height: 300, steps: 598 } } });
  });

  const field = (i: number) => `a${i}: level(id: "x") { id }`;
  const page = `{ edges { cursor node { id version rows width height steps render cheapest
    cheapestRender path { row col } cheapestPath { row col } } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }`;

  it.each([
    [
      'depth',
      '{ a { b { c { d { e { f { g { h { i } } } } } } } } }',
      'Query depth limit of 8 exceeded, found 9.',
      'QUERY_TOO_DEEP',
    ],
    [
      'aliases',
      `{ ${Array.from({ length: 16 }, (_, i) => field(i)).join(' ')} }`,
      'Aliases limit of 15 exceeded, found 16.',
      'TOO_MANY_ALIASES',
    ],
    [
      'cost',
      `{ a: levels(first: 100) ${page} b: levels(first: 100) ${page} c: levels(first: 100) ${page} }`,
      'Query Cost limit of 20000 exceeded, found 26362.5.',
      'QUERY_TOO_COSTLY',
    ],
    [
      'tokens',
      `{ levelsById(ids: [${Array.from({ length: 2000 }, (_, i) => `"${i}"`).join(',')}]) { id } }`,
      'Token limit of 2000 exceeded.',
      'TOO_MANY_TOKENS',
    ],
    [
      'directives',
      `{ level(id: "x") { id ${'@include(if: true) '.repeat(51)} } }`,
      'Directives limit of 50 exceeded, found 51.',
      'TOO_MANY_DIRECTIVES',
    ],
    [
      'aliases, __typename included',
      `{ ${Array.from({ length: 40 }, (_, i) => `t${i}: __typename`).join(' ')} }`,
      'Aliases limit of 15 exceeded, found 40.',
      'TOO_MANY_ALIASES',
    ],
    [
      'introspection depth',
      `{ __schema { types { fields { type ${'{ ofType '.repeat(12)}{ name }${' }'.repeat(12)} } } } }`,
      'Introspection depth limit of 15 exceeded, found 17.',
      'QUERY_TOO_DEEP',
    ],
    [
      'cost, introspection included',
      `{ __schema { types { fields { type ${'{ ofType '.repeat(25)}{ name }${' }'.repeat(25)} } } } }`,
      'Query Cost limit of 20000 exceeded, found 639166.197442947.',
      'QUERY_TOO_COSTLY',
    ],
  ])('rejects a query over the %s limit: 400 with a code', async (_name, query, message, code) => {
    const { app, store } = makeApp();
    const { status, body } = await post(app, query);
    expect(status).toBe(400);
    expect(body).toEqual({ errors: [{ message, extensions: { code } }] });
    expect(store.reads).toEqual(expectedReads({}));
  });

  it('takes the full introspection query GraphiQL sends', async () => {
    const { app } = makeApp();
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    const { status, body } = await post(app, query);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data).toHaveProperty('__schema.queryType.name', 'Query');
  });

  it('accepts queries just inside the limits, fragments counted inline', async () => {
    const { app, store } = makeApp();
    store.put('intro', INTRO);
    const { body } = await post(
      app,
      `{ ${Array.from({ length: 15 }, (_, i) => field(i)).join(' ')}
         levels { edges { node { ...Answers } } } }
       fragment Answers on Level { path { ...Cell } }
       fragment Cell on Position { row col }`,
    );
    expect(body.errors).toBeUndefined();
    expect((body.data!.levels as { edges: unknown[] }).edges).toHaveLength(1);
  });

  it('accepts a full page of 100 levels with every field', async () => {
    const { app, store } = makeApp();
    store.put('intro', INTRO);
    const { body } = await post(app, `{ levels(first: 100) ${page} }`);
    expect(body.errors).toBeUndefined();
    expect((body.data!.levels as { edges: unknown[] }).edges).toHaveLength(1);
  });
});

describe('endpoints', () => {
  it('/health answers 200', async () => {
    const { app } = makeApp();
    const response = await app.fetch('http://localhost/health');
    expect(response.status).toBe(200);
  });

  it('/ready answers 200 when the store answers', async () => {
    const { app } = makeApp();
    const response = await app.fetch('http://localhost/ready');
    expect([response.status, await response.json()]).toEqual([200, { status: 'ready' }]);
  });

  it.each([
    ['the store fails', { ping: () => Promise.reject(new Error('connection refused')) }, {}],
    ['the store does not answer in time', { ping: () => new Promise<void>(() => {}) }, {}],
    ['the server is draining', {}, { isDraining: () => true }],
  ])('/ready answers 503 when %s', async (_name, storeOverrides, appOptions) => {
    const store = Object.assign(new MemoryLevelStore(), storeOverrides);
    const app = createApp(new LevelService(store), {
      logging: false,
      readyTimeoutMs: 50,
      ...appOptions,
    });
    const response = await app.fetch('http://localhost/ready');
    expect([response.status, await response.text()]).toEqual([503, '{"status":"unavailable"}']);
  });

  it('/graphql answers a GET query', async () => {
    const { app, store } = makeApp();
    store.put('intro', INTRO);
    const response = await app.fetch(
      `http://localhost/graphql?query=${encodeURIComponent('{ level(id: "intro") { steps } }')}`,
      { headers: { accept: 'application/json' } },
    );
    expect(splitCost(await response.json()).body).toEqual({ data: { level: { steps: 4 } } });
  });

  it('refuses a mutation over GET', async () => {
    const { app } = makeApp();
    const response = await app.fetch(
      `http://localhost/graphql?query=${encodeURIComponent('mutation { deleteLevel(id: "x") }')}`,
      { headers: { accept: 'application/json' } },
    );
    expect(response.status).toBe(405);
  });

  it('answers 404 elsewhere, as JSON with a code, for any method', async () => {
    const { app } = makeApp();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await app.fetch('http://localhost/elsewhere/x?y=1', { method });
      expect([response.status, await response.json()], method).toEqual([
        404,
        {
          errors: [
            {
              message:
                'nothing is served at "/elsewhere/x": the API is at /graphql, the editor at /',
              extensions: { code: 'NOT_FOUND' },
            },
          ],
        },
      ]);
    }
  });
});
