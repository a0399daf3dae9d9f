// Generate's preview and the hex exchange's warnings, in Chromium with real pointer and keyboard
// events against the real server. Generate shows the maze over the grid and stores nothing;
// Keep it (its button, or its key) stores exactly the rows previewed as one new version;
// Discard (its button, or Escape) leaves the drawing as it was: its unsaved stroke and undo
// too. The hex Download says what the file will not hold (terrain, keys, doors, gates) before
// anything is written, and Cancel writes nothing; a plain maze downloads at once; an import
// says what the level it replaced had that the file could not carry. With EDITOR_SCREENSHOTS=1
// it writes docs/images/editor-preview.png and editor-hex-warning.png.
import { readFileSync } from 'node:fs';
import { GraphQLClient } from 'graphql-request';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LevelDocument, LevelMazeDocument } from '../gql/graphql.js';
import {
  type Browser,
  type Server,
  editorRows,
  openPanel,
  paint,
  stopEditor,
  screenshot,
  startEditor,
} from './harness.js';

const WALL: [number, number, number] = [43, 51, 64];
const SOLID: [number, number, number] = [109, 63, 168];
const FLOOR: [number, number, number] = [247, 245, 239];

let server: Server;
let browser: Browser;
let api: GraphQLClient;
let page: Page;
/** Every download the page started, by file name. */
const downloads: string[] = [];
const until = <T>(read: () => Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 50 });

const form = () => page.getByRole('form', { name: 'Generate a level' });
const version = () => page.getByTestId('level-version').textContent();
const preview = () => page.getByTestId('preview');
const overlay = () => page.getByTestId('carving');

async function fill(values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await form().getByLabel(label, { exact: true }).fill(value);
  }
}

/** What generateCarving (which stores nothing) answers for an input: the rows to preview. */
async function carvedRows(input: object): Promise<string[]> {
  const answer = await api.request<{ generateCarving: { rows?: string[] } }>(
    'query ($input: GenerateLevelInput!) { generateCarving(input: $input) { ... on Carving { rows } } }',
    { input },
  );
  return answer.generateCarving.rows ?? [];
}

/**
 * The preview as drawn: each glyph's centre on the carving canvas read back as `#` (a wall,
 * the "42" too), `.` (floor) or `?` (anything else: S, E, terrain, a key, a door), within a
 * small distance (a terrain digit's white is not the floor's off-white).
 */
async function previewGlyphs(columns: number, lines: number): Promise<string[]> {
  return page.evaluate(
    ([columns, lines, wall, solid, floor]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.carving-canvas')!;
      const cell = canvas.width / columns;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const near = (at: number, [r, g, b]: number[]) =>
        Math.abs(data[at] - r) + Math.abs(data[at + 1] - g) + Math.abs(data[at + 2] - b) < 8;
      const rows: string[] = [];
      for (let r = 0; r < lines; r++) {
        let row = '';
        for (let c = 0; c < columns; c++) {
          const x = Math.floor((c + 0.5) * cell);
          const y = Math.floor((r + 0.5) * cell);
          const at = (y * canvas.width + x) * 4;
          row += near(at, wall) || near(at, solid) ? '#' : near(at, floor) ? '.' : '?';
        }
        rows.push(row);
      }
      return rows;
    },
    [columns, lines, WALL, SOLID, FLOOR] as const,
  );
}

/** The server's steps and cheapest cost of rows (checkLevel, which stores nothing). */
async function answersOf(rows: readonly string[]): Promise<{ steps: number; cheapest: number }> {
  const answer = await api.request<{ checkLevel: { steps: number; cheapest: number } }>(
    'query ($rows: [String!]!) { checkLevel(rows: $rows) { ... on LevelDraft { steps cheapest } } }',
    { rows },
  );
  return answer.checkLevel;
}

