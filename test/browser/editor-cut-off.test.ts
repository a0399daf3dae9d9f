// The live check of a big level cut in two, in Chromium with real pointer events: a 300x300
// level whose E a wall cuts off. Each stroke sends exactly one checkLevel request (read from
// the hashes the page sends, sentDocument), answered 200, with no console error; the insights
// panel counts every unreachable cell and the grid shades them (read back from the canvas);
// opening the wall clears the shade and draws the path, closing it shades again. With
// EDITOR_SCREENSHOTS=1 it writes docs/images/editor-cut-off.png.
import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  type Server,
  cellPoint,
  countColour,
  launchBrowser,
  openPanel,
  pixel,
  startServer,
  stopEditor,
  screenshot,
  editorArea,
} from './harness.js';
import { sentDocument } from '../support/editor-documents.js';

const FLOOR: [number, number, number] = [247, 245, 239];
const SIZE = 300;
/** The wall's column: in view at the level's first zoom, so that a click can open it. */
const WALL = 10;
/** Every cell right of the wall, E's among them. */
const CUT_OFF = SIZE * (SIZE - WALL - 1);
let server: Server;
let browser: Browser;
let page: Page;
const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 50 });

/** The checks the page sent, with their answers' status; and what it logged as errors. */
const checks: { request: Request; status: number | null }[] = [];
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (sentDocument(request.postData()).includes('query LiveCheck')) {
      checks.push({ request, status: null });
    }
  });
  page.on('response', (response: Response) => {
    const check = checks.find((entry) => entry.request === response.request());
    if (check) check.status = response.status();
  });
  await page.goto(`${server.base}/`);
  await page.getByRole('heading', { name: 'Labyrinth level editor' }).waitFor();
});

afterAll(() => stopEditor(browser, server));

const rows = Array.from({ length: SIZE }, (_, row) =>
  Array.from({ length: SIZE }, (_, col) =>
    col === WALL
      ? '#'
      : row === 0 && col === 0
        ? 'S'
        : row === SIZE - 1 && col === SIZE - 1
          ? 'E'
          : '.',
  ).join(''),
);

const unreachableText = () => page.getByTestId('insight-unreachable').textContent();
const settled = () => page.locator('[data-testid="insights"]:not(.stale)').count();

/** Draws one stroke with the brush `glyph` from cell to cell; the checks it sent, answered. */
async function stroke(
  glyph: string,
  [fromRow, fromCol]: [number, number],
  [toRow, toCol]: [number, number],
  count: string,
) {
  await page.locator(`.swatch[data-glyph="${glyph}"]`).click();
  const before = checks.length;
  const from = await cellPoint(page, fromRow, fromCol);
  const to = await cellPoint(page, toRow, toCol);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
  await until(async () => (await settled()) === 1 && (await unreachableText())).toBe(count);
  await until(async () => checks.slice(before).every((check) => check.status !== null)).toBe(true);
  return checks.slice(before).map((check) => check.status);
}

describe('the live check of a big level cut in two', () => {
  it('asks once a stroke, answered 200, and shades every unreachable cell', async () => {
    await openPanel(page, 'ASCII and hex files');
    const first = checks.length;
    await page.locator('textarea[name="ascii"]').fill(rows.join('\n'));
    await page.getByRole('button', { name: 'Use pasted ASCII' }).click();
    await until(unreachableText).toBe(CUT_OFF.toLocaleString('en-US'));
    expect(await page.getByTestId('insight-walks').textContent()).toBe(
      'E cannot be reached from S.',
    );
    // Right of the wall: shaded; left of it: floor.
    const shade = await pixel(page, 40, WALL + 2);
    expect(shade).not.toEqual(FLOOR);
    expect(await pixel(page, 40, WALL - 2)).toEqual(FLOOR);
    const cell = Number(await page.locator('.grid-scroller').getAttribute('data-cell-size'));
    const canvas = (await page.locator('.grid-canvas').boundingBox())!;
    // The view right of the wall is shaded but for the hatch strokes and the cell lines: at
    // least half its pixels (device pixels: the canvas may be denser than CSS pixels).
    const ratio = await page.evaluate(() => window.devicePixelRatio);
    const rightOfWall = (canvas.width - (WALL + 1) * cell) * canvas.height * ratio * ratio;
    expect(await countColour(page, shade)).toBeGreaterThan(rightOfWall / 2);
    // At this fractional size (no grid lines, no hatch) each shaded cell is laid exactly on its
    // box: along a row, every device pixel right of the wall has the one shade, with no seam
    // where two cells' shades overlap or leave a gap.
    expect(cell % 1).not.toBe(0);
    expect(cell).toBeLessThan(8);
    expect(await rowColours(page, 40, WALL + 1)).toEqual([shade]);

    // A wall drawn on S's side: E still cut off, the same cells unreachable; one request.
    expect(await stroke('#', [5, 1], [5, WALL - 2], CUT_OFF.toLocaleString('en-US'))).toEqual([
      200,
    ]);
    // A gap opened in the wall: nothing unreachable, the path drawn, nothing shaded.
    expect(await stroke('.', [3, WALL], [3, WALL], '0')).toEqual([200]);
    expect(await page.getByTestId('steps').textContent()).toBe(String(2 * (SIZE - 1)));
    await until(() => countColour(page, shade)).toBe(0);
    expect(await pixel(page, 40, WALL + 2)).toEqual(FLOOR);
    // Closed again: shaded again.
    expect(await stroke('#', [3, WALL], [3, WALL], CUT_OFF.toLocaleString('en-US'))).toEqual([200]);
    await until(() => pixel(page, 40, WALL + 2)).toEqual(shade);
    // The level as pasted, and then three strokes: four checks in all, each answered 200.
    expect(checks.slice(first).map((check) => check.status)).toEqual([200, 200, 200, 200]);
    expect(errors).toEqual([]);
    // Closer, for the picture: the wall, S's side and the shaded side.
    while (Number(await page.locator('.grid-scroller').getAttribute('data-cell-size')) < 8) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
    }
    await page.locator('.grid-scroller').evaluate((element) => element.scrollTo(0, 0));
    await until(() => pixel(page, 2, WALL + 2)).toEqual(shade);
    await shot();
  }, 180_000);
});

/**
 * The distinct colours of the device pixels along the middle of row `row`, from the left edge
 * of column `fromCol` to the canvas's right edge.
 */
async function rowColours(page: Page, row: number, fromCol: number): Promise<number[][]> {
  return page.evaluate(
    ([row, fromCol]) => {
      const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
      const canvas = document.querySelector<HTMLCanvasElement>('.grid-canvas')!;
      const cell = Number(scroller.dataset.cellSize);
      const ratio = canvas.width / canvas.clientWidth;
      const y = Math.floor(((row + 0.5) * cell - scroller.scrollTop) * ratio);
      // The first device pixel wholly inside the column (its edge rounded, view.ts).
      const x = Math.ceil((fromCol * cell - scroller.scrollLeft) * ratio) + 1;
      const { data } = canvas.getContext('2d')!.getImageData(x, y, canvas.width - x, 1);
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += 4) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return [...seen].map((colour) => colour.split(',').map(Number));
    },
    [row, fromCol],
  );
}

async function shot(): Promise<void> {
  await screenshot(page, 'editor-cut-off.png', await editorArea(page, 560, true));
}
