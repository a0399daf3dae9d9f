// The page's layout at 1280x800 with real input: the grid takes most of the window, the side
// column scrolls on its own and folds to a tab (kept across a reload, as each panel's fold),
// Generate leaves the grid where it was, Zoom to fit takes a fractional cell size that fills
// the view, a cell at that size is drawn without seams and a click lands on the cell drawn
// under the pointer, and the hovered cell's row and column show under the grid.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  type Server,
  editorRows,
  openPanel,
  startEditor,
  stopEditor,
  until,
  screenshot,
  useAscii,
} from './harness.js';

const WINDOW = 1280 * 800;
const FLOOR = [247, 245, 239];
const WALL = [43, 51, 64];
let server: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startEditor());
});

afterAll(() => stopEditor(browser, server));

const gridBox = async () => (await page.locator('.grid-scroller').boundingBox())!;
const sideFolded = () => page.locator('.fold-side').getAttribute('aria-expanded');
const pageScroll = () => page.evaluate(() => [window.scrollY, document.body.scrollTop]);

const useLevel = (rows: string[]) => useAscii(page, rows);

function level(width: number, height: number): string[] {
  return Array.from({ length: height }, (_, row) =>
    Array.from({ length: width }, (_, col) =>
      row === 0 && col === 0 ? 'S' : row === height - 1 && col === width - 1 ? 'E' : '.',
    ).join(''),
  );
}

/** The grid's cell size and what its scroller shows. */
const view = () =>
  page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
    return {
      cell: Number(scroller.dataset.cellSize),
      width: scroller.clientWidth,
      height: scroller.clientHeight,
      left: scroller.scrollLeft,
      top: scroller.scrollTop,
    };
  });

/** The colour drawn at a point of the page (read back from the canvas). */
const drawnAt = (x: number, y: number) =>
  page.evaluate(
    ([x, y]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.grid-canvas')!;
      const box = canvas.getBoundingClientRect();
      const data = canvas
        .getContext('2d')!
        .getImageData(Math.floor(x - box.left), Math.floor(y - box.top), 1, 1).data;
      return [data[0], data[1], data[2]];
    },
    [x, y],
  );

describe('the page at 1280x800', () => {
  it('gives the grid most of the window, and all of it but the palette when folded', async () => {
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    const open = await gridBox();
    expect(open.y).toBeLessThanOrEqual(120);
    expect(open.y + open.height).toBeLessThanOrEqual(800);
    expect(open.x + open.width).toBeLessThan(1280 - 250);
    expect((open.width * open.height) / WINDOW).toBeGreaterThan(0.55);
    // Whole pixels: the canvas's device pixels meet the screen's (no blur, exact hits).
    expect([open.x % 1, open.y % 1]).toEqual([0, 0]);
    await screenshot(page, 'editor-layout.png');

    // The side column folds to a tab with its key (from anywhere but a text field).
    await page.locator('.grid-scroller').focus();
    await page.keyboard.press('\\');
    await until(sideFolded).toBe('false');
    const folded = await gridBox();
    expect(folded.y).toBe(open.y);
    expect((folded.width * folded.height) / WINDOW).toBeGreaterThan(0.65);
    expect(1280 - (folded.x + folded.width)).toBeLessThan(60);
    expect(await page.locator('#side-panels').isVisible()).toBe(false);
    await screenshot(page, 'editor-layout-folded.png');

    // Kept for the next visit.
    await page.reload();
    await page.getByRole('heading', { name: 'Labyrinth level editor' }).waitFor();
    expect(await sideFolded()).toBe('false');
    expect(await gridBox()).toEqual(folded);
    // Its tab, clicked, unfolds it.
    await page.getByRole('button', { name: 'Panels' }).click();
    await until(sideFolded).toBe('true');
    expect(await gridBox()).toEqual(open);
  });

  it('folds each panel to its header and keeps it so across a reload', async () => {
    const levels = page.locator('#levels-panel');
    expect(await levels.getAttribute('open')).toBe('');
    // Below the panels above it: the side column scrolls to it (the grid does not move).
    await levels.locator('summary').scrollIntoViewIfNeeded();
    const header = (await levels.locator('summary').boundingBox())!;
    await page.mouse.click(header.x + 20, header.y + header.height / 2);
    await until(() => levels.getAttribute('open')).toBe(null);
    expect((await levels.boundingBox())!.height).toBeLessThan(50);
    await openPanel(page, 'History');
    // A details element's toggle event (which keeps the fold) comes a task after the click.
    await until(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('labyrinth.panels') ?? '{}').open),
    ).toMatchObject({ history: true, levels: false });
    await page.reload();
    await page.getByRole('heading', { name: 'Labyrinth level editor' }).waitFor();
    expect(await page.locator('#levels-panel').getAttribute('open')).toBe(null);
    expect(await page.locator('#history-panel').getAttribute('open')).toBe('');
    await openPanel(page, 'Levels');
  });

  it('scrolls the side column on its own: the page and the grid stay put', async () => {
    for (const title of ['Generate', 'ASCII and hex files', 'Keyboard', 'Name, tags and copies'])
      await openPanel(page, title);
    const before = await gridBox();
    const side = (await page.locator('.side').boundingBox())!;
    await page.mouse.move(side.x + side.width / 2, side.y + side.height / 2);
    await page.mouse.wheel(0, 1500);
    await until(() => page.locator('.side').evaluate((el) => el.scrollTop)).toBeGreaterThan(500);
    expect(await pageScroll()).toEqual([0, 0]);
    expect(await gridBox()).toEqual(before);
  });

  it('leaves the grid in view after Generate with every panel open', async () => {
    const before = await gridBox();
    await openPanel(page, 'Generate');
    const form = page.getByRole('form', { name: 'Generate a level' });
    await form.getByLabel('Save as id').fill('layout');
    await form.getByLabel('Width (cells)').fill('30');
    await form.getByLabel('Height (cells)').fill('20');
    await form.getByRole('button', { name: 'Generate' }).click();
    // The preview shows over the grid, where it was; Keep it stores it.
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => page.getByTestId('level-size').textContent()).toBe('61×41');
    expect(await pageScroll()).toEqual([0, 0]);
    expect(await gridBox()).toEqual(before);
    // A generated level is fitted: the level is in the view, and the grid is on the screen.
    const shown = await view();
    expect(61 * shown.cell).toBeLessThanOrEqual(shown.width);
    expect(41 * shown.cell).toBeLessThanOrEqual(shown.height);
    expect(before.y + before.height).toBeLessThanOrEqual(800);
  });
});

