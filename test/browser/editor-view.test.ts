// Zoom and pan in Chromium with real input: zoom steps keep the centre in place, Ctrl+wheel
// and a two-finger pinch zoom around the pointer, Space+drag and the middle button pan without
// painting, Zoom to fit shows the whole level, S, E, keys and doors stay legible at every
// cell size, and resize keeps the level at its anchor (9 positions).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  type Server,
  countColour,
  editorRows,
  launchBrowser,
  openPanel,
  root,
  startServer,
} from './harness.js';

const SCREENSHOTS = process.env.EDITOR_SCREENSHOTS === '1';
const START_GREEN: [number, number, number] = [27, 127, 59];
const EXIT_RED: [number, number, number] = [179, 38, 30];
let server: Server;
let browser: Browser;
let page: Page;
const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 50 });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.goto(`${server.base}/`);
  await page.getByRole('heading', { name: 'Labyrinth level editor' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function useLevel(rows: string[]): Promise<void> {
  await openPanel(page, 'ASCII and hex files');
  await page.locator('textarea[name="ascii"]').fill(rows.join('\n'));
  await page.getByRole('button', { name: 'Use pasted ASCII' }).click();
  await until(() => page.getByTestId('level-size').textContent()).toBe(
    `${rows[0].length}×${rows.length}`,
  );
}

function level(width: number, height: number, marks: Record<string, string> = {}): string[] {
  return Array.from({ length: height }, (_, row) =>
    Array.from({ length: width }, (_, col) => marks[`${row},${col}`] ?? '.').join(''),
  );
}

/** What the grid shows: cell size, scroll offsets, visible size, and the level cell in the middle. */
const view = () =>
  page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
    const cell = Number(scroller.dataset.cellSize);
    return {
      cell,
      left: scroller.scrollLeft,
      top: scroller.scrollTop,
      width: scroller.clientWidth,
      height: scroller.clientHeight,
      centreCol: (scroller.scrollLeft + scroller.clientWidth / 2) / cell,
      centreRow: (scroller.scrollTop + scroller.clientHeight / 2) / cell,
    };
  });

/** The level cell under a point of the page. */
const cellUnder = (x: number, y: number) =>
  page.evaluate(
    ([x, y]) => {
      const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
      const cell = Number(scroller.dataset.cellSize);
      const box = document.querySelector<HTMLElement>('.grid-spacer')!.getBoundingClientRect();
      return { col: (x - box.left) / cell, row: (y - box.top) / cell };
    },
    [x, y],
  );

async function scrollTo(left: number, top: number): Promise<void> {
  await page.evaluate(
    ([left, top]) => {
      const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
      scroller.scrollLeft = left;
      scroller.scrollTop = top;
    },
    [left, top],
  );
}