const asDrawn = (rows: readonly string[]) => rows.map((row) => row.replace(/[^#.]/g, '?'));

beforeAll(async () => {
  ({ server, browser, page } = await startEditor({
    beforeOpen: (page) => {
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
      page.on('download', (download) => downloads.push(download.suggestedFilename()));
    },
  }));
  api = new GraphQLClient(server.graphql);
  await openPanel(page, 'Generate');
});

afterAll(() => stopEditor(browser, server));

describe('Generate previews before it stores', () => {
  const input = { width: 10, height: 6, seed: 2024, algorithm: 'PRIM', terrain: 0.2, keys: 1 };

  it('shows the maze over the grid, stores nothing, and Keep it stores exactly it', async () => {
    await fill({ 'Save as id': 'kept', 'Width (cells)': '10', 'Height (cells)': '6' });
    await fill({ Seed: '2024', 'Terrain (0–1)': '0.2', 'Keys (0–4)': '1' });
    await form().getByLabel('Algorithm').selectOption('PRIM');
    await form().getByRole('button', { name: 'Generate' }).click();
    const rows = await carvedRows(input);
    expect(rows.length).toBe(13);
    // The bar says what would be kept, checked as the drawing is: its steps and cheapest cost
    // (the server's answers for those rows); the check line says it speaks of the drawing.
    const { steps, cheapest } = await answersOf(rows);
    await until(() => preview().textContent()).toBe(
      `Preview of kept, seed 2024, 10×6 cells: not stored yet. Steps ${steps}, cheapest cost ${cheapest}.`,
    );
    expect(await page.getByTestId('check-under').textContent()).toBe('Your drawing: ');
    // The canvas shows those rows, glyph by glyph; nothing was stored, the drawing is still
    // the new level.
    expect(await previewGlyphs(21, 13)).toEqual(asDrawn(rows));
    expect((await api.request(LevelDocument, { id: 'kept' })).level).toBeNull();
    expect(await version()).toBe('new');
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => overlay().count()).toBe(0);
    await until(version).toBe('1');
    expect(await page.getByLabel('Level id').inputValue()).toBe('kept');
    // Kept: the check line is the kept level's, the steps the bar said.
    await until(() => page.getByTestId('steps').textContent()).toBe(String(steps));
    expect(await page.getByTestId('check-under').count()).toBe(0);
    const { level } = await api.request(LevelDocument, { id: 'kept' });
    expect([level!.version, level!.rows]).toEqual([1, rows]);
    expect(await editorRows(page)).toEqual(rows);
  });

  it('keeps into the open level as one new version, from the keyboard (k)', async () => {
    await openPanel(page, 'Generate');
    await fill({ Seed: '2025' });
    await form().getByRole('button', { name: 'Generate' }).click();
    await until(() => preview().getAttribute('data-stage')).toBe('preview');
    const rows = await carvedRows({ ...input, seed: 2025 });
    expect(await previewGlyphs(21, 13)).toEqual(asDrawn(rows));
    await page.locator('summary:text-is("Generate")').focus();
    await page.keyboard.press('k');
    await until(version).toBe('2');
    await until(() => overlay().count()).toBe(0);
    const { level } = await api.request(LevelDocument, { id: 'kept' });
    expect([level!.version, level!.rows]).toEqual([2, rows]);
    expect(await editorRows(page)).toEqual(rows);
  });

  it('discards with Escape or Discard: the drawing, its unsaved stroke and undo survive', async () => {
    const saved = (await api.request(LevelDocument, { id: 'kept' })).level!.rows;
    // An unsaved stroke: a wall on a floor glyph of row 1.
    const col = saved[1].indexOf('.');
    await paint(page, '#', [[1, col]]);
    const drawn = await editorRows(page);
    expect(drawn[1][col]).toBe('#');
    await openPanel(page, 'Generate');
    await fill({ Seed: '77' });
    await form().getByRole('button', { name: 'Generate' }).click();
    await until(() => preview().getAttribute('data-stage')).toBe('preview');
    expect(await previewGlyphs(21, 13)).toEqual(asDrawn(await carvedRows({ ...input, seed: 77 })));
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'editor-preview.png');
    await page.keyboard.press('Escape');
    await until(() => overlay().count()).toBe(0);
    expect(await page.getByTestId('status').textContent()).toBe(
      'Preview discarded: nothing was stored, the drawing is as it was.',
    );
    expect(await version()).toBe('2');
    expect(await editorRows(page)).toEqual(drawn);
    // Redraw previews another seed; the Discard button ends it the same way.
    await openPanel(page, 'Generate');
    await form().getByRole('button', { name: 'Redraw' }).click();
    await until(() => preview().getAttribute('data-stage')).toBe('preview');
    const seed = await form().getByLabel('Seed').inputValue();
    expect(seed).not.toBe('77');
    expect(await preview().textContent()).toContain(`seed ${seed},`);
    await page.getByRole('button', { name: 'Discard (Escape)' }).click();
    await until(() => overlay().count()).toBe(0);
    expect((await api.request(LevelDocument, { id: 'kept' })).level!.version).toBe(2);
    expect(await editorRows(page)).toEqual(drawn);
    // Undo still undoes the stroke drawn before the previews.
    await page.locator('.grid-scroller').focus();
    await page.keyboard.press('Control+z');
    expect(await editorRows(page)).toEqual(saved);
  });
});

describe('the hex exchange says what the file cannot hold', () => {
  it('warns before the download, Cancel writes nothing, Download anyway writes the file', async () => {
    const { level } = await api.request(LevelDocument, { id: 'kept' });
    const text = level!.rows.join('');
    const terrain = text.replace(/[^1-9]/g, '').length;
    expect(terrain).toBeGreaterThan(0);
    expect(text.replace(/[^aA]/g, '')).toMatch(/^(aA|Aa)$/);
    await openPanel(page, 'ASCII and hex files');
    await page.getByRole('button', { name: 'Download hex maze file' }).click();
    const warning = page.getByTestId('hex-warning');
    await until(() => warning.locator('p').textContent()).toBe(
      `${terrain} terrain cells, key a, door A will not be in the file: a hex maze file holds only the walls, S and E.`,
    );
    await warning.scrollIntoViewIfNeeded();
    await screenshot(page, 'editor-hex-warning.png');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await until(() => warning.count()).toBe(0);
    expect(downloads).toEqual([]);
    await page.getByRole('button', { name: 'Download hex maze file' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      warning.getByRole('button', { name: 'Download anyway' }).click(),
    ]);
    expect(downloads).toEqual(['kept.maze.txt']);
    const file = readFileSync((await download.path())!, 'utf8');
    const { level: maze } = await api.request(LevelMazeDocument, { id: 'kept' });
    expect(file).toBe(maze!.maze!.text);

    // Imported back: the next version, and what the level it replaced had, said.
    await page.locator('input[name="hex-file"]').setInputFiles({
      name: 'kept.maze.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(file),
    });
    await until(version).toBe('3');
    expect(await page.getByTestId('problem').textContent()).toBe(
      `Warning: the level it replaced had ${terrain} terrain cells, key a, door A: a hex file ` +
        'holds only walls, S and E, so the imported level has none of them (the drawing ' +
        'before is one undo away)',
    );
    const imported = (await api.request(LevelDocument, { id: 'kept' })).level!.rows;
    expect(imported.join('').replace(/[#.SE]/g, '')).toBe('');
    expect(await editorRows(page)).toEqual(imported);
  });

  it('downloads a plain maze at once, with no warning, and imports it without a note', async () => {
    // The imported level (walls, S and E only) is a plain maze.
    await page.getByRole('button', { name: 'Download hex maze file' }).click();
    await until(async () => downloads.length).toBe(2);
    expect(await page.getByTestId('hex-warning').count()).toBe(0);
    expect(await page.getByTestId('status').textContent()).toBe('Downloaded kept.maze.txt.');
    const { level: maze } = await api.request(LevelMazeDocument, { id: 'kept' });
    await page.locator('input[name="hex-file"]').setInputFiles({
      name: 'kept.maze.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(maze!.maze!.text),
    });
    await until(() => page.getByTestId('status').textContent()).toBe(
      'Imported: kept is at version 3.',
    );
    expect(await page.getByTestId('problem').count()).toBe(0);
  });
});

describe('Keep it over unsaved work', () => {
  it('asks before opening another level over an unsaved drawing, and Discard keeps the drawing', async () => {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await until(version).toBe('new');
    await paint(page, '#', [[2, 2]]);
    const drawn = await editorRows(page);
    await openPanel(page, 'Generate');
    await fill({ 'Save as id': 'elsewhere', Seed: '5' });
    await form().getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => page.getByTestId('preview-asking').textContent()).toBe(
      ' Keeping it opens elsewhere: the drawing’s unsaved changes will be lost. Keep it again to go on.',
    );
    expect((await api.request(LevelDocument, { id: 'elsewhere' })).level).toBeNull();
    await page.keyboard.press('Escape');
    await until(() => overlay().count()).toBe(0);
    expect(await editorRows(page)).toEqual(drawn);
    // Asked again, and kept anyway (its key): the maze is stored and opened.
    await openPanel(page, 'Generate');
    await form().getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await page.getByRole('button', { name: 'Keep it anyway (k)' }).waitFor();
    await page.keyboard.press('k');
    await until(version).toBe('1');
    expect(await page.getByLabel('Level id').inputValue()).toBe('elsewhere');
  });
});
