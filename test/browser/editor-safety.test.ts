// Nothing a designer does is lost, in Chromium with real input: messages never cover the grid
// nor take its clicks; leaving with changes the server does not hold asks first; `#level=ID` typed into the
// address bar is followed and opening a level is a history entry (Back returns to the level
// before); Ctrl+S saves from anywhere, a text field included, never the browser's "Save page";
// a conflict shows both versions side by side with the differing cells marked, and the grid
// does not move.
import { GraphQLClient } from 'graphql-request';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LevelDocument, LoadLevelDocument } from '../gql/graphql.js';
import {
  type Browser,
  type Server,
  cellPoint,
  editorRows,
  launchBrowser,
  openPanel,
  paint,
  startServer,
  stopEditor,
  until,
} from './harness.js';
import { sentDocument } from '../support/editor-documents.js';

let server: Server;
let browser: Browser;
let api: GraphQLClient;
let page: Page;
const version = (p: Page) => p.getByTestId('level-version');
// The grid's top in the document (not the viewport: filling the ASCII box may scroll the page).
const gridTop = (p: Page) =>
  p.locator('.grid-spacer').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

beforeAll(async () => {
  server = await startServer();
  api = new GraphQLClient(server.graphql);
  for (const [id, rows] of [
    ['castle', ['S...', '....', '...E']],
    ['cave', ['S.#.', '..#.', '...E']],
    ['crypt', ['S..', '..E']],
  ] as const) {
    await api.request(LoadLevelDocument, { id, rows: [...rows] });
  }
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.goto(`${server.base}/#level=castle`);
  await version(page).filter({ hasText: /^1$/ }).waitFor();
});

afterAll(() => stopEditor(browser, server));

