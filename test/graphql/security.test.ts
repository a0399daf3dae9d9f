// Write access, CORS, cross-site requests and the introspection switch, in process through
// `app.fetch` (docs/graphql.md, "Security"). test/e2e/security.test.ts checks the same over a
// real server process: where it listens, what it says at start, the token kept out of logs.
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isObjectType,
  isInterfaceType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { allowedHostNames } from '../../src/graphql/http/plugins/use-allowed-hosts.js';
import { schema } from '../../src/graphql/schema/schema.js';
import type { AppOptions } from '../../src/graphql/http/yoga.js';
import { INTRO, makeApp, post, splitCost } from './helpers.js';

const TOKEN = 'a-long-secret-token.1234';
const UNAUTHENTICATED = {
  message:
    "mutations on this server need its write token: send the header 'Authorization: Bearer <token>' with the value of LABYRINTH_WRITE_TOKEN",
  extensions: { code: 'UNAUTHENTICATED' },
};

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> }>;
  };
}

async function send(
  options: AppOptions,
  query: string,
  headers: Record<string, string> = {},
  store = INTRO,
): Promise<Answer & { levels: string[] }> {
  const made = makeApp({ app: options });
  made.store.put('intro', store);
  const response = await made.app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: splitCost((await response.json()) as Answer['body']).body,
    levels: made.store.list(null, 100).map((level) => `${level.id}@${level.version}`),
  };
}

