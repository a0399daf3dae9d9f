// Zoom and pan in Chromium with real input: zoom steps keep the centre in place, Ctrl+wheel
// and a two-finger pinch zoom around the pointer, Space+drag and the middle button pan without
// painting, Zoom to fit shows the whole level, S, E, keys and doors stay legible at every
// cell size from 1 to 64 pixels (their colour, letter and shape read back from the canvas),
// and resize keeps the level at its anchor (9 positions).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  type Server,
  editorRows,
  root,
  startEditor,
  stopEditor,
  until,
  useAscii,
  SCREENSHOTS,
} from './harness.js';

const START_GREEN: [number, number, number] = [27, 127, 59];
const EXIT_RED: [number, number, number] = [179, 38, 30];
let server: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startEditor());
});

afterAll(() => stopEditor(browser, server));

const useLevel = (rows: string[]) => useAscii(page, rows);

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

  it('draws S, E, keys and doors legibly at every cell size, 1 to 64 pixels', async () => {
    await useLevel(level(60, 40, { '3,3': 'S', '3,25': 'E', '30,5': 'a', '30,45': 'A' }));
    const seen: Record<number, Record<string, Mark>> = {};
    // From the smallest step to the largest, every zoom step.
    while ((await view()).cell > 1) await page.getByRole('button', { name: 'Zoom out' }).click();
    for (;;) {
      const { cell } = await view();
      if (SCREENSHOTS && cell === 4) {
        await scrollTo(0, 0);
        await nextFrame();
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
      seen[cell] = {};
      for (const [name, [row, col, fill, letter]] of Object.entries(MARKS)) {
        seen[cell][name] = await markAt(row, col, fill, letter);
      }
      if (cell >= 64) break;
      await page.getByRole('button', { name: 'Zoom in' }).click();
    }
    expect(Object.keys(seen).map(Number)).toEqual([1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64]);
    // However small the cells, each mark is a shape of at least 60 pixels of its colour (a
    // 16-pixel badge below 14 pixels a cell; a 1-pixel S was invisible) with its letter in the
    // middle; S and keys are discs, E and doors squares, so a key and its door (one colour)
    // are told apart at every size.
    const unreadable = Object.entries(seen).flatMap(([cell, marks]) =>
      Object.entries(marks)
        .filter(([name, { fill, letter, corners }]) => {
          const square = name === 'E' || name === 'A';
          return fill < 60 || letter < 5 || (square ? corners < 0.5 : corners > 0.2);
        })
        .map(([name, mark]) => `${name} at ${cell} px: ${JSON.stringify(mark)}`),
    );
    expect(unreadable).toEqual([]);
  });
});

/** What a mark looks like on the screen: its colour's pixels, its letter's, its shape. */
interface Mark {
  /** Pixels of the mark's colour around its cell. */
  readonly fill: number;
  /** Pixels of the letter's colour inside the middle half of the coloured shape. */
  readonly letter: number;
  /** How much of the corners of the shape's bounding box it fills: a disc none, a square all. */
  readonly corners: number;
}

const WHITE: [number, number, number] = [255, 255, 255];
const KEY_A: [number, number, number] = [213, 94, 0];
/** The marks of the level, with their colour and their letter's colour (glyphs.ts). */
const MARKS: Record<string, [number, number, [number, number, number], [number, number, number]]> =
  {
    S: [3, 3, START_GREEN, WHITE],
    E: [3, 25, EXIT_RED, WHITE],
    a: [30, 5, KEY_A, WHITE],
    A: [30, 45, KEY_A, WHITE],
  };

const nextFrame = () =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/**
 * The cell scrolled into view, then the canvas read back around it (a badge of 16 pixels may
 * stand beside a small cell at the view's edge, so the window is at least 40 pixels wide).
 */
async function markAt(
  row: number,
  col: number,
  fill: [number, number, number],
  letter: [number, number, number],
): Promise<Mark> {
  const { cell } = await view();
  await scrollTo(Math.max(0, col * cell - 100), Math.max(0, row * cell - 100));
  await nextFrame();
  return page.evaluate(
    ([row, col, fill, letter]) => {
      const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
      const canvas = document.querySelector<HTMLCanvasElement>('.grid-canvas')!;
      const cell = Number(scroller.dataset.cellSize);
      const half = Math.max(cell, 16) / 2 + 12;
      const cx = (col + 0.5) * cell - scroller.scrollLeft;
      const cy = (row + 0.5) * cell - scroller.scrollTop;
      const left = Math.max(0, Math.floor(cx - half));
      const top = Math.max(0, Math.floor(cy - half));
      const width = Math.min(canvas.width, Math.ceil(cx + half)) - left;
      const height = Math.min(canvas.height, Math.ceil(cy + half)) - top;
      const { data } = canvas.getContext('2d')!.getImageData(left, top, width, height);
      const near = (i: number, [r, g, b]: number[]) =>
        Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 30;
      let count = 0;
      const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (!near((y * width + x) * 4, fill)) continue;
          count++;
          box.x0 = Math.min(box.x0, x);
          box.y0 = Math.min(box.y0, y);
          box.x1 = Math.max(box.x1, x);
          box.y1 = Math.max(box.y1, y);
        }
      }
      if (count === 0) return { fill: 0, letter: 0, corners: 0 };
      // The middle half of the shape (where its letter is), and its corners (past the
      // inscribed disc: |u| + |v| > 1.5 in the box's own units).
      const [mx, my] = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2];
      const [hx, hy] = [(box.x1 - box.x0 + 1) / 2, (box.y1 - box.y0 + 1) / 2];
      let inner = 0;
      let corner = 0;
      let cornerFill = 0;
      for (let y = box.y0; y <= box.y1; y++) {
        for (let x = box.x0; x <= box.x1; x++) {
          const i = (y * width + x) * 4;
          const [u, v] = [Math.abs(x - mx) / hx, Math.abs(y - my) / hy];
          if (u < 0.5 && v < 0.5 && near(i, letter)) inner++;
          if (u + v > 1.5) {
            corner++;
            if (near(i, fill)) cornerFill++;
          }
        }
      }
      return { fill: count, letter: inner, corners: corner ? cornerFill / corner : 0 };
    },
    [row, col, fill, letter] as const,
  );
}

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
    // Cutting off cells asks first, counted.
    expect(await page.getByTestId('resize-loss').textContent()).toBe(
      'Resizing to 2×1 cuts off 4 keys and 3 other cells. Undo brings them back.',
    );
    await page.getByRole('button', { name: 'Resize and cut them off' }).click();
    expect(await editorRows(page)).toEqual(['hi']);
  });
});
