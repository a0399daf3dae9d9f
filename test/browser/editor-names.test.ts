// Issue 23's names, tags, search and copies in Chromium with real pointer and keyboard events:
// the name and tags typed are saved with Save (and count as unsaved changes until then), the
// level list's search box and tag filter ask levels(search:, tag:) with the same paging,
// Duplicate opens the copy and explains each refusal, Rename copies then deletes the old id.
// Every answer is checked against the API. With EDITOR_SCREENSHOTS=1 it writes
// docs/images/editor-names.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphQLClient } from 'graphql-request';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadLevelDocument } from '../gql/graphql.js';
import {
  type Browser,
  type Server,
  closePanel,
  editorRows,
  openPanel,
  paint,
  root,
  startEditor,
  stopEditor,
  until,
  SCREENSHOTS,
} from './harness.js';
import { sentDocument } from '../support/editor-documents.js';

let server: Server;
let browser: Browser;
let page: Page;
let api: GraphQLClient;

beforeAll(async () => {
  ({ server, browser, page } = await startEditor());
  api = new GraphQLClient(server.graphql);
});

afterAll(() => stopEditor(browser, server));

type Stored = { version: number; name: string | null; tags: string[]; rows: string[] } | null;

async function stored(id: string): Promise<Stored> {
  const { level } = await api.request<{ level: Stored }>(
    'query ($id: ID!) { level(id: $id) { version name tags rows } }',
    { id },
  );
  return level;
}

async function listed(search: string | null, tag: string | null, first = 20) {
  const { levels } = await api.request<{ levels: { edges: { node: { id: string } }[] } }>(
    'query ($s: String, $t: String, $f: Int) { levels(first: $f, search: $s, tag: $t) { edges { node { id } } } }',
    { s: search, t: tag, f: first },
  );
  return levels.edges.map((edge) => edge.node.id);
}

const list = () => page.getByRole('list', { name: 'Stored levels' });
const listIds = async () =>
  (await list().locator('.level-id').allTextContents()).map((text) => text.trim());
const version = () => page.getByTestId('level-version').textContent();
const problem = () => page.getByTestId('problem').textContent();