describe('zoom and pan', () => {
  it('zooms in steps around the centre: the column in the middle stays there', async () => {
    await useLevel(level(200, 200, { '0,0': 'S', '199,199': 'E' }));
    while ((await view()).cell < 32) await page.getByRole('button', { name: 'Zoom in' }).click();
    const before = await view();
    await scrollTo(67 * before.cell - before.width / 2, 40 * before.cell - before.height / 2);
    const centred = await view();
    expect(Math.round(centred.centreCol)).toBe(67);
    const seen: number[] = [];
    for (const name of ['Zoom out', 'Zoom out', 'Zoom out', 'Zoom in']) {
      await page.getByRole('button', { name }).click();
      const after = await view();
      seen.push(after.cell);
      expect(Math.abs(after.centreCol - centred.centreCol)).toBeLessThan(1);
      expect(Math.abs(after.centreRow - centred.centreRow)).toBeLessThan(1);
    }
    expect(seen).toEqual([24, 16, 12, 16]);
    // The keys do the same.
    await page.locator('.grid-scroller').focus();
    await page.keyboard.press('-');
    expect((await view()).cell).toBe(12);
    expect(Math.abs((await view()).centreCol - centred.centreCol)).toBeLessThan(1);
  });

  it('zooms with Ctrl+wheel around the pointer: the cell under it stays under it', async () => {
    const box = (await page.locator('.grid-scroller').boundingBox())!;
    const point = { x: box.x + box.width * 0.25, y: box.y + box.height * 0.7 };
    await page.mouse.move(point.x, point.y);
    const under = await cellUnder(point.x, point.y);
    const cell = (await view()).cell;
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await until(async () => (await view()).cell).toBeGreaterThan(cell);
    const after = await cellUnder(point.x, point.y);
    expect(Math.abs(after.col - under.col)).toBeLessThan(1);
    expect(Math.abs(after.row - under.row)).toBeLessThan(1);
    // Nothing was painted by zooming.
    expect(
      (await editorRows(page)).every((row, r) => r === 0 || r === 199 || /^\.+$/.test(row)),
    ).toBe(true);
  });

  it('zooms with a two-finger pinch around the fingers', async () => {
    const client = await page.context().newCDPSession(page);
    await client.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
    const box = (await page.locator('.grid-scroller').boundingBox())!;
    const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cell = (await view()).cell;
    const under = await cellUnder(mid.x, mid.y);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      client.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: mid.x - spread, y: mid.y, id: 0 },
                { x: mid.x + spread, y: mid.y, id: 1 },
              ],
      });
    await touch('touchStart', 40);
    for (const spread of [50, 60, 70, 80]) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await client.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    const after = await view();
    expect(after.cell).toBe(cell * 2);
    const now = await cellUnder(mid.x, mid.y);
    expect(Math.abs(now.col - under.col)).toBeLessThan(1.5);
    expect(Math.abs(now.row - under.row)).toBeLessThan(1.5);
  });

  it('pans with Space+drag and with the middle button, painting nothing', async () => {
    const box = (await page.locator('.grid-scroller').boundingBox())!;
    const from = { x: box.x + 300, y: box.y + 200 };
    await scrollTo(2000, 2000);
    const start = await view();
    await page.locator('.grid-scroller').focus();
    await page.keyboard.down(' ');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 120, from.y - 80, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up(' ');
    const panned = await view();
    expect([panned.left - start.left, panned.top - start.top]).toEqual([120, 80]);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(from.x + 50, from.y + 30, { steps: 5 });
    await page.mouse.up({ button: 'middle' });
    const again = await view();
    expect([again.left - panned.left, again.top - panned.top]).toEqual([-50, -30]);
    expect(
      (await editorRows(page)).every((row, r) => r === 0 || r === 199 || /^\.+$/.test(row)),
    ).toBe(true);
  });

  it('fits the whole level in view with Zoom to fit', async () => {
    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    const fitted = await view();
    expect(fitted.cell * 200).toBeLessThanOrEqual(Math.min(fitted.width, fitted.height));
    expect((fitted.cell + 1) * 200).toBeGreaterThan(Math.min(fitted.width, fitted.height));
    expect([fitted.left, fitted.top]).toEqual([0, 0]);
  });

  it('draws S, E, keys and doors legibly at every cell size', async () => {
    await useLevel(level(60, 40, { '3,3': 'S', '3,25': 'E', '30,5': 'a', '30,45': 'A' }));
    const shown: Record<number, [number, number]> = {};
    // From the smallest step to the largest, every zoom step.
    while ((await view()).cell > 1) await page.getByRole('button', { name: 'Zoom out' }).click();
    for (;;) {
      const { cell } = await view();
      await scrollTo(0, 0);
      await page.waitForTimeout(50);
      shown[cell] = [await countColour(page, START_GREEN), await countColour(page, EXIT_RED)];
      if (SCREENSHOTS && cell === 4) {
        await mkdir(join(root, 'docs/images'), { recursive: true });
        const grid = (await page.locator('.grid-scroller').boundingBox())!;
        await page.screenshot({
          path: join(root, 'docs/images/editor-zoom-4px.png'),
          clip: {
            x: grid.x,
            y: grid.y,
            width: Math.min(grid.width, 300),
            height: Math.min(grid.height, 200),
          },
        });
      }
      if (cell >= 32) break;
      await page.getByRole('button', { name: 'Zoom in' }).click();
    }
    // A 16-pixel disc and square however small the cells (a 1-pixel S was invisible).
    for (const [cell, [green, red]] of Object.entries(shown)) {
      expect({ cell, green: green >= 60, red: red >= 60 }).toEqual({
        cell,
        green: true,
        red: true,
      });
    }
    expect(Object.keys(shown).map(Number)).toEqual([1, 2, 3, 4, 6, 8, 12, 16, 24, 32]);
  });
});

describe('resize', () => {
  it('keeps the level at the chosen anchor, on each of the 9 positions', async () => {
    const expected: Record<string, string[]> = {
      'top left': ['ab.', 'cd.', '...'],
      top: ['ab.', 'cd.', '...'],
      'top right': ['.ab', '.cd', '...'],
      left: ['ab.', 'cd.', '...'],
      centre: ['ab.', 'cd.', '...'],
      right: ['.ab', '.cd', '...'],
      'bottom left': ['...', 'ab.', 'cd.'],
      bottom: ['...', 'ab.', 'cd.'],
      'bottom right': ['...', '.ab', '.cd'],
    };
    for (const [anchor, rows] of Object.entries(expected)) {
      await useLevel(['ab', 'cd']);
      await page.getByLabel('Width', { exact: true }).fill('3');
      await page.getByLabel('Height', { exact: true }).fill('3');
      await page.getByLabel(`Anchor ${anchor}`, { exact: true }).check();
      await page.getByRole('button', { name: 'Resize' }).click();
      await until(() => page.getByTestId('level-size').textContent()).toBe('3×3');
      expect({ anchor, rows: await editorRows(page) }).toEqual({ anchor, rows });
    }
    // Shrinking from the bottom-right keeps that corner.
    await useLevel(['abc', 'def', 'ghi']);
    await page.getByLabel('Width', { exact: true }).fill('2');
    await page.getByLabel('Height', { exact: true }).fill('1');
    await page.getByLabel('Anchor bottom right', { exact: true }).check();
    await page.getByRole('button', { name: 'Resize' }).click();
    expect(await editorRows(page)).toEqual(['hi']);
  });
});