/** A literal of an input type, to call any field (only its arguments' types matter here). */
function literal(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literal(type.ofType);
  if (isListType(type)) return `[${literal(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type));
    return `{ ${fields.map((field) => `${field.name}: ${literal(field.type)}`).join(', ')} }`;
  }
  const name = getNamedType(type).name;
  return name === 'Int' || name === 'Float' ? '1' : name === 'Boolean' ? 'true' : '"intro"';
}

/** `mutation { field(every required argument) { __typename } }` for a Mutation field. */
function call(field: GraphQLField<unknown, unknown>): string {
  const args = field.args
    .filter((arg: GraphQLArgument) => isNonNullType(arg.type))
    .map((arg) => `${arg.name}: ${literal(arg.type)}`);
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `mutation { ${field.name}${args.length > 0 ? `(${args.join(', ')})` : ''}${selection} }`;
}

const MUTATIONS = Object.values(schema.getMutationType()!.getFields());

describe('write access with LABYRINTH_WRITE_TOKEN', () => {
  const guarded: AppOptions = { writeToken: TOKEN };

  it.each(MUTATIONS.map((field) => [field.name, call(field)]))(
    'refuses %s without the token: 401 UNAUTHENTICATED without data, nothing written',
    async (_name, query) => {
      const answer = await send(guarded, query);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="labyrinth"');
      // Refused before it runs: no `data` entry (with one, GraphQL over HTTP wants a 2xx).
      expect('data' in answer.body).toBe(false);
      expect(answer.body.errors).toEqual([
        { ...UNAUTHENTICATED, locations: [{ line: 1, column: 12 }] },
      ]);
      expect(answer.levels).toEqual(['intro@1']);
    },
  );

  it('refuses a mutation over the budget without the token as UNAUTHENTICATED, not priced', async () => {
    const query = 'mutation { loadLevel(id: "intro", rows: ["SE"]) { ... on Level { steps } } }';
    const tight: AppOptions = { ...guarded, budget: { maxSolveCost: 1, maxResponseBytes: 1 } };
    const refused = await send(tight, query);
    expect([refused.status, refused.body.errors?.map((error) => error.extensions?.code)]).toEqual([
      401,
      ['UNAUTHENTICATED'],
    ]);
    const priced = await send(tight, query, { authorization: `Bearer ${TOKEN}` });
    expect([priced.status, priced.body.errors?.map((error) => error.extensions?.code)]).toEqual([
      400,
      ['TOO_EXPENSIVE'],
    ]);
    expect([refused.levels, priced.levels]).toEqual([['intro@1'], ['intro@1']]);
  });

  it.each([
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['the token cut short', `Bearer ${TOKEN.slice(0, -1)}`],
    ['another scheme', `Basic ${TOKEN}`],
    ['no token after Bearer', 'Bearer '],
    ['the token alone', TOKEN],
  ])('answers %s the same way', async (_name, authorization) => {
    const answer = await send(guarded, 'mutation { deleteLevel(id: "intro") }', {
      authorization,
    });
    expect([answer.status, answer.body.errors?.map((error) => error.message)]).toEqual([
      401,
      [UNAUTHENTICATED.message],
    ]);
    expect(answer.levels).toEqual(['intro@1']);
  });

  it.each([`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `Bearer  ${TOKEN} `])(
    'runs mutations with the token (%j)',
    async (authorization) => {
      const answer = await send(
        guarded,
        'mutation { loadLevel(id: "intro", rows: ["SE"]) { __typename } }',
        { authorization },
      );
      expect(answer.body).toEqual({ data: { loadLevel: { __typename: 'Level' } } });
      expect(answer.levels).toEqual(['intro@2']);
    },
  );

  it('leaves queries open, with or without a token', async () => {
    const tries: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token' },
    ];
    for (const headers of tries) {
      const answer = await send(guarded, '{ level(id: "intro") { steps } }', headers);
      expect([answer.status, answer.body]).toEqual([200, { data: { level: { steps: 4 } } }]);
    }
  });

  it('refuses the first of several mutations, and so runs none of them', async () => {
    const answer = await send(
      guarded,
      'mutation { a: deleteLevel(id: "intro") b: deleteLevel(id: "intro") }',
    );
    expect(answer.status).toBe(401);
    // The whole operation is refused before it runs, located at its first field.
    expect(answer.body).toEqual({
      errors: [{ ...UNAUTHENTICATED, locations: [{ line: 1, column: 12 }] }],
    });
    expect(answer.levels).toEqual(['intro@1']);
  });

  it('never writes the token into the request log', async () => {
    const lines: string[] = [];
    const made = makeApp({ app: { writeToken: TOKEN, logRequest: (line) => lines.push(line) } });
    for (const authorization of [`Bearer ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      await made.app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ query: 'mutation { deleteLevel(id: "x") }' }),
      });
    }
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

describe('without LABYRINTH_WRITE_TOKEN', () => {
  it('anyone may write', async () => {
    const answer = await send({}, 'mutation { deleteLevel(id: "intro") }');
    expect([answer.status, answer.body, answer.levels]).toEqual([
      200,
      { data: { deleteLevel: true } },
      [],
    ]);
  });
});

describe('CORS', () => {
  const QUERY = '{ __typename }';
  const preflight = async (options: AppOptions, origin: string) => {
    const { app } = makeApp({ app: options });
    return app.fetch('http://localhost/graphql', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
  };
  const corsHeaders = (headers: Headers) =>
    Object.fromEntries([...headers].filter(([name]) => name.startsWith('access-control-')));

  it('by default answers other origins no CORS headers, and refuses their requests', async () => {
    const answer = await send({}, QUERY, { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.body.errors).toEqual([
      {
        message:
          'requests from the web origin "https://evil.example" are not allowed: the server takes browser requests from its own origin and those listed in CORS_ORIGINS',
        extensions: { code: 'FORBIDDEN_ORIGIN' },
      },
    ]);
    expect(corsHeaders(answer.headers)).toEqual({});
    const options = await preflight({}, 'https://evil.example');
    expect([options.status, corsHeaders(options.headers)]).toEqual([403, {}]);
  });

  it('answers its own origin, with no CORS headers needed', async () => {
    const answer = await send({}, QUERY, { origin: 'http://localhost' });
    expect([answer.status, answer.body]).toEqual([200, { data: { __typename: 'Query' } }]);
    expect(corsHeaders(answer.headers)).toEqual({});
  });

  it('allows the origins of CORS_ORIGINS, each answered with itself, never with credentials', async () => {
    const options = { corsOrigins: ['https://levels.example', 'http://localhost:3000'] };
    const granted = await preflight(options, 'http://localhost:3000');
    expect(granted.status).toBe(204);
    expect(corsHeaders(granted.headers)).toEqual({
      'access-control-allow-origin': 'http://localhost:3000',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'Accept, Authorization, Content-Type',
      'access-control-max-age': '600',
    });
    const answer = await send(options, QUERY, { origin: 'https://levels.example' });
    expect([answer.status, answer.body]).toEqual([200, { data: { __typename: 'Query' } }]);
    expect(corsHeaders(answer.headers)).toEqual({
      'access-control-allow-origin': 'https://levels.example',
      'access-control-expose-headers': 'Retry-After',
    });
    expect(answer.headers.get('vary')).toContain('Origin');
    for (const origin of ['https://evil.example', 'https://levels.example.evil', 'null']) {
      const refused = await send(options, QUERY, { origin });
      expect([refused.status, corsHeaders(refused.headers)]).toEqual([403, {}]);
    }
  });

  it('answers * to any origin with CORS_ORIGINS=*, not the origin itself', async () => {
    const answer = await send({ corsOrigins: ['*'] }, QUERY, { origin: 'https://any.example' });
    expect(answer.status).toBe(200);
    expect(corsHeaders(answer.headers)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'Retry-After',
    });
  });
});

describe('cross-site requests', () => {
  const DELETE = 'mutation { deleteLevel(id: "intro") }';

  async function post(
    contentType: string | undefined,
    body: BodyInit,
    headers: Record<string, string> = {},
  ) {
    const made = makeApp();
    made.store.put('intro', INTRO);
    const response = await made.app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { ...(contentType && { 'content-type': contentType }), ...headers },
      body,
    });
    return {
      status: response.status,
      body: (await response.json()) as Answer['body'],
      levels: made.store.list(null, 100).length,
    };
  }

  it.each([
    ['a form', 'application/x-www-form-urlencoded', `query=${encodeURIComponent(DELETE)}`],
    ['text/plain', 'text/plain', JSON.stringify({ query: DELETE })],
  ])('cannot run a mutation as %s: 415, nothing deleted', async (_name, type, body) => {
    const answer = await post(type, body);
    expect(answer).toEqual({
      status: 415,
      body: {
        errors: [
          {
            message: `a POST body must be JSON: send Content-Type: application/json (got "${type}")`,
            extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
          },
        ],
      },
      levels: 1,
    });
  });

  it('cannot run a mutation as multipart: 415, nothing deleted', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: DELETE }));
    form.set('map', '{}');
    const answer = await post(undefined, form);
    expect([answer.status, answer.body.errors![0].extensions, answer.levels]).toEqual([
      415,
      { code: 'UNSUPPORTED_MEDIA_TYPE' },
      1,
    ]);
  });

  it('refuses a form posted from another site before reading it', async () => {
    const answer = await post('application/x-www-form-urlencoded', `query=${DELETE}`, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect([answer.status, answer.body.errors![0].extensions, answer.levels]).toEqual([
      403,
      { code: 'FORBIDDEN_ORIGIN' },
      1,
    ]);
  });

  it.each([
    ['cross-site', 403],
    ['same-site', 403],
    ['same-origin', 200],
    ['none', 200],
  ])('answers a GET query with Sec-Fetch-Site: %s and no Origin with %i', async (site, status) => {
    const { app } = makeApp();
    const response = await app.fetch(
      `http://localhost/graphql?query=${encodeURIComponent('{ __typename }')}`,
      { headers: { accept: 'application/json', 'sec-fetch-site': site } },
    );
    expect(response.status).toBe(status);
  });
});