async function typeInto(label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

describe('names, tags, search and copies', () => {
  it('saves the name and tags typed with Save; until then they are unsaved changes', async () => {
    await openPanel(page, 'Name, tags and copies');
    await typeInto('Level id', 'castle');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await until(version).toBe('1');
    await typeInto('Name', 'The Castle');
    await typeInto('Tags', 'Hard, keys  intro');
    await until(() => page.getByText('unsaved changes').isVisible()).toBe(true);
    await page.keyboard.press('Control+s');
    await until(version).toBe('2');
    expect(await stored('castle')).toMatchObject({
      version: 2,
      name: 'The Castle',
      tags: ['hard', 'intro', 'keys'],
    });
    // The fields show what the server stored (case-folded, sorted); nothing unsaved.
    await until(() => page.getByLabel('Tags', { exact: true }).inputValue()).toBe(
      'hard, intro, keys',
    );
    expect(await page.getByText('unsaved changes').isVisible()).toBe(false);
    // A tag the server refuses: its message, nothing stored.
    await typeInto('Tags', 'no!way');
    await page.keyboard.press('Control+s');
    await until(problem).toContain('Not saved:');
    expect((await stored('castle'))?.version).toBe(2);
    await typeInto('Tags', 'hard intro keys');
    await typeInto('Name', '');
    await page.keyboard.press('Control+s');
    await until(version).toBe('3');
    expect(await stored('castle')).toMatchObject({ name: null, tags: ['hard', 'intro', 'keys'] });
    await typeInto('Name', 'The Castle');
    await page.keyboard.press('Control+s');
    await until(version).toBe('4');
  });

  it('filters the list by search and tag, as levels(search:, tag:) does, page by page', async () => {
    for (let n = 0; n < 23; n++) {
      const id = `room-${String(n).padStart(2, '0')}`;
      await api.request(
        'mutation ($id: ID!, $tags: [String!]) { loadLevel(id: $id, rows: ["S.E"], tags: $tags) { __typename } }',
        { id, tags: n % 2 === 0 ? ['even'] : ['odd'] },
      );
    }
    await api.request(
      'mutation { loadLevel(id: "tower", rows: ["S.E"], name: "Castle tower", tags: ["hard"]) { __typename } }',
    );
    await openPanel(page, 'Levels');
    // "castle" finds the id castle and the name "Castle tower", case-insensitively.
    await typeInto('Search id or name', 'CASTLE');
    await until(listIds).toEqual(await listed('CASTLE', null));
    expect(await listIds()).toEqual(['castle', 'tower']);
    expect(await list().textContent()).toContain('The Castle');
    await typeInto('Tag', 'hard');
    await until(listIds).toEqual(['castle', 'tower']);
    await typeInto('Search id or name', '');
    await typeInto('Tag', 'even');
    // 12 even rooms: one page of 20, the same as the API's.
    await until(listIds).toEqual(await listed(null, 'even'));
    expect(await listIds()).toHaveLength(12);
    await typeInto('Tag', '');
    await typeInto('Search id or name', 'room');
    await until(listIds).toEqual(await listed('room', null, 20));
    await page.getByRole('button', { name: 'Next page' }).click();
    await until(listIds).toEqual(['room-20', 'room-21', 'room-22']);
    // A new search starts again at the first page.
    await typeInto('Search id or name', 'room-1');
    await until(listIds).toEqual(await listed('room-1', null));
    await typeInto('Search id or name', 'nothing-like-it');
    await until(() => page.getByText('No level matches.').isVisible()).toBe(true);
    await typeInto('Search id or name', '');
  });

  it('duplicates the open level as a new id and opens it; refusals say why', async () => {
    await page.goto(`${server.base}/#level=castle`);
    await until(() => page.getByLabel('Level id').inputValue()).toBe('castle');
    await openPanel(page, 'Name, tags and copies');
    // Over another level: refused, nothing stored.
    await typeInto('New id', 'tower');
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await until(problem).toBe(
      "Not duplicated: there is already a level 'tower' (version 1): choose another id, or open it",
    );
    expect((await stored('tower'))?.name).toBe('Castle tower');
    await typeInto('New id', 'castle');
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await until(problem).toBe("Not duplicated: the copy needs an id other than 'castle'");
    // Unsaved changes: the copy would not be of what is shown, so it asks to save first.
    await typeInto('Name', 'The Castle, changed');
    await typeInto('New id', 'castle-2');
    expect(await page.getByRole('button', { name: 'Duplicate', exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await page.getByTestId('copy-help').textContent()).toContain('save or undo');
    await typeInto('Name', 'The Castle');
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('castle-2');
    expect(page.url()).toBe(`${server.base}/#level=castle-2`);
    await until(version).toBe('1');
    const original = await stored('castle');
    expect(await stored('castle-2')).toEqual({ ...original, version: 1 });
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('The Castle');
    expect(await editorRows(page)).toEqual(original?.rows);
    await shot();
    // Back returns to the original.
    await page.goBack();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('castle');
  });

  it('renames: the copy under the new id, the old id deleted', async () => {
    await openPanel(page, 'Name, tags and copies');
    await typeInto('New id', 'keep');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('keep');
    await until(async () => (await stored('castle')) === null).toBe(true);
    expect(await stored('keep')).toMatchObject({ version: 1, name: 'The Castle' });
    expect(page.url()).toBe(`${server.base}/#level=keep`);
    // The page does not announce its own rename as someone else's delete.
    await until(() => page.locator('.notices').textContent()).not.toContain('deleted');
    await openPanel(page, 'Levels');
    await typeInto('Search id or name', 'castle');
    // 'keep' is there by its name, "The Castle".
    await until(listIds).toEqual(['castle-2', 'keep', 'tower']);
    // A level saved elsewhere meanwhile is not deleted: the page says so and keeps both.
    await api.request(LoadLevelDocument, { id: 'busy', rows: ['SE'] });
    await page.goto(`${server.base}/#level=busy`);
    await until(() => page.getByLabel('Level id').inputValue()).toBe('busy');
    await page.route('**/graphql', async (route) => {
      const body = sentDocument(route.request().postData());
      if (body.includes('CopyLevel')) {
        // Someone saves 'busy' again just after the copy was made.
        const response = await route.fetch();
        await api.request(LoadLevelDocument, { id: 'busy', rows: ['S.E'] });
        return route.fulfill({ response });
      }
      return route.continue();
    });
    await openPanel(page, 'Name, tags and copies');
    await typeInto('New id', 'busy-2');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await until(problem).toBe(
      "Copied as 'busy-2', but 'busy' was saved again meanwhile (version 2): it is kept; delete it yourself if you want.",
    );
    await page.unroute('**/graphql');
    expect((await stored('busy'))?.version).toBe(2);
    expect((await stored('busy-2'))?.rows).toEqual(['SE']);
  });
});

describe('another version’s name and tags', () => {
  const nameField = () => page.getByLabel('Name', { exact: true }).inputValue();
  const tagsField = () => page.getByLabel('Tags', { exact: true }).inputValue();

  it('Take theirs brings their name and tags; undo gives the typed ones back', async () => {
    const save = `mutation ($rows: [String!]!, $expected: Int, $name: String, $tags: [String!]) {
      loadLevel(id: "rival", rows: $rows, expectedVersion: $expected, name: $name, tags: $tags) {
        __typename
      }
    }`;
    await api.request(save, { rows: ['S..E'], expected: 0, name: 'Rival one', tags: ['alpha'] });
    await page.goto(`${server.base}/#level=rival`);
    await until(() => page.getByLabel('Level id').inputValue()).toBe('rival');
    await until(version).toBe('1');
    await openPanel(page, 'Name, tags and copies');
    await until(nameField).toBe('Rival one');
    // A cell drawn, in the shared drawing; then someone else's script saves version 2 over
    // it, with another name and tags (a client that does not edit together).
    await paint(page, '#', [[0, 1]]);
    await until(() => page.getByTestId('together-offline').count()).toBe(0);
    const theirs = { rows: ['S.#E', '....'], expected: 1, name: 'Rival two', tags: ['beta'] };
    await api.request(save, theirs);
    await typeInto('Name', 'My name');
    await typeInto('Tags', 'mine');
    await page.keyboard.press('Control+s');
    const conflict = page.getByTestId('conflict');
    await until(() => conflict.textContent()).toContain('rival is at version 2');
    await conflict.getByRole('button', { name: 'Take theirs', exact: true }).click();
    await until(version).toBe('2');
    expect(await editorRows(page)).toEqual(['S.#E', '....']);
    expect([await nameField(), await tagsField()]).toEqual(['Rival two', 'beta']);
    expect(await page.getByText('unsaved changes').isVisible()).toBe(false);
    // Undo: my rows and the name and tags I typed, unsaved; redo: theirs again.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect([await nameField(), await tagsField()]).toEqual(['My name', 'mine']);
    expect(await editorRows(page)).toEqual(['S#.E']);
    await until(() => page.getByText('unsaved changes').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Redo' }).click();
    expect([await nameField(), await tagsField()]).toEqual(['Rival two', 'beta']);
    expect(await editorRows(page)).toEqual(['S.#E', '....']);
    await until(() => page.getByText('unsaved changes').isVisible()).toBe(false);
  });

  it('History’s View shows the old version’s name and tags, undone with its rows', async () => {
    await openPanel(page, 'History');
    const history = page.getByRole('list', { name: 'Versions of rival, newest first' });
    await until(() => history.getByRole('listitem').count()).toBe(2);
    await history.getByRole('button', { name: 'View version 1' }).click();
    await until(nameField).toBe('Rival one');
    expect(await tagsField()).toBe('alpha');
    expect(await page.getByTestId('status').textContent()).toBe(
      'Showing version 1 of rival “Rival one”, tags alpha: save to make it the current version.',
    );
    expect(await editorRows(page)).toEqual(['S..E']);
    await until(() => page.getByText('unsaved changes').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect([await nameField(), await tagsField()]).toEqual(['Rival two', 'beta']);
    expect(await editorRows(page)).toEqual(['S.#E', '....']);
    // Viewed again and saved: version 3 is version 1 with its name and tags.
    await history.getByRole('button', { name: 'View version 1' }).click();
    await until(nameField).toBe('Rival one');
    await page.keyboard.press('Control+s');
    await until(version).toBe('3');
    expect(await stored('rival')).toMatchObject({
      version: 3,
      rows: ['S..E'],
      name: 'Rival one',
      tags: ['alpha'],
    });
    await closePanel(page, 'History');
  });
});

async function shot(): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(join(root, 'docs/images'), { recursive: true });
  // The copy open, with the list searched for "castle" in view.
  await closePanel(page, 'Insights');
  await openPanel(page, 'Levels');
  await typeInto('Search id or name', 'castle');
  await until(listIds).toEqual(['castle', 'castle-2', 'tower']);
  await page.evaluate(() => window.scrollTo(0, 0));
  const side = (await page.locator('aside.side').boundingBox())!;
  const main = (await page.locator('main.editor').boundingBox())!;
  await page.screenshot({
    path: join(root, 'docs/images', 'editor-names.png'),
    clip: { x: main.x, y: main.y, width: side.x + side.width - main.x, height: 620 },
  });
  await typeInto('Search id or name', '');
  await openPanel(page, 'Insights');
}
