// @vitest-environment happy-dom
// useNavigation (web/src/hooks/navigation.ts) rendered in a component, with happy-dom's location and
// history and a stubbed server: `#level=ID` opens the level when the page opens and on
// hashchange (Back, Forward, an address typed), with no history entry of its own; opening a
// level from the page pushes one, so Back comes back to the level before; an address without a
// level is a new level; unsaved changes are asked about, and leaving the page asks with them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '../../web/src/editor.js';
import type { LevelFieldsFragment } from '../../web/src/gql/graphql.js';
import { useNavigation } from '../../web/src/hooks/navigation.js';
import { type Mounted, SETTLED, type Sent, level, mountHook, stubServer } from './hooks-harness.js';

const LEVELS: Record<string, LevelFieldsFragment> = {
  castle: level('castle', 2, ['S.#', '..E']),
  tower: level('tower', 5, ['S#', '.E']),
  'big hall': level('big hall', 1, ['S..E']),
};

let editor: Editor;
let page: Mounted | null;
let sent: Sent[];

/** The next macrotask: happy-dom fires hashchange from a timer. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Resolves with the next hashchange event, once the page's listeners have heard it. */
const hashChange = () =>
  new Promise<void>((resolve) =>
    window.addEventListener('hashchange', () => resolve(), { once: true }),
  );

/** The ids the page asked OpenLevel for, in order. */
const opened = () =>
  sent.filter((s) => s.operation === 'OpenLevel').map((s) => [s.variables.id, s.variables.version]);

async function mount(): Promise<void> {
  page = await mountHook(() => useNavigation(editor));
}

async function showing(id: string, version: number): Promise<void> {
  await vi.waitFor(() => expect(editor.store.meta).toEqual({ id, version }), SETTLED);
}

beforeEach(async () => {
  history.replaceState(null, '', '/');
  await nextTask();
  editor = new Editor();
  page = null;
  sent = stubServer(({ operation, variables }) => {
    if (operation !== 'OpenLevel') throw new Error(`unexpected ${operation}`);
    return { level: LEVELS[String(variables.id)] ?? null };
  });
});

afterEach(async () => {
  await page?.unmount();
  vi.unstubAllGlobals();
});

describe('useNavigation', () => {
  it('opens the level the address names when the page opens, adding no entry', async () => {
    history.replaceState(null, '', '/#level=castle');
    await nextTask();
    const entries = history.length;
    await mount();
    await showing('castle', 2);
    expect(editor.store.grid.rows()).toEqual(['S.#', '..E']);
    expect(opened()).toEqual([['castle', null]]);
    expect([history.length, location.hash]).toEqual([entries, '#level=castle']);
  });

  it('follows #level= on hashchange, adding no entry of its own', async () => {
    await mount();
    expect(opened()).toEqual([]);
    location.hash = '#level=tower';
    const entries = history.length;
    await showing('tower', 5);
    location.hash = '#level=big%20hall';
    await showing('big hall', 1);
    expect(opened()).toEqual([
      ['tower', null],
      ['big hall', null],
    ]);
    expect(history.length).toBe(entries + 1);
  });

  it('opens the stored level even when the unsaved one on the page has its id', async () => {
    await mount();
    editor.store.setId('tower');
    expect(editor.store.meta).toEqual({ id: 'tower', version: 0 });
    location.hash = '#level=tower';
    await showing('tower', 5);
    expect(editor.store.grid.rows()).toEqual(['S#', '.E']);
    expect(opened()).toEqual([['tower', null]]);
  });

  it('opening a level pushes an entry: Back and Forward go between the two levels', async () => {
    await mount();
    location.hash = '#level=castle';
    await showing('castle', 2);
    const entries = history.length;
    editor.open('tower');
    await showing('tower', 5);
    expect([history.length, location.hash]).toEqual([entries + 1, '#level=tower']);
    history.back();
    await showing('castle', 2);
    expect([history.length, location.hash]).toEqual([entries + 1, '#level=castle']);
    history.forward();
    await showing('tower', 5);
    expect(opened()).toEqual([
      ['castle', null],
      ['tower', null],
      ['castle', null],
      ['tower', null],
    ]);
    expect(history.length).toBe(entries + 1);
  });

  it('goes back to a new level at an address without a level', async () => {
    await mount();
    location.hash = '#level=castle';
    await showing('castle', 2);
    const entries = history.length;
    history.back();
    await showing('untitled', 0);
    expect(editor.store.grid.rows()).toEqual(new Editor().store.grid.rows());
    expect(editor.ui.status).toBe('New level: name it, draw it, save it.');
    expect([history.length, location.pathname + location.hash]).toEqual([entries, '/']);
  });

  it('asks before following an address away from unsaved changes', async () => {
    await mount();
    location.hash = '#level=castle';
    await showing('castle', 2);
    editor.store.paint([{ row: 1, col: 0 }], '#');
    const heard = hashChange();
    location.hash = '#level=tower';
    await heard;
    await nextTask();
    expect(editor.ui.pending).toEqual({ kind: 'open', id: 'tower', push: false });
    expect(editor.store.meta).toEqual({ id: 'castle', version: 2 });
    expect(opened()).toEqual([['castle', null]]);
  });

  it('asks before the page is left with unsaved changes, and only then', async () => {
    await mount();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return [event.defaultPrevented, (event as { returnValue?: unknown }).returnValue];
    };
    expect(leave()).toEqual([false, undefined]);
    editor.store.paint([{ row: 0, col: 1 }], '#');
    expect(leave()).toEqual([true, '']);
    editor.store.undo();
    expect(leave()).toEqual([false, undefined]);
  });

  it('stops following the address and asking when the page is gone', async () => {
    await mount();
    await page?.unmount();
    page = null;
    const heard = hashChange();
    location.hash = '#level=castle';
    await heard;
    await nextTask();
    expect(opened()).toEqual([]);
    editor.store.paint([{ row: 0, col: 1 }], '#');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
