// Animate, Redraw, the wall colour and the path revealed step by step (issue 23, item 5), in
// Chromium with real pointer and keyboard events against the real server: Animate ends on the
// preview, and Keep it stores exactly the rows Generate stores, for every algorithm; the
// carving's pixels change while it plays; Stop stores nothing and leaves the drawing; Ctrl+S
// keeps the maze at once (never the browser's "Save page"); the wall colour changes wall pixels, keeps the "42" apart and
// is kept for the next visit; the path appears cell by cell. With
// EDITOR_SCREENSHOTS=1 it writes docs/images/editor-animate.png and editor-wall-colour.png.
// The long tasks of a 250x250 animation are measured and printed, not asserted.
import { GraphQLClient } from 'graphql-request';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerateLevelDocument, LevelDocument } from '../gql/graphql.js';
import {
  type Browser,
  type Server,
  editorRows,
  openPanel,
  pixel,
  stopEditor,
  screenshot,
  startEditor,
} from './harness.js';

const ALGORITHMS = [
  'BACKTRACKER',
  'GROWING_TREE',
  'PRIM',
  'KRUSKAL',
  'WILSON',
  'ALDOUS_BRODER',
  'HUNT_AND_KILL',
  'ELLER',
  'SIDEWINDER',
  'BINARY_TREE',
] as const;
const SHAPES = ['PERFECT', 'IMPERFECT', 'BRAID'] as const;
const WALL: [number, number, number] = [43, 51, 64];
const SOLID: [number, number, number] = [109, 63, 168];
const FLOOR: [number, number, number] = [247, 245, 239];
const PATH_BLUE: [number, number, number] = [0, 87, 217];

let server: Server;
let browser: Browser;
let api: GraphQLClient;
let page: Page;
const until = <T>(read: () => Promise<T>, timeout = 30_000) =>
  expect.poll(read, { timeout, interval: 50 });

const form = () => page.getByRole('form', { name: 'Generate a level' });
const progress = () => page.getByTestId('carving-progress');
/** The preview's stage: `preview` once the maze is whole and waits for Keep it or Discard. */
const previewStage = () => page.getByTestId('preview').getAttribute('data-stage');
const done = async () => Number(await progress().getAttribute('data-done'));
const version = () => page.getByTestId('level-version').textContent();

/** The pixels of the carving canvas of one colour (within a small distance). */
async function carvingPixels([r, g, b]: [number, number, number]): Promise<number> {
  return page.evaluate(
    ([r, g, b]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.carving-canvas')!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 30) {
          count++;
        }
      }
      return count;
    },
    [r, g, b],
  );
}

async function fill(values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await form().getByLabel(label, { exact: true }).fill(value);
  }
}

beforeAll(async () => {
  ({ server, browser, page } = await startEditor({
    // An error in the page is printed with the test's output, for whoever reads a failure.
    beforeOpen: (page) => {
      page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') console.log(`page console: ${message.text()}`);
      });
    },
  }));
  api = new GraphQLClient(server.graphql);
  await openPanel(page, 'Generate');
});

afterAll(() => stopEditor(browser, server));

