// Issue 23's insights and Play mode in Chromium with real pointer and keyboard events: the
// insights panel says what the API's checkLevel says, the overlays are read back from the
// canvas and go with their toggles; Play mode is driven by the keyboard only (P, arrows,
// W A S D, Esc, R): refused moves shake the grid, the key is picked up and its door drawn open,
// the step counter and the verdict against the best, and leaving Play finds the drawing as it
// was. With EDITOR_SCREENSHOTS=1 it writes docs/images/editor-insights.png and editor-play.png.
import { GraphQLClient } from 'graphql-request';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  type Server,
  cellPoint,
  countColour,
  editorRows,
  pixel,
  startEditor,
  stopEditor,
  until,
  useAscii,
  screenshot,
  editorArea,
} from './harness.js';
import { sentDocument } from '../support/editor-documents.js';

const FLOOR: [number, number, number] = [247, 245, 239];
const DEAD_END: [number, number, number] = [0, 137, 123];
const PLAYER: [number, number, number] = [255, 214, 0];
let server: Server;
let browser: Browser;
let page: Page;

// S's side holds key a in a dead end; the only way to E is door A; two cells at the bottom are
// walled in. By construction: the two pocket cells are unreachable, a is needed, the pocket
// cells and a's cell are dead ends, and E is reached by two shortest walks (over or under the
// wall at (1, 5)).
const LEVEL = ['S..#..E', '.#.#.#.', 'a#.A...', '#######', '#..####'];

beforeAll(async () => {
  ({ server, browser, page } = await startEditor());
});

afterAll(() => stopEditor(browser, server));

const useLevel = (rows: string[]) => useAscii(page, rows, 32);

async function shot(name: string): Promise<void> {
  await screenshot(page, `editor-${name}.png`, await editorArea(page, 560, true));
}

const near = (a: readonly number[], b: readonly number[], within = 40) =>
  a.reduce((sum, value, i) => sum + Math.abs(value - b[i]), 0) < within;

async function checkLevel(rows: string[]) {
  const client = new GraphQLClient(server.graphql);
  const { checkLevel } = await client.request<{
    checkLevel: {
      steps: number;
      unreachable: { row: number; col: number }[];
      neededKeys: string[];
      deadEnds: number;
      shortestWalks: number;
    };
  }>(
    `query ($rows: [String!]!) { checkLevel(rows: $rows) { ... on LevelDraft {
      steps unreachable { row col } neededKeys deadEnds shortestWalks } } }`,
    { rows },
  );
  return checkLevel;
}

