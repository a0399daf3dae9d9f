// The editor's level model (web/src/grid.ts): plain code, tested here without a browser.
import { describe, expect, it } from 'vitest';
import { Grid, UndoStack, cellsBetween } from '../../web/src/grid.js';

const grid = (rows: string[]) => {
  const made = Grid.fromRows(rows);
  if (typeof made === 'string') throw new Error(made);
  return made;
};

describe('Grid', () => {
  it('reads rows and gives them back, counting code points', () => {
    const level = grid(['S.#', '...', '#.E']);
    expect([level.width, level.height]).toEqual([3, 3]);
    expect(level.rows()).toEqual(['S.#', '...', '#.E']);
    expect(level.text()).toBe('S.#\n...\n#.E\n');
    expect(grid(['S😀E']).width).toBe(3);
  });

  it('refuses what is not a rectangle, saying which row differs', () => {
    expect(Grid.fromRows([])).toBe('the level is empty');
    expect(Grid.fromRows([''])).toBe('the level is empty');
    expect(Grid.fromRows(['S..', '..', '..E'])).toBe('row 1 has 2 characters, row 0 has 3');
  });

  it('reads pasted text: CRLF, trailing spaces and blank lines around it', () => {
    expect((Grid.fromText('\r\n\r\nS.# \r\n...\r\n#.E\r\n\r\n') as Grid).rows()).toEqual([
      'S.#',
      '...',
      '#.E',
    ]);
  });

  it('starts a new level as floor with S and E in opposite corners', () => {
    expect(Grid.blank(4, 2).rows()).toEqual(['S...', '...E']);
  });

  it('resizes from the top-left corner, new cells floor', () => {
    const level = grid(['S.#', '...', '#.E']);
    expect(level.resized(2, 2).rows()).toEqual(['S.', '..']);
    expect(level.resized(4, 4).rows()).toEqual(['S.#.', '....', '#.E.', '....']);
    expect(level.rows()).toEqual(['S.#', '...', '#.E']);
  });

  it('keeps a clone apart from its original', () => {
    const level = grid(['SE']);
    const copy = level.clone();
    copy.set(0, 0, '#');
    expect([level.get(0, 0), copy.get(0, 0)]).toEqual(['S', '#']);
    expect([level.inside(0, 1), level.inside(1, 0), level.inside(0, -1)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('gives rows as they are after each change, its clones’ apart (rows kept between reads)', () => {
    const level = grid(['S..', '...', '..E']);
    expect(level.rows()).toEqual(['S..', '...', '..E']);
    level.set(1, 1, '#');
    level.set(1, 2, '#');
    level.set(0, 1, '.');
    const read = level.rows();
    read[0] = 'changed by the caller';
    expect(level.rows()).toEqual(['S..', '.##', '..E']);
    const copy = level.clone();
    copy.set(2, 0, '#');
    level.set(0, 2, '#');
    expect([level.rows(), copy.rows()]).toEqual([
      ['S.#', '.##', '..E'],
      ['S..', '.##', '#.E'],
    ]);
    expect(level.text()).toBe('S.#\n.##\n..E\n');
  });
});

describe('UndoStack', () => {
  it('undoes and redoes in order, and a new edit drops what was undone', () => {
    const stack = new UndoStack();
    const edit = (n: number) => ({ kind: 'cells' as const, cells: [[0, n, '.', '#'] as const] });
    stack.push(edit(1));
    stack.push(edit(2));
    expect(stack.undo()).toEqual(edit(2));
    expect(stack.canRedo).toBe(true);
    expect(stack.redo()).toEqual(edit(2));
    expect(stack.undo()).toEqual(edit(2));
    stack.push(edit(3));
    expect(stack.canRedo).toBe(false);
    expect(stack.undo()).toEqual(edit(3));
    expect(stack.undo()).toEqual(edit(1));
    expect(stack.undo()).toBeUndefined();
    expect(stack.canUndo).toBe(false);
  });

  it('forgets the oldest edits past its limit', () => {
    const stack = new UndoStack(2);
    for (let n = 0; n < 3; n++) stack.push({ kind: 'cells', cells: [[0, n, '.', '#']] });
    expect(stack.undo()).toBeDefined();
    expect(stack.undo()).toBeDefined();
    expect(stack.undo()).toBeUndefined();
  });
});

describe('cellsBetween', () => {
  it('joins two cells of a fast drag with no gap, both ends included', () => {
    expect(cellsBetween({ row: 0, col: 0 }, { row: 0, col: 3 })).toEqual([
      { row: 0, col: 0 },
      { row: 0, col: 1 },
      { row: 0, col: 2 },
      { row: 0, col: 3 },
    ]);
    expect(cellsBetween({ row: 2, col: 2 }, { row: 2, col: 2 })).toEqual([{ row: 2, col: 2 }]);
    const diagonal = cellsBetween({ row: 5, col: 0 }, { row: 0, col: 10 });
    expect(diagonal[0]).toEqual({ row: 5, col: 0 });
    expect(diagonal.at(-1)).toEqual({ row: 0, col: 10 });
    // Each step moves to a neighbouring cell (side or corner).
    for (let i = 1; i < diagonal.length; i++) {
      expect(Math.abs(diagonal[i].row - diagonal[i - 1].row)).toBeLessThanOrEqual(1);
      expect(Math.abs(diagonal[i].col - diagonal[i - 1].col)).toBeLessThanOrEqual(1);
    }
  });
});
