// Heavy requests over real HTTP (node:http, the solver pool): they never hold other clients,
// they stop at their deadline or when their client goes, and /metrics counts what happened.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOptions, createApp } from '../../src/graphql/http/yoga.js';
import { LevelService } from '../../src/service/level-service.js';
import type { StoredLevel } from '../../src/service/level-store.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { SolverPool } from '../../src/service/solver-pool.js';
import { fourKeyLevel } from '../../harness/big-levels.js';
import { splitCost } from './helpers.js';

interface Running {
  readonly base: string;
  readonly service: LevelService;
  readonly close: () => Promise<void>;
}

const running: Running[] = [];

async function start(options: AppOptions = {}, maxQueue?: number): Promise<Running> {
  const pool = new SolverPool({ threads: 1, maxQueue });
  const service = new LevelService(new MemoryLevelStore(), { pool });
  service.metrics!.watchPool(pool);
  const server: Server = createServer(createApp(service, { logging: false, ...options }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await pool.close();
  };
  const made = { base: `http://127.0.0.1:${port}`, service, close };
  running.push(made);
  return made;
}

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
});

async function graphql(
  base: string,
  query: string,
  signal?: AbortSignal,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: splitCost((await response.json()) as Record<string, unknown>).body,
  };
}

/** Each search of it runs over 16 million states: about half a second on a worker. */
const BIG = fourKeyLevel(1000);
let bigSteps: number;
/** Version 1 of `big` as storeLevels stores it: whose answers the service keeps. */
const BIG_V1: StoredLevel = {
  id: 'big',
  version: 1,
  rows: BIG,
  name: null,
  tags: [],
  savedAt: '',
};

