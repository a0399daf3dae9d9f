// The unsaved-changes dialog's Save (then on with what was asked; a refused save keeps the
// drawing), Escape and Tab in it; a resize that cuts off cells asks first, counting them; a
// status line clears after a while, a problem stays; the tag filter matches known tags
// whatever their case, and a part of one; Restore after Delete. In Chromium with real pointer
// and keyboard events; with EDITOR_SCREENSHOTS=1 it writes docs/images/editor-unsaved.png,
// editor-resize-cut.png and editor-restore.png.
import { GraphQLClient } from 'graphql-request';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  type Server,
  editorRows,
  launchBrowser,
  openPanel,
  paint,
  startServer,
  stopEditor,
  until,
  screenshot,
} from './harness.js';

let server: Server;
let browser: Browser;
let api: GraphQLClient;
let page: Page;
const version = (p: Page) => p.getByTestId('level-version').textContent();
const levelId = (p: Page) => p.getByLabel('Level id').inputValue();
const focused = (p: Page) => p.evaluate(() => document.activeElement?.textContent?.trim());

type Stored = { version: number; name: string | null; tags: string[]; rows: string[] } | null;

async function stored(id: string): Promise<Stored> {
  const { level } = await api.request<{ level: Stored }>(
    'query ($id: ID!) { level(id: $id) { version name tags rows } }',
    { id },
  );
  return level;
}

async function seed(id: string, rows: string[], name: string, tags: string[]): Promise<void> {
  await api.request(
    'mutation ($id: ID!, $rows: [String!]!, $name: String, $tags: [String!]) { loadLevel(id: $id, rows: $rows, name: $name, tags: $tags) { __typename } }',
    { id, rows, name, tags },
  );
}

/** A new level named `id`, with a wall painted at (0, 1). */
async function newDrawing(id: string): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel('Level id').fill(id);
  await paint(page, '#', [[0, 1]]);
}

const resizeForm = () => page.getByRole('form', { name: 'Resize' });
const list = () => page.getByRole('list', { name: 'Stored levels' });
const open = (id: string) =>
  list()
    .getByRole('button', { name: new RegExp(`^${id}`) })
    .click();

beforeAll(async () => {
  server = await startServer();
  api = new GraphQLClient(server.graphql);
  await seed('castle', ['S...', '....', '...E'], 'The castle', ['castle', 'boss']);
  await seed('cave', ['S.a#', '.A..', '#..E'], 'The cave', ['cave']);
  await seed('crypt', ['S..', '..E'], 'The crypt', ['castle-dungeon']);
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.goto(`${server.base}/#level=castle`);
  await page.getByTestId('level-version').filter({ hasText: /^1$/ }).waitFor();
  await openPanel(page, 'Levels');
  await list().getByRole('listitem').nth(2).waitFor();
});

afterAll(() => stopEditor(browser, server));