describe('Animate', () => {
  it('carves step by step (the pixels change), pauses, speeds up, and ends on Generate’s rows', async () => {
    await fill({ 'Save as id': 'carved', 'Width (cells)': '40', 'Height (cells)': '30' });
    await fill({ Seed: '42' });
    await form().getByLabel('Draw the “42” pattern').check();
    await form().getByRole('button', { name: 'Animate' }).click();
    await until(done).toBeGreaterThan(0);
    const total = Number(await progress().getAttribute('data-total'));
    // 40x30 cells less the 18 of the "42": a spanning tree of 1181 openings.
    expect(total).toBe(40 * 30 - 18 - 1);
    // Two moments of the carving: more floor later, the "42" purple throughout.
    const early = await carvingPixels(FLOOR);
    const earlyDone = await done();
    expect(await carvingPixels(SOLID)).toBeGreaterThan(0);
    await until(done).toBeGreaterThan(earlyDone + 50);
    const later = await carvingPixels(FLOOR);
    expect(later).toBeGreaterThan(early);
    // Space pauses (the count holds), Space goes on; ] six times: x64.
    await page.keyboard.press('Space');
    await until(() => progress().getAttribute('data-stage')).toBe('paused');
    const held = await done();
    await page.waitForTimeout(300);
    expect(await done()).toBe(held);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'editor-animate.png');
    // Another wall colour while it is paused: the carving's walls take it at once.
    const GREEN: [number, number, number] = [31, 122, 61];
    await page.getByLabel('Wall colour').fill('#1f7a3d');
    await until(() => carvingPixels(GREEN)).toBeGreaterThan(1000);
    await page.getByRole('button', { name: 'Default', exact: true }).click();
    await until(() => carvingPixels(GREEN)).toBe(0);
    expect(await done()).toBe(held);
    await page.keyboard.press('Space');
    for (let i = 0; i < 6; i++) await page.keyboard.press(']');
    expect(await page.getByTestId('carving-speed').textContent()).toBe('×64');
    // The end is the preview: nothing stored until Keep it.
    await until(previewStage).toBe('preview');
    expect((await api.request(LevelDocument, { id: 'carved' })).level).toBeNull();
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => page.getByTestId('carving').count()).toBe(0);
    await until(version).toBe('1');
    const input = { width: 40, height: 30, seed: 42, pattern42: true };
    const { generateLevel } = await api.request(GenerateLevelDocument, { id: 'ref', input });
    expect(generateLevel.__typename).toBe('GeneratedLevel');
    const rows = generateLevel.__typename === 'GeneratedLevel' ? generateLevel.level.rows : [];
    expect(await editorRows(page)).toEqual(rows);
    expect((await api.request(LevelDocument, { id: 'carved' })).level!.rows).toEqual(rows);
  });

  it('ends on exactly the rows Generate gives, for every algorithm (g from the keyboard)', async () => {
    for (const [index, algorithm] of ALGORITHMS.entries()) {
      const shape = SHAPES[index % 3];
      await fill({ 'Save as id': `maze-${index}`, 'Width (cells)': '13', 'Height (cells)': '9' });
      await fill({ Seed: String(700 + index), 'Keys (0–4)': String(index % 2) });
      await form().getByLabel('Algorithm').selectOption(algorithm);
      await form().getByLabel('Shape').selectOption(shape);
      // g from the page (not a text field): Animate, at the speed chosen before (x64).
      await page.locator('summary:text-is("Generate")').focus();
      await page.keyboard.press('g');
      // The preview's key keeps it.
      await until(previewStage).toBe('preview');
      await page.keyboard.press('k');
      const notices = page.getByTestId('notices');
      await until(async () =>
        (await page.getByLabel('Level id').inputValue()) === `maze-${index}`
          ? 'stored'
          : `${algorithm}: ${await notices.textContent()}`,
      ).toBe('stored');
      await until(() => page.getByTestId('carving').count()).toBe(0);
      const input = {
        width: 13,
        height: 9,
        seed: 700 + index,
        algorithm,
        shape,
        pattern42: true,
        keys: index % 2,
      };
      const { generateLevel } = await api.request(GenerateLevelDocument, {
        id: `ref-${index}`,
        input,
      });
      const rows = generateLevel.__typename === 'GeneratedLevel' ? generateLevel.level.rows : [];
      expect(rows.length).toBe(19);
      expect(await page.getByLabel('Level id').inputValue()).toBe(`maze-${index}`);
      expect(await editorRows(page)).toEqual(rows);
      await openPanel(page, 'Generate');
    }
  });

  it('stops with Escape: nothing is stored, the drawing stays as it was', async () => {
    const before = await editorRows(page);
    const current = await version();
    await openPanel(page, 'Generate');
    await form().getByLabel('Algorithm').selectOption('WILSON');
    await fill({ 'Save as id': 'never', 'Width (cells)': '60', 'Height (cells)': '40' });
    await form().getByRole('button', { name: 'Animate' }).click();
    await until(() => progress().getAttribute('data-stage')).toMatch(/playing|paused/);
    // Slow enough to stop midway: x1/8.
    for (let i = 0; i < 9; i++) await page.keyboard.press('[');
    expect(await page.getByTestId('carving-speed').textContent()).toBe('×1/8');
    await page.keyboard.press('Escape');
    await until(() => page.getByTestId('carving').count()).toBe(0);
    expect(await page.getByTestId('status').textContent()).toBe(
      'Animation stopped: nothing was stored, the drawing is as it was.',
    );
    expect(await version()).toBe(current);
    expect(await editorRows(page)).toEqual(before);
    expect((await api.request(LevelDocument, { id: 'never' })).level).toBeNull();
  });

  it('saves with Ctrl+S during Animate: never the browser’s "Save page", the maze kept now', async () => {
    await page.evaluate(() => {
      // Runs after the page's own handler (added earlier, on the same target).
      window.addEventListener('keydown', (event) => {
        if (event.key === 's' && event.ctrlKey) {
          document.body.dataset.saveKey = String(event.defaultPrevented);
        }
      });
    });
    await openPanel(page, 'Generate');
    await form().getByLabel('Algorithm').selectOption('BACKTRACKER');
    await form().getByLabel('Shape').selectOption('PERFECT');
    await form().getByLabel('Draw the “42” pattern').check();
    await fill({ 'Save as id': 'saved-midway', 'Width (cells)': '30', 'Height (cells)': '20' });
    await fill({ Seed: '9', 'Keys (0–4)': '0' });
    await form().getByRole('button', { name: 'Animate' }).click();
    await until(() => progress().getAttribute('data-stage')).toMatch(/playing|paused/);
    // x1/8: the whole carving would take over a minute, longer than any wait below.
    for (let i = 0; i < 9; i++) await page.keyboard.press('[');
    expect(await page.getByTestId('carving-speed').textContent()).toBe('×1/8');
    const total = Number(await progress().getAttribute('data-total'));
    expect(await done()).toBeLessThan(total);
    // From a text field of the Generate panel: anywhere on the page.
    await form().getByLabel('Seed', { exact: true }).focus();
    await page.keyboard.press('Control+s');
    expect(await page.evaluate(() => document.body.dataset.saveKey)).toBe('true');
    await until(() => page.getByTestId('carving').count()).toBe(0);
    await until(() => page.getByLabel('Level id').inputValue()).toBe('saved-midway');
    expect(await version()).toBe('1');
    const input = {
      width: 30,
      height: 20,
      seed: 9,
      algorithm: 'BACKTRACKER',
      shape: 'PERFECT',
      pattern42: true,
      keys: 0,
    } as const;
    const { generateLevel } = await api.request(GenerateLevelDocument, { id: 'saved-ref', input });
    const rows = generateLevel.__typename === 'GeneratedLevel' ? generateLevel.level.rows : [];
    expect(rows.length).toBe(41);
    expect((await api.request(LevelDocument, { id: 'saved-midway' })).level!.rows).toEqual(rows);
    expect(await editorRows(page)).toEqual(rows);
  });

  it('Redraw: another random seed, shown in the Seed field, generated', async () => {
    await openPanel(page, 'Generate');
    await fill({ 'Save as id': 'redrawn', 'Width (cells)': '8', 'Height (cells)': '6', Seed: '1' });
    await fill({ 'Keys (0–4)': '0' });
    await form().getByLabel('Shape').selectOption('PERFECT');
    await form().getByLabel('Draw the “42” pattern').uncheck();
    await form().getByLabel('Algorithm').selectOption('WILSON');
    await form().getByRole('button', { name: 'Redraw' }).click();
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => page.getByLabel('Level id').inputValue()).toBe('redrawn');
    const seed = await form().getByLabel('Seed').inputValue();
    expect(seed).not.toBe('1');
    const { generateLevel } = await api.request(GenerateLevelDocument, {
      id: 'redrawn-ref',
      input: { width: 8, height: 6, seed: Number(seed), algorithm: 'WILSON' },
    });
    const rows = generateLevel.__typename === 'GeneratedLevel' ? generateLevel.level.rows : [];
    expect(await editorRows(page)).toEqual(rows);
  });
});

