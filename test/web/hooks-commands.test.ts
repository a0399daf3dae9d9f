// @vitest-environment happy-dom
// useCommands (web/src/hooks/keyboard.ts) rendered in a component, with key events dispatched as the
// browser sends them: the command the COMMANDS table names for the mode runs, with the editor
// and the event; text fields keep their keys but Ctrl+S; the browser's default is prevented
// exactly when a command runs.
import { h } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMANDS, type Mode } from '../../web/src/commands.js';
import { Editor } from '../../web/src/editor.js';
import { useCommands } from '../../web/src/hooks/keyboard.js';
import { type Mounted, mountHook } from './hooks-harness.js';

let editor: Editor;
let page: Mounted;

beforeEach(async () => {
  editor = new Editor();
  page = await mountHook(
    () => useCommands(editor),
    [
      h('div', { class: 'grid-scroller', tabIndex: 0 }),
      h('input', { type: 'text', name: 'id' }),
      h('textarea', { name: 'ascii' }),
      h('input', { type: 'checkbox', name: 'path' }),
    ],
  );
});

afterEach(async () => {
  await page.unmount();
  vi.restoreAllMocks();
});

/** A key pressed with the focus on `on` (a selector; the page's body when null). */
function press(key: string, on: string | null = null, mods: KeyboardEventInit = {}) {
  const target = on === null ? document.body : page.container.querySelector(on);
  if (!target) throw new Error(`no ${on} on the page`);
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...mods });
  target.dispatchEvent(event);
  return event;
}

/** Every command's `perform` replaced by a spy: the ids of the commands run, in order. */
function recordCommands(): string[] {
  const ran: string[] = [];
  for (const command of COMMANDS) {
    vi.spyOn(command, 'perform').mockImplementation(() => {
      ran.push(command.id);
    });
  }
  return ran;
}

function enterMode(mode: Mode): void {
  vi.spyOn(editor.play, 'active', 'get').mockReturnValue(mode === 'play');
  const shown = mode === 'animate' || mode === 'preview';
  vi.spyOn(editor.animation, 'active', 'get').mockReturnValue(shown);
  vi.spyOn(editor.animation, 'mode', 'get').mockReturnValue(shown ? mode : null);
}

type Press = [key: string, on: string | null, mods: KeyboardEventInit, ran: string[]];

const ctrl = { ctrlKey: true };

const PRESSES: Record<Mode, Press[]> = {
  edit: [
    ['u', null, {}, ['tool-rectangle']],
    ['#', null, {}, ['glyph']],
    ['r', null, {}, ['walk']],
    ['P', null, {}, ['play']],
    ['g', null, {}, ['animate']],
    ['z', null, ctrl, ['undo']],
    ['Z', null, { ctrlKey: true, shiftKey: true }, ['redo']],
    ['s', null, { metaKey: true }, ['save']],
    ['Escape', null, {}, ['escape']],
    // Arrows and Space belong to the grid: elsewhere the page scrolls and buttons press.
    ['ArrowUp', null, {}, []],
    ['ArrowUp', '.grid-scroller', {}, ['cursor']],
    [' ', null, {}, []],
    [' ', '.grid-scroller', {}, ['activate']],
    ['w', null, {}, []],
  ],
  play: [
    ['ArrowUp', null, {}, ['play-move']],
    ['w', null, {}, ['play-move']],
    ['r', null, {}, ['play-restart']],
    ['Escape', null, {}, ['play-restart']],
    ['P', null, {}, ['play']],
    ['s', null, ctrl, ['save']],
    ['u', null, {}, []],
    ['#', null, {}, []],
    ['z', null, ctrl, []],
    ['g', null, {}, []],
  ],
  animate: [
    [' ', null, {}, ['animate-pause']],
    [']', null, {}, ['animate-speed']],
    ['End', null, {}, ['animate-skip']],
    ['Escape', null, {}, ['animate-stop']],
    ['g', null, {}, ['animate']],
    // Ctrl+S during Animate: skip to the end and keep the maze (docs/editor.md).
    ['s', null, ctrl, ['save']],
    ['u', null, {}, []],
    ['ArrowUp', '.grid-scroller', {}, []],
  ],
  preview: [
    ['k', null, {}, ['preview-keep']],
    ['Escape', null, {}, ['preview-discard']],
    // Ctrl+S during a preview: keep it (docs/editor.md).
    ['s', null, ctrl, ['save']],
    ['g', null, {}, []],
    ['End', null, {}, []],
    ['u', null, {}, []],
    ['z', null, ctrl, []],
  ],
};

