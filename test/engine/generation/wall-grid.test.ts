import { describe, expect, it } from 'vitest';
import { ALL_CLOSED, WallGrid } from '../../../src/engine/generation/wall-grid.js';
import { EAST, NORTH, SOUTH, WEST } from '../../../src/engine/level/glyphs.js';

describe('WallGrid', () => {
  it('starts with every wall closed', () => {
    const grid = new WallGrid(3, 2);
    for (let cell = 0; cell < 6; cell++) expect(grid.mask(cell)).toBe(ALL_CLOSED);
  });

  it('opens and closes a wall on both sides at once', () => {
    const grid = new WallGrid(3, 2);
    grid.setWall(1, SOUTH, true); // (1,0) -> (1,1)
    expect(grid.mask(1)).toBe(0b1011);
    expect(grid.mask(4)).toBe(0b1110);
    grid.setWall(4, WEST, true); // (1,1) -> (0,1)
    expect(grid.isOpen(3, EAST)).toBe(true);
    expect(grid.mask(4)).toBe(0b0110);
    grid.setWall(4, NORTH, false);
    expect(grid.mask(1)).toBe(ALL_CLOSED);
    expect(grid.mask(4)).toBe(0b0111);
    expect(grid.openCount(4)).toBe(1);
  });

  it('refuses every border wall, with an exception (a bug in the caller)', () => {
    const grid = new WallGrid(2, 2);
    expect(() => grid.setWall(0, NORTH, true)).toThrow('border wall 0 of cell (0,0)');
    expect(() => grid.setWall(0, WEST, true)).toThrow('border wall');
    expect(() => grid.setWall(1, EAST, true)).toThrow('border wall');
    expect(() => grid.setWall(3, SOUTH, false)).toThrow('border wall');
    for (let cell = 0; cell < 4; cell++) expect(grid.mask(cell)).toBe(ALL_CLOSED);
  });

  it('refuses the walls of a pattern cell, from either side', () => {
    const grid = new WallGrid(3, 3);
    grid.markPattern(4);
    expect(grid.isPattern(4)).toBe(true);
    expect(() => grid.setWall(4, NORTH, true)).toThrow('pattern wall between (1,1) and (1,0)');
    expect(() => grid.setWall(1, SOUTH, true)).toThrow('pattern wall');
    expect(() => grid.setWall(3, EAST, false)).toThrow('pattern wall');
    expect(grid.mask(4)).toBe(ALL_CLOSED);
    expect(grid.mazeCellCount()).toBe(8);
    expect(grid.mazeNeighbour(1, SOUTH)).toBe(-1);
    expect(grid.mazeNeighbour(1, EAST)).toBe(2);
  });

  it('refuses to make a cell with an open wall a pattern cell', () => {
    const grid = new WallGrid(2, 1);
    grid.setWall(0, EAST, true);
    expect(() => grid.markPattern(1)).toThrow("has an open wall, can't be a pattern");
  });

  it('keeps a table of maze neighbours, rebuilt after the pattern changes', () => {
    const grid = new WallGrid(2, 2);
    expect([...grid.mazeNeighbours()]).toEqual([
      -1, 1, 2, -1, -1, -1, 3, 0, 0, 3, -1, -1, 1, -1, -1, 2,
    ]);
    grid.markPattern(3);
    expect([...grid.mazeNeighbours()]).toEqual([
      -1, 1, 2, -1, -1, -1, -1, 0, 0, -1, -1, -1, -1, -1, -1, -1,
    ]);
  });
});
