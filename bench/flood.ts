// `npm run bench -- flood`: the floods a client can send, at full size, each against a fresh
// server process (SQLite, the default limits) while a process of its own asks /health every
// 20 ms (from its second ask on: the first loads its fetch):
// - names: 20,000 requests with distinct operation names, then 45 with names of 1 MB, then a
//   scrape of /metrics;
// - nesting: list and object literals, selections and list types nested 2000 deep, by POST and
//   GET, each 20 times (the cached document too), and variables nested 200,000 deep;
// - big ids: 300 streams of `levelChanged` with ids of 1 MB;
// - one client: one address opens MAX_SUBSCRIPTIONS streams, then 10 other addresses one each;
// - saves, readers, slow readers: 3000 small saves, 8 at a time, with no subscriber, with 1000
//   subscribers that read, and with 1000 that never read (each from an address of its own).
// Printed per flood: its answers, how many were 5xx, /health's worst latency, the server's own
// worst event-loop delay (its /metrics), its peak resident memory (VmHWM), and what the flood
// itself measures. The requests and the server process are in flood-requests.ts.
import {
  type FloodServer,
  bigIdStreams,
  clientAddress,
  closeStreams,
  countStatuses,
  inParallel,
  post,
  nestingFlood,
  openStream,
  operationNameFlood,
  readEvents,
  smallSaves,
  startFloodServer,
  streamAnswers,
  subscriptionBody,
} from './flood-requests.js';
import { fixed, table } from './support.js';
import { probeHealth } from '../harness/health-probe.js';
import { serpentineCrusade } from '../harness/big-levels.js';

/** A row of the table: the flood's name, then its figures. */
type Row = Array<string | number>;

/** FLOOD_ONLY=plays (say): only the floods whose name starts so. */
const only = process.env.FLOOD_ONLY ?? '';

async function measured(
  name: string,
  env: Record<string, string>,
  flood: (server: FloodServer) => Promise<{ statuses: readonly number[]; notes: string }>,
): Promise<Row | undefined> {
  if (!name.startsWith(only)) return undefined;
  const server = await startFloodServer(env);
  try {
    const probe = probeHealth(server.base);
    await probe.ready;
    // The server's own event-loop delay (prom-client's, reset by each scrape): its worst
    // during the flood, whatever the load of this machine adds to the probe's answers.
    await metricsText(server.base);
    loopMaxSeen = 0;
    const { statuses, notes } = await flood(server);
    await metricsText(server.base);
    const loopMax = loopMaxSeen;
    const health = await probe.stop();
    const failed = health.statuses.filter((status) => status !== 200).length;
    const counts = [...countStatuses(statuses)]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}x${n}`)
      .join(' ');
    return [
      name,
      statuses.length,
      statuses.filter((status) => status >= 500).length,
      fixed(Math.max(...health.latencies), 1),
      fixed(loopMax, 0),
      `${health.statuses.length}${failed ? ` (${failed} failed)` : ''}`,
      fixed(server.memoryMb().peak, 0),
      `${counts}; ${notes}`,
    ];
  } finally {
    await server.stop();
  }
}

/** The worst event-loop delay the server's /metrics said since it was last reset, ms. */
let loopMaxSeen = 0;

/** /metrics, its status and text; notes its event-loop delay max (which the scrape resets). */
async function metricsText(base: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}/metrics`);
  const text = await response.text();
  const max = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  if (max) loopMaxSeen = Math.max(loopMaxSeen, Number(max[1]) * 1000);
  return { status: response.status, text };
}