describe('nothing lost', () => {
  it('keeps messages off the grid: a click on the bottom row paints while they show', async () => {
    const top = await gridTop(page);
    // Someone else's save announced, and a problem, both at once.
    await api.request(LoadLevelDocument, { id: 'castle', rows: ['S...', '....', '..#E'] });
    await until(() => page.getByTestId('remote-change').textContent()).toContain('version 2');
    await page.getByTestId('remote-change').getByRole('button', { name: 'Load version 2' }).click();
    await until(() => version(page).textContent()).toBe('2');
    await api.request(LoadLevelDocument, { id: 'castle', rows: ['S...', '....', '...E'] });
    await until(() => page.getByTestId('remote-change').isVisible()).toBe(true);
    // A problem too: uneven rows pasted as ASCII.
    await openPanel(page, 'ASCII and hex files');
    await page.locator('textarea[name="ascii"]').fill('S..\n.E');
    await page.getByRole('button', { name: 'Use pasted ASCII' }).click();
    await until(() => page.getByTestId('problem').textContent()).toBe(
      'cannot use that text: row 1 has 2 characters, row 0 has 3',
    );
    // Every message box lies under the grid, none over it.
    const grid = (await page.locator('.grid-scroller').boundingBox())!;
    for (const notice of await page.locator('[data-testid="notices"] > *').all()) {
      const box = await notice.boundingBox();
      if (box) expect(box.y).toBeGreaterThanOrEqual(grid.y + grid.height);
    }
    // The bottom row takes the click (on version 3: the page's drawing had nothing unsaved,
    // so the script's save became the shared drawing).
    await paint(page, '#', [
      [2, 0],
      [2, 1],
    ]);
    expect((await editorRows(page))[2]).toBe('##.E');
    expect(await gridTop(page)).toBe(top);
  });

  it('asks before the page is left with changes the server does not hold, and not once it does', async () => {
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    // Edits that cannot reach the server (as with the network down) wait in the page.
    const editsDown = (route: Route) =>
      /editLevel/.test(sentDocument(route.request().postData())) ? route.abort() : route.continue();
    await page.route('**/graphql', editsDown);
    await paint(page, '#', [[2, 2]]);
    await until(() => page.getByTestId('together-offline').textContent()).toContain('Offline');
    // Closing the tab (as the browser's close button does): the page asks, and stays.
    await page.close({ runBeforeUnload: true });
    await until(async () => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    expect((await editorRows(page))[2]).toBe('###E');
    // Back online, the edit reaches the shared drawing: unsaved, but nothing to ask.
    await page.unroute('**/graphql', editsDown);
    await until(() => page.getByTestId('together-offline').count()).toBe(0);
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(asked).toEqual(['beforeunload']);
    // The drawing comes back with the level.
    page = await browser.context.newPage();
    await page.goto(`${server.base}/#level=castle`);
    await until(async () => (await editorRows(page))[2]).toBe('###E');
    expect(await version(page).textContent()).toBe('3');
    expect(await page.getByTestId('level-facts').textContent()).toContain('unsaved changes');
  });

  /** Opens `crypt` from the Levels panel's list (a new history entry), and waits for it. */
  async function openCryptFromList(): Promise<void> {
    await openPanel(page, 'Levels');
    await page
      .getByRole('list', { name: 'Stored levels' })
      .getByRole('button', { name: /^crypt/ })
      .click();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('crypt');
  }

  it('follows #level=ID typed into the address bar, and Back returns to the level before', async () => {
    await page.evaluate(() => (location.hash = '#level=cave'));
    await until(() => page.getByLabel('Level id').inputValue()).toBe('cave');
    expect(await editorRows(page)).toEqual(['S.#.', '..#.', '...E']);
    // Opening from the list is a new history entry.
    await openCryptFromList();
    expect(page.url()).toBe(`${server.base}/#level=crypt`);
    await page.goBack();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('cave');
    await page.goBack();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('castle');
    await page.goForward();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('cave');
    // Back over unsaved changes the shared drawing holds goes back at once, and Forward
    // brings them back.
    await paint(page, '#', [[0, 1]]);
    await until(() => page.getByTestId('together-offline').count()).toBe(0);
    await page.goBack();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('castle');
    await page.goForward();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('cave');
    await until(async () => (await editorRows(page))[0]).toBe('S##.');
  });

  it('saves with Ctrl+S from a text field, never opening the browser’s "Save page"', async () => {
    await page.evaluate(() => {
      // Runs after the page's own handler (added later, on the same target).
      window.addEventListener('keydown', (event) => {
        if (event.key === 's' && event.ctrlKey)
          document.body.dataset.saveKey = String(event.defaultPrevented);
      });
    });
    await openPanel(page, 'ASCII and hex files');
    await page.locator('textarea[name="ascii"]').focus();
    await page.keyboard.press('Control+s');
    await until(() => version(page).textContent()).toBe('2');
    expect(await page.evaluate(() => document.body.dataset.saveKey)).toBe('true');
    expect((await api.request(LevelDocument, { id: 'cave' })).level!.rows[0]).toBe('S##.');
  });

  it('shows a conflict beside the grid: both versions side by side, the differing cells marked', async () => {
    const top = await gridTop(page);
    // A script's save while the drawing has unsaved cells (it does not edit together).
    await paint(page, '3', [[1, 0]]);
    await until(() => page.getByTestId('together-offline').count()).toBe(0);
    await api.request(LoadLevelDocument, { id: 'cave', rows: ['S##.', '..#.', '..2E'] });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByTestId('conflict');
    await until(() => conflict.textContent()).toContain('cave is at version 3');
    expect(await page.getByTestId('conflict-mine').textContent()).toBe('S##.\n3.#.\n...E');
    expect(await page.getByTestId('conflict-theirs').textContent()).toBe('S##.\n..#.\n..2E');
    expect(await page.getByTestId('conflict-diff').textContent()).toBe('2 cells differ (marked).');
    expect(await page.getByTestId('conflict-mine').locator('mark').allTextContents()).toEqual([
      '3',
      '.',
    ]);
    expect(await page.getByTestId('conflict-theirs').locator('mark').allTextContents()).toEqual([
      '.',
      '2',
    ]);
    // Beside the grid, not over it, and the grid stays where it was.
    const box = (await conflict.boundingBox())!;
    const grid = (await page.locator('.grid-scroller').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(grid.x + grid.width);
    expect(await gridTop(page)).toBe(top);
    await conflict.getByRole('button', { name: 'Keep mine (save over it)' }).click();
    await until(() => version(page).textContent()).toBe('4');
    // The drawing on the grid still takes clicks with the conflict open: nothing is modal.
    const cell = await cellPoint(page, 0, 3);
    await page.mouse.click(cell.x, cell.y);
  });

  it('goes Back from a level to the new level it was opened from, and Forward again', async () => {
    // The click above is in the shared drawing: New asks nothing.
    await until(() => page.getByTestId('together-offline').count()).toBe(0);
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await until(() => version(page).textContent()).toBe('new');
    expect(page.url()).toBe(`${server.base}/`);
    await openCryptFromList();
    await page.goBack();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('untitled');
    expect(await version(page).textContent()).toBe('new');
    await page.goForward();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('crypt');
  });
});
