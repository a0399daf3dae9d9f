// The response cache (plugins/use-response-cache.ts, docs/graphql.md, "Caching"): a repeated
// query answered from the cache, with what it cost now; a save through this service or
// straight into the store (another instance) seen at once; what is never kept.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET } from '../../src/graphql/yoga.js';
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
