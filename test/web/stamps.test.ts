// Stamps (web/src/stamps.ts) and the Clipboard that holds them (web/src/clipboard.ts): turns and
// flips with their gates, text that is not a block of glyphs refused, a floating paste turned in
// place (one undo step), transparent paste, and the saved stamps of each level.
import { describe, expect, it } from 'vitest';
import { Clipboard } from '../../web/src/clipboard.js';
import { Grid } from '../../web/src/grid.js';
import { SavedStamps, TRANSPARENT_KEY, stampOf, stampsKey, turned } from '../../web/src/stamps.js';
import { DocumentStore } from '../../web/src/store.js';
import { createToolBox } from '../../web/src/tools/index.js';

const grid = (rows: string[]) => Grid.fromRows(rows) as Grid;
const BLOCK = grid(['>#a', '^.v']);

/** A Storage in memory. */
function memory(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

function setup(rows: string[], id = 'castle') {
  const store = new DocumentStore(grid(rows), { id, version: 1 });
  const tools = createToolBox(store);
  const ui = { status: '', problem: '' };
  const storage = memory();
  const clipboard = new Clipboard(
    {
      store,
      tools,
      play: { active: false },
      set: (patch) => Object.assign(ui, patch),
    },
    new SavedStamps(storage),
  );
  const data = (text = '') => ({ getData: () => text, setData: () => {} });
  return { store, tools, ui, clipboard, storage, data };
}

describe('stamps', () => {
  it('turn a quarter each way and flip, the gates turning with them', () => {
    expect(turned(BLOCK, 'clockwise').rows()).toEqual(['>v', '.#', '<a']);
    expect(turned(BLOCK, 'anticlockwise').rows()).toEqual(['a>', '#.', '^<']);
    expect(turned(BLOCK, 'flip-x').rows()).toEqual(['a#<', 'v.^']);
    expect(turned(BLOCK, 'flip-y').rows()).toEqual(['v.^', '>#a']);
    // Four quarter turns, or two flips, are the block again.
    let block = BLOCK;
    for (let i = 0; i < 4; i++) block = turned(block, 'clockwise');
    expect(block.rows()).toEqual(BLOCK.rows());
    expect(turned(turned(BLOCK, 'clockwise'), 'anticlockwise').rows()).toEqual(BLOCK.rows());
    expect(turned(turned(BLOCK, 'flip-x'), 'flip-x').rows()).toEqual(BLOCK.rows());
  });

  it('takes text only when it is a block of level glyphs', () => {
    expect((stampOf('#.\r\nSE\r\n') as Grid).rows()).toEqual(['#.', 'SE']);
    expect(stampOf('hello world')).toBe(
      "it is not a block of level glyphs ('h' at row 0, column 0)",
    );
    expect(stampOf('0')).toBe("it is not a block of level glyphs ('0' at row 0, column 0)");
    expect(stampOf('#.#\n# #')).toBe(
      'it is not a block of level glyphs (a space at row 1, column 1)',
    );
    expect(stampOf('ab\nc')).toBe('row 1 has 1 characters, row 0 has 2');
  });

  it('are saved per level, 9 at most, and what is not a block reads as an empty slot', () => {
    const storage = memory();
    const saved = new SavedStamps(storage);
    expect(saved.slots('castle')).toEqual(Array(9).fill(null));
    expect(saved.write('castle', 0, ['#.', '.#'])).toBeNull();
    expect(saved.write('castle', 2, ['S'])).toBeNull();
    expect(saved.slots('castle').slice(0, 3)).toEqual([['#.', '.#'], null, ['S']]);
    expect(saved.slots('keep')).toEqual(Array(9).fill(null));
    expect(JSON.parse(storage.items.get(stampsKey('castle'))!)[2]).toEqual(['S']);
    expect(stampsKey('')).toBe('labyrinth.stamps:(new level)');
    storage.items.set(stampsKey('odd'), JSON.stringify([['hello'], 7, ['##']]));
    expect(saved.slots('odd').slice(0, 3)).toEqual([null, null, ['##']]);
    storage.items.set(stampsKey('broken'), '{');
    expect(saved.slots('broken')).toEqual(Array(9).fill(null));
    expect(saved.write('castle', 0, null)).toBeNull();
    expect(saved.slots('castle')[0]).toBeNull();
  });
});

describe('the clipboard’s stamp', () => {
  it('turns a floating paste in place: one undo step, the cells under it as they were', () => {
    const { store, tools, clipboard, data } = setup(['>#a...', '^.v...', '######', '######']);
    tools.choose('select');
    tools.selection = { top: 0, left: 0, bottom: 1, right: 2 };
    expect(clipboard.run('copy', data())).toBe(true);
    tools.pointerCell = { row: 1, col: 3 };
    clipboard.run('paste', data('>#a\n^.v\n'));
    expect(store.grid.rows()).toEqual(['>#a...', '^.v>#a', '###^.v', '######']);
    clipboard.turn('clockwise');
    expect(clipboard.stamp!.rows()).toEqual(['>v', '.#', '<a']);
    expect(store.grid.rows()).toEqual(['>#a...', '^.v>v.', '###.##', '###<a#']);
    expect(tools.selection).toEqual({ top: 1, left: 3, bottom: 3, right: 4 });
    // Transparent: the floor of the stamp leaves the wall under it.
    clipboard.toggleTransparent();
    expect(store.grid.rows()).toEqual(['>#a...', '^.v>v.', '######', '###<a#']);
    store.undo();
    expect(store.grid.rows()).toEqual(['>#a...', '^.v...', '######', '######']);
    // Not floating any more (the level changed since): the stamp turns, the level stays.
    clipboard.turn('flip-y');
    expect(clipboard.stamp!.rows()).toEqual(['<a', '.#', '>^']);
    expect(store.grid.rows()).toEqual(['>#a...', '^.v...', '######', '######']);
  });

  it('keeps transparent paste for the next visit, whatever the level', () => {
    const { clipboard, storage } = setup(['#.', '.#']);
    expect(clipboard.transparent).toBe(false);
    clipboard.toggleTransparent();
    expect(storage.items.get(TRANSPARENT_KEY)).toBe('1');
    // Another page, another level, the same browser storage.
    const other = setup(['..'], 'keep');
    const next = new Clipboard(
      { store: other.store, tools: other.tools, play: { active: false }, set: () => {} },
      new SavedStamps(storage),
    );
    expect(next.transparent).toBe(true);
    next.toggleTransparent();
    expect([storage.items.get(TRANSPARENT_KEY), new SavedStamps(storage).transparent()]).toEqual([
      '0',
      false,
    ]);
    // What the browser refuses or garbles reads as off.
    storage.items.set(TRANSPARENT_KEY, 'yes');
    expect(new SavedStamps(storage).transparent()).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(new SavedStamps(refusing).transparent()).toBe(false);
    expect(() => new SavedStamps(refusing).keepTransparent(true)).not.toThrow();
  });

  it('pastes the stamp as turned when the system clipboard holds what was copied', () => {
    const { store, tools, clipboard, ui, data } = setup(['>.', '..', '..']);
    tools.choose('select');
    tools.selection = { top: 0, left: 0, bottom: 0, right: 1 };
    clipboard.run('copy', data());
    clipboard.turn('clockwise');
    tools.cursor = { row: 1, col: 1 };
    clipboard.run('paste', data('>.\r\n'));
    expect(store.grid.rows()).toEqual(['>.', '.v', '..']);
    // Other text is refused, and the level stays as it was.
    clipboard.run('paste', data('hello world'));
    expect(ui.problem).toBe(
      "cannot paste that text: it is not a block of level glyphs ('h' at row 0, column 0)",
    );
    expect(store.grid.rows()).toEqual(['>.', '.v', '..']);
  });

  it('saves the stamp in the first empty slot, picks it again, and keeps every slot', () => {
    const { tools, clipboard, ui, data } = setup(['#.', '.#']);
    clipboard.save();
    expect(ui.problem).toBe('no stamp to save: copy a selection first');
    tools.choose('select');
    tools.selection = { top: 0, left: 0, bottom: 1, right: 1 };
    clipboard.run('copy', data());
    for (let i = 0; i < 9; i++) clipboard.save();
    expect(ui.status).toBe('Saved the stamp as stamp 9.');
    clipboard.save();
    expect(ui.problem).toBe('every stamp slot is taken: forget one first');
    expect(clipboard.slots().every((rows) => rows?.join('/') === '#./.#')).toBe(true);
    clipboard.forget(4);
    expect(clipboard.slots()[4]).toBeNull();
    clipboard.turn('flip-x');
    clipboard.pick(0);
    expect(clipboard.stamp!.rows()).toEqual(['#.', '.#']);
  });
});
