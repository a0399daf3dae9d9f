// The response cache and HTTP caching (plugins/use-response-cache.ts, docs/graphql.md,
// "Caching"): a repeated query answered from the cache, with what it cost now; a save
// through this service or straight into the store (another instance) seen at once; what is
// never kept; ETag, Cache-Control and 304 over GET.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET } from '../../src/graphql/http/yoga.js';
import { RESPONSE_MAX_AGE_S } from '../../src/graphql/http/plugins/use-response-cache.js';
import { INTRO, costOf, expectedReads, makeApp, post } from './helpers.js';

const CACHED = { responseCacheMaxBytes: 1024 * 1024 };
const STEPS = '{ level(id: "intro") { version steps } }';

function cached() {
  return makeApp({ app: CACHED });
}

const limits = {
  maxSolve: DEFAULT_BUDGET.maxSolveCost,
  maxResponseBytes: DEFAULT_BUDGET.maxResponseBytes,
  maxCrusade: DEFAULT_BUDGET.maxCrusadeCost,
};

describe('the response cache', () => {
  it('answers a repeated query from the cache, one versions read and nothing solved', async () => {
    const { app, store, service } = cached();
    await service.load('intro', INTRO);
    const first = await post(app, STEPS);
    expect(first.body).toEqual({ data: { level: { version: 1, steps: 4 } } });
    store.reads.versions = 0;
    store.reads.getMany = 0;
    store.reads.idsAsked = [];
    const runs = service.stats.fewestStepsRuns;
    const second = await post(app, STEPS);
    expect(second).toEqual(first);
    expect(costOf(second)).toEqual({ ...limits, solve: 0, responseBytes: 1, crusade: 0 });
    expect(store.reads).toEqual(expectedReads({ versions: 1 }));
    expect(service.stats.fewestStepsRuns).toBe(runs);
  });

  it('a hit is logged and measured under its operation name, as a run is', async () => {
    const lines: string[] = [];
    const { app, service } = makeApp({
      app: { ...CACHED, logRequest: (line) => lines.push(line) },
    });
    await service.load('intro', INTRO);
    const ask = 'query Steps { level(id: "intro") { steps } }';
    await post(app, ask);
    await post(app, ask);
    expect(lines.map((line) => (JSON.parse(line) as { operation: string }).operation)).toEqual([
      'Steps',
      'Steps',
    ]);
    const metrics = await (await app.fetch('http://localhost/metrics')).text();
    expect(metrics).toMatch(/labyrinth_request_seconds_count\{operation="Steps",outcome="ok"\} 2/);
  });
});

describe('what the cache holds is bounded', () => {
  it('past RESPONSE_CACHE_MAX_BYTES the least recently used answer is dropped', async () => {
    // Room for one answer of these (key and JSON, about 250 bytes each), not two.
    const { app, store, service } = makeApp({ app: { responseCacheMaxBytes: 400 } });
    await service.load('a', ['SE']);
    await service.load('b', ['S.E']);
    const ask = (id: string) => post(app, `{ level(id: "${id}") { steps } }`);
    // The levels are in the memo: a miss reads versions twice (the cache's, the level's), a
    // hit once.
    const reads = async (id: string) => {
      const before = store.reads.versions;
      await ask(id);
      return store.reads.versions - before;
    };
    expect([await reads('a'), await reads('a')]).toEqual([2, 1]);
    expect([await reads('b'), await reads('b')]).toEqual([2, 1]); // b's answer dropped a's
    expect([await reads('a'), await reads('a')]).toEqual([2, 1]);
    expect((await ask('a')).body).toEqual({ data: { level: { steps: 1 } } });
  });
});

describe('what the cache keeps is never stale', () => {
  it('a save through the service is read at once', async () => {
    const { app, service } = cached();
    await service.load('intro', INTRO);
    expect((await post(app, STEPS)).body).toEqual({ data: { level: { version: 1, steps: 4 } } });
    expect((await post(app, STEPS)).body).toEqual({ data: { level: { version: 1, steps: 4 } } });
    await service.load('intro', ['S...E']);
    expect((await post(app, STEPS)).body).toEqual({ data: { level: { version: 2, steps: 4 } } });
    await service.load('intro', ['S.E']);
    expect((await post(app, STEPS)).body).toEqual({ data: { level: { version: 3, steps: 2 } } });
    await service.delete('intro');
    expect((await post(app, STEPS)).body).toEqual({ data: { level: null } });
  });

  it('a save by another instance (straight into the shared store) is read at once', async () => {
    const { app, store, service } = cached();
    await service.load('intro', INTRO);
    const ask = '{ a: level(id: "intro") { steps } b: levelsById(ids: ["intro", "x"]) { rows } }';
    expect((await post(app, ask)).body).toEqual({
      data: { a: { steps: 4 }, b: [{ rows: INTRO }, null] },
    });
    expect((await post(app, ask)).body).toEqual({
      data: { a: { steps: 4 }, b: [{ rows: INTRO }, null] },
    });
    // No event reaches this service: only the versions tell.
    store.put('x', ['SE']);
    expect((await post(app, ask)).body).toEqual({
      data: { a: { steps: 4 }, b: [{ rows: INTRO }, { rows: ['SE'] }] },
    });
    store.put('intro', ['S..E']);
    expect((await post(app, ask)).body).toEqual({
      data: { a: { steps: 3 }, b: [{ rows: ['S..E'] }, { rows: ['SE'] }] },
    });
  });

  it('node(id) of the current level follows its saves', async () => {
    const { app, store, service } = cached();
    await service.load('intro', INTRO);
    const ask = '{ node(id: "intro") { ... on Level { version } } }';
    expect((await post(app, ask)).body).toEqual({ data: { node: { version: 1 } } });
    store.put('intro', ['SE']);
    expect((await post(app, ask)).body).toEqual({ data: { node: { version: 2 } } });
  });
});

