// `npm run bench -- memory`: the server's resident memory while a stream of distinct levels is
// stored and solved (1,000 different 300x300 levels with keys, every answer asked of each):
// the memo is bounded by the bytes it holds, so the curve must reach a plateau. Read from the
// server's own /metrics (process_resident_memory_bytes) every 100 levels.
import { fourKeyLevel } from '../harness/big-levels.js';
import { startServerProcess, table } from './support.js';

const LEVELS = 1000;
const SIZE = 300;
const EVERY_ANSWER = `query All($id: ID!) { level(id: $id) { steps path { row col } render
  cheapest cheapestPath { row col } cheapestRender maze { text } } }`;
const SAVE = `mutation Save($id: ID!, $rows: [String!]!) { loadLevel(id: $id, rows: $rows) {
  __typename } }`;

/** A distinct level per index: the four-key level with a terrain digit moved along a row. */
function levelNumber(index: number): string[] {
  const rows = fourKeyLevel(SIZE);
  const r = 1 + (index % (SIZE - 3));
  const c = 5 + Math.floor(index / (SIZE - 3));
  rows[r] = rows[r].slice(0, c) + String(2 + (index % 8)) + rows[r].slice(c + 1);
  return rows;
}

async function post(url: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: Array<{ message: string }> };
  if (body.errors) throw new Error(body.errors[0].message);
}

/** Resident memory, the JS heap in use, and the memo's own count of its bytes, in MB. */
async function memoryMb(base: string): Promise<string[]> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return [
    'process_resident_memory_bytes',
    'nodejs_heap_size_used_bytes',
    'labyrinth_memo_bytes',
  ].map((name) => {
    const match = new RegExp(`^${name} (\\S+)`, 'm').exec(text);
    return match ? (Number(match[1]) / 1024 / 1024).toFixed(0) : '?';
  });
}

export async function runMemoryBench(): Promise<void> {
  console.log(
    `## memory: resident MB of the server while ${LEVELS} distinct ${SIZE}x${SIZE} four-key ` +
      'levels are stored and solved (every answer), default memo bound',
  );
  const server = await startServerProcess({});
  const { url } = server;
  try {
    const base = url.replace(/\/graphql$/, '');
    const rows: Array<Array<string | number>> = [[0, ...(await memoryMb(base))]];
    for (let i = 1; i <= LEVELS; i++) {
      const id = `level-${i}`;
      await post(url, SAVE, { id, rows: levelNumber(i) });
      await post(url, EVERY_ANSWER, { id });
      if (i % 100 === 0) rows.push([i, ...(await memoryMb(base))]);
    }
    console.log(table(['levels', 'resident MB', 'heap used MB', 'memo MB'], rows));
    console.log('');
  } finally {
    await server.stop();
  }
}
