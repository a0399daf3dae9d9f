// Server instances as real processes on a PostgreSQL, and what the fleet tests do with them:
// GraphQL over HTTP, saves, subscriptions to every change (test/e2e/fleet.test.ts,
// test/pgbouncer/).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createClient } from 'graphql-sse';
import { root } from './server-process.js';
import { splitCost } from './cost.js';

export interface Instance {
  readonly name: string;
  readonly url: string;
  readonly base: string;
  readonly child: ChildProcess;
  readonly output: () => string;
}

/** Every instance started, for killAll. */
const instances: Instance[] = [];

/**
 * Starts `node dist/src/server.js` on a free port with `DATABASE_URL` = `database`, and `env`
 * over the defaults below; resolves when it listens.
 */
export async function startInstance(
  name: string,
  database: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Instance> {
  const child = spawn(process.execPath, [join(root, 'dist/src/server.js')], {
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: database,
      LOG_REQUESTS: '0',
      SOLVER_THREADS: '1',
      PG_STATEMENT_TIMEOUT_MS: '5000',
      // Every version of the streams stays readable afterwards.
      HISTORY_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', look);
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}: ${output}`)));
  });
  const instance = { name, url, base: url.replace(/\/graphql$/, ''), child, output: () => output };
  instances.push(instance);
  return instance;
}

/** The answers these tests read: levels and the saves' results. */
export interface Answers {
  readonly loadLevel: { __typename: string; version: number; rows: string[] };
  readonly copyLevel: { __typename: string; version: number };
  readonly level: { version?: number; rows?: string[]; steps?: number | null } | null;
  readonly levels: { edges: Array<{ node: Record<string, unknown> }> };
}

export async function gql(
  instance: Instance,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; body: { data?: Answers; errors?: unknown[] } }> {
  const response = await fetch(instance.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: splitCost(await response.json()).body as never };
}

export const SAVE = `mutation Save($id: ID!, $rows: [String!]!, $expected: Int) {
  loadLevel(id: $id, rows: $rows, expectedVersion: $expected) {
    __typename ... on Level { version rows }
  } }`;

/** A 150x150 open room: each search has 22,500 states, above the worker threshold (shared). */
export const BIG_ROOM = Array.from({ length: 150 }, (_, r) =>
  r === 0 ? 'S' + '.'.repeat(149) : r === 149 ? '.'.repeat(149) + 'E' : '.'.repeat(150),
);

/** `labyrinth_shared_answers_total{result}` from an instance's /metrics (0 when absent). */
export async function sharedAnswers(instance: Instance, result: 'hit' | 'miss'): Promise<number> {
  const text = await (await fetch(`${instance.base}/metrics`)).text();
  const match = new RegExp(
    `^labyrinth_shared_answers_total\\{result="${result}"\\} (\\d+)`,
    'm',
  ).exec(text);
  return match ? Number(match[1]) : 0;
}

/** Subscribes to every change on an instance; `events` fills as they come. */
export function watch(instance: Instance) {
  const client = createClient({ url: instance.url, retryAttempts: 0 });
  const events: Array<{ id: string | null; version: number | null; kind: string }> = [];
  const iterator = client.iterate<{ levelsChanged: (typeof events)[number] }>({
    query: 'subscription { levelsChanged { id version kind } }',
  });
  const reading = (async () => {
    try {
      for await (const event of iterator) events.push(event.data!.levelsChanged);
    } catch {
      // The stream ended (the instance went away).
    }
  })();
  return {
    events,
    async stop() {
      await iterator.return?.();
      client.dispose();
      await reading;
    },
  };
}

export async function until(what: () => boolean | Promise<boolean>, label: string): Promise<void> {
  for (let tries = 0; !(await what()); tries++) {
    if (tries > 600) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Pings saved so far, by instance: each ping saves other rows than the last one. */
const pings = new Map<string, number>();

/** Saves on `instance` until its own subscription hears one: the stream is open then. */
export async function opened(instance: Instance, watcher: ReturnType<typeof watch>): Promise<void> {
  await until(async () => {
    // A save of the current rows stores nothing and tells no one: alternate two levels.
    const ping = (pings.get(instance.name) ?? 0) + 1;
    pings.set(instance.name, ping);
    await gql(instance, SAVE, { id: `ping-${instance.name}`, rows: [ping % 2 ? 'SE' : 'S.E'] });
    return watcher.events.some((event) => event.id === `ping-${instance.name}`);
  }, `${instance.name}'s subscription`);
}

/** Kills every instance still running (SIGKILL), and waits for them to exit. */
export async function killAll(): Promise<void> {
  const running = instances.filter(
    ({ child }) => child.exitCode === null && child.signalCode === null,
  );
  const exits = running.map(({ child }) => new Promise((resolve) => child.once('exit', resolve)));
  for (const { child } of running) child.kill('SIGKILL');
  await Promise.all(exits);
}

/** What the flood's requests were answered: `STATUS CODE` (CODE `ok` without errors) → count. */
export type Answered = Record<string, number>;

/**
 * Saves and reads through `targets` from `workers` clients at once until `stop`, each
 * answer tallied by its status and error code (a 503 without `Retry-After` apart); a request
 * that gets no answer (the connection broke) counts as `no answer`.
 */
export function flood(targets: readonly Instance[], workers = 8) {
  const answered: Answered = {};
  let stopped = false;
  const tally = (key: string) => (answered[key] = (answered[key] ?? 0) + 1);
  const client = async (target: Instance, k: number) => {
    for (let i = 0; !stopped; i++) {
      const request =
        i % 2 === 0
          ? { query: SAVE, variables: { id: `flood-${k}`, rows: ['S' + '.'.repeat(i % 30) + 'E'] } }
          : {
              query: `{ level(id: "flood-${k}") { version steps } levels(first: 5) { edges { node { id } } } }`,
            };
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
        });
        const body = (await response.json()) as {
          errors?: Array<{ extensions?: { code?: string } }>;
        };
        const codes = [...new Set((body.errors ?? []).map((error) => error.extensions?.code))];
        const retry = response.status === 503 && !response.headers.has('retry-after');
        tally(`${response.status} ${codes.join(',') || 'ok'}${retry ? ' (no Retry-After)' : ''}`);
        // Refused: a moment before the next, as a client that was told to try again shortly.
        if (response.status >= 500) await new Promise((resolve) => setTimeout(resolve, 20));
      } catch {
        tally('no answer');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const clients = Array.from({ length: workers }, (_, k) => client(targets[k % targets.length], k));
  return {
    answered,
    /** How many requests were answered so far. */
    count: () => Object.values(answered).reduce((sum, n) => sum + n, 0),
    async stop(): Promise<Answered> {
      stopped = true;
      await Promise.all(clients);
      return answered;
    },
  };
}
