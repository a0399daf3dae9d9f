// `npm run bench -- fill`: a Fill of a walled room of 84x84 cells (7,056) on a 300x300 level
// zoomed to fit, in Chromium with real pointer events, ten times (terrain 2, then floor again).
// For each: the page's pointerdown and pointerup handlers' time on the main thread (the fill and
// its undo step), and the time from the press to the end of the next frame; and any long task
// (50 ms or more) while they ran. Goal: the handlers within a frame, 16 ms.
import type { Page } from 'playwright-core';
import { launchBrowser } from '../harness/chromium.js';
import { type ServerProcess, fixed, median, startServerProcess, table } from './support.js';

const SIZE = 300;
const ROOM = [100, 185] as const;
const FILLS = 10;
const GOAL_MS = 16;

/** The level: S top left, E bottom right, a room of walls whose inside is 84x84 floor cells. */
const ROWS = Array.from({ length: SIZE }, (_, row) =>
  Array.from({ length: SIZE }, (_, col) => {
    if (row === 0 && col === 0) return 'S';
    if (row === SIZE - 1 && col === SIZE - 1) return 'E';
    const onSide = (at: number, other: number) =>
      (at === ROOM[0] || at === ROOM[1]) && other >= ROOM[0] && other <= ROOM[1];
    return onSide(row, col) || onSide(col, row) ? '#' : '.';
  }).join(''),
);

interface Timings {
  readonly handlers: number[];
  readonly toPaint: number[];
  readonly longTasks: number[];
}

async function fills(page: Page): Promise<Timings> {
  await page.evaluate(() => {
    const seen = { handlers: [] as number[], toPaint: [] as number[], longTasks: [] as number[] };
    (window as unknown as { fillTimings: typeof seen }).fillTimings = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    // The page's own handlers run between the window's capturing listener and its bubbling one.
    let pressed = 0;
    let handled = 0;
    const onGrid = (event: Event) => !!(event.target as Element).closest?.('.grid-scroller');
    const first = (event: Event) => {
      if (!onGrid(event)) return;
      if (event.type === 'pointerdown') pressed = performance.now();
      handled = performance.now();
    };
    const last = (event: Event) => {
      if (!onGrid(event)) return;
      const took = performance.now() - handled;
      if (event.type === 'pointerdown') seen.handlers.push(took);
      else {
        seen.handlers[seen.handlers.length - 1] += took;
        // The frame that draws the fill, then the task after it: its paint is done.
        requestAnimationFrame(() =>
          setTimeout(() => seen.toPaint.push(performance.now() - pressed)),
        );
      }
    };
    for (const type of ['pointerdown', 'pointerup']) {
      window.addEventListener(type, first, { capture: true });
      window.addEventListener(type, last);
    }
  });
  const cell = Number(await page.locator('.grid-scroller').getAttribute('data-cell-size'));
  const box = (await page.locator('.grid-spacer').boundingBox())!;
  const inside = (ROOM[0] + ROOM[1]) / 2 + 0.5;
  for (let n = 0; n < FILLS; n++) {
    await page.locator(`.swatch[data-glyph="${n % 2 === 0 ? '2' : '.'}"]`).click();
    await page.mouse.click(box.x + inside * cell, box.y + inside * cell);
    // The next fill after the answers and the frames of this one.
    await page.waitForTimeout(500);
  }
  return page.evaluate(() => (window as unknown as { fillTimings: Timings }).fillTimings);
}

const most = (values: readonly number[]) => (values.length ? Math.max(...values) : 0);

export async function runEditorFillBench(): Promise<void> {
  console.log(
    `## fill: ${FILLS} Fills of ${(ROOM[1] - ROOM[0] - 1) ** 2} cells on a ${SIZE}x${SIZE} level ` +
      `zoomed to fit, in Chromium (goal: pointer handlers under ${GOAL_MS} ms)\n`,
  );
  const server: ServerProcess = await startServerProcess({});
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url.replace(/\/graphql$/, '/'));
    await page.getByRole('heading', { name: 'Labyrinth level editor' }).waitFor();
    const files = page.locator('details', {
      has: page.locator('summary:text-is("ASCII and hex files")'),
    });
    if ((await files.getAttribute('open')) === null) await files.locator('summary').click();
    await page.locator('textarea[name="ascii"]').fill(ROWS.join('\n'));
    await page.getByRole('button', { name: 'Use pasted ASCII' }).click();
    await page.locator('[data-testid="steps"]').waitFor();
    await page.getByRole('button', { name: 'Fill', exact: true }).click();
    const timings = await fills(page);
    if (timings.handlers.length !== FILLS || timings.toPaint.length !== FILLS) {
      throw new Error(
        `${timings.handlers.length} and ${timings.toPaint.length} timings for ${FILLS} fills`,
      );
    }
    console.log(
      table(
        ['', 'median ms', 'max ms'],
        [
          [
            'pointer handlers',
            fixed(median(timings.handlers), 1),
            fixed(most(timings.handlers), 1),
          ],
          [
            'press to next frame',
            fixed(median(timings.toPaint), 1),
            fixed(most(timings.toPaint), 1),
          ],
        ],
      ),
    );
    const long = timings.longTasks.map((ms) => fixed(ms, 0)).join(', ') || 'none';
    const met = most(timings.handlers) < GOAL_MS ? 'met' : 'MISSED';
    console.log(`long tasks (50 ms or more): ${long}; goal ${met}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