describe('the walls’ colour', () => {
  it('changes the wall pixels, keeps the "42" apart, and is kept for the next visit', async () => {
    await openPanel(page, 'Generate');
    await fill({ 'Save as id': 'coloured', 'Width (cells)': '11', 'Height (cells)': '7' });
    await fill({ Seed: '5', 'Keys (0–4)': '0' });
    await form().getByLabel('Algorithm').selectOption('BACKTRACKER');
    await form().getByLabel('Shape').selectOption('PERFECT');
    await form().getByLabel('Draw the “42” pattern').check();
    await form().getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => page.getByTestId('level-size').textContent()).toBe('23×15');
    // (0, 0) a border wall, (3, 5) the 42's top-left cell (docs/generation.md's example).
    await until(() => pixel(page, 0, 0)).toEqual(WALL);
    expect(await pixel(page, 3, 5)).toEqual(SOLID);
    const colour = page.getByLabel('Wall colour');
    await colour.fill('#1f7a3d');
    await until(() => pixel(page, 0, 0)).toEqual([31, 122, 61]);
    expect(await pixel(page, 3, 5)).toEqual(SOLID);
    await screenshot(page, 'editor-wall-colour.png');
    // Walls the 42's own purple: the 42 takes another colour, still apart.
    await colour.fill('#6d3fa8');
    await until(() => pixel(page, 0, 0)).toEqual(SOLID);
    expect(await pixel(page, 3, 5)).toEqual([224, 123, 0]);
    await colour.fill('#1f7a3d');
    await page.reload();
    await page.getByRole('heading', { name: 'Labyrinth level editor' }).waitFor();
    expect(await page.getByLabel('Wall colour').inputValue()).toBe('#1f7a3d');
    await until(() => pixel(page, 0, 0)).toEqual([31, 122, 61]);
    await page.getByRole('button', { name: 'Default', exact: true }).click();
    await until(() => pixel(page, 0, 0)).toEqual(WALL);
  });
});

