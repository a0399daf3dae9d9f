// `npm run bench -- load`: small requests while big levels are being solved, with the solver
// pool (SOLVER_THREADS as the machine gives) and without it (SOLVER_THREADS=0, every search on
// the event loop), in the same run. Each mode is a real server process on SQLite:
// - 4 "big" clients loop: save a new version of a big level with four keys (700x700 and
//   1000x1000, so it is never cached), then ask every answer of it;
// - 10 "small" clients loop asking `level(id){steps}` of a small cached level.
// Printed: the small requests' p50/p99/max latency, and the big levels answered per second.
import { availableParallelism } from 'node:os';
import { fourKeyLevel } from '../harness/big-levels.js';
import { fixed, startServerProcess, table } from './support.js';

const DURATION_MS = 15_000;
const BIG_CLIENTS = 4;
const SMALL_CLIENTS = 10;
const BIG_SIZES = [700, 1000];
/** Goals (issue: heavy levels never stall the server). */
const SMALL_P99_GOAL_MS = 50;
const THROUGHPUT_GOAL = 1.6;

const EVERY_ANSWER = `query Big($id: ID!) { level(id: $id) { version steps path { row col } render
  cheapest cheapestPath { row col } cheapestRender maze { text } } }`;
const SAVE = `mutation Save($id: ID!, $rows: [String!]!) {
  loadLevel(id: $id, rows: $rows) { __typename ... on Level { version } } }`;
const SMALL = 'query Small { level(id: "small") { steps } }';

interface ModeResult {
  readonly mode: string;
  readonly small: number[];
  readonly bigAnswered: number;
  readonly seconds: number;
  /** Errors by code (TOO_EXPENSIVE and SERVICE_BUSY are the only allowed ones). */
  readonly errors: Map<string, number>;
}

async function graphql(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ errors?: Array<{ extensions?: { code?: string } }>; data?: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
}

/** A big level's rows, changed a little for each loop so every save is a new level. */
function bigRows(size: number, loop: number): string[] {
  const rows = fourKeyLevel(size);
  const r = 1 + (loop % (size - 3));
  // A terrain digit on the second-to-last column: it changes the rows, not the route's length.
  rows[r] = rows[r].slice(0, size - 2) + String(1 + (loop % 9)) + rows[r].slice(size - 1);
  return rows;
}

async function runMode(mode: string, threads: string, smallClients: number): Promise<ModeResult> {
  const server = await startServerProcess({ SOLVER_THREADS: threads });
  const errors = new Map<string, number>();
  const count = (code: string) => errors.set(code, (errors.get(code) ?? 0) + 1);
  try {
    await graphql(server.url, SAVE, { id: 'small', rows: ['S....', '.###.', '....E'] });
    await graphql(server.url, SMALL);
    const stopAt = performance.now() + DURATION_MS;
    const small: number[] = [];
    let bigAnswered = 0;
    const bigClient = async (client: number) => {
      for (let loop = 0; performance.now() < stopAt; loop++) {
        const id = `big-${client}`;
        const size = BIG_SIZES[client % BIG_SIZES.length];
        const saved = await graphql(server.url, SAVE, { id, rows: bigRows(size, loop) });
        if (saved.errors) {
          count(saved.errors[0].extensions?.code ?? 'unknown');
          continue;
        }
        const answer = await graphql(server.url, EVERY_ANSWER, { id });
        if (answer.errors) count(answer.errors[0].extensions?.code ?? 'unknown');
        else bigAnswered++;
      }
    };
    const smallClient = async () => {
      while (performance.now() < stopAt) {
        const started = performance.now();
        const answer = await graphql(server.url, SMALL);
        small.push(performance.now() - started);
        if (answer.errors) count(answer.errors[0].extensions?.code ?? 'unknown');
      }
    };
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: BIG_CLIENTS }, (_, i) => bigClient(i)),
      ...Array.from({ length: smallClients }, smallClient),
    ]);
    return { mode, small, bigAnswered, seconds: (performance.now() - started) / 1000, errors };
  } finally {
    await server.stop();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function runLoadBench(): Promise<void> {
  const threads = availableParallelism();
  console.log(
    `## load: ${SMALL_CLIENTS} small clients (level(id){steps}, cached) and ${BIG_CLIENTS} big ` +
      `clients (every answer of a new ${BIG_SIZES.join('x/')}x four-key level each loop), ` +
      `${DURATION_MS / 1000} s per mode, SQLite, one server process per mode`,
  );
  const results = [
    await runMode(`pool (SOLVER_THREADS=${threads})`, String(threads), SMALL_CLIENTS),
    await runMode('inline (SOLVER_THREADS=0)', '0', SMALL_CLIENTS),
  ];
  // The same big clients without the small ones: how much the pool adds to solving alone (with
  // the small clients, their requests take the cores the pool would solve on).
  const alone = [
    await runMode(`pool, big clients only`, String(threads), 0),
    await runMode('inline, big clients only', '0', 0),
  ];
  const rows = [...results, ...alone].map((result) => {
    const sorted = [...result.small].sort((a, b) => a - b);
    const ms = (value: number | undefined) => (value === undefined ? '-' : fixed(value, 1));
    const errors = [...result.errors].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
    return [
      result.mode,
      result.small.length,
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 99)),
      ms(sorted.at(-1)),
      fixed(result.bigAnswered / result.seconds, 2),
      errors,
    ];
  });
  console.log(
    table(['mode', 'small reqs', 'p50 ms', 'p99 ms', 'max ms', 'big levels/s', 'errors'], rows),
  );
  const [pool, inline] = results;
  const poolSorted = [...pool.small].sort((a, b) => a - b);
  const p99 = percentile(poolSorted, 99);
  const ratio = pool.bigAnswered / pool.seconds / (inline.bigAnswered / inline.seconds);
  const aloneRatio =
    alone[0].bigAnswered / alone[0].seconds / (alone[1].bigAnswered / alone[1].seconds);
  const unexpected = [...results, ...alone].flatMap((result) =>
    [...result.errors.keys()].filter((code) => code !== 'TOO_EXPENSIVE' && code !== 'SERVICE_BUSY'),
  );
  const goal = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log(
    `goal: small p99 with the pool ${fixed(p99, 1)} ms vs < ${SMALL_P99_GOAL_MS} ms: ${goal(p99 < SMALL_P99_GOAL_MS)}`,
  );
  console.log(
    `goal: big levels/s, pool / inline ${fixed(ratio, 2)}x vs >= ${THROUGHPUT_GOAL}x: ${goal(ratio >= THROUGHPUT_GOAL)}`,
  );
  console.log(
    `(big clients only: pool / inline ${fixed(aloneRatio, 2)}x vs >= ${THROUGHPUT_GOAL}x: ${goal(aloneRatio >= THROUGHPUT_GOAL)})`,
  );
  console.log(
    `goal: no errors but TOO_EXPENSIVE and SERVICE_BUSY: ${goal(unexpected.length === 0)}${unexpected.length ? ` (${unexpected.join(', ')})` : ''}\n`,
  );
}