describe('what the cache never keeps', () => {
  it('a levels page, a mutation, @defer: each run again', async () => {
    const { app, store, service } = cached();
    await service.load('intro', INTRO);
    const page = '{ levels(first: 5) { edges { node { id steps } } } }';
    for (let i = 0; i < 2; i++) {
      expect((await post(app, page)).body).toEqual({
        data: { levels: { edges: [{ node: { id: 'intro', steps: 4 } }] } },
      });
    }
    expect(store.reads.listVersions).toBe(2);
    const save = 'mutation { loadLevel(id: "m", rows: ["SE"]) { ... on Level { version } } }';
    expect((await post(app, save)).body).toEqual({ data: { loadLevel: { version: 1 } } });
    expect((await post(app, save)).body).toEqual({ data: { loadLevel: { version: 1 } } });
    expect((await service.history('m', null, 10)).length).toBe(1);
    const deferred = '{ level(id: "intro") { id ... @defer { steps } } }';
    for (let i = 0; i < 2; i++) {
      const response = await app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'multipart/mixed' },
        body: JSON.stringify({ query: deferred }),
      });
      expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
      expect(await response.text()).toContain('"steps":4');
    }
  });
});

describe('what the cache keeps besides level(id)', () => {
  it('checkLevel of the same rows: solved once', async () => {
    const { app, service } = cached();
    const ask = '{ checkLevel(rows: ["S..#", "...E"]) { ... on LevelDraft { steps } } }';
    expect((await post(app, ask)).body).toEqual({ data: { checkLevel: { steps: 4 } } });
    const runs = service.stats.fewestStepsRuns;
    const again = await post(app, ask);
    expect(again.body).toEqual({ data: { checkLevel: { steps: 4 } } });
    expect(service.stats.fewestStepsRuns).toBe(runs);
    expect(costOf(again)?.solve).toBe(0);
  });

  it('a document sent by its hash hits what its text left', async () => {
    const { app, store, service } = cached();
    await service.load('intro', INTRO);
    const { createHash } = await import('node:crypto');
    const sha256Hash = createHash('sha256').update(STEPS).digest('hex');
    const send = (body: object) =>
      app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    const persistedQuery = { version: 1, sha256Hash };
    await send({ query: STEPS, extensions: { persistedQuery } });
    store.reads.getMany = 0;
    const byHash = await send({ extensions: { persistedQuery } });
    expect(((await byHash.json()) as { data: unknown }).data).toEqual({
      level: { version: 1, steps: 4 },
    });
    expect(store.reads.getMany).toBe(0);
  });
});

describe('HTTP caching over GET', () => {
  async function serve() {
    const { createServer } = await import('node:http');
    const made = cached();
    await made.service.load('intro', INTRO);
    const server = createServer(made.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const get = (query: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/graphql?query=${encodeURIComponent(query)}`, {
        headers: { accept: 'application/json', ...headers },
      });
    return { ...made, server, get };
  }

  it('a stored version: a long max-age, an ETag, and 304 when it matches', async () => {
    const { server, get, store } = await serve();
    try {
      const ask = '{ level(id: "intro", version: 1) { version steps } }';
      const first = await get(ask);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(first.headers.get('cache-control')).toBe(
        `public, max-age=${RESPONSE_MAX_AGE_S}, immutable`,
      );
      expect(((await first.json()) as { data: unknown }).data).toEqual({
        level: { version: 1, steps: 4 },
      });
      const again = await get(ask, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(
        `public, max-age=${RESPONSE_MAX_AGE_S}, immutable`,
      );
      // A new version does not change what version 1 answers.
      store.put('intro', ['SE']);
      expect((await get(ask, { 'if-none-match': etag })).status).toBe(304);
    } finally {
      server.close();
    }
  });

  it('the current version: no-cache with an ETag, 304 until a save', async () => {
    const { server, get, store } = await serve();
    try {
      const first = await get(STEPS);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const etag = first.headers.get('etag')!;
      expect((await get(STEPS, { 'if-none-match': etag })).status).toBe(304);
      expect((await get(STEPS, { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
      store.put('intro', ['SE']);
      const changed = await get(STEPS, { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(((await changed.json()) as { data: unknown }).data).toEqual({
        level: { version: 2, steps: 1 },
      });
    } finally {
      server.close();
    }
  });

  it('a history, a levels page, an error, a POST: no long max-age', async () => {
    const { server, get, app } = await serve();
    try {
      const history = await get(
        '{ level(id: "intro", version: 1) { history { edges { node { version } } } } }',
      );
      expect(history.headers.get('cache-control')).toBe('no-cache');
      const page = await get('{ levels(first: 1) { edges { node { id } } } }');
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBeNull();
      expect(page.headers.get('etag')).toBeNull();
      const ids = JSON.stringify(Array.from({ length: 101 }, (_, i) => `l${i}`));
      const error = await get(`{ levelsById(ids: ${ids}) { id } }`);
      expect(error.headers.get('etag')).toBeNull();
      expect(error.headers.get('cache-control')).toBeNull();
      const posted = await app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: STEPS }),
      });
      expect(posted.headers.get('etag')).toBeNull();
      expect(posted.headers.get('cache-control')).toBeNull();
    } finally {
      server.close();
    }
  });
});
