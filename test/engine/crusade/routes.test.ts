import { describe, expect, it } from 'vitest';
import type { Mover } from '../../../src/engine/crusade/level-file.js';
import { packMover } from '../../../src/engine/crusade/mover.js';
import { RouteFinder, UNREACHABLE, spareNeeded } from '../../../src/engine/crusade/routes.js';
import { toBoard } from '../../../src/engine/crusade/simulator.js';

/** A RouteFinder over `rows` (exit in the bottom row at `exitX`), and movers packed for it. */
function finderOf(rows: number[][], exitX: number) {
  const width = rows[0].length;
  const board = toBoard({ width, height: rows.length, rooms: rows.flat(), exitX });
  const routes = new RouteFinder(board);
  routes.reset();
  const at = (x: number, y: number, entry: Mover['entry'] = 'TOP') =>
    packMover(width, { x, y, entry });
  const cell = (x: number, y: number) => y * width + x;
  /** extract's route as [cell, target type] pairs. */
  const route = (first: number) => {
    const length = routes.extract(first);
    return Array.from({ length }, (_, i) => [routes.cells[i], routes.targets[i]]);
  };
  return { board, routes, at, cell, route };
}

// Indy falls down (2, 0) and (2, 1), locked; -10 at (2, 1) sends him left into (1, 1) by its
// right side. (1, 1) is a type 10 that needs a half turn (two quarter turns) to become a 12,
// the one type that takes him down from the right; then (1, 2), locked, leads to the exit.
const HALF_TURN = [
  [0, 0, -3],
  [0, 10, -10],
  [0, -3, 0],
  [0, -3, 0],
];

describe('spareNeeded', () => {
  it("is this room's turns, or more when the rest of the route needs more than one", () => {
    expect(spareNeeded(0, 0)).toBe(0);
    expect(spareNeeded(0, 1)).toBe(0); // crossing a room gives the one turn the next needs
    expect(spareNeeded(0, 2)).toBe(1);
    expect(spareNeeded(1, 0)).toBe(1);
    expect(spareNeeded(1, 2)).toBe(2);
    expect(spareNeeded(2, 1)).toBe(2);
  });
});

describe('RouteFinder.need: the spare turns Indy needs on arrival', () => {
  it('is 0, 1 or 2 along a route whose one room needs two quarter turns', () => {
    const { routes, at } = finderOf(HALF_TURN, 1);
    expect(routes.need(at(1, 3))).toBe(0); // the exit
    expect(routes.need(at(1, 2))).toBe(0); // locked, leads to the exit
    expect(routes.need(at(1, 1, 'RIGHT'))).toBe(2); // both turns before he enters
    expect(routes.need(at(2, 1))).toBe(1); // one turn of them while he crosses (2, 1)
    expect(routes.need(at(2, 0))).toBe(0); // and the other while he crosses (2, 0)
  });

  it('needs one spare turn for a room that takes one quarter turn', () => {
    const { routes, at } = finderOf(
      [
        [0, -3, 0],
        [0, 2, 0],
        [0, -3, 0],
      ],
      1,
    );
    expect(routes.need(at(1, 1))).toBe(1); // type 2 -> 3, a shaft
    expect(routes.need(at(1, 0))).toBe(0);
  });

  it('is UNREACHABLE when no type of a room leads on, or the way leaves the grid', () => {
    const { routes, at } = finderOf(
      [
        [-10, -3, 0],
        [0, 0, 0],
        [0, -3, 0],
      ],
      1,
    );
    expect(routes.need(at(1, 1))).toBe(UNREACHABLE); // an empty room is a wall all round
    expect(routes.need(at(1, 0))).toBe(UNREACHABLE); // whatever the rooms after it
    expect(routes.need(at(0, 0))).toBe(UNREACHABLE); // -10 sends him left, off the grid
  });

  it('never turns a locked room: locked, the wrong type is a wall', () => {
    const open = finderOf(
      [
        [0, -3, 0],
        [0, 2, 0],
        [0, -3, 0],
      ],
      1,
    );
    const locked = finderOf(
      [
        [0, -3, 0],
        [0, -2, 0],
        [0, -3, 0],
      ],
      1,
    );
    expect(open.routes.need(open.at(1, 0))).toBe(0);
    expect(locked.routes.need(locked.at(1, 0))).toBe(UNREACHABLE);
  });

  it('keeps its answers until reset, which the caller does when rooms turn', () => {
    const { board, routes, at, cell } = finderOf(
      [
        [0, -3, 0],
        [0, 2, 0],
        [0, -3, 0],
      ],
      1,
    );
    expect(routes.need(at(1, 1))).toBe(1);
    board.rooms[cell(1, 1)] = 3; // turned: a shaft now
    expect(routes.need(at(1, 1))).toBe(1); // the memo's answer
    routes.reset();
    expect(routes.need(at(1, 1))).toBe(0);
  });
});