describe('the unsaved-changes dialog', () => {
  it('opens on Save; Tab stays in it; Escape keeps drawing', async () => {
    await newDrawing('fresh');
    await open('cave');
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'The drawing has unsaved changes. Save them, then open cave?',
    );
    await screenshot(page, 'editor-unsaved.png');
    expect(await focused(page)).toBe('Save');
    const order: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    expect(order).toEqual(['Discard them', 'Keep drawing', 'Save']);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('Keep drawing');
    await page.keyboard.press('Escape');
    await until(() => dialog.count()).toBe(0);
    expect(await levelId(page)).toBe('fresh');
    expect(await version(page)).toBe('new');
    expect((await editorRows(page))[0]).toBe('S#........');
    expect(await stored('fresh')).toBeNull();
  });

  it('Save stores the drawing, then opens the level asked for', async () => {
    await open('cave');
    await page.getByRole('dialog', { name: 'Unsaved changes' }).waitFor();
    // Save has the focus: Enter is Save.
    await page.keyboard.press('Enter');
    await until(() => levelId(page)).toBe('cave');
    await until(() => version(page)).toBe('1');
    const fresh = await stored('fresh');
    expect(fresh?.version).toBe(1);
    expect(fresh?.rows[0]).toBe('S#........');
    expect(await page.getByTestId('status').textContent()).toBe('Saved fresh as version 1.');
  });

  it('a refused save (a conflict) keeps the drawing and says why', async () => {
    // A new drawing with the id of a stored level: saving it is a conflict.
    await newDrawing('crypt');
    await open('castle');
    await page.getByRole('dialog', { name: 'Unsaved changes' }).waitFor();
    // Ctrl+S in the dialog is its Save.
    await page.keyboard.press('Control+s');
    await until(() => page.getByTestId('conflict').isVisible()).toBe(true);
    expect(await page.locator('#conflict-title').textContent()).toBe(
      'Version conflict: crypt is at version 1, saved by someone else since your version (new). Your save was not stored.',
    );
    expect(await levelId(page)).toBe('crypt');
    expect(await version(page)).toBe('new');
    expect((await editorRows(page))[0]).toBe('S#........');
    expect((await stored('crypt'))?.rows).toEqual(['S..', '..E']);
    await page.getByRole('button', { name: 'Decide later' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Discard them opens castle.
    await open('castle');
    await page.getByRole('button', { name: 'Discard them' }).click();
    await until(() => levelId(page)).toBe('castle');
  });
});

describe('a resize that cuts off cells', () => {
  it('says what is lost and asks; undo gives the cells back', async () => {
    await open('cave');
    await until(() => levelId(page)).toBe('cave');
    await resizeForm().getByLabel('Width').fill('2');
    await resizeForm().getByLabel('Height').fill('2');
    await resizeForm().getByRole('button', { name: 'Resize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resize the level' });
    await dialog.waitFor();
    expect(await page.getByTestId('resize-loss').textContent()).toBe(
      'Resizing to 2×2 cuts off E, 1 key and 2 walls. Undo brings them back.',
    );
    expect(await focused(page)).toBe('Cancel');
    await screenshot(page, 'editor-resize-cut.png');
    await page.keyboard.press('Escape');
    await until(() => dialog.count()).toBe(0);
    expect(await editorRows(page)).toEqual(['S.a#', '.A..', '#..E']);
    await resizeForm().getByRole('button', { name: 'Resize' }).click();
    await page.getByRole('button', { name: 'Resize and cut them off' }).click();
    await until(() => page.getByTestId('level-size').textContent()).toBe('2×2');
    expect(await editorRows(page)).toEqual(['S.', '.A']);
    await page.locator('#grid').focus();
    await page.keyboard.press('Control+z');
    await until(() => page.getByTestId('level-size').textContent()).toBe('4×3');
    expect(await editorRows(page)).toEqual(['S.a#', '.A..', '#..E']);
    // Growing cuts nothing: no question.
    await resizeForm().getByLabel('Width').fill('5');
    await resizeForm().getByRole('button', { name: 'Resize' }).click();
    await until(() => page.getByTestId('level-size').textContent()).toBe('5×3');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('#grid').focus();
    await page.keyboard.press('Control+z');
    await until(() => page.getByTestId('level-size').textContent()).toBe('4×3');
  });
});

describe('the tag filter', () => {
  const tagField = () => page.locator('input[name="level-tag"]');
  const shown = async () => (await list().locator('.level-id').allTextContents()).sort().join(' ');

  it('suggests the known tags and takes any case and a part of one', async () => {
    expect(
      await page
        .locator('#known-tags option')
        .evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value)),
    ).toEqual(['boss', 'castle', 'castle-dungeon', 'cave']);
    await tagField().fill('  BOSS ');
    await until(shown).toBe('castle');
    await tagField().fill('Cas');
    await until(() => page.getByTestId('tag-choice').textContent()).toBe(
      'Tag castle; also castle-dungeon',
    );
    await until(shown).toBe('castle');
    await page.getByTestId('tag-choice').scrollIntoViewIfNeeded();
    await screenshot(page, 'editor-tag-filter.png');
    await page.getByTestId('tag-choice').getByRole('button', { name: 'castle-dungeon' }).click();
    await until(shown).toBe('crypt');
    expect(await tagField().inputValue()).toBe('castle-dungeon');
    await tagField().fill('dungeon');
    await until(() => page.getByTestId('tag-choice').textContent()).toBe('Tag castle-dungeon');
    expect(await shown()).toBe('crypt');
    await tagField().fill('nothing');
    await until(() => list().count()).toBe(0);
    expect(await page.getByText('No level matches.').count()).toBe(1);
    await tagField().fill('');
    await until(shown).toBe('castle cave crypt fresh');
  });
});