async function scrape(base: string): Promise<string> {
  const started = performance.now();
  const response = await metricsText(base);
  const text = response.text;
  const labels = new Set([...text.matchAll(/operation="([^"]*)"/g)].map((match) => match[1]));
  return (
    `/metrics ${response.status}, ${fixed(text.length / 1e6, 2)} MB in ` +
    `${fixed(performance.now() - started, 0)} ms, ${labels.size} operation labels`
  );
}

export async function runFloodBench(): Promise<void> {
  console.log(
    '## flood: what a client can send (issue 20), each flood on a fresh server process ' +
      '(SQLite, default limits), /health asked every 20 ms from a process of its own',
  );
  const rows: Array<Row | undefined> = [];

  // Item 1: the rotating-rooms plays of issue 20, refused by the default budget, then played
  // in the solver threads with it raised (until the request's 30 s deadline).
  const plays = async (url: string, rocks: number, count: number) => {
    const query = `query ($level: String!) {
      crusadePlan(level: $level) { __typename ... on CrusadePlan { outcome } }
    }`;
    const level = serpentineCrusade(20, 20, rocks);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: count }, async () => {
        const { status, body } = await post(url, { query, variables: { level } });
        const said = /"(?:code|outcome)":"(\w+)"/.exec(body)?.[1] ?? '?';
        return { status, said, seconds: (performance.now() - started) / 1000 };
      }),
    );
    return {
      statuses: answers.map(({ status }) => status),
      notes: answers.map(({ said, seconds }) => `${said} at ${fixed(seconds, 1)} s`).join(', '),
    };
  };
  const raised = { SOLVER_THREADS: '2', MAX_CRUSADE_COST: '1000000000' };
  rows.push(
    await measured('plays: 4 x 150 rocks, default budget', {}, (server) =>
      plays(server.url, 150, 4),
    ),
  );
  rows.push(
    await measured('plays: 4 x 150 rocks, budget raised', raised, (server) =>
      plays(server.url, 150, 4),
    ),
  );
  rows.push(
    await measured('plays: 1 x 1000 rocks, budget raised', raised, (server) =>
      plays(server.url, 1000, 1),
    ),
  );

  rows.push(
    await measured('names: 20,000 distinct + 45 of 1 MB', {}, async (server) => {
      const statuses = await operationNameFlood(server.url, {
        distinct: 20_000,
        huge: 45,
        hugeLength: 1_000_000,
      });
      const metrics = await scrape(server.base);
      const again = await scrape(server.base);
      return {
        statuses,
        notes: `${metrics}; again: ${again}; log ${fixed(server.logBytes() / 1e6, 1)} MB`,
      };
    }),
  );

  rows.push(
    await measured('nesting: 2000 deep, x20', {}, async (server) => ({
      statuses: await nestingFlood(server.url, { depth: 2000, rounds: 20 }),
      notes: 'POST and GET; variables 200,000 deep',
    })),
  );

  rows.push(
    await measured('big ids: 300 streams, 1 MB ids', {}, async (server) => {
      const before = server.memoryMb().rss;
      const streams = await bigIdStreams(server.port, { streams: 300, idLength: 1_000_000 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = server.memoryMb().rss;
      closeStreams(streams);
      return {
        statuses: streams.map((stream) => stream.status),
        notes: `${streamAnswers(streams)}; resident +${fixed(after - before, 0)} MB while open`,
      };
    }),
  );

  rows.push(
    await measured('one client: 1000 streams, then 10 others', {}, async (server) => {
      const one = clientAddress(0);
      const hog = await inParallel(1000, 16, () =>
        openStream(server.port, subscriptionBody(), one),
      );
      const others = await inParallel(10, 4, (i) =>
        openStream(server.port, subscriptionBody(), clientAddress(1 + i)),
      );
      closeStreams([...hog, ...others]);
      // What the server answered, with its codes: a refusal is a whole answer, not a stream.
      return {
        statuses: [...hog, ...others].map((stream) => stream.status),
        notes: `the one client: ${streamAnswers(hog)}; the others: ${streamAnswers(others)}`,
      };
    }),
  );

  // 3000 saves, 8 at a time, with no subscriber, with 1000 that read (here, in this process),
  // and with 1000 that never read: what a stream that never reads costs the saves is told by the
  // second against the third, the fan-out to subscribers by the first against the second.
  for (const kind of ['none', 'read', 'never read'] as const) {
    const label =
      kind === 'none'
        ? 'saves: no subscriber'
        : kind === 'read'
          ? 'readers: 1000 read'
          : 'slow readers: 1000 never read';
    rows.push(
      await measured(`${label}, 3000 saves`, {}, async (server) => {
        const streams =
          kind === 'none'
            ? []
            : await inParallel(1000, 16, (i) =>
                openStream(server.port, subscriptionBody(), clientAddress(i)),
              );
        const readers = kind === 'read' ? streams.map(readEvents) : [];
        const saves = await smallSaves(server.url, 3000);
        const rss = server.memoryMb().rss;
        // What the never-reading streams were written, read at last (MISSED and what came after).
        const drained = kind === 'never read' ? streams.map(readEvents) : readers;
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const events = drained.reduce((sum, reader) => sum + reader.events(), 0);
        const missed = drained.reduce((sum, reader) => sum + reader.missed(), 0);
        closeStreams(streams);
        return {
          statuses: [...streams.map((stream) => stream.status), ...saves.statuses],
          notes:
            `3000 saves in ${fixed(saves.seconds, 1)} s; resident ${fixed(rss, 0)} MB at the end` +
            (kind === 'none' ? '' : `; ${events} events written to the streams, ${missed} MISSED`),
        };
      }),
    );
  }

  console.log(
    table(
      [
        'flood',
        'answers',
        '5xx',
        '/health worst ms',
        'loop delay max ms',
        '/health probes',
        'peak RSS MB',
        'notes',
      ],
      rows.filter((row) => row !== undefined),
    ),
  );
  console.log('');
}
