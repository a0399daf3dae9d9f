// The browser tests' harness: the real server process, as `npm start` runs it
// (`node dist/src/server.js`, built by `npm test` first, with PORT=0 and a temporary
// DATA_DIR), and headless Chromium driven by playwright-core: CHROMIUM_PATH's, else the one the
// @sparticuz/chromium package brings with `npm ci` (chromium.ts; nothing is downloaded).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Browser, launchBrowser } from '../../harness/chromium.js';

export { type Browser, launchBrowser };

export const root = fileURLToPath(new URL('../..', import.meta.url));
/** `npm run screenshots`: the tests that picture a feature write docs/images/ too. */
export const SCREENSHOTS = process.env.EDITOR_SCREENSHOTS === '1';

/** Retries `read` until the page shows what is expected (Playwright's own `expect` is not here). */
export function until<T>(
  read: () => Promise<T>,
  timeout = 15_000,
): ReturnType<typeof expect.poll<Promise<T>>> {
  return expect.poll(read, { timeout, interval: 50 });
}

/** The browser a test launches: CHROMIUM_PATH, else the packaged one's (chromium.ts). */
export const CHROMIUM = process.env.CHROMIUM_PATH || '@sparticuz/chromium';

export interface Server {
  /** http://localhost:PORT (no path). */
  readonly base: string;
  readonly graphql: string;
  /** Its data directory (a temporary one unless `settings` named one). */
  readonly dataDir: string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash: nothing is flushed or closed; the data directory stays. */
  kill(): Promise<void>;
}

/**
 * The server on SQLite with writes open to all, unless `settings` says otherwise (a DATA_DIR
 * given there is kept; PORT: the same address again after a kill).
 */
