// The editor's document store (web/src/store.ts): strokes as one command each, undo and redo,
// the unsaved-changes count, open/new/replace, and what views hear.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../web/src/grid.js';
import { parseTags } from '../../web/src/level-meta.js';
import { DocumentStore } from '../../web/src/store.js';

const grid = (rows: string[]) => Grid.fromRows(rows) as Grid;

describe('DocumentStore', () => {
  it('makes a stroke one undo step, and a stroke that changes nothing no step at all', () => {
    const store = new DocumentStore(grid(['S..', '...', '..E']));
    const revisions: number[] = [];
    store.subscribe(() => revisions.push(store.revision));
    const stroke = store.beginStroke();
    stroke.paint(
      [
        { row: 1, col: 0 },
        { row: 1, col: 1 },
      ],
      '#',
    );
    stroke.paint(
      [
        { row: 1, col: 1 },
        { row: 1, col: 2 },
      ],
      '#',
    );
    expect(store.editing).toBe(true);
    stroke.commit();
    expect(store.editing).toBe(false);
    expect(store.grid.rows()).toEqual(['S..', '###', '..E']);
    expect(store.dirty).toBe(true);
    // A no-op click: heard, but no new revision (the answers shown still hold), no undo step.
    const noop = store.beginStroke();
    noop.paint([{ row: 1, col: 0 }], '#');
    noop.commit();
    expect(revisions).toEqual([1, 1]);
    store.undo();
    expect(store.grid.rows()).toEqual(['S..', '...', '..E']);
    expect(store.dirty).toBe(false);
    expect(store.canUndo).toBe(false);
    store.redo();
    expect(store.grid.rows()).toEqual(['S..', '###', '..E']);
  });

  it('puts a shape preview back with reset, and cancel leaves the level as it was', () => {
    const store = new DocumentStore(grid(['....', '....']));
    const stroke = store.beginStroke();
    stroke.paint(
      [
        { row: 0, col: 0 },
        { row: 0, col: 1 },
      ],
      '#',
    );
    stroke.reset();
    stroke.paint([{ row: 1, col: 3 }], '#');
    stroke.commit();
    expect(store.grid.rows()).toEqual(['....', '...#']);
    store.undo();
    expect(store.grid.rows()).toEqual(['....', '....']);
    const cancelled = store.beginStroke();
    cancelled.paint([{ row: 0, col: 0 }], 'S');
    cancelled.cancel();
    expect(store.grid.rows()).toEqual(['....', '....']);
    expect(store.canUndo).toBe(false);
  });

  it('counts unsaved changes cell by cell: painting a cell back makes the level clean', () => {
    const store = new DocumentStore(grid(['S.E']));
    store.paint([{ row: 0, col: 1 }], '#');
    expect(store.dirty).toBe(true);
    store.paint([{ row: 0, col: 1 }], '.');
    expect(store.dirty).toBe(false);
    store.resize(4, 1, 'top-left');
    expect(store.dirty).toBe(true);
    store.undo();
    expect(store.dirty).toBe(false);
  });

  it('opens another level with a new history, and the same level again as one undo step', () => {
    const store = new DocumentStore();
    expect(store.open({ levelId: 'castle', version: 3, rows: ['S#E'] })).toBeNull();
    expect(store.meta).toEqual({ id: 'castle', version: 3 });
    expect(store.canUndo).toBe(false);
    store.paint([{ row: 0, col: 1 }], '.');
    // Someone else's version 4 of the same level: mine is one undo away.
    store.open({ levelId: 'castle', version: 4, rows: ['S..E'] });
    expect([store.grid.rows(), store.dirty]).toEqual([['S..E'], false]);
    store.undo();
    expect(store.grid.rows()).toEqual(['S.E']);
    expect(store.open({ levelId: 'bad', version: 1, rows: ['S.', '.'] })).toBe(
      'row 1 has 1 characters, row 0 has 2',
    );
    store.newLevel();
    expect([store.meta, store.grid.rows()[0], store.canUndo]).toEqual([
      { id: 'untitled', version: 0 },
      'S.........',
      false,
    ]);
  });

  it('tells views the cells a stroke paints, and "all" when the grid is replaced', () => {
    const store = new DocumentStore(grid(['...']));
    const heard: unknown[] = [];
    store.onCells((cells) => heard.push(cells));
    store.paint(
      [
        { row: 0, col: 2 },
        { row: 0, col: 5 },
      ],
      'E',
    );
    store.replace(grid(['S.E']));
    expect(heard).toEqual([[{ row: 0, col: 2 }], 'all']);
  });

  it('keeps a deleted level as a new one with unsaved changes', () => {
    const store = new DocumentStore();
    store.open({ levelId: 'gone', version: 2, rows: ['SE'] });
    store.markUnsaved({ id: 'gone', version: 0 });
    expect([store.meta.version, store.dirty]).toEqual([0, true]);
  });
});