describe('insights', () => {
  it('shows what checkLevel answers, and draws each overlay until its toggle is off', async () => {
    await useLevel(LEVEL);
    const api = await checkLevel(LEVEL);
    expect(api).toEqual({
      steps: 14,
      unreachable: [
        { row: 4, col: 1 },
        { row: 4, col: 2 },
      ],
      neededKeys: ['a'],
      deadEnds: 3,
      shortestWalks: 2,
    });
    await until(() => page.getByTestId('insight-walks').textContent()).toBe('2 shortest walks');
    expect(await page.getByTestId('insight-unreachable').textContent()).toBe(
      String(api.unreachable.length),
    );
    expect(await page.getByTestId('insight-needed').textContent()).toBe('a');
    expect(await page.getByTestId('insight-dead-ends').textContent()).toBe(String(api.deadEnds));
    // Dead ends are marked once their toggle is on (off at first: a maze is mostly dead ends).
    expect(await countColour(page, DEAD_END)).toBe(0);
    await page.getByLabel('Mark dead ends').click();
    // Unreachable: shaded; dead ends: a teal bar at the bottom of each (as many as the API
    // counts); the needed key: a dark ring.
    const shaded = await pixel(page, 4, 1, 0.2, 0.5);
    expect(near(shaded, FLOOR)).toBe(false);
    await until(() => pixel(page, 4, 2, 0.3, 0.85)).toEqual(DEAD_END);
    expect(await pixel(page, 4, 1, 0.3, 0.85)).toEqual(DEAD_END);
    // As many bars as the API counts: the cells teal near their bottom, off the middle (where
    // the paths run).
    const marked: [number, number][] = [];
    for (let row = 0; row < LEVEL.length; row++) {
      for (let col = 0; col < LEVEL[0].length; col++) {
        if (near(await pixel(page, row, col, 0.3, 0.85), DEAD_END, 10)) marked.push([row, col]);
      }
    }
    expect(marked).toEqual([
      [2, 0],
      [4, 1],
      [4, 2],
    ]);
    expect(marked).toHaveLength(api.deadEnds);
    // (Its left edge: the paths run through the middle of the cell.)
    const ring = await pixel(page, 2, 0, 0.035, 0.5);
    expect(ring[0] + ring[1] + ring[2]).toBeLessThan(200);
    await shot('insights');

    await page.getByLabel('Shade unreachable cells').click();
    await until(() => pixel(page, 4, 1, 0.2, 0.5)).toEqual(FLOOR);
    await page.getByLabel('Mark dead ends').click();
    await until(() => countColour(page, DEAD_END)).toBe(0);
    expect(await pixel(page, 4, 2, 0.3, 0.85)).toEqual(FLOOR);
    await page.getByLabel('Ring needed keys').click();
    await until(async () => {
      const [r, g, b] = await pixel(page, 2, 0, 0.035, 0.5);
      return r + g + b;
    }).toBeGreaterThan(400);
    for (const label of ['Shade unreachable cells', 'Mark dead ends', 'Ring needed keys']) {
      await page.getByLabel(label).click();
    }
    await until(() => pixel(page, 4, 2, 0.3, 0.85)).toEqual(DEAD_END);
  });

  it('says "unique solution", "E cannot be reached" and "1,000,000 or more"', async () => {
    await useLevel(['S..', '##.', '..E']);
    await until(() => page.getByTestId('insight-walks').textContent()).toBe('unique solution');
    // An open 13x13 room: C(24, 12) = 2,704,156 shortest walks from corner to corner.
    const room = Array.from({ length: 13 }, (_, row) =>
      row === 0 ? 'S' + '.'.repeat(12) : row === 12 ? '.'.repeat(12) + 'E' : '.'.repeat(13),
    );
    expect((await checkLevel(room)).shortestWalks).toBe(1_000_000);
    await useLevel(room);
    await until(() => page.getByTestId('insight-walks').textContent()).toBe(
      '1,000,000 or more shortest walks',
    );
    await useLevel(['S#E']);
    await until(() => page.getByTestId('insight-walks').textContent()).toBe(
      'E cannot be reached from S.',
    );
    // E is unreachable, so it is shaded too.
    expect(await page.getByTestId('insight-unreachable').textContent()).toBe('1');
  });
});

