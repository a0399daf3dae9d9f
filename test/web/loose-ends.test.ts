// Plain logic behind the level list's tag filter (web/src/tags.ts), what a resize cuts off
// (web/src/resize.ts) and the walker's first frame (web/src/walker.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Grid } from '../../web/src/grid.js';
import { cutOff } from '../../web/src/resize.js';
import { chooseTag } from '../../web/src/tags.js';
import { walkAlong } from '../../web/src/walker.js';

const grid = (rows: string[]) => {
  const made = Grid.fromRows(rows);
  if (typeof made === 'string') throw new Error(made);
  return made;
};

describe('chooseTag', () => {
  const known = ['boss', 'castle', 'castle-dungeon', 'cave', 'old-castle'];
  it('asks nothing for an empty field', () => {
    expect(chooseTag('   ', known)).toEqual({ tag: null, matches: [] });
  });
  it('takes a known tag whatever its case and spaces', () => {
    expect(chooseTag('  BOSS ', known)).toEqual({ tag: 'boss', matches: ['boss'] });
  });
  it('takes a part of a tag: those starting with it first, then alphabetically', () => {
    expect(chooseTag('Castle', known)).toEqual({ tag: 'castle', matches: ['castle'] });
    expect(chooseTag('cast', known)).toEqual({
      tag: 'castle',
      matches: ['castle', 'castle-dungeon', 'old-castle'],
    });
    expect(chooseTag('dungeon', known)).toEqual({
      tag: 'castle-dungeon',
      matches: ['castle-dungeon'],
    });
  });
  it('asks for an unknown tag as typed, lower-cased', () => {
    expect(chooseTag(' Swamp', known)).toEqual({ tag: 'swamp', matches: [] });
  });
});

describe('cutOff', () => {
  const level = grid(['S.a#', '.A..', '#..E']);
  it('counts the cells other than floor outside what is kept', () => {
    expect(cutOff(level, 2, 2, 'top-left')).toBe('E, 1 key and 2 walls');
    expect(cutOff(level, 4, 2, 'bottom')).toBe('S, 1 key and 1 wall');
    expect(cutOff(level, 3, 3, 'top-left')).toBe('E and 1 wall');
  });
  it('says nothing when only floor goes, or the level grows', () => {
    expect(cutOff(level, 4, 3, 'centre')).toBe('');
    expect(cutOff(level, 9, 9, 'centre')).toBe('');
    expect(cutOff(grid(['S..E', '....']), 4, 1, 'top')).toBe('');
  });
});

describe('walkAlong', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('never stands before the path: a frame may have begun before the walk', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
    const shown: (number | null)[] = [];
    const cells = [
      { row: 0, col: 0 },
      { row: 0, col: 1 },
      { row: 0, col: 2 },
    ];
    walkAlong({ cells }, (walker) => shown.push(walker));
    frames.shift()!(performance.now() - 40);
    expect(shown).toEqual([0]);
  });
});