describe('INTROSPECTION=0', () => {
  it.each(['{ __schema { queryType { name } } }', '{ __type(name: "Level") { name } }'])(
    'refuses %s with 400 INTROSPECTION_DISABLED',
    async (query) => {
      const answer = await send({ introspection: false }, query);
      expect(answer.status).toBe(400);
      expect(answer.body.errors!.map((error) => error.extensions?.code)).toEqual([
        'INTROSPECTION_DISABLED',
      ]);
      expect(answer.body.errors![0].message).toMatch(
        /^introspection is turned off on this server \(INTROSPECTION=0\): '__(schema|type)' cannot be queried$/,
      );
    },
  );

  // Mistakes that made graphql-js name the schema's types, fields and values (and suggest
  // some), with what the client is told when introspection is off.
  const MISTAKES: Array<[string, Record<string, unknown> | undefined, string[]]> = [
    ['{ levle(id: "a") { id } }', undefined, ['Cannot query field "levle" on type "…".']],
    [
      '{ level(idd: "a") { id } }',
      undefined,
      [
        'Unknown argument "idd" on field "…".',
        // `id` is written: the client selects it.
        'Field "level" argument "id" of type "…" is required, but it was not provided.',
      ],
    ],
    [
      'mutation ($i: GenerateLevelInput!) { generateLevel(id: "a", input: $i) { __typename } }',
      { i: { widht: 3, height: 3, seed: 1 } },
      [
        'Variable "$i" got invalid value { widht: 3, height: 3, seed: 1 }; Field "…" of required type "…" was not provided.',
        'Variable "$i" got invalid value { widht: 3, height: 3, seed: 1 }; Field "widht" is not defined by type "GenerateLevelInput".',
      ],
    ],
    [
      'mutation { generateLevel(id: "a", input: { width: 3, height: 3, seed: 1, algorithm: growing }) { __typename } }',
      undefined,
      ['Value "growing" does not exist in "…" enum.'],
    ],
    [
      'mutation ($i: GenerateLevelInput!) { generateLevel(id: "a", input: $i) { __typename } }',
      { i: { width: 3, height: 3, seed: 1, algorithm: 'growing-tree' } },
      [
        'Variable "$i" got invalid value "growing-tree" at "i.algorithm"; Value "growing-tree" does not exist in "…" enum.',
      ],
    ],
    [
      '{ level(id: [1]) { id } }',
      undefined,
      ['… cannot represent a non-string and non-integer value: [1]'],
    ],
    [
      '{ level(id: "a") }',
      undefined,
      ['Field "level" of type "…" must have a selection of subfields.'],
    ],
    [
      'query ($id: String) { level(id: $id) { id } }',
      undefined,
      ['Variable "$id" of type "String" used in position expecting type "…".'],
    ],
  ];

  it('names in its refusals only what the client wrote, and suggests nothing', async () => {
    const { app } = makeApp({ app: { introspection: false } });
    for (const [query, variables, messages] of MISTAKES) {
      const answer = await post(app, query, variables);
      expect(answer.status, query).toBe(400);
      expect(
        answer.body.errors!.map((error) => error.message),
        query,
      ).toEqual(messages);
    }
  });

  it('names every schema name a refusal names when introspection is on', async () => {
    const { app } = makeApp();
    const schemaNames = new Set<string>();
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      schemaNames.add(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) schemaNames.add(field.name);
      }
      if (isEnumType(type)) for (const value of type.getValues()) schemaNames.add(value.name);
    }
    // The same mistakes with introspection on do name what the client did not write: the
    // check above is not vacuous.
    for (const [query, variables] of MISTAKES) {
      const answer = await post(app, query, variables);
      const written = new Set(`${query} ${JSON.stringify(variables)}`.match(/\w+/g));
      const named = answer.body.errors!.flatMap((error) => [
        ...[...error.message.matchAll(/"([^"]*)"/g)].flatMap(
          (match) => match[1].match(/\w+/g) ?? [],
        ),
        ...[...error.message.matchAll(/(?:^|; )(\w+) cannot represent /g)].map((match) => match[1]),
      ]);
      expect(
        named.filter((name) => schemaNames.has(name) && !written.has(name)).length,
        query,
      ).toBeGreaterThan(0);
    }
  });

  it('still answers __typename, and introspection is on by default', async () => {
    const off = await send({ introspection: false }, '{ __typename }');
    expect(off.body).toEqual({ data: { __typename: 'Query' } });
    const on = await send({}, '{ __schema { queryType { name } } }');
    expect(on.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});

describe('the host names the server answers to', () => {
  it('are the loopback names by default when it listens on loopback', () => {
    const loopback = ['localhost', '127.0.0.1', '[::1]'];
    expect(allowedHostNames('127.0.0.1')).toEqual(loopback);
    expect(allowedHostNames('localhost')).toEqual(loopback);
    expect(allowedHostNames('::1')).toEqual(loopback);
    expect(allowedHostNames('127.0.0.2')).toEqual([...loopback, '127.0.0.2']);
    expect(allowedHostNames('0:0:0:0:0:0:0:1')).toEqual(loopback);
  });

  it('are any by default when it listens on other interfaces', () => {
    for (const host of ['0.0.0.0', '::', '10.1.2.3', 'levels.internal']) {
      expect(allowedHostNames(host), host).toBeUndefined();
    }
  });

  it('are those of ALLOWED_HOSTS when set, spelled as URLs spell them', () => {
    expect(allowedHostNames('0.0.0.0', ['Levels.Example', '::0001', '[FE80::1]'])).toEqual([
      'levels.example',
      '[::1]',
      '[fe80::1]',
    ]);
    expect(allowedHostNames('127.0.0.1', ['*'])).toBeUndefined();
  });

  it('refuse other names on every path, before anything else answers', async () => {
    const made = makeApp({ app: { allowedHosts: allowedHostNames('127.0.0.1') } });
    for (const path of ['/graphql?query={__typename}', '/', '/metrics', '/ready']) {
      const response = await made.app.fetch(`http://rebound.example:4000${path}`);
      expect([response.status, await response.json()], path).toEqual([
        403,
        {
          errors: [
            {
              message:
                'this server does not answer to the host name in "rebound.example:4000": ALLOWED_HOSTS lists the names it is reached by',
              extensions: { code: 'FORBIDDEN_HOST' },
            },
          ],
        },
      ]);
    }
    const allowed = await made.app.fetch('http://[::1]:4000/graphql?query={__typename}');
    expect(splitCost(await allowed.json()).body).toEqual({ data: { __typename: 'Query' } });
  });
});
