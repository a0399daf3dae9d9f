// The GraphQL server against a bare Yoga `{ hello }` server: requests per second with
// autocannon -c 10, taking turns in the same run. Each server runs in its own child process,
// which also reports the CPU time it spent per request: on a machine busy with other work,
// requests/s move with that work, CPU time per request much less.
// The bare server is measured twice: as Yoga ships (its body limit streams every body through
// a counter) and with our body limit (src/graphql/http/plugins/use-body-limit.ts), so the table
// shows how much of our lead comes from that plugin alone.
// Our server is measured with its response cache (the default) and without it.
// Then the cost of a 100-level query: store reads and solver runs, first and second time.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createSchema, createYoga } from 'graphql-yoga';
import { useRequestBodyLimit } from '../src/graphql/http/plugins/use-body-limit.js';
import { LIMITS, createApp } from '../src/graphql/http/yoga.js';
import {
  type LevelStore,
  LevelService,
  MemoryLevelStore,
  openStore,
} from '../src/service/index.js';
import { fixed, readLevelFile, table } from './support.js';

const CONNECTIONS = 10;
const ROUNDS = 5;
const DURATION_S = 3;
const WARMUP_S = 2;
/** The goal: our rate for `level(id){steps}` at least this fraction of the bare server's. */
const GOAL_RATIO = 1.0;

type Target =
  /** `bodyLimit: 'ours'` serves it with our body limit plugin instead of Yoga's. */
  | { kind: 'bare'; bodyLimit: 'yoga' | 'ours' }
  | {
      kind: 'levels';
      store: 'sqlite' | 'memory';
      levelId: string;
      /** The rows, or the name of a level in test/fixtures/levels/ (the child reads it). */
      level: string[] | { file: string };
      /** false: served with no response cache (RESPONSE_CACHE_MAX_BYTES=0). */
      responseCache?: boolean;
    };

interface Measure {
  readonly name: string;
  readonly target: Target;
  readonly query: string;
  /** The exact `data` of the response (as `{"data":…}`), or null to take the answer's. */
  readonly expect: string | null;
}

