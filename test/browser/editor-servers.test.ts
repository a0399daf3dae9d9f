// The editor against servers set up otherwise than `npm start`'s default, in Chromium: one
// with a write token (the page asks for it and sends it), one on PostgreSQL whose listener
// loses its connection (the page hears MISSED, asks for the level's version, and announces the
// save it was not told about), one whose requests' deadline is short (the page's
// subscription outlives it), one restarted while a page is open (the page asks again), and a
// page whose stream opens late (it asks once it opens).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLClient } from 'graphql-request';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOnServer, runStatement } from '../support/postgres-url.js';
import { LevelDocument, LoadLevelDocument } from '../gql/graphql.js';
import {
  type Browser,
  type Server,
  editorRows,
  launchBrowser,
  paint,
  startServer,
  until,
  openEditor,
} from './harness.js';
import { sentDocument } from '../support/editor-documents.js';

const TOKEN = 'editor-browser-token-0123';
const database = `labyrinth_editor_${randomBytes(4).toString('hex')}`;

let browser: Browser;
const servers: Server[] = [];

beforeAll(async () => {
  await runStatement(`create database ${database}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.stop();
  await runStatement(`drop database if exists ${database} with (force)`);
});

const open = (server: Server, hash = '') => openEditor(browser, server, hash);

const version = (p: Page) => p.getByTestId('level-version');

/**
 * Saves the level open in `page` until the page announces the save: its stream is open then,
 * or its first question about the level was answered. Answers the version announced.
 */
async function streamOpen(page: Page, api: GraphQLClient, id: string): Promise<number> {
  const notice = page.getByTestId('remote-change');
  // Other rows each time: a save of the current rows stores nothing and is not announced.
  for (let tries = 0; ; tries++) {
    const rows = [tries % 2 ? 'S.E' : 'S.E.'];
    const { loadLevel } = await api.request(LoadLevelDocument, { id, rows });
    if (loadLevel.__typename !== 'Level') throw new Error(`not saved: ${loadLevel.__typename}`);
    const announced = await expect
      .poll(() => notice.textContent().catch(() => ''), { timeout: 2000 })
      .toContain(`Someone else saved version ${loadLevel.version} of ${id}`)
      .then(
        () => true,
        () => false,
      );
    if (announced) return loadLevel.version;
  }
}

describe('the editor', () => {
  it('asks a server with a write token for it, and saves with it', async () => {
    const server = await startServer({ LABYRINTH_WRITE_TOKEN: TOKEN });
    servers.push(server);
    const api = new GraphQLClient(server.graphql);
    const page = await open(server);
    const sent: Array<string | undefined> = [];
    page.on('request', (request) => {
      // The writes (not the editing of a shared drawing, which the level becomes once saved).
      const body = sentDocument(request.postData());
      if (body.includes('mutation') && !/joinLevel|editLevel|moveInLevel|leaveLevel/.test(body)) {
        sent.push(request.headers()['authorization']);
      }
    });
    await page.getByLabel('Level id').fill('guarded');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const problem = page.getByTestId('problem');
    await until(() => problem.textContent()).toContain('enter the write token');
    // A wrong token is refused by the server as well, and the page asks again.
    await page.getByLabel('Write token').fill(`${TOKEN}-wrong`);
    await page.getByRole('button', { name: 'Retry with token' }).click();
    await until(async () => sent.length).toBe(2);
    await until(() => problem.textContent()).toContain('enter the write token');
    expect((await api.request(LevelDocument, { id: 'guarded' })).level).toBeNull();
    await page.getByLabel('Write token').fill(TOKEN);
    await page.getByRole('button', { name: 'Retry with token' }).click();
    await until(() => version(page).textContent()).toBe('1');
    expect(sent).toEqual([undefined, `Bearer ${TOKEN}-wrong`, `Bearer ${TOKEN}`]);
    // Kept for the tab only, and sent with the next write without asking (of a changed level:
    // the same level again would store nothing).
    expect(await page.evaluate(() => sessionStorage.getItem('labyrinth.writeToken'))).toBe(TOKEN);
    const rows = await editorRows(page);
    const row = rows.findIndex((line) => line.includes('.'));
    await paint(page, '#', [[row, rows[row].indexOf('.')]]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await until(() => version(page).textContent()).toBe('2');
    expect(sent.at(-1)).toBe(`Bearer ${TOKEN}`);
    expect((await api.request(LevelDocument, { id: 'guarded' })).level!.version).toBe(2);
    await page.close();
  });

  it("hears a save made long after the page opened (past the requests' deadline)", async () => {
    // The page's subscription is a request too: it must outlive REQUEST_TIMEOUT_MS.
    const server = await startServer({ REQUEST_TIMEOUT_MS: '300' });
    servers.push(server);
    const api = new GraphQLClient(server.graphql);
    await api.request(LoadLevelDocument, { id: 'open-long', rows: ['S.E'] });
    const page = await open(server, '#level=open-long');
    await until(() => version(page).textContent()).toBe('1');
    const heard = await streamOpen(page, api, 'open-long');
    // Several deadlines later (a wait, not a measure: what is checked is the announcement).
    await page.waitForTimeout(1200);
    await api.request(LoadLevelDocument, { id: 'open-long', rows: ['S...E'] });
    await until(() => page.getByTestId('remote-change').textContent()).toContain(
      `Someone else saved version ${heard + 1} of open-long`,
    );
    await page.close();
  });

  it('announces a save made after the level was read and before its stream opened', async () => {
    const server = await startServer();
    servers.push(server);
    const api = new GraphQLClient(server.graphql);
    await api.request(LoadLevelDocument, { id: 'early', rows: ['S.E'] });
    const page = await browser.context.newPage();
    // The page's levelsChanged stream is held back until a script has saved the level again.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(server.graphql, async (route) => {
      const request = route.request();
      const stream = request.headers()['accept']?.includes('text/event-stream');
      if (stream && sentDocument(request.postData()).includes('levelsChanged')) {
        held++;
        await released;
      }
      await route.continue();
    });
    await page.goto(`${server.base}/#level=early`);
    await until(() => version(page).textContent()).toBe('1');
    await until(async () => held).toBe(1);
    await api.request(LoadLevelDocument, { id: 'early', rows: ['S..E'] });
    release();
    await until(() => page.getByTestId('remote-change').textContent()).toContain(
      'Someone else saved version 2 of early',
    );
    await page.close();
  });

  it('keeps the grid where it is while check results and messages come and go', async () => {
    const server = await startServer();
    servers.push(server);
    const api = new GraphQLClient(server.graphql);
    await api.request(LoadLevelDocument, { id: 'still', rows: ['S...', '....', '...E'] });
    const page = await open(server, '#level=still');
    await until(() => version(page).textContent()).toBe('1');
    await until(() => page.getByTestId('steps').textContent()).toBe('5');
    const gridTop = async () => (await page.locator('.grid-spacer').boundingBox())!.y;
    const top = await gridTop();
    const tops: number[] = [];
    // A second S: the long error, and "checking…" beside it while the next check runs.
    await paint(page, 'S', [[0, 3]]);
    tops.push(await gridTop());
    await until(() => page.getByTestId('check-error').textContent()).toContain('exactly one S');
    tops.push(await gridTop());
    await paint(page, '.', [[0, 3]]);
    tops.push(await gridTop());
    // Both clicks landed on the cell aimed at.
    expect(await editorRows(page)).toEqual(['S...', '....', '...E']);
    await until(() => page.getByTestId('steps').textContent()).toBe('5');
    tops.push(await gridTop());
    // Someone else's save, and a problem (Save on a new level with no id), each shown over
    // the grid, then dismissed.
    await streamOpen(page, api, 'still');
    tops.push(await gridTop());
    await page.getByTestId('remote-change').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByLabel('Level id').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await until(() => page.getByTestId('problem').textContent()).toBe('give the level an id first');
    tops.push(await gridTop());
    await page.getByRole('button', { name: 'Dismiss the message' }).click();
    await until(() => page.getByTestId('problem').count()).toBe(0);
    tops.push(await gridTop());
    expect(tops).toEqual(tops.map(() => top));
    await page.close();
  });

  it('asks for the open level when its stream is back after a restart, and announces a save made meanwhile', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-restart-'));
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      const api = new GraphQLClient(first.graphql);
      await api.request(LoadLevelDocument, { id: 'restarted', rows: ['S.E'] });
      const page = await open(first, '#level=restarted');
      await until(() => version(page).textContent()).toBe('1');
      const notice = page.getByTestId('remote-change');
      const heard = await streamOpen(page, api, 'restarted');
      const port = new URL(first.base).port;
      await first.stop();
      // The page says its live changes are away while it tries again.
      await until(() => page.getByTestId('live-down').isVisible()).toBe(true);
      // While no server is up on the page's port, another process on the same data saves
      // version 2 of the open level: no stream of the page can carry that.
      const writer = await startServer({ DATA_DIR: dataDir });
      await new GraphQLClient(writer.graphql).request(LoadLevelDocument, {
        id: 'restarted',
        rows: ['S..E'],
      });
      await writer.stop();
      const second = await startServer({ DATA_DIR: dataDir, PORT: port });
      servers.push(second);
      await until(() => notice.textContent()).toContain(
        `Someone else saved version ${heard + 1} of restarted`,
      );
      expect(await page.getByTestId('live-down').count()).toBe(0);
      await page.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('asks for the open level after the server missed changes, and announces a newer version', async () => {
    const server = await startServer({ DATABASE_URL: databaseOnServer(database) });
    servers.push(server);
    const api = new GraphQLClient(server.graphql);
    await api.request(LoadLevelDocument, { id: 'watched', rows: ['S.E'] });
    const page = await open(server, '#level=watched');
    await until(() => version(page).textContent()).toBe('1');
    // Version 2 written behind the server's back (no NOTIFY: no instance is told), as a write
    // would be while the listener is away; then the listener's connection is cut (the one
    // that listened, and sends the page's presence since).
    await runStatement(
      `with saved as (
         update levels set version = 2, rows = '["S..E"]', updated_at = now()
         where id = 'watched' returning id, version, rows, updated_at)
       insert into level_versions (id, version, rows, saved_at)
       select id, version, rows, updated_at from saved`,
      databaseOnServer(database),
    );
    await runStatement(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = '${database}'
         and (query ilike 'listen %' or query ilike 'select pg_notify%')`,
    );
    const notice = page.getByTestId('remote-change');
    await until(() => notice.textContent()).toContain('Someone else saved version 2 of watched');
    await notice.getByRole('button', { name: 'Load version 2' }).click();
    await until(() => version(page).textContent()).toBe('2');
    await page.close();
  });
});
