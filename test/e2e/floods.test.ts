// The floods a client can send (docs/deploy.md, "Floods") replayed against one real server
// process, bounded: expensive crusadePlans, many and long operation names, subscription floods
// (1 MB ids, one client asking for every place, streams that never read while saves come) and
// nesting 2000 deep. While each runs, /health is asked one request after the other: every
// answer must be 200 and it must have answered several times before the flood ended; no flood
// answer is a 5xx (each is the 4xx or 200 the client's request calls for). No clock: a flood
// goes on, round after round, until /health has answered three times during it.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serpentineCrusade } from '../../harness/big-levels.js';
import { type RawStream, rawStream, wholeAnswer } from '../support/raw-stream.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

let server: ServerProcess;
let port: number;
beforeAll(async () => {
  // With the request log (one line per request): the operation-names flood reads it.
  server = await startServerProcess({ SOLVER_THREADS: '1', LOG_REQUESTS: '1' });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

/** One answer of a flood: its status and its errors' codes (none: a plain success). */
type Answer = readonly [number, readonly string[]];

async function post(body: unknown): Promise<Answer> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
  return [response.status, (json.errors ?? []).map((error) => error.extensions?.code ?? '?')];
}

/** A refused stream's answer: its status and the codes of the errors it carried. */
async function streamAnswer(stream: RawStream): Promise<Answer> {
  const [status, , , body] = await wholeAnswer(stream);
  return [status, [...body.matchAll(/"code":"(\w+)"/g)].map((match) => match[1])];
}

/**
 * With FLOOD_FIGURES=1 each flood prints what docs/benchmarks.md ("Floods") reports: /health's slowest answer,
 * the server's peak resident memory, the 5xx count and the load average. Printed, never
 * asserted (speed is not a test's business).
 */
const FIGURES = process.env.FLOOD_FIGURES === '1';

function residentMB(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]) / 1024);
}

/** The longest line the server may log: a request's is about 200 characters. */
const MAX_LOG_LINE = 1024;

/** The most rounds a flood runs: far more than /health needs to answer three times. */
const MAX_ROUNDS = 200;

/**
 * Runs `round` again and again until /health, asked one request after the other meanwhile,
 * has answered three times; answers every flood answer and every /health status.
 */
async function flood(
  round: (n: number) => Promise<readonly Answer[]>,
): Promise<{ answers: Answer[]; health: number[]; rounds: number }> {
  const health: number[] = [];
  let done = false;
  let slowest = 0;
  let peak = 0;
  const asking = (async () => {
    while (!done) {
      const asked = performance.now();
      const response = await fetch(`${server.base}/health`);
      await response.text();
      slowest = Math.max(slowest, performance.now() - asked);
      if (FIGURES) peak = Math.max(peak, residentMB());
      if (!done) health.push(response.status);
    }
  })();
  const answers: Answer[] = [];
  let rounds = 0;
  // FLOOD_ROUNDS (figures only): that many rounds, however soon /health answered.
  const least = Number(process.env.FLOOD_ROUNDS ?? 0);
  while ((health.length < 3 || rounds < least) && rounds < MAX_ROUNDS)
    answers.push(...(await round(rounds++)));
  done = true;
  await asking;
  if (FIGURES) {
    const fivexx = answers.filter(([status]) => status >= 500).length;
    console.log(
      `${expect.getState().currentTestName}: ${rounds} rounds, ${answers.length} answers, ` +
        `${fivexx} 5xx; /health ${health.length} answers, slowest ${Math.round(slowest)} ms; ` +
        `peak RSS ${peak} MB; load ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}`,
    );
  }
  return { answers, health, rounds };
}

/** What every flood must show: /health answered during it, all 200, and no 5xx. */
function expectHealthy(result: { answers: Answer[]; health: number[]; rounds: number }): void {
  expect(result.rounds).toBeLessThan(MAX_ROUNDS);
  expect(result.health.length).toBeGreaterThanOrEqual(3);
  expect(result.health).toEqual(result.health.map(() => 200));
  expect(result.answers.filter(([status]) => status >= 500)).toEqual([]);
}

const times = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));

