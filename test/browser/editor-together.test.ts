// Editing together, in real browsers with real pointer events: two Chromium profiles draw on
// one level at once and both screens converge with no conflict; a cell both paint ends the
// same on both; a third profile that opens the level after the server was killed (SIGKILL)
// and started again sees every stroke the server acknowledged; strokes made while the server
// is away are kept in the page and sent when it is back; a reload brings the drawing back.
// The same with the two pages on two instances of one PostgreSQL, both killed.
// With EDITOR_SCREENSHOTS=1 it writes docs/images/editor-together.png.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, startInstance } from '../support/instances.js';
import { databaseOnServer, runStatement } from '../support/postgres-url.js';
import {
  type Browser,
  cellPoint,
  editorRows,
  launchBrowser,
  root,
  startServer,
  until,
  SCREENSHOTS,
} from './harness.js';

const WIDTH = 24;
const HEIGHT = 12;
const ROWS = Array.from({ length: HEIGHT }, (_, row) =>
  Array.from({ length: WIDTH }, (_, col) => {
    if (row === 1 && col === 1) return 'S';
    if (row === HEIGHT - 2 && col === WIDTH - 2) return 'E';
    return row === 0 || col === 0 || row === HEIGHT - 1 || col === WIDTH - 1 ? '#' : '.';
  }).join(''),
);

const browsers: Browser[] = [];
afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
});

async function graphql<T>(url: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function load(url: string, id: string): Promise<void> {
  await graphql(
    url,
    'mutation ($id: ID!, $rows: [String!]!) { loadLevel(id: $id, rows: $rows) { __typename } }',
    {
      id,
      rows: ROWS,
    },
  );
}

/** The shared drawing as the server holds it (joinLevel and leaveLevel, as a script). */
async function drawing(url: string, id: string): Promise<string[]> {
  const data = await graphql<{ joinLevel: { drawing: { rows: string[] } } }>(
    url,
    'mutation ($id: ID!) { joinLevel(id: $id, session: "testScriptSession") { ... on LevelSession { drawing { rows } } } }',
    { id },
  );
  await graphql(url, 'mutation ($id: ID!) { leaveLevel(id: $id, session: "testScriptSession") }', {
    id,
  });
  return data.joinLevel.drawing.rows;
}

/** A new profile (its own storage) with the level open, joined. */
async function profile(base: string, id: string, name: string): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(`${base}/#level=${encodeURIComponent(id)}`);
  await page.locator('.grid-scroller[data-cell-size]').waitFor();
  await page.locator('input[name="your-name"]').fill(name);
  await page.locator('input[name="your-name"]').press('Enter');
  await until(() => page.getByTestId('together-state').textContent()).not.toContain('Joining');
  return page;
}

/** The level as the page has it (its ASCII box after "Copy level as ASCII"). */
const rowsOf = (page: Page) => editorRows(page);

async function drag(page: Page, glyph: string, cells: readonly [number, number][]): Promise<void> {
  await page.locator(`.swatch[data-glyph="${glyph}"]`).click();
  const [first, ...rest] = cells;
  const start = await cellPoint(page, first[0], first[1]);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const [row, col] of rest) {
    const point = await cellPoint(page, row, col);
    await page.mouse.move(point.x, point.y, { steps: 2 });
  }
  await page.mouse.up();
}

/**
 * Both pages show the server's drawing, and it holds both walls the two dragged at once
 * (row 3, columns 3-12, and row 8, columns 6-20).
 */
async function converged(ana: Page, ben: Page, url: string, id: string): Promise<boolean> {
  const [a, b, s] = [await rowsOf(ana), await rowsOf(ben), await drawing(url, id)];
  return (
    a.join('\n') === s.join('\n') &&
    b.join('\n') === s.join('\n') &&
    s[3].slice(3, 13) === '##########' &&
    s[8].slice(6, 21) === '###############'
  );
}

const row = (r: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => [r, from + i] as [number, number]);