export async function startServer(settings: NodeJS.ProcessEnv = {}): Promise<Server> {
  const own = settings.DATA_DIR === undefined;
  const dataDir = settings.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'labyrinth-browser-')));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
  env.LOG_REQUESTS = '0';
  delete env.DATABASE_URL;
  delete env.LABYRINTH_WRITE_TOKEN;
  Object.assign(env, settings);
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist/src/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const graphql = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const match = /listening on (http:\/\/[^\s/]+:\d+\/graphql)/.exec(output);
      if (match) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return {
    graphql,
    base: graphql.replace(/\/graphql$/, ''),
    dataDir,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (own) await rm(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A test file's editor: the server, a browser and a tab with the editor open. */
export interface Editor {
  readonly server: Server;
  readonly browser: Browser;
  readonly page: Page;
}

/**
 * Starts the server and a browser and opens the editor at `hash`; `args`: more Chromium
 * switches; `beforeOpen`: what to set on the tab before it loads (listeners, routes).
 */
export async function startEditor(
  options: {
    readonly hash?: string;
    readonly args?: readonly string[];
    readonly beforeOpen?: (page: Page) => unknown;
  } = {},
): Promise<Editor> {
  const server = await startServer();
  const browser = await launchBrowser(options.args);
  const page = await openEditor(browser, server, options.hash, options.beforeOpen);
  return { server, browser, page };
}

/** A new tab of `browser` with the editor of `server` open at `hash` (`beforeOpen`: as above). */
export async function openEditor(
  browser: Browser,
  server: Server,
  hash = '',
  beforeOpen?: (page: Page) => unknown,
): Promise<Page> {
  const page = await browser.context.newPage();
  await beforeOpen?.(page);
  await page.goto(`${server.base}/${hash}`);
  await page.getByRole('heading', { name: 'Labyrinth level editor' }).waitFor();
  return page;
}

/** Ends what startEditor started (what of it there is, after a failed start). */
export async function stopEditor(
  browser: Browser | undefined,
  server: { stop(): Promise<unknown> } | undefined,
): Promise<void> {
  await browser?.close();
  await server?.stop();
}

/**
 * A level into the editor through the ASCII box; with `maxCell`, zoomed out until a cell is at
 * most that many pixels.
 */
export async function useAscii(page: Page, rows: readonly string[], maxCell?: number) {
  await openPanel(page, 'ASCII and hex files');
  await page.locator('textarea[name="ascii"]').fill(rows.join('\n'));
  await page.getByRole('button', { name: 'Use pasted ASCII' }).click();
  await until(() => page.getByTestId('level-size').textContent()).toBe(
    `${Array.from(rows[0]).length}×${rows.length}`,
  );
  if (maxCell === undefined) return;
  while (Number(await page.locator('.grid-scroller').getAttribute('data-cell-size')) > maxCell) {
    await page.getByRole('button', { name: 'Zoom out' }).click();
  }
}

/** The editor's main area (and the side panels with `side`), at most `height` pixels high. */
export async function editorArea(page: Page, height: number, side = false) {
  const main = (await page.locator('main.editor').boundingBox())!;
  const right = side ? (await page.locator('aside.side').boundingBox())! : main;
  return {
    x: main.x,
    y: main.y,
    width: right.x + right.width - main.x,
    height: Math.min(main.height, height),
  };
}

/** With EDITOR_SCREENSHOTS=1, a picture of the page (or of `clip`) as docs/images/`name`. */
export async function screenshot(
  page: Page,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(join(root, 'docs/images'), { recursive: true });
  await page.screenshot({ path: join(root, 'docs/images', name), clip });
}

/** The page coordinates of a cell's centre (plus an offset in cell fractions). */
export async function cellPoint(
  page: Page,
  row: number,
  col: number,
): Promise<{ x: number; y: number }> {
  const scroller = page.locator('.grid-scroller');
  const cell = Number(await scroller.getAttribute('data-cell-size'));
  const box = (await page.locator('.grid-spacer').boundingBox())!;
  return { x: box.x + (col + 0.5) * cell, y: box.y + (row + 0.5) * cell };
}

/** Picks a glyph in the palette and clicks each cell with it. */
export async function paint(page: Page, glyph: string, cells: [number, number][]): Promise<void> {
  await page.locator(`.swatch[data-glyph="${glyph}"]`).click();
  for (const [row, col] of cells) {
    const { x, y } = await cellPoint(page, row, col);
    await page.mouse.click(x, y);
  }
}

/**
 * The colour drawn at a point of a cell (fractions of the cell from its top-left corner), read
 * back from the canvas: what the user sees there.
 */
export async function pixel(
  page: Page,
  row: number,
  col: number,
  fx = 0.5,
  fy = 0.5,
): Promise<[number, number, number]> {
  return page.evaluate(
    ([row, col, fx, fy]) => {
      const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
      const canvas = document.querySelector<HTMLCanvasElement>('.grid-canvas')!;
      const cell = Number(scroller.dataset.cellSize);
      const ratio = canvas.width / canvas.clientWidth;
      const x = Math.floor(((col + fx) * cell - scroller.scrollLeft) * ratio);
      const y = Math.floor(((row + fy) * cell - scroller.scrollTop) * ratio);
      const [r, g, b] = canvas.getContext('2d')!.getImageData(x, y, 1, 1).data;
      return [r, g, b] as [number, number, number];
    },
    [row, col, fx, fy],
  );
}

/** How many canvas pixels are within a small distance of a colour. */
export async function countColour(page: Page, [r, g, b]: [number, number, number]) {
  return page.evaluate(
    ([r, g, b]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.grid-canvas')!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const d = Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b);
        if (d < 30) count++;
      }
      return count;
    },
    [r, g, b],
  );
}

/** The level in the editor, as the ASCII box shows it after "Copy level as ASCII". */
export async function editorRows(page: Page): Promise<string[]> {
  await openPanel(page, 'ASCII and hex files');
  await page.getByRole('button', { name: 'Copy level as ASCII' }).click();
  const text = await page.locator('textarea[name="ascii"]').inputValue();
  return text.split('\n').filter((line) => line !== '');
}

export async function openPanel(page: Page, title: string): Promise<void> {
  const details = page.locator('details', { has: page.locator(`summary:text-is("${title}")`) });
  if ((await details.getAttribute('open')) === null) {
    await details.locator('summary').click();
  }
}

export async function closePanel(page: Page, title: string): Promise<void> {
  const details = page.locator('details', { has: page.locator(`summary:text-is("${title}")`) });
  if ((await details.getAttribute('open')) !== null) await details.locator('summary').click();
}