export async function runServerBench(): Promise<void> {
  console.log(
    `## server: requests/s, autocannon -c ${CONNECTIONS}, ${ROUNDS} rounds of ${DURATION_S} s ` +
      'per server taken in turns (medians); each server in its own process',
  );
  const intro = ['S.#', '...', '#.E'];
  const measures: Measure[] = [
    {
      name: 'bare Yoga { hello }',
      target: { kind: 'bare', bodyLimit: 'yoga' },
      query: '{ hello }',
      expect: '{"data":{"hello":"world"}}',
    },
    {
      name: 'bare Yoga { hello }, our body limit',
      target: { kind: 'bare', bodyLimit: 'ours' },
      query: '{ hello }',
      expect: '{"data":{"hello":"world"}}',
    },
    {
      name: 'level(id){steps}, 3x3 level, SQLite',
      target: { kind: 'levels', store: 'sqlite', levelId: 'intro', level: intro },
      query: '{ level(id: "intro") { steps } }',
      expect: '{"data":{"level":{"steps":4}}}',
    },
    {
      name: 'level(id){steps}, 3x3 level, SQLite, no response cache',
      target: {
        kind: 'levels',
        store: 'sqlite',
        levelId: 'intro',
        level: intro,
        responseCache: false,
      },
      query: '{ level(id: "intro") { steps } }',
      expect: '{"data":{"level":{"steps":4}}}',
    },
    {
      name: 'level(id){steps}, 3x3 level, memory',
      target: { kind: 'levels', store: 'memory', levelId: 'intro', level: intro },
      query: '{ level(id: "intro") { steps } }',
      expect: '{"data":{"level":{"steps":4}}}',
    },
    {
      name: 'level(id){steps}, maze299, SQLite',
      target: { kind: 'levels', store: 'sqlite', levelId: 'maze299', level: { file: 'maze299' } },
      query: '{ level(id: "maze299") { steps } }',
      expect: null, // the first answer is the expected one
    },
  ];

  // Other work on the machine slows whichever server is measured at the time; say how busy it was.
  const loadBefore = loadavg()[0];
  const servers = await Promise.all(measures.map((measure) => startServer(measure.target)));
  const rates: number[][] = measures.map(() => []);
  const cpuPerRequest: number[][] = measures.map(() => []);
  try {
    const requests = measures.map((measure, i) => ({
      url: servers[i].url,
      connections: CONNECTIONS,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: measure.query }),
    }));
    const answers: string[] = [];
    for (const [i, request] of requests.entries()) {
      // The second answer is every later one: the first also says what it solved (its cost).
      await fetch(request.url, request);
      answers[i] = await (await fetch(request.url, request)).text();
      const { data } = JSON.parse(answers[i]) as { data: unknown };
      if (measures[i].expect !== null && JSON.stringify({ data }) !== measures[i].expect) {
        throw new Error(`${measures[i].name}: unexpected answer ${answers[i]}`);
      }
      await autocannon({ ...request, duration: WARMUP_S });
    }
    // Taking turns spreads any background load on the machine over every server alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, request] of requests.entries()) {
        const cpuBefore = await servers[i].cpuMicros();
        const result = await autocannon({
          ...request,
          duration: DURATION_S,
          expectBody: answers[i],
        });
        const cpu = (await servers[i].cpuMicros()) - cpuBefore;
        if (result.errors || result.timeouts || result.non2xx || result.mismatches) {
          throw new Error(`${measures[i].name}: failed requests ${JSON.stringify(result)}`);
        }
        rates[i].push(result.requests.total / DURATION_S);
        cpuPerRequest[i].push(cpu / result.requests.total);
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }

  const medians = rates.map(median);
  const cpu = cpuPerRequest.map(median);
  const [bare, bareCpu] = [medians[0], cpu[0]];
  console.log(
    table(
      ['server / query', 'req/s', 'min', 'max', 'x bare', 'CPU µs/req', 'x bare'],
      measures.map((measure, i) => [
        measure.name,
        fixed(medians[i], 0),
        fixed(Math.min(...rates[i]), 0),
        fixed(Math.max(...rates[i]), 0),
        fixed(medians[i] / bare, 2),
        fixed(cpu[i], 0),
        fixed(bareCpu / cpu[i], 2),
      ]),
    ),
  );
  console.log(
    `(load average ${fixed(loadBefore, 2)} before, ${fixed(loadavg()[0], 2)} after, ` +
      `on ${availableParallelism()} CPUs; "x bare" of CPU is bare's CPU time / ours)\n`,
  );
  for (const [i, store] of [
    [2, 'SQLite (the default store)'],
    [3, 'SQLite with no response cache'],
    [4, 'the in-memory store'],
  ] as const) {
    const ratio = medians[i] / bare;
    console.log(
      `level(id){steps} on a cached level, ${store}: ${fixed(ratio, 2)}x the bare server's ` +
        `requests/s (goal >= ${GOAL_RATIO}x: ${ratio >= GOAL_RATIO ? 'met' : 'NOT MET'}), ` +
        `${fixed(bareCpu / cpu[i], 2)}x by CPU time per request; ` +
        `${fixed(medians[i] / medians[1], 2)}x a bare server with our body limit`,
    );
  }
  console.log('');

  await batchCounts();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface BenchServer {
  readonly url: string;
  /** CPU time (user + system) the server process has used so far. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

const TARGET_ENV = 'LABYRINTH_BENCH_SERVER';

/** Starts the target in a child process (this module, see the end of the file). */
async function startServer(target: Target): Promise<BenchServer> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, [TARGET_ENV]: JSON.stringify(target) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // The child answers each question in order: first its URL unasked, then 'cpu' questions.
  const waiting: Array<{ resolve: (answer: never) => void; reject: (error: Error) => void }> = [];
  child.on('message', (answer) => waiting.shift()?.resolve(answer as never));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      for (const { reject } of waiting.splice(0)) reject(new Error(`bench server exited ${code}`));
      resolve();
    }),
  );
  const ask = <T>(question?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (question) child.send(question);
    });
  const url = await ask<string>();
  return {
    url,
    cpuMicros: () => ask<number>('cpu'),
    stop: async () => {
      child.send('stop');
      await exited;
    },
  };
}