describe('Play mode', () => {
  const press = async (...keys: string[]) => {
    for (const key of keys) await page.keyboard.press(key);
  };
  const steps = () => page.getByTestId('play-steps').textContent();
  const message = () => page.getByTestId('play-message').textContent();
  const shakes = () => page.locator('.grid-stage').getAttribute('class');
  const animation = () =>
    page.locator('.grid-scroller').evaluate((element) => getComputedStyle(element).animationName);

  it('walks from S with the keyboard by the server’s rules, and leaves the drawing as it was', async () => {
    await useLevel(LEVEL);
    await until(() => page.getByTestId('insight-walks').textContent()).toBe('2 shortest walks');
    const before = await editorRows(page);
    // The walks the page asks for (each with the moves so far), and which fields.
    const walks: { query: string; moves: string }[] = [];
    const asked = (request: Request) => {
      const body = request.postDataJSON() as { variables?: { moves?: string } } | null;
      const query = sentDocument(request.postData());
      if (query.includes('query WalkLevel')) {
        walks.push({ query, moves: body!.variables!.moves! });
      }
    };
    page.on('request', asked);
    // P from anywhere outside a text field: here the grid has the focus.
    await page.locator('#grid').focus();
    const top = (await page.locator('.grid-spacer').boundingBox())!.y;
    await press('Shift+P');
    await until(() => page.getByTestId('play-bar').isVisible()).toBe(true);
    // The play bar takes the check line's place at its height: the grid does not move.
    expect((await page.locator('.grid-spacer').boundingBox())!.y).toBe(top);
    await until(() => page.getByTestId('play-best').textContent()).toBe('14');
    expect(await steps()).toBe('0');
    await until(() => pixel(page, 0, 0)).toEqual(PLAYER);
    // Up from S leaves the map: refused, the grid shakes, no step is counted.
    await press('ArrowUp');
    await until(shakes).toContain('shake-1');
    expect(await message()).toContain('Blocked');
    expect(await steps()).toBe('0');
    expect(await animation()).toBe('blocked-1');
    // To the door without its key: refused again (a new shake).
    await press('ArrowRight', 'd', 'ArrowDown', 's');
    await until(steps).toBe('4');
    // With reduced motion the grid does not move: its frame flashes instead.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await press('ArrowRight');
    await until(shakes).toContain('shake-0');
    expect(await animation()).toBe('blocked-flash-0');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await steps()).toBe('4');
    expect(await page.getByTestId('play-keys').textContent()).toBe('none');
    const door = await pixel(page, 2, 3, 0.25, 0.6);
    expect(near(door, FLOOR)).toBe(false);
    // R restarts from S; then fetch the key (W A S D), and the door opens.
    await press('r');
    await until(steps).toBe('0');
    await until(() => pixel(page, 0, 0)).toEqual(PLAYER);
    await press('s', 's');
    await until(() => page.getByTestId('play-keys').textContent()).toBe('a');
    await until(() => pixel(page, 2, 3, 0.25, 0.6)).toEqual(FLOOR);
    // To E with a detour of two steps: 16 against the best 14.
    await press('w', 'w', 'd', 'd', 's', 's', 'd', 'd', 'd', 'a', 'w', 'w', 'd', 'd');
    await until(message).toBe('You reached E in 16 steps; the best is 14.');
    expect(await steps()).toBe('16');
    await until(() => pixel(page, 0, 6)).toEqual(PLAYER);
    // The key was picked up: its cell is drawn taken (floor inside a dashed ring).
    expect(await pixel(page, 2, 0, 0.25, 0.6)).toEqual(FLOOR);
    await shot('play');
    // Moves after E are ignored; Escape restarts, and the best walk gets its own words.
    await press('ArrowDown');
    expect(await steps()).toBe('16');
    await press('Escape');
    await until(steps).toBe('0');
    await press(...'ssww dd ss dd ww dd'.replace(/ /g, '').split(''));
    await until(message).toBe('You reached E in 14 steps: the best there is.');
    page.off('request', asked);
    // Never the positions (their weight in the response budget would end a walk at about
    // 32,000 moves): the trail is drawn from S and the moves made.
    expect(walks.length).toBeGreaterThan(0);
    expect(walks.filter((walk) => walk.query.includes('positions'))).toEqual([]);
    expect(walks.at(-1)!.moves).toBe('DDUURRDDRRUURR');

    // Nothing edits while playing: a click with the brush, a glyph key, undo.
    await page.locator('.swatch[data-glyph="#"]').click();
    const { x, y } = await cellPoint(page, 0, 1);
    await page.mouse.click(x, y);
    await press('#', 'Control+z');
    await page.getByTestId('play-stop').click();
    await until(() => page.getByTestId('play-bar').count()).toBe(0);
    expect(await editorRows(page)).toEqual(before);
    expect(await pixel(page, 0, 0)).not.toEqual(PLAYER);
    // Editing again: the same click paints now.
    await page.mouse.click(x, y);
    expect((await editorRows(page))[0]).toBe('S#.#..E');
  });

  it('refuses to play an invalid level, with the reason', async () => {
    await useLevel(['S.S', '..E']);
    await page.getByTestId('play-mode').click();
    await until(() => page.getByTestId('problem').textContent()).toBe(
      'Cannot play this level: expected exactly one S',
    );
    expect(await page.getByTestId('play-bar').count()).toBe(0);
  });
});