describe('floods against a real server', () => {
  it('crusadePlans of the 20x20 serpentine with 150 and 390 rocks, four at once', async () => {
    const levels = [serpentineCrusade(20, 20, 150), serpentineCrusade(20, 20, 390, 1)];
    const query = `query ($level: String!) {
      crusadePlan(level: $level) { __typename ... on CrusadePlan { outcome } }
    }`;
    const result = await flood(() =>
      Promise.all(times(4, (i) => post({ query, variables: { level: levels[i % 2] } }))),
    );
    expectHealthy(result);
    expect(new Set(result.answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify([400, ['TOO_EXPENSIVE']])]),
    );
  });

  it('thousands of distinct operation names, and names of 1 MB', async () => {
    // The first round alone passes the bound of 200 distinct names: 250 short enough to be
    // labels. Every round adds new short names, names of 500 characters and one of 1 MB.
    const result = await flood((n) =>
      Promise.all([
        ...times(n === 0 ? 250 : 40, (i) => post({ query: `query n${n}_${i} { __typename }` })),
        ...times(10, (i) => post({ query: `query l${n}_${i}_${'x'.repeat(500)} { __typename }` })),
        post({ query: `query m${n}${'y'.repeat(1_000_000 - 40)} { __typename }` }),
      ]),
    );
    expectHealthy(result);
    expect(result.answers.every(([status, codes]) => status === 200 && codes.length === 0)).toBe(
      true,
    );
    // /metrics stays small and answers: the first 200 names are labels, every other name is
    // counted as `other` (`anonymous` is the label of the other floods' unnamed operations).
    const metrics = await fetch(`${server.base}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text.length).toBeLessThan(1_000_000);
    const labels = new Set([...text.matchAll(/operation="([^"]*)"/g)].map((match) => match[1]));
    labels.delete('anonymous');
    expect(labels.size).toBe(201);
    expect(labels).toContain('other');
    expect([...labels].filter((label) => label.length > 64)).toEqual([]);
    // The request log cuts the names: the 1 MB one's line is there, and no line is long.
    const logged = (): string[] => server.output().split('\n');
    const cut = `${'m0'.padEnd(64, 'y')}…`;
    for (let tries = 0; !logged().some((line) => line.includes(`"operation":"m0y`)); tries++) {
      if (tries > 400) throw new Error("the 1 MB name's log line never came");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const named = logged().find((line) => line.includes(`"operation":"m0y`))!;
    expect(named.length).toBeLessThanOrEqual(MAX_LOG_LINE);
    expect(JSON.parse(named)).toMatchObject({ msg: 'request', operation: cut, status: 200 });
    expect(logged().filter((line) => line.length > MAX_LOG_LINE)).toEqual([]);
  });

  it('subscriptions with 1 MB ids, one client asking for every place', async () => {
    const big = 'x'.repeat(1_000_000);
    const ask = { query: 'subscription ($id: ID!) { levelChanged(id: $id) { id } }' };
    const result = await flood(async (n) => {
      const address = `127.0.1.${(n % 200) + 1}`;
      const streams = await Promise.all([
        ...times(5, () => rawStream(port, { ...ask, variables: { id: big } })),
        ...times(20, () =>
          rawStream(port, { ...ask, variables: { id: 'a' } }, { localAddress: address }),
        ),
      ]);
      // The refused ones are whole answers (a length); the 16 a client may hold are streams
      // (chunked), open until the round ends.
      const open = streams.filter((stream) => !/^content-length:/im.test(stream.head));
      const refused = await Promise.all(
        streams.filter((stream) => !open.includes(stream)).map(streamAnswer),
      );
      for (const stream of open) stream.close();
      return [...refused, ...open.map((stream): Answer => [stream.status, []])];
    });
    expectHealthy(result);
    // Too large: the request's own fault, on the stream (200); too many: for now, 429.
    const count = (status: number, wanted: string) =>
      result.answers.filter(([was, codes]) => was === status && codes.includes(wanted)).length;
    expect(count(200, 'SUBSCRIPTION_TOO_LARGE')).toBe(5 * result.rounds);
    expect(count(429, 'TOO_MANY_SUBSCRIPTIONS')).toBe(4 * result.rounds);
    expect(result.answers.filter(([, codes]) => codes.length === 0).length).toBe(
      16 * result.rounds,
    );
  });

  it('saves while 200 subscribers never read', async () => {
    const silent = (
      await Promise.all(
        times(200, (i) =>
          rawStream(
            port,
            { query: 'subscription { levelsChanged { id version kind } }' },
            { localAddress: `127.0.2.${Math.floor(i / 10) + 1}`, paused: true },
          ),
        ),
      )
    ).filter((stream) => stream.status === 200);
    expect(silent.length).toBe(200);
    const result = await flood((n) =>
      Promise.all(
        times(4, (r) =>
          post({
            query: `mutation { ${times(15, (i) => `s${i}: loadLevel(id: "flood-${n}-${r}-${i}", rows: ["S.E"]) { __typename }`).join(' ')} }`,
          }),
        ),
      ),
    );
    expectHealthy(result);
    expect(result.answers.every(([status, codes]) => status === 200 && codes.length === 0)).toBe(
      true,
    );
    for (const stream of silent) stream.close();
  });

  it('documents nested 2000 deep, by POST', async () => {
    const deep = `{ level(id: ${'['.repeat(2000)}1${']'.repeat(2000)}) { id } }`;
    const result = await flood(() => Promise.all(times(20, () => post({ query: deep }))));
    expectHealthy(result);
    expect(new Set(result.answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify([400, ['QUERY_TOO_NESTED']])]),
    );
  });
});
