// The smaller items of issue 21, in Chromium with real input: a click that changes nothing
// keeps the paths; p, $ and r work while a checkbox has the focus; one Tab and Enter reach
// the grid (a skip link); Copy, Cut and Paste are in the tool bar whatever the tool; Delete
// and Backspace erase only on the grid; the "42" of a generated maze is drawn apart from its
// walls; the keys and titles on the controls, and the grid's description, are the COMMANDS
// table's.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridKeys, keysOf, titleOf, withKeys } from '../../web/src/commands.js';
import {
  type Browser,
  type Server,
  cellPoint,
  countColour,
  editorRows,
  openPanel,
  paint,
  pixel,
  startEditor,
  stopEditor,
  until,
} from './harness.js';

const PATH_BLUE: [number, number, number] = [0, 87, 217];
const WALL: [number, number, number] = [43, 51, 64];
const SOLID: [number, number, number] = [109, 63, 168];
let server: Server;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await startEditor());
});

afterAll(() => stopEditor(browser, server));

describe('the smaller items', () => {
  it('keeps both paths after a click that changes nothing', async () => {
    await until(() => page.getByTestId('steps').textContent()).toBe('16');
    await until(() => countColour(page, PATH_BLUE)).toBeGreaterThan(0);
    const blue = await countColour(page, PATH_BLUE);
    // Floor painted on floor, with the brush.
    await page.locator('.swatch[data-glyph="."]').click();
    const { x, y } = await cellPoint(page, 4, 4);
    await page.mouse.click(x, y);
    await page.waitForTimeout(300);
    expect(await countColour(page, PATH_BLUE)).toBe(blue);
    expect(await page.getByTestId('checking').isVisible()).toBe(false);
  });

  it('takes p, $ and r while a checkbox has the focus', async () => {
    const path = page.getByLabel('Fewest-steps path (p)');
    await path.focus();
    await page.keyboard.press('p');
    await until(() => path.isChecked()).toBe(false);
    await page.keyboard.press('$');
    await until(() => page.getByLabel('Cheapest path ($)').isChecked()).toBe(false);
    await page.keyboard.press('p');
    await until(() => path.isChecked()).toBe(true);
    await page.keyboard.press('r');
    await until(() => page.getByTestId('play').isDisabled()).toBe(true);
    await until(() => page.getByTestId('play').isEnabled()).toBe(true);
    await page.keyboard.press('$');
  });

  it('reaches the grid with one Tab and Enter (a skip link, the first stop)', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Labyrinth level editor' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the grid');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('grid');
  });

  it('shows Copy, Cut and Paste whatever the tool; Copy and Cut need a selection', async () => {
    const bar = page.getByRole('toolbar', { name: 'Tools' });
    const button = (name: string) => bar.getByRole('button', { name, exact: true });
    const state = async () =>
      Promise.all(
        ['Copy', 'Cut', 'Paste'].map(async (name) =>
          (await button(name).isVisible()) ? await button(name).isEnabled() : 'hidden',
        ),
      );
    for (const tool of ['Brush', 'Rectangle', 'Line', 'Fill', 'Pick', 'Select']) {
      await button(tool).click();
      expect({ tool, state: await state() }).toEqual({ tool, state: [false, false, true] });
    }
    // A box selected with Select: Copy and Cut come on; Escape clears it, and they go off.
    const from = await cellPoint(page, 1, 1);
    const to = await cellPoint(page, 2, 3);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await until(state).toEqual([true, true, true]);
    await page.keyboard.press('Escape');
    await until(state).toEqual([false, false, true]);
  });

  it('erases with Delete and Backspace only while the grid has the focus', async () => {
    // Two walls; the keyboard cursor is on the last cell clicked, (4, 7).
    await paint(page, '#', [
      [4, 6],
      [4, 7],
    ]);
    const before = await editorRows(page);
    expect(before[4].slice(6, 8)).toBe('##');
    // A checkbox, then a button, focused: the keys are theirs, not the level's.
    const path = page.getByLabel('Fewest-steps path (p)');
    const checked = await path.isChecked();
    for (const control of [path, page.getByRole('button', { name: 'Zoom to fit' })]) {
      await control.focus();
      await page.keyboard.press('Delete');
      await page.keyboard.press('Backspace');
    }
    expect(await path.isChecked()).toBe(checked);
    expect(await editorRows(page)).toEqual(before);
    // The grid focused: Delete erases the cursor's cell, Backspace the one left of it.
    await page.locator('.grid-scroller').focus();
    await page.keyboard.press('Delete');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Backspace');
    expect((await editorRows(page))[4]).toBe(before[4].slice(0, 6) + '..' + before[4].slice(8));
  });

  it('draws the "42" of a generated maze apart from its walls', async () => {
    await openPanel(page, 'Generate');
    const form = page.getByRole('form', { name: 'Generate a level' });
    await form.getByLabel('Save as id').fill('maze-42');
    await form.getByLabel('Width (cells)').fill('11');
    await form.getByLabel('Height (cells)').fill('7');
    await form.getByLabel('Seed').fill('5');
    await form.getByLabel('Draw the “42” pattern').check();
    await form.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('button', { name: 'Keep it (k)' }).click();
    await until(() => page.getByTestId('level-size').textContent()).toBe('23×15');
    // docs/generation.md's example: the 42's top-left cell is (3, 5) in rows (cell (2, 1)),
    // an ordinary wall at (2, 1).
    await until(() => pixel(page, 3, 5)).toEqual(SOLID);
    expect(await pixel(page, 2, 1)).toEqual(WALL);
    expect(await pixel(page, 0, 0)).toEqual(WALL);
  });

  it('shows the keys and titles of the COMMANDS table on the controls and the grid', async () => {
    const checks = page.getByTestId('check').locator('label.check');
    expect(
      await checks.evaluateAll((labels) =>
        labels.map((label) => [label.textContent?.trim(), (label as HTMLElement).title]),
      ),
    ).toEqual([
      [withKeys('Fewest-steps path', 'path'), titleOf('path')],
      [withKeys('Cheapest path', 'cheapest'), titleOf('cheapest')],
    ]);
    const shown = async (button: Locator) => [
      await button.textContent(),
      await button.getAttribute('title'),
    ];
    expect(await shown(page.getByTestId('play'))).toEqual([
      withKeys('Walk the path', 'walk'),
      titleOf('walk'),
    ]);
    expect(await shown(page.getByTestId('play-mode'))).toEqual([
      withKeys('Play', 'play'),
      titleOf('play'),
    ]);
    // The grid's accessible name says where the cursor is; its description, its keys (read
    // from Chromium's accessibility tree).
    const client = await page.context().newCDPSession(page);
    const { root } = await client.send('DOM.getDocument');
    const { nodeId } = await client.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '#grid',
    });
    const { nodes } = await client.send('Accessibility.getPartialAXTree', {
      nodeId,
      fetchRelatives: false,
    });
    expect(nodes[0].name?.value).toMatch(/^Level grid, 23 by 15\. Cursor at row \d+, column \d+: /);
    expect(nodes[0].description?.value).toBe(gridKeys());
    await client.detach();
    // Play mode, with the key its button shows: the play bar's buttons, from the table too.
    await page.locator('.grid-scroller').focus();
    await page.keyboard.press(keysOf('play'));
    const bar = page.getByTestId('play-bar');
    await bar.waitFor();
    expect(await shown(bar.getByRole('button').first())).toEqual([
      withKeys('Restart', 'play-restart'),
      titleOf('play-restart'),
    ]);
    expect(await shown(page.getByTestId('play-stop'))).toEqual([
      withKeys('Stop playing', 'play'),
      titleOf('play'),
    ]);
    await page.keyboard.press(keysOf('play'));
    await page.getByTestId('check').waitFor();
  });
});
