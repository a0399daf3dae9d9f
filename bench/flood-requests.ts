// The parts of `npm run bench -- flood` (bench/flood.ts runs them and prints the table): the
// server process each flood runs against, and the requests and streams the floods send. Each
// flood runs against a real server process while a process of its own asks /health in turn,
// so that a held event loop shows.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const parent = fileURLToPath(new URL('..', import.meta.url));
/** The repository root, whether this runs from dist/bench (the bench) or bench/ (vitest). */
export const repositoryRoot = parent.endsWith('/dist/') ? parent.slice(0, -'dist/'.length) : parent;

export interface FloodServer {
  readonly url: string;
  readonly base: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Bytes the server wrote to stdout and stderr (its log). */
  readonly logBytes: () => number;
  /** The log, its last 64 KiB. */
  readonly logTail: () => string;
  /** Resident memory now and at its peak (VmRSS, VmHWM), in MB. */
  readonly memoryMb: () => { rss: number; peak: number };
  stop(): Promise<number | null>;
}

/** The built server (`dist/src/server.js`) on a free port, its own SQLite directory. */
export async function startFloodServer(env: Record<string, string> = {}): Promise<FloodServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-flood-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_REQUESTS: '1',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [join(repositoryRoot, 'dist/src/server.js')], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let bytes = 0;
  let tail = '';
  const take = (chunk: Buffer) => {
    bytes += chunk.length;
    tail = (tail + chunk.toString('utf8')).slice(-65536);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line:\n${tail}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /^listening on (http:\/\/\S+:\d+\/graphql)$/m.exec(tail);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${tail}`)));
  });
  const base = url.replace(/\/graphql$/, '');
  return {
    url,
    base,
    port: Number(new URL(base).port),
    child,
    logBytes: () => bytes,
    logTail: () => tail,
    memoryMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (name: string) =>
        Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
      return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly body: string;
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.text() };
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` at once. */
export async function inParallel<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const runner = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, runner));
  return results;
}

/** Statuses counted: how many of each. */
export function countStatuses(statuses: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
}

// ---- item 3: operation names -------------------------------------------------------------

/** Distinct operation names, then a few huge ones; the answers' statuses. */
export async function operationNameFlood(
  url: string,
  options: { distinct: number; huge: number; hugeLength: number; concurrency?: number },
): Promise<number[]> {
  const distinct = await inParallel(
    options.distinct,
    options.concurrency ?? 8,
    async (i) => (await post(url, { query: `query Op${i} { __typename }` })).status,
  );
  const hugeName = (i: number) => `H${i}`.padEnd(options.hugeLength, 'x');
  const huge = await inParallel(
    options.huge,
    2,
    async (i) => (await post(url, { query: `query ${hugeName(i)} { __typename }` })).status,
  );
  return [...distinct, ...huge];
}

// ---- item 6: nesting ----------------------------------------------------------------------

/** Documents nested `depth` deep: list and object literals and selections, by GET and POST. */
export function deepDocuments(depth: number): string[] {
  const list = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  const object = `${'{a:'.repeat(depth)}1${'}'.repeat(depth)}`;
  return [
    `{ level(id: ${list}) { id } }`,
    `{ checkLevel(rows: ${list}) { __typename } }`,
    `{ level(id: ${object}) { id } }`,
    `query ($a: ${'['.repeat(depth)}Int${']'.repeat(depth)}) { __typename }`,
    `${'{ a '.repeat(depth)}${'}'.repeat(depth)}`,
  ];
}

/** Each deep document `rounds` times (the cached document too), by POST and GET. */
export async function nestingFlood(
  url: string,
  options: { depth: number; rounds: number },
): Promise<number[]> {
  const documents = deepDocuments(options.depth);
  const deepVariables = `${'['.repeat(options.depth * 100)}${']'.repeat(options.depth * 100)}`;
  const sends: Array<() => Promise<number>> = [];
  for (let round = 0; round < options.rounds; round++) {
    for (const query of documents) {
      sends.push(async () => (await post(url, { query })).status);
      sends.push(async () => {
        const response = await fetch(`${url}?query=${encodeURIComponent(query)}`, {
          headers: { accept: 'application/json' },
        });
        await response.text();
        return response.status;
      });
    }
    sends.push(
      async () =>
        (
          await post(
            url,
            `{"query":"query ($rows: [String!]!) { checkLevel(rows: $rows) { __typename } }",` +
              `"variables":{"rows":${deepVariables}}}`,
          )
        ).status,
    );
  }
  return inParallel(sends.length, 4, (i) => sends[i]());
}

