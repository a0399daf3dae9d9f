// The level editor in a real browser (Debian's Chromium via playwright-core) against the real
// server process: drawing, the live check and its overlays, saving, generating, the hex
// export, two pages on one level, and painting on a 300x300 level (the write token and
// MISSED: editor-servers.test.ts).
// With EDITOR_SCREENSHOTS=1 the run also writes the screenshots in docs/images/ (docs/editor.md).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLClient } from 'graphql-request';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  GenerateLevelDocument,
  ImportMazeDocument,
  LevelDocument,
  LevelMazeDocument,
  LoadLevelDocument,
} from '../gql/graphql.js';
import {
  type Browser,
  type Server,
  cellPoint,
  countColour,
  editorRows,
  launchBrowser,
  closePanel,
  openPanel,
  paint,
  pixel,
  root,
  startServer,
  stopEditor,
  until,
  screenshot,
  openEditor,
} from './harness.js';

const PATH_BLUE: [number, number, number] = [0, 87, 217];
const CHEAPEST_ORANGE: [number, number, number] = [224, 123, 0];

let server: Server;
let browser: Browser;
let api: GraphQLClient;
let page: Page;
/** Every URL any page asked for that is not on the server: there must be none. */
const foreign: string[] = [];
/** How each POST to /graphql named its document: by its hash, by its text, or both. */
const named: string[] = [];

function newPage(hash = ''): Promise<Page> {
  return openEditor(browser, server, hash, (opened) =>
    opened.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.base) && !url.startsWith('blob:') && !url.startsWith('data:')) {
        foreign.push(url);
      }
      if (url === server.graphql && request.method() === 'POST') {
        const body = JSON.parse(request.postData() ?? '{}') as {
          query?: string;
          extensions?: { persistedQuery?: { sha256Hash?: string } };
        };
        const hash = typeof body.extensions?.persistedQuery?.sha256Hash === 'string';
        named.push(`${hash ? 'hash' : ''}${body.query ? ' text' : ''}`);
      }
    }),
  );
}

const version = (p: Page) => p.getByTestId('level-version');

beforeAll(async () => {
  server = await startServer();
  api = new GraphQLClient(server.graphql);
  browser = await launchBrowser();
  page = await newPage();
});

// A failed step leaves a picture of the page behind, for whoever reads the failure.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') {
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await page.screenshot({ path: join(tmpdir(), `editor-failed-${name}.png`) }).catch(() => {});
  }
});

afterAll(() => stopEditor(browser, server));