describe('RouteFinder.extract: the route to play', () => {
  it('lists the rooms in order with the type each must have (locked rooms as they are)', () => {
    const { route, cell, at } = finderOf(HALF_TURN, 1);
    expect(route(at(2, 0))).toEqual([
      [cell(2, 0), -3],
      [cell(2, 1), -10],
      [cell(1, 1), 12],
      [cell(1, 2), -3],
    ]);
  });

  it('returns an empty route when the next room cannot be made ready this turn', () => {
    const { route, at } = finderOf(HALF_TURN, 1);
    expect(route(at(1, 1, 'RIGHT'))).toEqual([]); // it needs two turns, Indy has one
  });

  it('takes the cheaper way on: fewer rooms plus fewer turns', () => {
    // From the left, the type 6 in (1, 1) sends Indy right as it is: three rooms round by
    // (2, 1) and (2, 2) to the exit. One quarter turn (to 9) sends him straight down into it:
    // one room and one turn, cheaper.
    const { route, cell, at } = finderOf(
      [
        [-3, 0, 0],
        [-5, 6, -13],
        [0, -3, -10],
      ],
      1,
    );
    expect(route(at(0, 0))).toEqual([
      [cell(0, 0), -3],
      [cell(0, 1), -5],
      [cell(1, 1), 9],
    ]);
  });
});

describe('RouteFinder.markRockWays: the tie-break on the sides rocks come by', () => {
  // Indy falls into the type 6 at (1, 1): turned once either way, to 7 or 9, it takes him down
  // to the exit, at the same cost. 7 is a wall on the left, 9 on the right. A rock in (2, 1)
  // rolling left would enter (1, 1) by its right side.
  const TIE = [
    [0, -3, 0],
    [0, 6, -2],
    [0, -3, 0],
  ];
  const rockFromTheRight = (at: (x: number, y: number, entry: Mover['entry']) => number) =>
    Int32Array.of(at(2, 1, 'RIGHT'));

  it('without rocks, takes the first type in ORIENTATIONS order (7)', () => {
    const { route, cell, at } = finderOf(TIE, 1);
    expect(route(at(1, 1))).toEqual([[cell(1, 1), 7]]);
  });

  it('with a rock coming by the right, takes the type that walls the right side off (9)', () => {
    const { routes, route, cell, at } = finderOf(TIE, 1);
    routes.markRockWays(rockFromTheRight(at), 1);
    expect(route(at(1, 1))).toEqual([[cell(1, 1), 9]]);
  });

  it('counts the latest marks, whenever the memo was last reset', () => {
    // The marks once counted only while their stamp happened to equal reset's; now each
    // markRockWays replaces the last, and reset (the rooms changed) leaves them be.
    const { routes, route, cell, at } = finderOf(TIE, 1);
    routes.markRockWays(rockFromTheRight(at), 1);
    routes.markRockWays(rockFromTheRight(at), 1);
    expect(route(at(1, 1))).toEqual([[cell(1, 1), 9]]);
    routes.reset();
    expect(route(at(1, 1))).toEqual([[cell(1, 1), 9]]);
    routes.markRockWays(new Int32Array(0), 0); // no rocks in view any more
    expect(route(at(1, 1))).toEqual([[cell(1, 1), 7]]);
  });
});
