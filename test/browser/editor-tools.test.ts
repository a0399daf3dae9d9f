// The editor's tools in Chromium with real pointer and keyboard events (playwright's mouse and
// keyboard): Brush and its eraser, Rectangle (Shift: filled), Line, Fill, Pick and Select with
// copy, cut, paste (also through the system clipboard as ASCII, and into another level) and
// move; each from the keyboard cursor too; each stroke one undo step. The level is read back
// from the ASCII box. With EDITOR_SCREENSHOTS=1 it writes docs/images/editor-tool-*.png.
import { GraphQLClient } from 'graphql-request';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadLevelDocument } from '../gql/graphql.js';
import {
  type Browser,
  type Server,
  cellPoint,
  editorRows,
  startEditor,
  stopEditor,
  until,
  useAscii,
  screenshot,
  editorArea,
} from './harness.js';

let server: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startEditor());
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.base,
  });
});

afterAll(() => stopEditor(browser, server));

/** A level into the editor through the ASCII box, zoomed to 32 px a cell. */
const useLevel = (rows: string[]) => useAscii(page, rows, 32);

async function tool(name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await until(() =>
    page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed'),
  ).toBe('true');
}

async function glyph(g: string): Promise<void> {
  await page.locator(`.swatch[data-glyph="${g}"]`).click();
}

/** A drag with the pointer's button held from the first cell through the others. */
async function drag(cells: [number, number][], button: 'left' | 'right' = 'left'): Promise<void> {
  const [first, ...rest] = cells;
  const start = await cellPoint(page, first[0], first[1]);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button });
  for (const [row, col] of rest) {
    const { x, y } = await cellPoint(page, row, col);
    await page.mouse.move(x, y, { steps: 4 });
  }
  await page.mouse.up({ button });
}

async function undo(): Promise<void> {
  await page.keyboard.press('Control+z');
}

async function shot(name: string): Promise<void> {
  await screenshot(page, `editor-tool-${name}.png`, await editorArea(page, 620));
}

const BLANK = ['S.......', '........', '........', '........', '........', '.......E'];