describe('Restore after Delete', () => {
  it('saves the deleted level back as its next version', async () => {
    await open('cave');
    await until(() => levelId(page)).toBe('cave');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete the level' }).waitFor();
    expect(await focused(page)).toBe('Cancel');
    await page.getByRole('button', { name: 'Delete cave' }).click();
    const notice = page.getByTestId('deleted');
    await until(() => notice.textContent()).toContain('Deleted cave (version 1)');
    expect(await stored('cave')).toBeNull();
    await screenshot(page, 'editor-restore.png');
    await notice.getByRole('button', { name: 'Restore cave' }).click();
    await until(() => version(page)).toBe('2');
    expect(await stored('cave')).toEqual({
      version: 2,
      name: 'The cave',
      tags: ['cave'],
      rows: ['S.a#', '.A..', '#..E'],
    });
    expect(await notice.count()).toBe(0);
    expect(await page.getByTestId('status').textContent()).toBe(
      'Restored version 1: cave is at version 2.',
    );
  });
});

describe('walking the path', () => {
  it('throws nothing when a frame began before the walk did', async () => {
    // Chromium gives requestAnimationFrame the time its frame began, which can be before the
    // performance.now() the walk started at: the walker stood at -0.01 and drawing it read
    // path[-1].row ("Cannot read properties of undefined (reading 'row')").
    const walking = await browser.context.newPage();
    await walking.emulateMedia({ reducedMotion: 'no-preference' });
    await walking.addInitScript(() => {
      const frame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (run) => frame(() => run(performance.now() - 40));
    });
    const errors: string[] = [];
    walking.on('pageerror', (error) => errors.push(error.message));
    await walking.goto(`${server.base}/#level=castle`);
    await walking.getByTestId('level-version').filter({ hasText: /^1$/ }).waitFor();
    const walk = walking.getByRole('button', { name: 'Walk the path (r)' });
    await until(() => walk.isEnabled()).toBe(true);
    await walking.keyboard.press('r');
    await until(() => walk.isDisabled()).toBe(true);
    await until(() => walk.isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await walking.close();
  });
});

describe('status lines and problems', () => {
  // Last: the clock is the browser context's, so every page of it has the fake one from here.
  it('a status clears after six seconds, a problem stays until dismissed', async () => {
    const clocked = await browser.context.newPage();
    await clocked.clock.install();
    await clocked.goto(`${server.base}/#level=castle`);
    await until(() => version(clocked)).toBe('1');
    const now = await clocked.evaluate(() => Date.now());
    await clocked.clock.pauseAt(now + 1000);
    const status = clocked.getByTestId('status');
    await clocked.getByRole('button', { name: 'New', exact: true }).click();
    expect(await status.textContent()).toBe('New level: name it, draw it, save it.');
    await clocked.clock.runFor(4000);
    // Another status replaces it and has its own six seconds.
    await openPanel(clocked, 'ASCII and hex files');
    await clocked.locator('textarea[name="ascii"]').fill('S.\n.E');
    await clocked.getByRole('button', { name: 'Use pasted ASCII' }).click();
    expect(await status.textContent()).toBe('Pasted a 2×2 level.');
    await clocked.clock.runFor(5900);
    expect(await status.textContent()).toBe('Pasted a 2×2 level.');
    await clocked.clock.runFor(200);
    await until(() => status.textContent()).toBe('');
    // A problem stays.
    await clocked.locator('textarea[name="ascii"]').fill('S..\n.E');
    await clocked.getByRole('button', { name: 'Use pasted ASCII' }).click();
    const problem = clocked.getByTestId('problem');
    expect(await problem.textContent()).toBe(
      'cannot use that text: row 1 has 2 characters, row 0 has 3',
    );
    await clocked.clock.runFor(60_000);
    expect(await problem.textContent()).toBe(
      'cannot use that text: row 1 has 2 characters, row 0 has 3',
    );
    await clocked.getByRole('button', { name: 'Dismiss the message' }).click();
    await until(() => problem.count()).toBe(0);
    await clocked.clock.resume();
    await clocked.close();
  });
});