beforeAll(() => {
  const inline = LevelService.inMemory();
  const stored = inline.load('big', BIG) as { ok: true; value: StoredLevel };
  bigSteps = inline.answers(stored.value).get('steps')!;
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function storeLevels(service: LevelService): Promise<void> {
  expect((await service.load('big', BIG)).ok).toBe(true);
  expect((await service.load('small', ['S.E'])).ok).toBe(true);
}

describe('a heavy request in flight', () => {
  it('lets /health and small queries through first, and solves on a worker thread', async () => {
    const { base, service } = await start();
    await storeLevels(service);
    const order: string[] = [];
    const heavy = graphql(base, '{ level(id: "big") { steps cheapest } }').then((answer) => {
      order.push('heavy');
      return answer;
    });
    // The heavy request has been read and its searches started before the others are sent.
    while (service.answers(BIG_V1).flights.size === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const health = fetch(`${base}/health`).then((answer) => {
      order.push('health');
      return answer.status;
    });
    const small = graphql(base, '{ level(id: "small") { steps } }').then((answer) => {
      order.push('small');
      return answer.body;
    });
    expect(await Promise.all([health, small])).toEqual([200, { data: { level: { steps: 2 } } }]);
    const done = await heavy;
    expect(order).toEqual(['health', 'small', 'heavy']);
    expect(done.body).toEqual({ data: { level: { steps: bigSteps, cheapest: bigSteps } } });
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain('labyrinth_solver_seconds_count{source="fewest",mode="worker"} 1');
    expect(metrics).toContain('labyrinth_solver_seconds_count{source="cheapest",mode="worker"} 1');
    expect(metrics).toContain('labyrinth_solver_seconds_count{source="fewest",mode="inline"} 1');
  });
});

describe('deadlines', () => {
  it('answers TIMEOUT past the deadline, cancels the task, and a later request is right', async () => {
    const { base, service } = await start({ requestTimeoutMs: 50 });
    await storeLevels(service);
    const late = await graphql(base, '{ level(id: "big") { steps } }');
    expect(late.status).toBe(504);
    expect(late.body).toEqual({
      errors: [
        {
          message: 'the request took longer than its deadline allows',
          extensions: { code: 'TIMEOUT' },
        },
      ],
    });
    const answers = service.answers(BIG_V1);
    expect(answers.has('fewest')).toBe(false);
    expect(answers.flights.size).toBe(0);
    // The same service, asked inside its deadline: a fresh search, the right answer.
    const prepared = service.prepare(BIG_V1, ['fewest']);
    await prepared;
    expect((await graphql(base, '{ level(id: "big") { steps } }')).body).toEqual({
      data: { level: { steps: bigSteps } },
    });
    expect(service.stats.fewestStepsRuns).toBe(2);
  });

  it('cancels the task when the client goes away', async () => {
    const { base, service } = await start();
    await storeLevels(service);
    const client = new AbortController();
    const asked = graphql(base, '{ level(id: "big") { cheapest } }', client.signal);
    const answers = service.answers(BIG_V1);
    while (answers.flights.size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const flight = answers.flights.get('cheapest')!;
    client.abort();
    await expect(asked).rejects.toThrow();
    await flight.done.catch(() => undefined);
    expect(flight.cancelled).toBe(true);
    expect(answers.has('cheapest')).toBe(false);
    expect((await graphql(base, '{ level(id: "big") { cheapest } }')).body).toEqual({
      data: { level: { cheapest: bigSteps } },
    });
  });
  it('gives a subscription no deadline: it hears a save made after the deadline passed', async () => {
    const { base, service } = await start({ requestTimeoutMs: 50 });
    const client = createClient({ url: `${base}/graphql`, retryAttempts: 0 });
    const events: unknown[] = [];
    let completed = false;
    const stop = client.subscribe(
      { query: 'subscription { levelsChanged { id version kind } }' },
      {
        next: (event) => void events.push(event.data),
        error: () => undefined,
        complete: () => (completed = true),
      },
    );
    try {
      // Saves until the stream hears one: it is open then (other rows each time: a save of
      // the current rows tells no one).
      for (let ping = 1; events.length === 0; ping++) {
        expect((await service.load('ping', [ping % 2 ? 'SE' : 'S.E'])).ok).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Four deadlines later (a wait, not a measure: what is checked is the event).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(completed).toBe(false);
      const saved = await graphql(
        base,
        'mutation { loadLevel(id: "late", rows: ["S.E"]) { __typename } }',
      );
      expect(saved.body).toEqual({ data: { loadLevel: { __typename: 'Level' } } });
      while (!events.some((event) => JSON.stringify(event).includes('"late"'))) {
        expect(completed).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(events.at(-1)).toEqual({ levelsChanged: { id: 'late', version: 1, kind: 'SAVED' } });
    } finally {
      stop();
      client.dispose();
    }
  });

  it('leaves no deadline timer behind once a request has answered', async () => {
    const { base, service } = await start({ requestTimeoutMs: 60_000 });
    await storeLevels(service);
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout');
    const before = timers().length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        graphql(
          base,
          i % 2 === 0
            ? '{ level(id: "small") { steps } }'
            : // Refused by the budget before it runs.
              '{ levelsById(ids: ["big", "big"]) { path { row col } a: path { row col } b: path { row col } c: path { row col } d: path { row col } e: path { row col } f: path { row col } g: path { row col } } }',
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 200 : answers[1].status)),
    );
    expect(answers[1].status).toBeGreaterThanOrEqual(400);
    // 20 requests with a minute's deadline each: none of their timers is left.
    expect(timers().length).toBeLessThanOrEqual(before);
  });
});

describe('subscriptions', () => {
  it('takes MAX_SUBSCRIPTIONS at once, answers 503 to one more, and takes it once one closes', async () => {
    const pool = new SolverPool({ threads: 1 });
    const service = new LevelService(new MemoryLevelStore(), { pool, maxSubscriptions: 2 });
    const server: Server = createServer(createApp(service, { logging: false }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    const subscribe = (client: AbortController) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query: 'subscription { levelsChanged { id } }' }),
        signal: client.signal,
      });
    const clients = [new AbortController(), new AbortController()];
    try {
      const open = await Promise.all(clients.map(subscribe));
      expect(open.map((response) => response.status)).toEqual([200, 200]);
      await until(() => service.events.subscribers === 2);
      const metrics = await (await fetch(url.replace('/graphql', '/metrics'))).text();
      expect(metrics).toMatch(/^labyrinth_subscriptions 2$/m);
      const refused = await subscribe(new AbortController());
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      // Not a stream: the server is full for now (error-response.ts), so the errors as JSON;
      // graphql-sse takes the 503 as a connection to try again later.
      expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const error = {
        message: 'this server has 2 subscriptions open, as many as it takes: try again shortly',
        locations: [{ line: 1, column: 16 }],
        path: ['levelsChanged'],
        extensions: { code: 'SERVICE_BUSY' },
      };
      expect(await refused.text()).toBe(JSON.stringify({ errors: [error] }));
      // A stream that ends gives its place back.
      clients[0].abort();
      await until(() => service.events.subscribers === 1);
      const again = new AbortController();
      clients.push(again);
      expect((await subscribe(again)).status).toBe(200);
    } finally {
      for (const client of clients) client.abort();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.close();
    }
  });
});

describe('a full solver queue', () => {
  it('answers 503 with Retry-After instead of queueing without end', async () => {
    const { base, service } = await start({}, 1);
    for (const id of ['b1', 'b2', 'b3']) expect((await service.load(id, BIG)).ok).toBe(true);
    const answers = await Promise.all(
      ['b1', 'b2', 'b3'].map((id) => graphql(base, `{ level(id: "${id}") { steps } }`)),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0].headers.get('retry-after')).toBe('1');
    expect(busy[0].body).toEqual({
      errors: [
        {
          message: 'the solver queue is full (1 tasks waiting): try again shortly',
          extensions: { code: 'SERVICE_BUSY' },
        },
      ],
    });
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
  });
});

describe('/metrics', () => {
  it('answers the Prometheus text format and counts the requests, the memo and the pool', async () => {
    const { base, service } = await start({ budget: { maxSolveCost: 10, maxResponseBytes: 1e9 } });
    await storeLevels(service);
    await graphql(base, 'query Small { level(id: "small") { steps } }');
    await graphql(base, 'query Small { level(id: "small") { steps render } }');
    await graphql(base, 'query Big { level(id: "big") { steps } }');
    const response = await fetch(`${base}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    // Every line is a comment (# HELP / # TYPE), a sample (name{labels} value), or empty.
    for (const line of text
      .trimEnd()
      .split('\n')
      .filter((line) => line !== '')) {
      expect(line).toMatch(
        /^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? -?(\d+(\.\d+)?(e[+-]?\d+)?|NaN|[+-]Inf))$/,
      );
    }
    const sample = (name: string): number => {
      const match = new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text);
      if (!match) throw new Error(`no ${name} in\n${text}`);
      return Number(match[1]);
    };
    expect(sample('labyrinth_request_seconds_count{operation="Small",outcome="ok"}')).toBe(2);
    expect(sample('labyrinth_request_seconds_count{operation="Big",outcome="too_expensive"}')).toBe(
      1,
    );
    // steps: made once (a miss), then held (a hit); render shares its search.
    expect(sample('labyrinth_memo_lookups_total{result="miss"}')).toBe(1);
    expect(sample('labyrinth_memo_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample('labyrinth_solver_queue_length')).toBe(0);
    expect(sample('labyrinth_solver_busy_threads')).toBe(0);
    expect(sample('labyrinth_solver_threads')).toBe(1);
    expect(sample('labyrinth_store_read_seconds_count{kind="versions"}')).toBeGreaterThan(0);
    expect(service.stats.fewestStepsRuns).toBe(1);
  });
});