describe('the editor’s tools', () => {
  it('Brush paints what the pointer drags over; the right button erases; one stroke, one undo', async () => {
    await useLevel(BLANK);
    await tool('Brush');
    await glyph('#');
    await drag([
      [1, 1],
      [1, 6],
      [4, 6],
    ]);
    expect(await editorRows(page)).toEqual([
      'S.......',
      '.######.',
      '......#.',
      '......#.',
      '......#.',
      '.......E',
    ]);
    await shot('brush');
    await drag(
      [
        [1, 2],
        [1, 4],
      ],
      'right',
    );
    expect((await editorRows(page))[1]).toBe('.#...##.');
    await undo();
    expect((await editorRows(page))[1]).toBe('.######.');
    await undo();
    expect(await editorRows(page)).toEqual(BLANK);
  });

  it('Rectangle draws an outline, and a filled one with Shift', async () => {
    await tool('Rectangle');
    await glyph('#');
    await drag([
      [1, 1],
      [4, 4],
    ]);
    expect(await editorRows(page)).toEqual([
      'S.......',
      '.####...',
      '.#..#...',
      '.#..#...',
      '.####...',
      '.......E',
    ]);
    await glyph('3');
    await page.keyboard.down('Shift');
    await drag([
      [2, 5],
      [3, 7],
    ]);
    await page.keyboard.up('Shift');
    expect((await editorRows(page)).slice(2, 4)).toEqual(['.#..#333', '.#..#333']);
    await shot('rectangle');
    await undo();
    await undo();
    expect(await editorRows(page)).toEqual(BLANK);
  });

  it('Line draws a straight line between the two cells', async () => {
    await tool('Line');
    await glyph('#');
    await drag([
      [0, 2],
      [5, 2],
    ]);
    await drag([
      [2, 3],
      [2, 7],
    ]);
    expect(await editorRows(page)).toEqual([
      'S.#.....',
      '..#.....',
      '..######',
      '..#.....',
      '..#.....',
      '..#....E',
    ]);
    await shot('line');
  });

  it('Fill paints the 4-connected region of one glyph', async () => {
    await tool('Fill');
    await glyph('2');
    await drag([[0, 7]]);
    expect(await editorRows(page)).toEqual([
      'S.#22222',
      '..#22222',
      '..######',
      '..#.....',
      '..#.....',
      '..#....E',
    ]);
    await shot('fill');
    await undo();
    expect((await editorRows(page))[0]).toBe('S.#.....');
  });

  it('Pick makes the glyph under the pointer the current one, then Brush paints it', async () => {
    await useLevel(['S.a.....', '........', '.......E']);
    await tool('Brush');
    await tool('Pick');
    await drag([[0, 2]]);
    await until(() => page.locator('.swatch[data-glyph="a"]').getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      await page.getByRole('button', { name: 'Brush', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await drag([
      [1, 0],
      [1, 1],
    ]);
    expect((await editorRows(page))[1]).toBe('aa......');
    await shot('pick');
  });

  it('Select copies a box (as ASCII to the system clipboard too), pastes it under the pointer, deletes, cuts and moves', async () => {
    await useLevel(['S#a.....', '#A......', '........', '........', '.......E']);
    await tool('Select');
    await drag([
      [0, 0],
      [1, 2],
    ]);
    await page.keyboard.press('Control+c');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('S#a\n#A.\n');
    // Paste: the block's top-left goes to the cell under the pointer.
    const target = await cellPoint(page, 2, 4);
    await page.mouse.move(target.x, target.y);
    await page.keyboard.press('Control+v');
    expect(await editorRows(page)).toEqual([
      'S#a.....',
      '#A......',
      '....S#a.',
      '....#A..',
      '.......E',
    ]);
    await shot('select');
    // Delete on the grid (reading the rows focused a button) clears the pasted (selected)
    // block; undo brings it back.
    await page.locator('.grid-scroller').focus();
    await page.keyboard.press('Delete');
    expect((await editorRows(page)).slice(2, 4)).toEqual(['........', '........']);
    await undo();
    // Ctrl+drag inside the selection moves it: one step; the cells it leaves become floor.
    await page.keyboard.down('Control');
    await drag([
      [2, 4],
      [3, 5],
    ]);
    await page.keyboard.up('Control');
    expect(await editorRows(page)).toEqual([
      'S#a.....',
      '#A......',
      '........',
      '.....S#a',
      '.....#A.',
    ]);
    await undo();
    expect((await editorRows(page))[2]).toBe('....S#a.');
    // Cut: floor left behind, the block on the clipboard.
    await drag([
      [0, 1],
      [0, 2],
    ]);
    await page.keyboard.press('Control+x');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('#a\n');
    expect((await editorRows(page))[0]).toBe('S.......');
  });

  it('pastes ASCII from the system clipboard, and a copied block into another level', async () => {
    const api = new GraphQLClient(server.graphql);
    await api.request(LoadLevelDocument, { id: 'tools-other', rows: ['S...', '....', '...E'] });
    await useLevel(['S.....', '......', '.....E']);
    // Text copied elsewhere (a text editor, another tab): a rectangle of glyphs.
    await page.evaluate(() => navigator.clipboard.writeText('##\n#4\n'));
    await page.locator('.grid-scroller').focus();
    const target = await cellPoint(page, 1, 1);
    await page.mouse.move(target.x, target.y);
    await page.keyboard.press('Control+v');
    expect(await editorRows(page)).toEqual(['S.....', '.##...', '.#4..E']);
    // That block copied, then pasted into another level at the keyboard cursor. (A plain drag
    // inside the pasted, selected block starts a new box.)
    await tool('Select');
    await drag([
      [1, 1],
      [2, 2],
    ]);
    await page.keyboard.press('Control+c');
    // Typed into the address bar: the page follows the hash, asking first (unsaved changes).
    await page.goto(`${server.base}/#level=tools-other`);
    await page.getByRole('button', { name: 'Discard them' }).click();
    await until(() => page.getByTestId('level-version').textContent()).toBe('1');
    await page.locator('.grid-scroller').focus();
    for (const key of [
      'ArrowUp',
      'ArrowUp',
      'ArrowLeft',
      'ArrowLeft',
      'ArrowRight',
      'ArrowRight',
    ]) {
      await page.keyboard.press(key);
    }
    await page.mouse.move(0, 0);
    await page.keyboard.press('Control+v');
    expect(await editorRows(page)).toEqual(['S.##', '..#4', '...E']);
  });

  it('works from the keyboard cursor: every tool with arrows and Space', async () => {
    await useLevel(BLANK);
    const grid = page.locator('.grid-scroller');
    await grid.focus();
    // The keys go to the grid (reading the ASCII box back moves the focus to its button).
    const keys = async (...pressed: string[]) => {
      await grid.focus();
      for (const key of pressed) await page.keyboard.press(key);
    };
    // To the top-left cell first (the cursor stays where it was when a level is pasted).
    await keys(...Array<string>(8).fill('ArrowUp'), ...Array<string>(8).fill('ArrowLeft'));
    await keys(
      'u',
      '#',
      'ArrowDown',
      'Space',
      'ArrowDown',
      'ArrowDown',
      'ArrowRight',
      'ArrowRight',
      'Space',
    );
    expect((await editorRows(page)).slice(1, 4)).toEqual(['###.....', '#.#.....', '###.....']);
    await keys(
      'l',
      'ArrowRight',
      'ArrowRight',
      'Space',
      'ArrowRight',
      'ArrowRight',
      'ArrowRight',
      'Space',
    );
    expect((await editorRows(page))[3]).toBe('###.####');
    await keys('f', '5', 'ArrowUp', ...Array<string>(6).fill('ArrowLeft'), 'Space');
    expect((await editorRows(page))[2]).toBe('#5#.....');
    await keys('i', 'ArrowRight', 'Space');
    await until(() => page.locator('.swatch[data-glyph="#"]').getAttribute('aria-pressed')).toBe(
      'true',
    );
    await keys('m', 'Space', 'ArrowUp', 'ArrowLeft', 'Space', 'Delete');
    expect((await editorRows(page)).slice(1, 3)).toEqual(['#.......', '#.......']);
    // Each was one step: four undos give the blank level back (Pick changes no cell).
    for (let n = 0; n < 4; n++) await undo();
    expect(await editorRows(page)).toEqual(BLANK);
  });
});