describe('the path', () => {
  it('is revealed step by step when shown (p), and hidden again (p)', async () => {
    const { level } = await api.request(LevelDocument, { id: 'coloured' });
    const path = level!.path!;
    expect(path.length).toBeGreaterThan(20);
    await until(() => pixel(page, path[1].row, path[1].col)).toEqual(PATH_BLUE);
    await page.locator('.grid-scroller').focus();
    await page.keyboard.press('p');
    await until(() => pixel(page, path[1].row, path[1].col)).not.toEqual(PATH_BLUE);
    await page.keyboard.press('p');
    // Every frame until the path is whole: its first cell drawn while its last is not yet.
    const [first, last] = [path[1], path[path.length - 2]];
    const frames = await page.evaluate(
      ([first, last, blue]) =>
        new Promise<boolean[][]>((resolve) => {
          const scroller = document.querySelector<HTMLElement>('.grid-scroller')!;
          const canvas = document.querySelector<HTMLCanvasElement>('.grid-canvas')!;
          const cell = Number(scroller.dataset.cellSize);
          const isBlue = ({ row, col }: { row: number; col: number }) => {
            const x = Math.floor((col + 0.5) * cell - scroller.scrollLeft);
            const y = Math.floor((row + 0.5) * cell - scroller.scrollTop);
            const [r, g, b] = canvas.getContext('2d')!.getImageData(x, y, 1, 1).data;
            return Math.abs(r - blue[0]) + Math.abs(g - blue[1]) + Math.abs(b - blue[2]) < 30;
          };
          const seen: boolean[][] = [];
          const frame = () => {
            seen.push([isBlue(first), isBlue(last)]);
            const whole = seen[seen.length - 1].every(Boolean);
            if (whole || seen.length > 3000) resolve(seen);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
      [first, last, PATH_BLUE] as const,
    );
    expect(frames.some(([a, b]) => a && !b)).toBe(true);
    expect(frames[frames.length - 1]).toEqual([true, true]);
  });
});

describe('a 250x250 maze', () => {
  it('animates without stalling the page (long tasks measured and printed)', async () => {
    await openPanel(page, 'Generate');
    await fill({ 'Save as id': 'big', 'Width (cells)': '250', 'Height (cells)': '250' });
    await fill({ Seed: '9' });
    // Long tasks, and when the animation's stage changed (to tell its start, frames and end
    // apart).
    await page.evaluate(() => {
      const record = { tasks: [] as [number, number][], stages: [] as [string, number][] };
      (window as unknown as { carvingRecord: typeof record }).carvingRecord = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask' });
      new MutationObserver(() => {
        const stage = document.querySelector(
          '[data-testid="carving-progress"], [data-testid="preview"]',
        );
        const now = stage?.getAttribute('data-stage') ?? 'idle';
        if (record.stages.at(-1)?.[0] !== now) record.stages.push([now, performance.now()]);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const started = Date.now();
    await form().getByRole('button', { name: 'Animate' }).click();
    await until(done, 60_000).toBeGreaterThan(0);
    const total = Number(await progress().getAttribute('data-total'));
    expect(total).toBe(62_499);
    // x8 (down to the slowest, x1/8, then up): the whole carving in about 1.25 s, some 830
    // steps a frame.
    for (let i = 0; i < 9; i++) await page.keyboard.press('[');
    for (let i = 0; i < 6; i++) await page.keyboard.press(']');
    expect(await page.getByTestId('carving-speed').textContent()).toBe('×8');
    await until(previewStage, 120_000).toBe('preview');
    await page.keyboard.press('k');
    await until(() => page.getByTestId('carving').count(), 120_000).toBe(0);
    await until(version, 60_000).toBe('1');
    const seconds = (Date.now() - started) / 1000;
    const record = await page.evaluate(
      () =>
        (
          window as unknown as {
            carvingRecord: { tasks: [number, number][]; stages: [string, number][] };
          }
        ).carvingRecord,
    );
    const at = (stage: string) => record.stages.find(([name]) => name === stage)?.[1] ?? Infinity;
    const playing = at('playing');
    const previewed = at('preview');
    const storing = at('storing');
    const part = (from: number, to: number) => {
      const tasks = record.tasks.filter(([start]) => start >= from && start < to);
      const longest = Math.max(0, ...tasks.map(([, duration]) => duration));
      return `${tasks.length} (longest ${longest.toFixed(0)} ms)`;
    };
    console.log(
      `250x250 Animate (${total} steps, speed x8): ${seconds.toFixed(1)} s from the click to ` +
        `the stored level; long tasks (> 50 ms): before the first frame ${part(0, playing)}, ` +
        `during the ${((previewed - playing) / 1000).toFixed(2)} s of frames ${part(playing, previewed)}, ` +
        `storing and showing the level ${part(storing, Infinity)}`,
    );
    expect((await editorRows(page)).length).toBe(501);
  }, 180_000);
});
