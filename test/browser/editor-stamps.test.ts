// The clipboard and stamps in Chromium with real pointer and keyboard events, as a designer used
// to Tiled expects them: the middle button pans and never pastes (on Linux the browser pastes
// the primary selection on a middle click), text that is not a block of glyphs is refused, the
// stamp turns and flips with its gates (a floating paste with it), transparent paste, saved
// stamps kept across a reload, and a drag inside an old selection starting a new box (Ctrl+drag
// moves it). With EDITOR_SCREENSHOTS=1 it writes docs/images/editor-stamps.png and others.
import { GraphQLClient } from 'graphql-request';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadLevelDocument } from '../gql/graphql.js';
import {
  type Browser,
  type Server,
  cellPoint,
  editorRows,
  launchBrowser,
  openPanel,
  startServer,
  stopEditor,
  until,
  screenshot,
  editorArea,
} from './harness.js';

let server: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.base,
  });
  page = await browser.context.newPage();
});

afterAll(() => stopEditor(browser, server));

/** A stored level opened in the editor, at 32 px a cell. */
async function openLevel(id: string, rows: string[]): Promise<void> {
  await new GraphQLClient(server.graphql).request(LoadLevelDocument, { id, rows });
  await page.goto(`${server.base}/#level=${id}`);
  await until(() => page.getByTestId('level-size').textContent()).toBe(
    `${rows[0].length}×${rows.length}`,
  );
  for (;;) {
    const cell = Number(await page.locator('.grid-scroller').getAttribute('data-cell-size'));
    if (cell === 32) break;
    await page.getByRole('button', { name: cell > 32 ? 'Zoom out' : 'Zoom in' }).click();
  }
  await page.locator('.grid-scroller').evaluate((element) => element.scrollTo(0, 0));
  // The Stamps panel is folded until opened (then kept open across reloads).
  await openPanel(page, 'Stamps');
}

async function tool(name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
}

/** A drag with the left button from the first cell through the others (modifiers held). */
async function drag(cells: [number, number][], hold: string[] = []): Promise<void> {
  const [first, ...rest] = cells;
  const start = await cellPoint(page, first[0], first[1]);
  await page.mouse.move(start.x, start.y);
  for (const key of hold) await page.keyboard.down(key);
  await page.mouse.down();
  for (const [row, col] of rest) {
    const { x, y } = await cellPoint(page, row, col);
    await page.mouse.move(x, y, { steps: 4 });
  }
  await page.mouse.up();
  for (const key of hold) await page.keyboard.up(key);
}

/** Ctrl+V with the pointer over a cell. */
async function pasteAt(row: number, col: number): Promise<void> {
  const { x, y } = await cellPoint(page, row, col);
  await page.mouse.move(x, y);
  await page.keyboard.press('Control+v');
}

const systemClipboard = () => page.evaluate(() => navigator.clipboard.readText());
const setSystemClipboard = (text: string) =>
  page.evaluate((text) => navigator.clipboard.writeText(text), text);

async function shot(name: string): Promise<void> {
  await screenshot(page, name, await editorArea(page, 640));
}