/** In the child: serve the target on a free port, send its URL, answer 'cpu' and 'stop'. */
async function serveTarget(target: Target, parent: NodeJS.Process): Promise<void> {
  let server: Server;
  let close = async () => {};
  if (target.kind === 'bare') {
    const yoga = createYoga({
      schema: createSchema({
        typeDefs: 'type Query { hello: String }',
        resolvers: { Query: { hello: () => 'world' } },
      }),
      logging: false,
      ...(target.bodyLimit === 'ours'
        ? {
            maxRequestBodySize: false,
            plugins: [useRequestBodyLimit(LIMITS.maxRequestBodyBytes)],
          }
        : {}),
    });
    server = createServer(yoga);
  } else {
    // The default store is SQLite in a data directory, as `npm start` runs it.
    const dataDir =
      target.store === 'sqlite' ? await mkdtemp(join(tmpdir(), 'labyrinth-bench-server-')) : null;
    const store = dataDir ? await openStore({ dataDir }) : new MemoryLevelStore();
    const service = new LevelService(store);
    const rows = Array.isArray(target.level) ? target.level : readLevelFile(target.level.file);
    await service.load(target.levelId, rows);
    const responseCacheMaxBytes = target.responseCache === false ? 0 : undefined;
    server = createServer(createApp(service, { logging: false, responseCacheMaxBytes }));
    close = async () => {
      await store.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    };
  }
  server.listen(0, '127.0.0.1', () => {
    parent.send!(`http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`);
  });
  parent.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      parent.send!(user + system);
    } else if (message === 'stop') {
      server.closeAllConnections();
      server.close(() => void close().then(() => process.exit(0)));
    }
  });
}

/** One query for 100 levels' steps, twice: store reads and solver runs each time. */
async function batchCounts(): Promise<void> {
  console.log("## server: a query for 100 levels' steps (levelsById), SQLite store");
  const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-bench-batch-'));
  const store = await openStore({ dataDir });
  const reads = { getMany: 0, versions: 0, get: 0, list: 0 };
  // Reads are counted; writes and history pass straight through.
  const counted: LevelStore = Object.assign(Object.create(store) as LevelStore, {
    get: (id: string) => (reads.get++, store.get(id)),
    getMany: (ids: readonly string[]) => (reads.getMany++, store.getMany(ids)),
    versions: (ids: readonly string[]) => (reads.versions++, store.versions(ids)),
    list: (afterId: string | null, limit: number) => (reads.list++, store.list(afterId, limit)),
    listVersions: (afterId: string | null, limit: number) => (
      reads.list++,
      store.listVersions(afterId, limit)
    ),
  });
  try {
    const service = new LevelService(counted);
    const ids = Array.from({ length: 100 }, (_, i) => `level-${i}`);
    for (const [i, id] of ids.entries()) await service.load(id, ['S' + '.'.repeat(i) + 'E']);
    // Loading seeds the memo with the parsed level; start from a cold service like a restart.
    const cold = new LevelService(counted);
    const app = createApp(cold, { logging: false });
    const body = JSON.stringify({
      query: 'query ($ids: [ID!]!) { levelsById(ids: $ids) { steps } }',
      variables: { ids },
    });
    const rows: Array<Array<string | number>> = [];
    for (const time of ['first', 'second']) {
      const before = { ...reads, solves: cold.stats.fewestStepsRuns };
      const response = await app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const { data } = (await response.json()) as { data: { levelsById: { steps: number }[] } };
      const correct = data.levelsById.every((level, i) => level.steps === i + 1);
      rows.push([
        time,
        reads.getMany - before.getMany,
        reads.versions - before.versions,
        reads.get - before.get + reads.list - before.list,
        cold.stats.fewestStepsRuns - before.solves,
        correct ? 'yes' : 'NO',
      ]);
    }
    console.log(
      table(
        [
          'request',
          'getMany reads',
          'versions reads',
          'other reads',
          'solver runs',
          'answers right',
        ],
        rows,
      ),
    );
    console.log('');
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const servedTarget = process.env[TARGET_ENV];
if (servedTarget !== undefined && process.send) {
  await serveTarget(JSON.parse(servedTarget) as Target, process);
}