describe('fractional zoom', () => {
  it('fits a 300x300 level at a fraction of a pixel a cell that fills the view', async () => {
    await useLevel(level(300, 300));
    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    const fitted = await view();
    const expected = Math.floor((Math.min(fitted.width - 2, fitted.height - 2) / 300) * 100) / 100;
    expect(fitted.cell).toBe(expected);
    expect(Number.isInteger(fitted.cell)).toBe(false);
    // It fills the view but for less than a hundredth of a pixel a cell.
    expect(300 * fitted.cell).toBeGreaterThan(Math.min(fitted.width, fitted.height) - 5);
    expect(await page.getByTestId('zoom').textContent()).toBe(`${fitted.cell}px`);
    await screenshot(page, 'editor-zoom-fit.png');
  });

  it('draws the cells at that size with no gap or seam between them', async () => {
    // Paths off: nothing over the floor but S and E in their corners.
    await page.getByRole('checkbox', { name: /Fewest-steps path/ }).uncheck();
    await page.getByRole('checkbox', { name: /Cheapest path/ }).uncheck();
    const seams = () =>
      page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('.grid-canvas')!;
        const { data, width } = canvas
          .getContext('2d')!
          .getImageData(0, 0, canvas.width, canvas.height);
        const colours = new Set<string>();
        // A row and a column through the middle of the level, every pixel.
        const middle = Math.floor(canvas.height / 2);
        for (let x = 0; x < width; x++) {
          const i = (middle * width + x) * 4;
          colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
        }
        for (let y = 0; y < canvas.height; y++) {
          const i = (y * width + Math.floor(width / 2)) * 4;
          colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
        }
        return [...colours];
      });
    await until(seams).toEqual([FLOOR.join(',')]);
  });

  it('paints the cell drawn under the pointer, at edges rounded to whole pixels', async () => {
    const { cell } = await view();
    const box = await gridBox();
    await page.locator('.swatch[data-glyph="#"]').click();
    // Points on either side of rounded cell edges, and in the middle of cells.
    const points = [
      [box.x + 1 + 40 * cell + 0.2, box.y + 1 + 7 * cell + 0.3],
      [box.x + 1 + 97 * cell - 0.4, box.y + 1 + 150 * cell + 0.6],
      [box.x + 1 + 211.5 * cell, box.y + 1 + 33.5 * cell],
      [box.x + 1 + 5 * cell + 0.7, box.y + 1 + 260 * cell - 0.2],
    ];
    const painted: [number, number][] = [];
    for (const [x, y] of points) {
      await page.mouse.click(x, y);
      // The cell drawn there: the largest one whose rounded edge is at or before the pixel.
      const px = Math.floor(x - box.x - 1);
      const py = Math.floor(y - box.y - 1);
      const index = (p: number) => {
        let i = 0;
        while (Math.round((i + 1) * cell) <= p) i++;
        return i;
      };
      painted.push([index(py), index(px)]);
      // The grid's keyboard cursor hidden (the focus elsewhere): the cell's own colour.
      await page.locator('.swatch[data-glyph="#"]').focus();
      await until(() => drawnAt(x, y)).toEqual(WALL);
    }
    const rows = await editorRows(page);
    const walls = rows.flatMap((line, row) =>
      [...line].flatMap((glyph, col) => (glyph === '#' ? [[row, col]] : [])),
    );
    expect(walls).toEqual(
      [...painted].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([r, c]) => [r, c]),
    );
  });

  it('zooms around the pointer from a fractional size: the cell under it stays', async () => {
    // 450x300: fitted at about 2 px a cell, and one step (3 px) wider and taller than the view.
    await useLevel(level(450, 300));
    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    expect(Number.isInteger((await view()).cell)).toBe(false);
    const box = await gridBox();
    const [x, y] = [box.x + 200.5, box.y + 200.5];
    await page.mouse.move(x, y);
    const before = await page.getByTestId('hover-cell').textContent();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await until(async () => (await view()).cell).toBe(3);
    await page.mouse.move(x + 0.2, y + 0.2);
    await page.mouse.move(x, y);
    expect(await page.getByTestId('hover-cell').textContent()).toBe(before);
  });
});