describe('useCommands', () => {
  for (const mode of ['edit', 'play', 'animate', 'preview'] as const) {
    it(`runs the command the table names in ${mode} mode, and prevents the default then only`, () => {
      enterMode(mode);
      const ran = recordCommands();
      const seen = PRESSES[mode].map(([key, on, mods]) => {
        ran.length = 0;
        const event = press(key, on, mods);
        return [key, on, mods, [...ran], event.defaultPrevented];
      });
      expect(seen).toEqual(
        PRESSES[mode].map(([key, on, mods, expected]) => [
          key,
          on,
          mods,
          expected,
          expected.length > 0,
        ]),
      );
    });
  }

  it('hands the command the editor and the key event', () => {
    expect(editor.tools.toolId).toBe('brush');
    press('u');
    expect(editor.tools.toolId).toBe('rectangle');
    press('a');
    expect([editor.tools.toolId, editor.tools.glyph]).toEqual(['rectangle', 'a']);
    const before = editor.store.grid.get(2, 3);
    editor.store.paint([{ row: 2, col: 3 }], '#');
    press('z', null, ctrl);
    expect(editor.store.grid.get(2, 3)).toBe(before);
    press('ArrowRight', '.grid-scroller');
    press('ArrowDown', '.grid-scroller');
    expect(editor.tools.cursor).toEqual({ row: 1, col: 1 });
    enterMode('play');
    const move = vi.spyOn(editor.play, 'move').mockImplementation(async () => {});
    press('ArrowLeft');
    press('d');
    expect(move.mock.calls).toEqual([['L'], ['R']]);
  });

  it('leaves plain keys to text fields, but saves on Ctrl+S from them', () => {
    const save = vi.spyOn(editor, 'save').mockImplementation(() => {});
    const erase = vi.spyOn(editor, 'erase');
    for (const [key, field] of [
      ['u', 'input[name=id]'],
      ['#', 'textarea'],
      ['Delete', 'input[name=id]'],
      ['z', 'textarea'],
    ] as const) {
      const event = press(key, field);
      expect([key, field, event.defaultPrevented]).toEqual([key, field, false]);
    }
    expect([editor.tools.toolId, editor.tools.glyph]).toEqual(['brush', '#']);
    expect(erase).not.toHaveBeenCalled();
    expect(press('z', 'textarea', ctrl).defaultPrevented).toBe(false);
    expect(press('s', 'textarea', ctrl).defaultPrevented).toBe(true);
    expect(press('s', 'input[name=id]', ctrl).defaultPrevented).toBe(true);
    expect(save).toHaveBeenCalledTimes(2);
    // A checkbox is no text field: its keys are the page's.
    expect(press('p', 'input[name=path]').defaultPrevented).toBe(true);
    expect(editor.ui.showPath).toBe(false);
  });

  it('leaves copy, cut and paste to the browser, and other keys alone', () => {
    const ran = recordCommands();
    const keys = [
      press('c', null, ctrl),
      press('x', null, ctrl),
      press('v', null, ctrl),
      press('q'),
      press('ArrowDown'),
      press('s', null, { ctrlKey: true, altKey: true }),
    ];
    expect(ran).toEqual([]);
    expect(keys.map((event) => event.defaultPrevented)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('stops listening when the page is gone', async () => {
    await page.unmount();
    const event = press('u');
    expect(editor.tools.toolId).toBe('brush');
    expect(event.defaultPrevented).toBe(false);
  });
});