describe('the clipboard and stamps', () => {
  it('pans with a middle-button drag and never pastes, whatever the primary selection holds', async () => {
    const rows = Array.from({ length: 40 }, (_, row) =>
      Array.from({ length: 60 }, (_, col) =>
        row === 0 && col === 0 ? 'S' : row % 4 === 2 && col % 6 !== 0 ? '#' : '.',
      ).join(''),
    );
    rows[39] = `${rows[39].slice(0, 59)}E`;
    await openLevel('stamps-middle', rows);
    // A block copied (the stamp), and text selected on the page: the primary selection on
    // Linux, which Chromium pastes on a middle click.
    await tool('Select');
    await drag([
      [0, 0],
      [1, 1],
    ]);
    await page.keyboard.press('Control+c');
    expect(await systemClipboard()).toBe('S.\n..\n');
    await setSystemClipboard('0');
    await page.getByRole('heading', { name: 'Labyrinth level editor' }).click({ clickCount: 3 });
    expect(await page.evaluate(() => String(getSelection()))).toContain('Labyrinth level editor');
    const scroller = page.locator('.grid-scroller');
    const from = await cellPoint(page, 6, 10);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(from.x - 96, from.y - 64, { steps: 6 });
    await page.mouse.up({ button: 'middle' });
    await until(() =>
      scroller.evaluate((element) => [element.scrollLeft, element.scrollTop]),
    ).toEqual([96, 64]);
    // A middle click in place, on the grid and beside it: no paste either.
    const at = await cellPoint(page, 8, 12);
    await page.mouse.click(at.x, at.y, { button: 'middle' });
    const status = (await page.getByTestId('level-size').boundingBox())!;
    await page.mouse.click(status.x + 2, status.y + 2, { button: 'middle' });
    await shot('editor-middle-pan.png');
    expect(await page.getByTestId('problem').count()).toBe(0);
    expect(await editorRows(page)).toEqual(rows);
    // The same click in a text field pastes the primary selection there: the browser does
    // paste on a middle click, and only the level refuses it.
    await page.getByRole('heading', { name: 'Labyrinth level editor' }).click({ clickCount: 3 });
    const ascii = page.locator('textarea[name="ascii"]');
    await ascii.fill('');
    const field = (await ascii.boundingBox())!;
    await page.mouse.click(field.x + 10, field.y + 10, { button: 'middle' });
    await until(() => ascii.inputValue()).toContain('Labyrinth level editor');
  });

  it('refuses text that is not a block of level glyphs, with a message, the level unchanged', async () => {
    const rows = ['S.....', '......', '.....E'];
    await openLevel('stamps-text', rows);
    await page.locator('.grid-scroller').focus();
    await setSystemClipboard('hello world');
    await pasteAt(1, 1);
    await until(() => page.getByTestId('problem').textContent()).toBe(
      "cannot paste that text: it is not a block of level glyphs ('h' at row 0, column 0)",
    );
    await shot('editor-paste-refused.png');
    await setSystemClipboard('0');
    await pasteAt(1, 1);
    await until(() => page.getByTestId('problem').textContent()).toBe(
      "cannot paste that text: it is not a block of level glyphs ('0' at row 0, column 0)",
    );
    expect(await editorRows(page)).toEqual(rows);
    // A block of glyphs still pastes.
    await setSystemClipboard('#>\n#v\n');
    await pasteAt(0, 2);
    expect(await editorRows(page)).toEqual(['S.#>..', '..#v..', '.....E']);
  });

  it('turns and flips the stamp with its gates, a floating paste too, pastes transparent, and keeps saved stamps', async () => {
    await openLevel('stamps-turn', [
      'S>#2....',
      '.^.v....',
      '........',
      '..####..',
      '..####..',
      '..####.E',
    ]);
    await tool('Select');
    await drag([
      [0, 1],
      [1, 3],
    ]);
    await page.keyboard.press('Control+c');
    await until(() => page.getByTestId('stamp-preview').textContent()).toBe('>#2\n^.v');
    // z: clockwise, the gates too; the preview and the size follow.
    await page.keyboard.press('z');
    await until(() => page.getByTestId('stamp-preview').textContent()).toBe('>v\n.#\n<2');
    expect(await page.getByTestId('stamp-size').textContent()).toBe('Stamp 2×3');
    // The system clipboard still holds the copy: the stamp pastes, as turned.
    await pasteAt(0, 5);
    // Shift+Z turns the floating paste back, in place; x flips it left to right.
    await page.keyboard.press('Shift+Z');
    await page.keyboard.press('x');
    await until(() => page.getByTestId('stamp-preview').textContent()).toBe('2#<\nv.^');
    expect(await editorRows(page)).toEqual([
      'S>#2.2#<',
      '.^.v.v.^',
      '........',
      '..####..',
      '..####..',
      '..####.E',
    ]);
    // One undo step for the paste, however often it was turned.
    await page.keyboard.press('Control+z');
    expect((await editorRows(page)).slice(0, 3)).toEqual(['S>#2....', '.^.v....', '........']);
    // y flips it upside down; transparent paste (T): the floor of the stamp leaves the walls.
    await page.keyboard.press('y');
    await page.keyboard.press('T');
    await until(() =>
      page.getByRole('button', { name: 'Transparent' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await setSystemClipboard('>#2\n^.v\n');
    await pasteAt(3, 2);
    expect((await editorRows(page)).slice(3)).toEqual(['..^#v#..', '..2#<#..', '..####.E']);
    // Saved: the stamp in slot 1, kept by the browser across a reload, picked again. (The
    // level saved first, so that the reload asks nothing; Escape: the paste is not floating.)
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+s');
    await until(async () => [
      await page.getByTestId('level-version').textContent(),
      await page.getByTestId('problem').allTextContents(),
    ]).toEqual(['2', []]);
    await page.getByRole('button', { name: 'Save stamp' }).click();
    await page.keyboard.press('z');
    await page.getByRole('button', { name: 'Save stamp' }).click();
    await until(() => page.getByRole('button', { name: /^Stamp 2, / }).count()).toBe(1);
    await shot('editor-stamps.png');
    await page.reload();
    await until(() => page.getByTestId('level-size').textContent()).toBe('8×6');
    expect(await page.getByTestId('stamp-size').textContent()).toBe('No stamp');
    // Transparent paste is as it was left.
    expect(
      await page.getByRole('button', { name: 'Transparent' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByRole('button', { name: 'Stamp 1, 3×2' }).click();
    await until(() => page.getByTestId('stamp-preview').textContent()).toBe('^.v\n2#<');
    await page.getByRole('button', { name: 'Stamp 2, 2×3' }).click();
    await until(() => page.getByTestId('stamp-preview').textContent()).toBe('2>\n#.\n^<');
    // Picking copies it: the paste key pastes it (transparent: its floor over floor).
    await page.locator('.grid-scroller').focus();
    await pasteAt(0, 6);
    expect((await editorRows(page)).slice(0, 3)).toEqual(['S>#2..2>', '.^.v..#.', '......^<']);
    await page.getByRole('button', { name: 'Forget stamp 1' }).click();
    await until(() => page.getByRole('button', { name: 'Stamp 1, empty' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Stamp 2, 2×3' }).count()).toBe(1);
  });

  it('starts a new box with a drag inside the old selection; Ctrl+drag moves the selection', async () => {
    const rows = ['S#a.....', '#A......', '........', '.......E'];
    await openLevel('stamps-select', rows);
    await tool('Select');
    await drag([
      [0, 0],
      [2, 3],
    ]);
    // A plain drag from inside the selection: a new box, no cell moved.
    await drag([
      [1, 1],
      [2, 5],
    ]);
    await shot('editor-select-new-box.png');
    await page.keyboard.press('Control+c');
    expect(await systemClipboard()).toBe('A....\n.....\n');
    expect(await editorRows(page)).toEqual(rows);
    // Ctrl+drag inside the selection moves it (one undo step; floor where it was).
    await drag([
      [0, 0],
      [1, 1],
    ]);
    await drag(
      [
        [1, 1],
        [2, 2],
      ],
      ['Control'],
    );
    expect(await editorRows(page)).toEqual(['..a.....', '.S#.....', '.#A.....', '.......E']);
    await page.keyboard.press('Control+z');
    expect(await editorRows(page)).toEqual(rows);
  });
});
