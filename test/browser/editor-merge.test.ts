// A version conflict merged cell by cell, in Chromium with real pointer and keyboard input: a
// script saves another version (plain fetch to /graphql), the page's save is refused, the
// differing cells are marked on the canvas (read back as pixels, on a 300x300 level at its
// smallest zoom too), the designer takes theirs for one cell by clicking it and keeps mine for
// another, and Save merged stores exactly the merged rows. Loading another version over
// unsaved changes asks first: Compare, Load anyway, Cancel (Escape too).
// With EDITOR_SCREENSHOTS=1 it writes docs/images/editor-merge.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  type Server,
  cellPoint,
  countColour,
  editorRows,
  launchBrowser,
  openPanel,
  paint,
  pixel,
  root,
  startServer,
  stopEditor,
  until,
  SCREENSHOTS,
} from './harness.js';

/** render/diff.ts's MERGE_COLOURS: a differing cell holding mine, or theirs. */
const MINE: [number, number, number] = [194, 24, 91];
const THEIRS: [number, number, number] = [0, 137, 123];

let server: Server;
let browser: Browser;
let page: Page;
const version = () => page.getByTestId('level-version');

async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(server.graphql, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Someone else's save: loadLevel, as a script would. */
/**
 * Waits until the page's drawing is the server's shared drawing: their save then meets my
 * unsaved work (a conflict), instead of replacing a drawing that has nothing unsaved yet.
 */
async function mineReachedServer(id: string): Promise<void> {
  const mine = (await editorRows(page)).join('\n');
  await until(async () => (await sharedRows(id)).join('\n')).toBe(mine);
}

/** The level's shared drawing as the server holds it (joined and left as a script). */
async function sharedRows(id: string): Promise<string[]> {
  const session = 'mergeTestScript';
  const data = await graphql<{ joinLevel: { drawing: { rows: string[] } } }>(
    'mutation ($id: ID!, $session: ID!) { joinLevel(id: $id, session: $session) { ... on LevelSession { drawing { rows } } } }',
    { id, session },
  );
  await graphql('mutation ($id: ID!, $session: ID!) { leaveLevel(id: $id, session: $session) }', {
    id,
    session,
  });
  return data.joinLevel.drawing.rows;
}

async function saveAsSomeoneElse(id: string, rows: string[]): Promise<number> {
  const data = await graphql<{ loadLevel: { __typename: string; version?: number } }>(
    `
      mutation ($id: ID!, $rows: [String!]!) {
        loadLevel(id: $id, rows: $rows) {
          __typename
          ... on Level {
            version
          }
        }
      }
    `,
    { id, rows },
  );
  if (data.loadLevel.version === undefined) throw new Error(data.loadLevel.__typename);
  return data.loadLevel.version;
}

async function stored(id: string): Promise<{ version: number; rows: string[] }> {
  const data = await graphql<{ level: { version: number; rows: string[] } }>(
    'query ($id: ID!) { level(id: $id) { version rows } }',
    { id },
  );
  return data.level;
}

async function click(row: number, col: number): Promise<void> {
  const { x, y } = await cellPoint(page, row, col);
  await page.mouse.click(x, y);
}

/** The outline's colour at a cell's left edge (where the mark's outline is drawn). */
const edge = (row: number, col: number) => pixel(page, row, col, 0.04, 0.5);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(() => stopEditor(browser, server));

describe('merging a conflict cell by cell', () => {
  const first = ['S.......', '........', '........', '........', '........', '.......E'];

  it('marks the differing cells, takes theirs for a clicked cell, keeps mine for another', async () => {
    await saveAsSomeoneElse('merge', first);
    await page.goto(`${server.base}/#level=merge`);
    await until(() => version().textContent()).toBe('1');
    // Mine: walls at (1,1) and (2,5). Theirs (a script's save): terrain at (3,3), a wall at (4,6).
    await paint(page, '#', [
      [1, 1],
      [2, 5],
    ]);
    const theirs = ['S.......', '........', '........', '...2....', '......#.', '.......E'];
    await mineReachedServer('merge');
    expect(await saveAsSomeoneElse('merge', theirs)).toBe(2);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByTestId('conflict');
    await until(() => conflict.textContent()).toContain('merge is at version 2');
    const summary = page.getByTestId('merge-summary');
    expect(await summary.textContent()).toBe(
      '4 cells differ, marked on the grid: 0 take theirs, 4 keep mine.',
    );
    // Every differing cell is marked on the canvas, in mine's colour; the others are not.
    for (const [row, col] of [
      [1, 1],
      [2, 5],
      [3, 3],
      [4, 6],
    ]) {
      await until(() => edge(row, col)).toEqual(MINE);
    }
    expect(await edge(2, 2)).not.toEqual(MINE);
    const current = page.getByTestId('merge-current');
    expect(await current.textContent()).toBe(
      'Difference 1 of 4, row 1, column 1: mine # (wall), theirs . (floor); now mine.',
    );
    await conflict.getByRole('button', { name: 'Next difference' }).click();
    expect(await current.textContent()).toContain('Difference 2 of 4, row 2, column 5');
    // A click on a marked cell makes it the current one, and paints nothing.
    await click(3, 3);
    expect(await current.textContent()).toBe(
      'Difference 3 of 4, row 3, column 3: mine . (floor), theirs 2 (terrain 2); now mine.',
    );
    await conflict.getByRole('button', { name: 'Take theirs here' }).click();
    await until(() => edge(3, 3)).toEqual(THEIRS);
    expect(await summary.textContent()).toContain('1 takes theirs, 3 keep mine');
    // The keyboard too: the current difference with t (take theirs), then k (keep mine).
    await click(4, 6);
    await page.keyboard.press('t');
    await until(() => edge(4, 6)).toEqual(THEIRS);
    await page.keyboard.press('k');
    await until(() => edge(4, 6)).toEqual(MINE);
    // Each choice is one undo step.
    await page.keyboard.press('Control+z');
    await until(() => edge(4, 6)).toEqual(THEIRS);
    await page.keyboard.press('Control+z');
    await until(() => edge(4, 6)).toEqual(MINE);
    await page.keyboard.press('Control+y');
    await until(() => edge(4, 6)).toEqual(THEIRS);
    // Take all theirs, then mine again for (2,5).
    await conflict.getByRole('button', { name: 'Take all theirs' }).click();
    await until(() => summary.textContent()).toContain('4 take theirs, 0 keep mine');
    await click(2, 5);
    await conflict.getByRole('button', { name: 'Keep mine here' }).click();
    await until(() => edge(2, 5)).toEqual(MINE);
    expect(await edge(1, 1)).toEqual(THEIRS);
    await page.mouse.move(0, 0);
    if (SCREENSHOTS) {
      await mkdir(join(root, 'docs/images'), { recursive: true });
      await page.screenshot({ path: join(root, 'docs/images/editor-merge.png') });
    }
    const merged = ['S.......', '........', '.....#..', '...2....', '......#.', '.......E'];
    expect(await editorRows(page)).toEqual(merged);
    await conflict.getByRole('button', { name: 'Save merged' }).click();
    await until(() => version().textContent()).toBe('3');
    expect(await stored('merge')).toEqual({ version: 3, rows: merged });
    // Saved: the conflict and its marks are gone.
    expect(await conflict.count()).toBe(0);
    await until(() => countColour(page, MINE)).toBe(0);
  });

  it('asks before loading another version over unsaved changes: Compare, Load anyway, Cancel', async () => {
    await paint(page, '#', [[0, 3]]);
    const mine = await editorRows(page);
    const theirs = ['S.......', '........', '.....#..', '...2....', '......#.', '......#E'];
    await mineReachedServer('merge');
    expect(await saveAsSomeoneElse('merge', theirs)).toBe(4);
    const notice = page.getByTestId('remote-change');
    await until(() => notice.textContent()).toContain('Someone else saved version 4 of merge');
    await notice.getByRole('button', { name: 'Load version 4' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await until(() => dialog.textContent()).toContain('version 4 of merge');
    // Escape closes it, and the drawing stays.
    await page.keyboard.press('Escape');
    await until(() => dialog.count()).toBe(0);
    expect(await editorRows(page)).toEqual(mine);
    // Compare: the same merge view, against version 4.
    await notice.getByRole('button', { name: 'Load version 4' }).click();
    await dialog.getByRole('button', { name: 'Compare' }).click();
    const compare = page.getByTestId('compare');
    await until(() => compare.getByTestId('merge-summary').textContent()).toBe(
      '2 cells differ, marked on the grid: 0 take theirs, 2 keep mine.',
    );
    await until(() => edge(5, 6)).toEqual(MINE);
    await compare.getByRole('button', { name: 'Close the comparison' }).click();
    await until(() => compare.count()).toBe(0);
    await until(() => countColour(page, MINE)).toBe(0);
    // Cancel keeps the drawing; Load anyway loads it, mine one undo away.
    await notice.getByRole('button', { name: 'Load version 4' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await editorRows(page)).toEqual(mine);
    await notice.getByRole('button', { name: 'Load version 4' }).click();
    await dialog.getByRole('button', { name: 'Load anyway' }).click();
    await until(() => version().textContent()).toBe('4');
    expect(await editorRows(page)).toEqual(theirs);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await editorRows(page)).toEqual(mine);
    // History's View asks too.
    await openPanel(page, 'History');
    const history = page.getByRole('list', { name: 'Versions of merge, newest first' });
    await history.getByRole('button', { name: 'View version 1' }).click();
    await until(() => dialog.textContent()).toContain('version 1 of merge');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await editorRows(page)).toEqual(mine);
  });
});

describe('a conflict on a big level', () => {
  it('marks the differing cells of a 300x300 level at its smallest zoom, and centres on each', async () => {
    // A page of its own: the other one has unsaved changes.
    await page.close();
    page = await browser.context.newPage();
    const rows = Array.from({ length: 300 }, (_, r) =>
      Array.from({ length: 300 }, (_, c) =>
        r === 0 && c === 0 ? 'S' : r === 299 && c === 299 ? 'E' : '.',
      ).join(''),
    );
    await saveAsSomeoneElse('big', rows);
    await page.goto(`${server.base}/#level=big`);
    await until(() => version().textContent()).toBe('1');
    const cell = async () =>
      Number(await page.locator('.grid-scroller').getAttribute('data-cell-size'));
    // Opened, the level fits the view: a cell of two pixels and a fraction.
    await until(cell).toBeLessThan(3);
    // Mine beyond the old preview's first 60 rows and 120 columns; theirs there too.
    await paint(page, '#', [[150, 200]]);
    const theirs = rows.slice();
    theirs[100] = `${'.'.repeat(130)}#${'.'.repeat(169)}`;
    await mineReachedServer('big');
    await saveAsSomeoneElse('big', theirs);
    expect(await countColour(page, MINE)).toBe(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByTestId('conflict');
    await until(() => page.getByTestId('merge-summary').textContent()).toBe(
      '2 cells differ, marked on the grid: 0 take theirs, 2 keep mine.',
    );
    // Each mark is a block of at least 6 pixels, outlined, however small the cells.
    await until(() => countColour(page, MINE)).toBeGreaterThan(2 * 16);
    // Zoomed in, Next difference (its button, then its key) brings each to the view's middle.
    while ((await cell()) < 8) await page.keyboard.press('+');
    const centreOf = () =>
      page.locator('.grid-scroller').evaluate((el) => {
        const size = Number(el.dataset.cellSize);
        return [
          Math.floor((el.scrollTop + el.clientHeight / 2) / size),
          Math.floor((el.scrollLeft + el.clientWidth / 2) / size),
        ];
      });
    await conflict.getByRole('button', { name: 'Next difference' }).click();
    await until(centreOf).toEqual([150, 200]);
    await until(() => edge(150, 200)).toEqual(MINE);
    await page.keyboard.press(']');
    await until(centreOf).toEqual([100, 130]);
    await until(() => edge(100, 130)).toEqual(MINE);
  });
});

describe('a conflict between two sizes', () => {
  it('says the sizes differ, marks the overlap, and keeps my size when merged', async () => {
    await page.close();
    page = await browser.context.newPage();
    await saveAsSomeoneElse('sizes', ['S...', '....', '...E']);
    await page.goto(`${server.base}/#level=sizes`);
    await until(() => version().textContent()).toBe('1');
    // Mine two columns wider (the new cells floor); theirs a wall at (0,2).
    await page.getByLabel('Width', { exact: true }).fill('6');
    await page.getByRole('button', { name: 'Resize' }).click();
    await until(() => editorRows(page)).toEqual(['S.....', '......', '...E..']);
    await mineReachedServer('sizes');
    await saveAsSomeoneElse('sizes', ['S.#.', '....', '...E']);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const summary = page.getByTestId('merge-summary');
    await until(() => summary.textContent()).toBe(
      '1 cell differs, marked on the grid: 0 take theirs, 1 keeps mine. The sizes differ: mine is 6×3, theirs 4×3; the marks cover the 4×3 both have.',
    );
    await until(() => edge(0, 2)).toEqual(MINE);
    await page.getByTestId('conflict').getByRole('button', { name: 'Take theirs here' }).click();
    await until(() => edge(0, 2)).toEqual(THEIRS);
    await page.getByTestId('conflict').getByRole('button', { name: 'Save merged' }).click();
    await until(() => version().textContent()).toBe('3');
    expect(await stored('sizes')).toEqual({ version: 3, rows: ['S.#...', '......', '...E..'] });
  });
});