describe('Grid geometry', () => {
  it('resizes around each of the 9 anchors', () => {
    const level = grid(['ab', 'cd']);
    expect(level.resized(4, 3, 'top-left').rows()).toEqual(['ab..', 'cd..', '....']);
    expect(level.resized(4, 3, 'bottom-right').rows()).toEqual(['....', '..ab', '..cd']);
    expect(level.resized(4, 4, 'centre').rows()).toEqual(['....', '.ab.', '.cd.', '....']);
    expect(level.resized(1, 1, 'bottom-right').rows()).toEqual(['d']);
    expect(level.resized(3, 2, 'top').rows()).toEqual(['ab.', 'cd.']);
    expect(level.resized(2, 3, 'left').rows()).toEqual(['ab', 'cd', '..']);
    expect(level.resized(4, 2, 'right').rows()).toEqual(['..ab', '..cd']);
    expect(level.resized(2, 4, 'bottom').rows()).toEqual(['..', '..', 'ab', 'cd']);
    expect(level.resized(3, 3, 'top-right').rows()).toEqual(['.ab', '.cd', '...']);
    expect(level.resized(3, 3, 'bottom-left').rows()).toEqual(['...', 'ab.', 'cd.']);
  });
});

describe('DocumentStore name and tags', () => {
  it('counts them as unsaved changes until saved, without a new revision', () => {
    const store = new DocumentStore(grid(['SE']));
    store.open({ levelId: 'castle', version: 2, rows: ['SE'], name: 'Castle', tags: ['a', 'b'] });
    expect(store.info).toEqual({ name: 'Castle', tags: 'a, b' });
    expect(store.dirty).toBe(false);
    const revision = store.revision;
    let heard = 0;
    store.subscribe(() => heard++);
    store.setInfo({ name: 'Castle ', tags: 'a,  b' });
    // The same name and tags, typed otherwise: nothing to save.
    expect(store.dirty).toBe(false);
    store.setInfo({ name: 'Keep', tags: 'a b' });
    expect([store.dirty, store.revision, heard]).toEqual([true, revision, 2]);
    // Saved: the fields take what the server stored (case-folded, sorted).
    store.markSaved(
      { id: 'castle', version: 3 },
      { levelId: 'castle', version: 3, rows: ['SE'], name: 'Keep', tags: ['a', 'b'] },
    );
    expect([store.dirty, store.info]).toEqual([false, { name: 'Keep', tags: 'a, b' }]);
    store.newLevel();
    expect(store.info).toEqual({ name: '', tags: '' });
    expect(parseTags(' hard,keys  intro, ')).toEqual(['hard', 'keys', 'intro']);
  });

  it('brings another version’s name and tags with its rows, and undo gives the typed back', () => {
    const store = new DocumentStore();
    store.open({ levelId: 'castle', version: 1, rows: ['S.E'], name: 'One', tags: ['a'] });
    store.setInfo({ name: 'Typed', tags: 'mine' });
    // Someone else's version 2, taken: its rows, name and tags, saved as they are.
    store.open({ levelId: 'castle', version: 2, rows: ['S#.E'], name: 'Two', tags: ['b'] });
    expect([store.grid.rows(), store.info, store.dirty]).toEqual([
      ['S#.E'],
      { name: 'Two', tags: 'b' },
      false,
    ]);
    store.undo();
    expect([store.grid.rows(), store.info, store.dirty]).toEqual([
      ['S.E'],
      { name: 'Typed', tags: 'mine' },
      true,
    ]);
    store.redo();
    expect([store.info, store.dirty]).toEqual([{ name: 'Two', tags: 'b' }, false]);
    // An old version viewed (a replace with its name and tags): undone with them.
    store.replace(grid(['S.E']), { name: 'One', tags: 'a' });
    expect([store.grid.rows(), store.info, store.dirty]).toEqual([
      ['S.E'],
      { name: 'One', tags: 'a' },
      true,
    ]);
    store.undo();
    expect([store.grid.rows(), store.info, store.dirty]).toEqual([
      ['S#.E'],
      { name: 'Two', tags: 'b' },
      false,
    ]);
    // A paste or a resize keeps the name and tags, undone or not.
    store.setInfo({ name: 'Typed', tags: 'mine' });
    store.replace(grid(['SE']));
    store.undo();
    expect(store.info).toEqual({ name: 'Typed', tags: 'mine' });
  });
});
