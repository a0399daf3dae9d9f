// Merging two versions cell by cell (web/src/merge.ts): the diff of two grids (the overlap when
// the sizes differ), choices per cell and for all as one undo step each in the document store,
// what each differing cell holds read from the drawing, and the session's beginning and end.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../web/src/grid.js';
import { Merge, chooseAll, diffGrids, diffIndex, sideOf } from '../../web/src/merge.js';
import { DocumentStore } from '../../web/src/store.js';
import { type WriteDriver, Writer } from '../../web/src/writes.js';

const grid = (rows: string[]) => Grid.fromRows(rows) as Grid;
const level = (rows: string[], version = 2) => ({ levelId: 'keep', version, rows });
/** A writer whose every write is refused (the tests that do not write). */
const idle = () =>
  new Writer({
    send: () => Promise.resolve({ kind: 'refused', message: 'no' }),
    current: () => Promise.resolve(null),
    stored: () => {},
    problem: () => {},
  });

describe('diffGrids', () => {
  it('finds the differing cells row by row, with a mask to look them up', () => {
    const diff = diffGrids(grid(['S..', '.#.', '..E']), grid(['S#.', '.#.', '2.E']));
    expect(diff.cells).toEqual([
      { row: 0, col: 1 },
      { row: 2, col: 0 },
    ]);
    expect(diff.sameSize).toBe(true);
    expect(diffIndex(diff, { row: 2, col: 0 })).toBe(1);
    expect(diffIndex(diff, { row: 1, col: 1 })).toBe(-1);
    expect(diffIndex(diff, { row: 5, col: 0 })).toBe(-1);
  });

  it('compares the overlap when the sizes differ, and says so', () => {
    const diff = diffGrids(grid(['S...', '...E']), grid(['S.#', '..E', '...']));
    expect([diff.width, diff.height, diff.sameSize]).toEqual([3, 2, false]);
    expect(diff.cells).toEqual([
      { row: 0, col: 2 },
      { row: 1, col: 2 },
    ]);
  });

  it('is quick on a 1000x1000 level', () => {
    const mine = Grid.filled(1000, 1000);
    const theirs = mine.clone();
    for (let i = 0; i < 1000; i++) theirs.set(i, 999 - i, '#');
    const start = performance.now();
    const diff = diffGrids(mine, theirs);
    expect(diff.cells.length).toBe(1000);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('choosing', () => {
  const mine = grid(['S..', '..E']);
  const theirs = grid(['S#.', '.2E']);

  it('reads each differing cell’s side from the drawing', () => {
    const drawing = grid(['S#.', '.3E']);
    expect(sideOf(drawing, mine, theirs, { row: 0, col: 1 })).toBe('theirs');
    expect(sideOf(drawing, mine, theirs, { row: 1, col: 1 })).toBe('edited');
    expect(sideOf(mine, mine, theirs, { row: 1, col: 1 })).toBe('mine');
    expect(sideOf(grid(['S.']), mine, theirs, { row: 1, col: 1 })).toBe('edited');
  });

  it('takes one side for all differing cells, and the other size whole', () => {
    const diff = diffGrids(mine, theirs);
    expect(chooseAll(mine, diff, theirs).rows()).toEqual(['S#.', '.2E']);
    expect(chooseAll(theirs, diff, mine).rows()).toEqual(['S..', '..E']);
    const bigger = grid(['S#..', '.2.E']);
    const across = diffGrids(mine, bigger);
    expect(chooseAll(mine, across, bigger).rows()).toEqual(['S#..', '.2.E']);
  });

  it('makes each choice one undo step, and steps round the differences', () => {
    const store = new DocumentStore(grid(['S...', '....', '...E']), { id: 'keep', version: 1 });
    store.paint([{ row: 1, col: 1 }], '#');
    const merge = new Merge(store, idle());
    expect(merge.start(level(['S.#.', '....', '..2E']), 'compare')).toBeNull();
    const session = merge.session!;
    expect(session.diff.cells).toEqual([
      { row: 0, col: 2 },
      { row: 1, col: 1 },
      { row: 2, col: 2 },
    ]);
    expect(merge.currentCell()).toMatchObject({ mine: '.', theirs: '#', side: 'mine' });
    merge.takeTheirsHere();
    expect(store.grid.rows()).toEqual(['S.#.', '.#..', '...E']);
    expect(merge.taken()).toBe(1);
    merge.step(-1);
    expect(merge.currentCell()).toMatchObject({ cell: { row: 2, col: 2 }, theirs: '2' });
    merge.takeTheirsHere();
    expect(merge.select({ row: 1, col: 1 })).toBe(true);
    expect(merge.select({ row: 0, col: 0 })).toBe(false);
    merge.takeTheirsHere();
    merge.keepMineHere();
    expect(store.grid.rows()).toEqual(['S.#.', '.#..', '..2E']);
    store.undo();
    expect(store.grid.rows()).toEqual(['S.#.', '....', '..2E']);
    expect(merge.taken()).toBe(3);
    merge.keepAllMine();
    expect(store.grid.rows()).toEqual(['S...', '.#..', '...E']);
    merge.takeAllTheirs();
    expect(store.grid.rows()).toEqual(['S.#.', '....', '..2E']);
    store.undo();
    store.undo();
    expect(store.grid.rows()).toEqual(['S.#.', '....', '..2E']);
    // Theirs is newer: a merged save expects it.
    expect(merge.expected).toBe(2);
  });

  it('takes the other size whole for all theirs when the sizes differ', () => {
    const store = new DocumentStore(grid(['S..', '..E']), { id: 'keep', version: 1 });
    const merge = new Merge(store, idle());
    merge.start(level(['S#..', '...E', '....']), 'compare');
    expect(merge.session!.diff.sameSize).toBe(false);
    expect(merge.session!.diff.cells).toEqual([
      { row: 0, col: 1 },
      { row: 1, col: 2 },
    ]);
    merge.takeAllTheirs();
    expect(store.grid.rows()).toEqual(['S#..', '...E', '....']);
    merge.keepAllMine();
    expect(store.grid.rows()).toEqual(['S..', '..E']);
  });
});

describe('a merge session', () => {
  it('ends when the drawing is saved or another version opened', () => {
    const store = new DocumentStore(grid(['S..E']), { id: 'keep', version: 1 });
    const merge = new Merge(store, idle());
    merge.start(level(['S#.E'], 2), 'compare');
    merge.takeTheirsHere();
    expect(merge.session).not.toBeNull();
    store.markSaved({ id: 'keep', version: 3 });
    expect(merge.session).toBeNull();
  });

  it('compares with a version read, and saves the merge expecting the newer of the two', async () => {
    const store = new DocumentStore(grid(['S..E']), { id: 'keep', version: 3 });
    const sent: [string, number][] = [];
    const writer = new Writer({
      send: (intent, expected) => {
        sent.push([intent.id, expected]);
        return Promise.resolve({ kind: 'refused', message: 'no' });
      },
      current: () => Promise.resolve(null),
      stored: () => {},
      problem: () => {},
    });
    const problems: string[] = [];
    const read = (_id: string, version: number | null) =>
      Promise.resolve(version === 9 ? null : level(['S#.E'], version ?? 4));
    const merge = new Merge(store, writer, (message) => problems.push(message), read);
    await merge.compare(9);
    expect(problems).toEqual(['cannot compare: no version 9 of keep']);
    // An old version: the save expects the drawing's own.
    await merge.compare(1);
    expect(merge.session).toMatchObject({ origin: 'compare', version: 1 });
    merge.save();
    // The current one, newer: the save expects it.
    await merge.compare(null);
    merge.save();
    expect(sent).toEqual([
      ['keep', 3],
      ['keep', 4],
    ]);
  });

  it('begins with a refused save and ends when the conflict is answered', async () => {
    const store = new DocumentStore(grid(['S..E']), { id: 'keep', version: 1 });
    const outcomes = [{ kind: 'conflict', currentVersion: 2 } as const];
    const driver: WriteDriver = {
      send: () => Promise.resolve(outcomes.shift() ?? { kind: 'refused', message: 'no' }),
      current: () => Promise.resolve({ ...level(['S#.E']), name: null, tags: [] } as never),
      stored: () => {},
      problem: () => {},
    };
    const writer = new Writer(driver);
    const merge = new Merge(store, writer);
    await writer.run({ kind: 'save', id: 'keep' }, 1);
    expect(merge.session).toMatchObject({ origin: 'conflict', version: 2 });
    expect(merge.session!.diff.cells).toEqual([{ row: 0, col: 1 }]);
    writer.dismissConflict();
    expect(merge.session).toBeNull();
  });
});
