// Stamps (web/src/stamps.ts): turns and flips with their gates, text that is not a block of
// glyphs refused, and the saved stamps of each level.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../web/src/grid.js';
import { SavedStamps, stampOf, stampsKey, turned } from '../../web/src/stamps.js';

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
