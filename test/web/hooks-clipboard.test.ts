// @vitest-environment happy-dom
// useClipboard (web/src/hooks/keyboard.ts) rendered in a component, with the browser's copy, cut
// and paste events and their DataTransfer: a selection goes to the system clipboard as ASCII
// rows, ASCII from it pastes as a block at the cursor or the pointer (one undo step), and text
// fields and Play mode keep their clipboard.
import { h } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '../../web/src/editor.js';
import { useClipboard } from '../../web/src/hooks/keyboard.js';
import { type Mounted, level, mountHook } from './hooks-harness.js';

const ROWS = ['S.#.', '.a#.', '..AE'];

let editor: Editor;
let page: Mounted;

beforeEach(async () => {
  editor = new Editor();
  expect(editor.store.open(level('castle', 1, ROWS))).toBeNull();
  page = await mountHook(() => useClipboard(editor), [h('textarea', { name: 'ascii' })]);
});

afterEach(async () => {
  await page.unmount();
  vi.restoreAllMocks();
});

/** A clipboard event as the browser fires it (Ctrl+C, X, V), at the body or a selector's element. */
function clipboard(type: 'copy' | 'cut' | 'paste', text = '', on: string | null = null) {
  const clipboardData = new DataTransfer();
  if (text) clipboardData.setData('text/plain', text);
  const event = new ClipboardEvent(type, { clipboardData, bubbles: true, cancelable: true });
  const target = on === null ? document.body : page.container.querySelector(on);
  if (!target) throw new Error(`no ${on} on the page`);
  target.dispatchEvent(event);
  return { prevented: event.defaultPrevented, text: clipboardData.getData('text/plain') };
}

function select(top: number, left: number, bottom: number, right: number): void {
  editor.tools.choose('select');
  editor.tools.selection = { top, left, bottom, right };
}

describe('useClipboard', () => {
  it('copies the selection to the clipboard as ASCII rows, and pastes it again', () => {
    select(0, 1, 1, 3);
    expect(clipboard('copy')).toEqual({ prevented: true, text: '.#.\na#.\n' });
    expect(editor.ui.status).toBe('Copied 3×2 cells (also as ASCII).');
    expect(editor.store.grid.rows()).toEqual(ROWS);
    expect(editor.store.dirty).toBe(false);
    // Nothing on the system clipboard: the block copied in this page.
    editor.tools.cursor = { row: 1, col: 0 };
    expect(clipboard('paste')).toEqual({ prevented: true, text: '' });
    expect(editor.store.grid.rows()).toEqual(['S.#.', '.#..', 'a#.E']);
    expect(editor.tools.selection).toEqual({ top: 1, left: 0, bottom: 2, right: 2 });
  });

  it('cuts: the ASCII to the clipboard, the cells to floor, in one undo step', () => {
    select(1, 1, 2, 2);
    expect(clipboard('cut')).toEqual({ prevented: true, text: 'a#\n.A\n' });
    expect(editor.ui.status).toBe('Cut 2×2 cells (also as ASCII).');
    expect(editor.store.grid.rows()).toEqual(['S.#.', '....', '...E']);
    editor.store.undo();
    expect(editor.store.grid.rows()).toEqual(ROWS);
  });

  it('pastes ASCII from the clipboard at the cursor, selected, as one undo step', () => {
    editor.tools.cursor = { row: 1, col: 1 };
    expect(clipboard('paste', '#b\r\nB#\r\n')).toEqual({ prevented: true, text: '#b\r\nB#\r\n' });
    expect(editor.store.grid.rows()).toEqual(['S.#.', '.#b.', '.B#E']);
    expect(editor.tools.toolId).toBe('select');
    expect(editor.tools.selection).toEqual({ top: 1, left: 1, bottom: 2, right: 2 });
    expect([editor.ui.status, editor.ui.problem]).toEqual(['Pasted.', '']);
    editor.store.undo();
    expect(editor.store.grid.rows()).toEqual(ROWS);
  });

  it('pastes at the cell under the pointer before the cursor, clipped to the level', () => {
    editor.tools.cursor = { row: 0, col: 0 };
    editor.tools.pointerCell = { row: 1, col: 2 };
    clipboard('paste', '123\n456\n');
    expect(editor.store.grid.rows()).toEqual(['S.#.', '.a12', '..45']);
    expect(editor.tools.selection).toEqual({ top: 1, left: 2, bottom: 2, right: 3 });
  });

  it('says why a text cannot be pasted, and changes nothing', () => {
    editor.set({ status: 'before' });
    expect(clipboard('paste', 'ab\nc')).toEqual({ prevented: true, text: 'ab\nc' });
    expect(editor.ui.problem).toBe('cannot paste that text: row 1 has 1 characters, row 0 has 2');
    expect(editor.ui.status).toBe('before');
    expect(editor.store.grid.rows()).toEqual(ROWS);
  });

  it('refuses text that is not a block of level glyphs, and the level stays as it was', () => {
    for (const text of ['hello world', '0']) {
      expect(clipboard('paste', text).prevented).toBe(true);
      expect(editor.ui.problem).toBe(
        `cannot paste that text: it is not a block of level glyphs ('${text[0]}' at row 0, column 0)`,
      );
    }
    expect(editor.store.grid.rows()).toEqual(ROWS);
    expect(editor.store.canUndo).toBe(false);
  });

  it('keeps a middle-button release from pasting, but in a text field', () => {
    const release = (on: Element) => {
      const event = new PointerEvent('pointerup', { button: 1, bubbles: true, cancelable: true });
      on.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(release(document.body)).toBe(true);
    expect(release(page.container.querySelector('textarea')!)).toBe(false);
  });

  it('leaves the clipboard to a text field, and to the browser without a selection', () => {
    select(0, 0, 1, 1);
    expect(clipboard('copy', '', 'textarea')).toEqual({ prevented: false, text: '' });
    expect(clipboard('cut', '', 'textarea')).toEqual({ prevented: false, text: '' });
    expect(clipboard('paste', '##', 'textarea')).toEqual({ prevented: false, text: '##' });
    editor.tools.selection = null;
    expect(clipboard('copy')).toEqual({ prevented: false, text: '' });
    expect(clipboard('cut')).toEqual({ prevented: false, text: '' });
    expect(editor.store.grid.rows()).toEqual(ROWS);
    expect(editor.ui.status).toBe('');
  });

  it('copies, cuts and pastes nothing while the level is played', () => {
    vi.spyOn(editor.play, 'active', 'get').mockReturnValue(true);
    select(0, 0, 1, 1);
    expect(clipboard('copy')).toEqual({ prevented: false, text: '' });
    expect(clipboard('cut')).toEqual({ prevented: false, text: '' });
    expect(clipboard('paste', '##')).toEqual({ prevented: false, text: '##' });
    expect(editor.store.grid.rows()).toEqual(ROWS);
  });

  it('stops listening when the page is gone', async () => {
    await page.unmount();
    select(0, 0, 1, 1);
    expect(clipboard('copy')).toEqual({ prevented: false, text: '' });
    expect(clipboard('paste', '##')).toEqual({ prevented: false, text: '##' });
    expect(editor.store.grid.rows()).toEqual(ROWS);
  });
});