describe('two designers on one level (SQLite)', () => {
  it('draw at once, converge without a conflict, and lose nothing to a kill -9', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-together-'));
    let server = await startServer({ DATA_DIR: dataDir });
    try {
      const id = 'together';
      await load(server.graphql, id);
      const ana = await profile(server.base, id, 'Ana');
      const ben = await profile(server.base, id, 'Ben');
      await until(() => ana.getByTestId('people').textContent()).toContain('Ben');
      await until(() => ben.getByTestId('people').textContent()).toContain('Ana');
      // Both draw walls at once, on rows of their own, and both paint the cell (6, 12).
      await Promise.all([drag(ana, '#', row(3, 3, 12)), drag(ben, '#', row(8, 6, 20))]);
      await Promise.all([drag(ana, '1', [[6, 12]]), drag(ben, '3', [[6, 12]])]);
      await until(() => converged(ana, ben, server.graphql, id)).toBe(true);
      const final = await drawing(server.graphql, id);
      expect(['1', '3']).toContain(final[6][12]);
      for (const page of [ana, ben]) {
        expect(await page.getByTestId('conflict').count()).toBe(0);
        expect(await page.getByTestId('remote-change').count()).toBe(0);
      }
      if (SCREENSHOTS) {
        // Ana's pointer over her wall, and a box she selected, as Ben sees them.
        await ana.locator('button[data-tool="select"]').click();
        const [from, to] = [await cellPoint(ana, 2, 2), await cellPoint(ana, 4, 6)];
        await ana.mouse.move(from.x, from.y);
        await ana.mouse.down();
        await ana.mouse.move(to.x, to.y, { steps: 4 });
        await ana.mouse.up();
        const over = await cellPoint(ana, 3, 9);
        await ana.mouse.move(over.x, over.y);
        await until(() => ben.getByTestId('people').textContent()).toContain('Ana');
        await ben.waitForTimeout(500);
        await ben.screenshot({ path: join(root, 'docs/images/editor-together.png') });
      }
      // Acknowledged strokes survive a crash of the server.
      await drag(ana, '#', row(5, 2, 6));
      await until(() => ana.getByTestId('together-offline').count()).toBe(0);
      const acknowledged = await drawing(server.graphql, id);
      expect(acknowledged[5].slice(2, 7)).toBe('#####');
      const port = new URL(server.base).port;
      await server.kill();
      // Drawn while the server is away: kept in the page, which says so.
      await drag(ben, '#', row(10, 2, 4));
      await until(() => ben.getByTestId('together-offline').textContent()).toContain('Offline');
      server = await startServer({ DATA_DIR: dataDir, PORT: port });
      const carl = await profile(server.base, id, 'Carl');
      await until(() => rowsOf(carl)).toEqual(expect.arrayContaining([acknowledged[5]]));
      // Ben's offline strokes reach the server and everyone once it is back.
      await until(async () => (await rowsOf(carl))[10].slice(2, 5)).toBe('###');
      await until(async () => (await rowsOf(ana)).join('\n')).toBe((await rowsOf(carl)).join('\n'));
      // A reload brings the drawing back, unsaved, with nothing pressed.
      await ana.reload();
      await until(async () => (await rowsOf(ana)).join('\n')).toBe((await rowsOf(carl)).join('\n'));
      expect(await ana.getByTestId('level-facts').textContent()).toContain('unsaved changes');
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('two designers on two instances (PostgreSQL), then a third after SIGKILL', () => {
  const database = `labyrinth_together_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    await killAll();
    await runStatement(`drop database if exists ${database} with (force)`);
  });

  it('see each other, converge, and lose nothing to kill -9 of both instances', async () => {
    await runStatement(`create database ${database}`);
    const url = databaseOnServer(database);
    const one = await startInstance('one', url);
    const two = await startInstance('two', url);
    const id = 'fleet';
    await load(one.url, id);
    const ana = await profile(one.base, id, 'Ana');
    const ben = await profile(two.base, id, 'Ben');
    await until(() => ana.getByTestId('people').textContent()).toContain('Ben');
    await Promise.all([drag(ana, '#', row(3, 3, 12)), drag(ben, '#', row(8, 6, 20))]);
    await Promise.all([drag(ana, '1', [[6, 12]]), drag(ben, '3', [[6, 12]])]);
    await until(() => converged(ana, ben, one.url, id)).toBe(true);
    expect(['1', '3']).toContain((await drawing(two.url, id))[6][12]);
    // Both instances killed with SIGKILL after an acknowledged stroke; a third profile on a
    // new instance sees it with nothing pressed.
    await drag(ben, '#', row(10, 2, 4));
    await until(() => ben.getByTestId('together-offline').count()).toBe(0);
    const acknowledged = await drawing(two.url, id);
    expect(acknowledged[10].slice(2, 5)).toBe('###');
    for (const instance of [one, two]) {
      const exited = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGKILL');
      await exited;
    }
    const three = await startInstance('three', url);
    const carl = await profile(three.base, id, 'Carl');
    await until(async () => (await rowsOf(carl)).join('\n')).toBe(acknowledged.join('\n'));
  }, 120_000);
});