// ---- item 5: subscriptions ----------------------------------------------------------------

const SUBSCRIBE_ALL = 'subscription { levelsChanged { id version kind } }';

export interface Stream {
  readonly status: number;
  /**
   * The code of the first error of a refused stream (a whole answer: the refusal of the request
   * itself on a 200 stream, or a 429 or 503 as JSON); undefined for an open stream.
   */
  readonly code: string | undefined;
  readonly socket: Socket;
}

/**
 * Opens a subscription stream on a socket of its own from `localAddress` (any 127.x.y.z is
 * this machine), reads its head (and a refusal's whole body: one with a length; an open stream
 * is chunked), then stops reading: a client that never reads.
 */
export function openStream(
  port: number,
  body: string,
  localAddress = '127.0.0.1',
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(
        `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Accept: text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );
    const onData = (chunk: string) => {
      text += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const headEnd = text.indexOf('\r\n\r\n');
      if (!status || headEnd < 0) return;
      const length = /^content-length: *(\d+)\r$/im.exec(text.slice(0, headEnd + 2))?.[1];
      if (length !== undefined && text.length < headEnd + 4 + Number(length)) return;
      socket.off('data', onData);
      socket.pause();
      socket.off('error', reject);
      socket.on('error', () => undefined);
      const code =
        length === undefined
          ? undefined
          : (/"code":"(\w+)"/.exec(text.slice(headEnd))?.[1] ?? 'no code');
      resolve({ status: Number(status[1]), code, socket });
    };
    socket.on('data', onData);
    socket.on('close', () => reject(new Error(`closed before an answer: ${text.slice(0, 200)}`)));
  });
}

/**
 * What streams were answered, counted: `200 stream x16, 429 TOO_MANY_SUBSCRIPTIONS x984`
 * (a status with the code of a refusal, or `stream` for one that opened).
 */
export function streamAnswers(streams: readonly Stream[]): string {
  const counts = new Map<string, number>();
  for (const { status, code } of streams) {
    const answer = `${status} ${code ?? 'stream'}`;
    counts.set(answer, (counts.get(answer) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([answer, n]) => `${answer} x${n}`)
    .join(', ');
}

/** A loopback address per client: 127.0.1.1, 127.0.1.2, … (255 a third byte). */
export function clientAddress(client: number): string {
  return `127.0.${1 + Math.floor(client / 250)}.${1 + (client % 250)}`;
}

export function subscriptionBody(query = SUBSCRIBE_ALL, variables?: unknown): string {
  return JSON.stringify({ query, variables });
}

/** Streams of `levelChanged(id)` with an id of `idLength` characters. */
export async function bigIdStreams(
  port: number,
  options: { streams: number; idLength: number },
): Promise<Stream[]> {
  const query = 'subscription ($id: ID!) { levelChanged(id: $id) { id version kind } }';
  return inParallel(options.streams, 8, (i) =>
    openStream(
      port,
      subscriptionBody(query, { id: `${i}`.padEnd(options.idLength, 'i') }),
      clientAddress(i),
    ),
  );
}

/**
 * `saves` small saves, `concurrency` at a time, to 50 levels; each is a new version (its rows
 * spell its number, under 4096), so each is an event for the subscribers. Answers their
 * statuses and the seconds they took.
 */
export async function smallSaves(
  url: string,
  saves: number,
  concurrency = 8,
): Promise<{ statuses: number[]; seconds: number }> {
  const query = `mutation ($id: ID!, $rows: [String!]!) { loadLevel(id: $id, rows: $rows) {
    __typename } }`;
  const started = performance.now();
  const statuses = await inParallel(saves, concurrency, async (i) => {
    const bits = i.toString(2).padStart(12, '0').replace(/0/g, '.').replace(/1/g, '#');
    return (
      await post(url, { query, variables: { id: `save-${i % 50}`, rows: ['S..........E', bits] } })
    ).status;
  });
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

/** Reads a stream from now on, counting its events (`next`) and how many were MISSED. */
export function readEvents(stream: Stream): { events: () => number; missed: () => number } {
  let events = 0;
  let missed = 0;
  let rest = '';
  stream.socket.on('data', (text: string) => {
    const parts = (rest + text).split('\n\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      if (!part.includes('event: next')) continue;
      events++;
      if (part.includes('"MISSED"')) missed++;
    }
  });
  stream.socket.resume();
  return { events: () => events, missed: () => missed };
}

export function closeStreams(streams: readonly Stream[]): void {
  for (const stream of streams) stream.socket.destroy();
}