describe('panning at a fractional size', () => {
  it('pans by exactly the drag with the middle button and with Space+drag, painting nothing', async () => {
    // 600x200 fitted with the side column folded (1.91 px a cell), then the column unfolded:
    // the level is wider than the view.
    await useLevel(level(600, 200));
    await page.locator('.fold-side').click();
    await until(sideFolded).toBe('false');
    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    await page.getByRole('button', { name: 'Panels' }).click();
    await until(sideFolded).toBe('true');
    const fitted = await view();
    expect(Number.isInteger(fitted.cell)).toBe(false);
    expect(600 * fitted.cell).toBeGreaterThan(fitted.width + 150);
    expect(fitted.left).toBe(0);
    const box = await gridBox();
    const [x, y] = [box.x + 400.5, box.y + 100.5];
    await page.mouse.move(x, y);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(x - 150, y, { steps: 5 });
    await page.mouse.up({ button: 'middle' });
    expect((await view()).left).toBe(150);
    await page.locator('.grid-scroller').focus();
    await page.keyboard.down(' ');
    await page.mouse.down();
    await page.mouse.move(x - 50, y, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up(' ');
    expect((await view()).left).toBe(50);
    expect((await view()).cell).toBe(fitted.cell);
    expect(await editorRows(page)).toEqual(level(600, 200));
  });
});

describe('the hovered cell', () => {
  it('shows its row and column under the grid, and nothing off the grid', async () => {
    await useLevel(level(60, 30));
    while ((await view()).cell < 16) await page.getByRole('button', { name: 'Zoom in' }).click();
    while ((await view()).cell > 16) await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.locator('.grid-scroller').evaluate((el) => {
      el.scrollLeft = 0;
      el.scrollTop = 0;
    });
    const spacer = (await page.locator('.grid-spacer').boundingBox())!;
    const hover = page.getByTestId('hover-cell');
    await page.mouse.move(spacer.x + 40.5 * 16, spacer.y + 12.5 * 16);
    await until(() => hover.textContent()).toBe('row 12, col 40');
    expect(await hover.isVisible()).toBe(true);
    await page.mouse.move(spacer.x + 3.5 * 16, spacer.y + 20.5 * 16, { steps: 4 });
    await until(() => hover.textContent()).toBe('row 20, col 3');
    await screenshot(page, 'editor-hover-cell.png');
    // Off the grid: the palette.
    const palette = (await page.locator('.palette').boundingBox())!;
    await page.mouse.move(palette.x + 5, palette.y + palette.height - 5, { steps: 4 });
    await until(() => hover.isVisible()).toBe(false);
  });
});