describe('the level editor', () => {
  it('is served at / with its assets, and loads nothing from another host', async () => {
    const index = await fetch(`${server.base}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await index.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const asset = await fetch(`${server.base}${script}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const again = await fetch(`${server.base}${script}`, {
      headers: { 'if-none-match': asset.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect((await fetch(`${server.base}/assets/missing.js`)).status).toBe(404);
    expect(
      (await fetch(`${server.base}/graphql`, { headers: { accept: 'text/html' } })).status,
    ).toBe(200);
    await until(() => page.getByTestId('level-size').textContent()).toBe('10×8');
  });

  it('draws a level with two S and shows the error cell, then the answers and both paths', async () => {
    await page.getByLabel('Width', { exact: true }).fill('3');
    await page.getByLabel('Height', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Resize' }).click();
    // The new level's E is cut off: the page asks first.
    expect(await page.getByTestId('resize-loss').textContent()).toBe(
      'Resizing to 3×3 cuts off E. Undo brings them back.',
    );
    await page.getByRole('button', { name: 'Resize and cut them off' }).click();
    await until(() => page.getByTestId('level-size').textContent()).toBe('3×3');
    await paint(page, 'E', [[2, 2]]);
    await paint(page, 'S', [[0, 2]]);
    const error = page.getByTestId('check-error');
    await until(() => error.textContent()).toContain('expected exactly one S');
    await until(() => error.textContent()).toContain('row 0, col 2');
    // The offending cell is outlined in red; the other S is not.
    await until(() => pixel(page, 0, 2, 0.04, 0.5)).toEqual([208, 2, 27]);
    expect(await pixel(page, 0, 0, 0.04, 0.5)).not.toEqual([208, 2, 27]);

    // S.# / ... / #.E: the worked example of docs/rules.md.
    await paint(page, '#', [
      [0, 2],
      [2, 0],
    ]);
    await until(() => page.getByTestId('steps').textContent()).toBe('4');
    await until(() => page.getByTestId('cheapest').textContent()).toBe('4');
    // The fewest-steps path crosses the middle cell; each overlay follows its toggle.
    await until(() => pixel(page, 1, 1)).toEqual(PATH_BLUE);
    expect(await countColour(page, CHEAPEST_ORANGE)).toBeGreaterThan(0);
    await page.getByLabel('Fewest-steps path (p)').uncheck();
    await until(() => countColour(page, PATH_BLUE)).toBe(0);
    // Shortcuts act when the focus is not in a form field: here, on the grid.
    await page.locator('.grid-scroller').focus();
    await page.keyboard.press('$');
    await until(() => page.getByLabel('Cheapest path ($)').isChecked()).toBe(false);
    await until(() => countColour(page, CHEAPEST_ORANGE)).toBe(0);
    await page.getByLabel('Fewest-steps path (p)').check();
    await page.getByLabel('Cheapest path ($)').check();
    await until(() => pixel(page, 1, 1)).toEqual(PATH_BLUE);
    // Walking the path on request: the button waits until the walk has reached E.
    await page.getByTestId('play').click();
    await until(() => page.getByTestId('play').isDisabled()).toBe(true);
    await until(() => page.getByTestId('play').isEnabled()).toBe(true);
    expect(await editorRows(page)).toEqual(['S.#', '...', '#.E']);
  });

  it('saves a new level, saves it again, and reloads it at version 2', async () => {
    await page.getByLabel('Level id').fill('first');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await until(() => version(page).textContent()).toBe('1');
    await paint(page, '3', [[1, 0]]);
    await page.keyboard.press('Control+s');
    await until(() => version(page).textContent()).toBe('2');
    await until(() => page.locator('.level-list').textContent()).toContain('first');
    await page.reload();
    await until(() => version(page).textContent()).toBe('2');
    await until(() => page.getByTestId('level-size').textContent()).toBe('3×3');
    const { level } = await api.request(LevelDocument, { id: 'first' });
    expect(level!.rows).toEqual(['S.#', '3..', '#.E']);
    expect(await editorRows(page)).toEqual(level!.rows);
    // Undo and redo work on the reloaded level's strokes.
    await paint(page, '#', [[1, 1]]);
    expect((await editorRows(page))[1]).toBe('3#.');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect((await editorRows(page))[1]).toBe('3..');
    await page.keyboard.press('Control+y');
    expect((await editorRows(page))[1]).toBe('3#.');
    await page.keyboard.press('Control+z');
  });

  it('reverts a version from the history', async () => {
    await openPanel(page, 'History');
    const history = page.getByRole('list', { name: 'Versions of first, newest first' });
    await until(() => history.getByRole('listitem').count()).toBe(2);
    await history.getByRole('button', { name: 'Revert to version 1' }).click();
    await until(() => version(page).textContent()).toBe('3');
    expect(await editorRows(page)).toEqual(['S.#', '...', '#.E']);
    await until(() => history.getByRole('listitem').count()).toBe(3);
    expect(await history.getByRole('listitem').first().textContent()).toContain('revert of v1');
    await closePanel(page, 'History');
  });

  it('is keyboard operable: glyph keys, arrows, Space and Shift+arrows on the grid', async () => {
    const grid = page.locator('.grid-scroller');
    await grid.focus();
    for (const key of ['ArrowUp', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'ArrowDown']) {
      await page.keyboard.press(key);
    }
    await page.keyboard.press('v');
    await until(() => page.locator('.swatch[data-glyph="v"]').getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await grid.getAttribute('aria-label')).toContain('row 1, column 1: gate down');
    expect((await editorRows(page))[1]).toBe('vv.');
    await grid.focus();
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    expect((await editorRows(page))[1]).toBe('...');
  });

  it('fits a narrow window: one column, nothing wider than the window', async () => {
    await page.setViewportSize({ width: 400, height: 800 });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
      gridBottom: document.querySelector('.editor')!.getBoundingClientRect().bottom,
      panelsTop: document.querySelector('.side')!.getBoundingClientRect().top,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    expect(widths.panelsTop).toBeGreaterThanOrEqual(widths.gridBottom);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows both overlays on a level with terrain, a key and its door', async () => {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await openPanel(page, 'ASCII and hex files');
    const sample = readFileSync(join(root, 'examples/level.txt'), 'utf8');
    await page.locator('textarea[name="ascii"]').fill(sample);
    await page.getByRole('button', { name: 'Use pasted ASCII' }).click();
    await page.getByLabel('Level id').fill('sample');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await until(() => version(page).textContent()).toBe('1');
    await until(() => page.getByTestId('steps').textContent()).toBe('9');
    await until(() => page.getByTestId('cheapest').textContent()).toBe('22');
    await until(() => countColour(page, CHEAPEST_ORANGE)).toBeGreaterThan(0);
    await until(() => countColour(page, PATH_BLUE)).toBeGreaterThan(0);
    await screenshot(page, 'editor-overlays.png');
    // A second E on it: the error and its cell, then undone.
    await paint(page, 'E', [[4, 7]]);
    await until(() => page.getByTestId('check-error').textContent()).toContain('row 4, col 7');
    await until(() => pixel(page, 4, 7, 0.04, 0.5)).toEqual([208, 2, 27]);
    await screenshot(page, 'editor-error.png');
    await page.keyboard.press('Control+z');
    await until(() => page.getByTestId('steps').textContent()).toBe('9');
  });

  it('generates a level from a seed: the rows are the API’s', async () => {
    await openPanel(page, 'Generate');
    const form = page.getByRole('form', { name: 'Generate a level' });
    await form.getByLabel('Save as id').fill('gen');
    await form.getByLabel('Algorithm').selectOption('PRIM');
    await form.getByLabel('Width (cells)').fill('10');
    await form.getByLabel('Height (cells)').fill('6');
    await form.getByLabel('Seed').fill('2024');
    await form.getByLabel('Terrain (0–1)').fill('0.2');
    await form.getByLabel('Keys (0–4)').fill('1');
    await form.getByRole('button', { name: 'Generate' }).click();
    // A preview first (nothing stored); Keep it stores it.
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('gen');
    await until(() => version(page).textContent()).toBe('1');
    const { level } = await api.request(LevelDocument, { id: 'gen' });
    expect(await editorRows(page)).toEqual(level!.rows);
    // The same input through the API gives the same rows.
    const input = { width: 10, height: 6, seed: 2024, algorithm: 'PRIM', terrain: 0.2, keys: 1 };
    const { generateLevel } = await api.request(GenerateLevelDocument, {
      id: 'gen-api',
      input: { ...input, algorithm: 'PRIM' },
    });
    expect(generateLevel.__typename === 'GeneratedLevel' && generateLevel.level.rows).toEqual(
      level!.rows,
    );
    await closePanel(page, 'ASCII and hex files');
    await until(() => page.getByTestId('steps').textContent()).toBe(String(level!.steps));
    await until(() => page.getByTestId('checking').isVisible()).toBe(false);
    await screenshot(page, 'editor-generate.png');

    const seed = await form.getByLabel('Seed').inputValue();
    await form.getByRole('button', { name: 'Redraw' }).click();
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => version(page).textContent()).toBe('2');
    expect(await form.getByLabel('Seed').inputValue()).not.toBe(seed);
    // Generating into another level's id never replaces it unasked.
    await form.getByLabel('Save as id').fill('first');
    await form.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    const conflict = page.getByTestId('conflict');
    await until(() => conflict.textContent()).toContain('first already exists, at version 3');
    await conflict.getByRole('button', { name: 'Decide later' }).click();
    expect((await api.request(LevelDocument, { id: 'first' })).level!.version).toBe(3);
    await form.getByLabel('Save as id').fill('gen');
  });

  it('downloads Level.maze as a hex file and imports it back', async () => {
    await openPanel(page, 'ASCII and hex files');
    // The level has terrain and a key and its door, which the file cannot hold: the page says
    // so first (editor-generate.test.ts reads the words).
    await page.getByRole('button', { name: 'Download hex maze file' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download anyway' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('gen.maze.txt');
    const file = readFileSync((await download.path())!, 'utf8');
    const { level } = await api.request(LevelMazeDocument, { id: 'gen' });
    expect(file).toBe(level!.maze!.text);

    await page.locator('input[name="hex-file"]').setInputFiles({
      name: 'gen.maze.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(file),
    });
    await until(() => version(page).textContent()).toBe('3');
    const { level: imported } = await api.request(LevelDocument, { id: 'gen' });
    expect(imported!.version).toBe(3);

    // A file that is not a hex maze: the API's refusal, word for word; nothing stored.
    const text = 'not a maze\n';
    const { importMaze: refusal } = await api.request(ImportMazeDocument, { id: 'other', text });
    expect(refusal.__typename).toBe('MazeFormatError');
    await page.locator('input[name="hex-file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(text),
    });
    await until(() => page.getByTestId('problem').textContent()).toBe(
      `Not imported: ${'message' in refusal ? refusal.message : ''}`,
    );
    expect(await version(page).textContent()).toBe('3');
    expect((await api.request(LevelDocument, { id: 'gen' })).level!.version).toBe(3);
  });

  it("shares the level between two pages, and shows a script's save as a conflict", async () => {
    const other = await newPage('#level=gen');
    await until(() => version(other).textContent()).toBe('3');
    // (The page being used is brought to the front: a hidden tab gets no animation frames,
    // and the grid draws in them.)
    await page.bringToFront();
    // A wall on a floor cell reaches the other page as it is drawn.
    const rows = await editorRows(page);
    const floorCell = (lines: string[], skip: number): [number, number] => {
      const r = lines.findIndex((line, i) => i > skip && line.includes('.'));
      return [r, lines[r].indexOf('.')];
    };
    await paint(page, '#', [floorCell(rows, 1)]);
    const drawn = await editorRows(page);
    await until(() => editorRows(other)).toEqual(drawn);
    // A save here is announced there, and the other page, showing the same drawing, is at
    // that version with nothing unsaved: its own save after a stroke is no conflict.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await until(() => version(page).textContent()).toBe('4');
    await until(() => other.getByTestId('remote-change').textContent()).toContain(
      'Someone else saved version 4 of gen',
    );
    await until(() => version(other).textContent()).toBe('4');
    await other.bringToFront();
    await paint(other, '2', [[1, 3]]);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await until(() => version(other).textContent()).toBe('5');
    const both = await editorRows(other);
    expect((await api.request(LevelDocument, { id: 'gen' })).level!.rows).toEqual(both);
    expect(await other.getByTestId('conflict').count()).toBe(0);
    await page.bringToFront();
    await until(() => editorRows(page)).toEqual(both);
    // A script's save of other rows while the drawing has unsaved cells (a client that does
    // not edit together): the page's save conflicts, and "Keep mine" stores the page's rows.
    await other.bringToFront();
    await paint(other, '#', [floorCell(both, 2)]);
    const script = both.map((line, r) => (r === 1 ? line.replace('2', '3') : line));
    await api.request(LoadLevelDocument, { id: 'gen', rows: script });
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = other.getByTestId('conflict');
    await until(() => conflict.textContent()).toContain('gen is at version 6');
    const mine = await editorRows(other);
    await until(() => other.getByTestId('conflict-theirs').textContent()).toBe(script.join('\n'));
    await conflict.getByRole('button', { name: 'Keep mine (save over it)' }).click();
    await until(() => version(other).textContent()).toBe('7');
    expect((await api.request(LevelDocument, { id: 'gen' })).level!.rows).toEqual(mine);
    // And "Take theirs": the script again, a stale save, the script's rows instead.
    await page.bringToFront();
    await until(() => version(page).textContent()).toBe('7');
    await paint(page, '#', [floorCell(mine, floorCell(mine, 2)[0])]);
    const again = mine.map((line, r) => (r === 1 ? line.replace('2', '4') : line));
    await api.request(LoadLevelDocument, { id: 'gen', rows: again });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByTestId('conflict')
      .getByRole('button', { name: 'Take theirs', exact: true })
      .click();
    await until(() => version(page).textContent()).toBe('8');
    expect(await editorRows(page)).toEqual(again);
    await until(() => editorRows(other)).toEqual(again);
    await other.close();
    await page.bringToFront();
  });

  it('paints on a 300x300 level (time per stroke reported, not asserted)', async () => {
    const size = 300;
    const rows = Array.from({ length: size }, (_, row) =>
      Array.from({ length: size }, (_, col) =>
        row === 0 && col === 0 ? 'S' : row === size - 1 && col === size - 1 ? 'E' : '.',
      ).join(''),
    );
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await openPanel(page, 'ASCII and hex files');
    await page.locator('textarea[name="ascii"]').fill(rows.join('\n'));
    await page.getByRole('button', { name: 'Use pasted ASCII' }).click();
    await until(() => page.getByTestId('level-size').textContent()).toBe('300×300');
    await until(() => page.getByTestId('steps').textContent()).toBe('598');
    await page.locator('.swatch[data-glyph="#"]').click();
    // Strokes of 200 cells each, as the browser delivers them: one pointer event per cell.
    const start = await cellPoint(page, 5, 0);
    const strokes = 10;
    const { times, handlers } = await page.evaluate(
      async ({ strokes, x0, y0 }) => {
        const spacer = document.querySelector<HTMLElement>('.grid-spacer')!;
        const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
        const cell = Number(scroller.dataset.cellSize);
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const send = (type: string, x: number, y: number) =>
          spacer.dispatchEvent(
            new PointerEvent(type, {
              bubbles: true,
              clientX: x,
              clientY: y,
              button: 0,
              buttons: 1,
              pointerId: 1,
            }),
          );
        const times: number[] = [];
        const handlers: number[] = [];
        for (let stroke = 0; stroke < strokes; stroke++) {
          const y = y0 + stroke * 2 * cell;
          const began = performance.now();
          send('pointerdown', x0, y);
          for (let col = 1; col < 200; col++) send('pointermove', x0 + col * cell, y);
          send('pointerup', x0 + 199 * cell, y);
          handlers.push(performance.now() - began);
          // Until the painted cells are on the screen.
          await frame();
          await frame();
          times.push(performance.now() - began);
        }
        return { times, handlers };
      },
      { strokes, x0: start.x, y0: start.y },
    );
    const mean = (values: number[]) =>
      (values.reduce((a, b) => a + b, 0) / values.length).toFixed(1);
    console.log(
      `300x300 level, ${strokes} strokes of 200 cells: ${mean(times)} ms per stroke on average ` +
        `(max ${Math.max(...times).toFixed(1)} ms) from pointerdown to the second frame after ` +
        `pointerup; of which ${mean(handlers)} ms in the 201 pointer event handlers`,
    );
    // Each stroke painted its row: walls from col 0 to 199 on rows 5, 7, … (behaviour, not time).
    const painted = await editorRows(page);
    for (let stroke = 0; stroke < strokes; stroke++) {
      expect(painted[5 + stroke * 2].slice(0, 201)).toBe('#'.repeat(200) + '.');
    }
    await until(() => page.getByTestId('steps').textContent()).toBe('598');
  });

  it('lists the levels a page at a time, opens one and deletes it', async () => {
    for (let n = 1; n <= 21; n++) {
      await api.request(LoadLevelDocument, {
        id: `page-${String(n).padStart(2, '0')}`,
        rows: ['SE'],
      });
    }
    const list = page.getByRole('list', { name: 'Stored levels' });
    // The list follows the changes made elsewhere (levelsChanged): 20 a page, in id order.
    await until(() => list.textContent()).toContain('page-17');
    expect(await list.getByRole('listitem').count()).toBe(20);
    expect(await list.textContent()).not.toContain('sample');
    await page.getByRole('button', { name: 'Next page' }).click();
    await until(() => list.textContent()).toContain('sample');
    expect(await list.textContent()).not.toContain('first');
    await list.getByRole('button', { name: /^sample/ }).click();
    // The 300x300 drawing was never saved: opening another level asks first.
    await page.getByRole('button', { name: 'Discard them' }).click();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('sample');
    await until(() => version(page).textContent()).toBe('1');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete sample' }).click();
    await until(() => version(page).textContent()).toBe('new');
    await until(() => list.textContent()).not.toContain('sample');
    expect((await api.request(LevelDocument, { id: 'sample' })).level).toBeNull();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await until(() => list.textContent()).toContain('first');
  });

  it('asked nothing of another host', () => {
    expect(foreign).toEqual([]);
  });

  it('sent every document as its hash alone, never its text', () => {
    expect(named.length).toBeGreaterThan(50);
    expect(new Set(named)).toEqual(new Set(['hash']));
  });
});
