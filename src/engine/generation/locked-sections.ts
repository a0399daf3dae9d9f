// Locked sections, for the `keys` option: k doors split the maze into k+1 sections in a row,
// the entry in section 0 and the exit in section k. Section i and i+1 meet along one whole
// row (or column) boundary of the maze, and every wall on it is closed except one: door i. So
// each door is the only way on (close it and the exit is unreachable), and key i, placed in
// section i, is always reachable before door i. The sections are bands of whole rows when
// entry and exit are further apart in rows than in columns, else bands of whole columns.
//
// A band must be connected (the "42" may cut a thin band in two) and, for braid, give every
// cell two neighbours inside the band when it has two at all (else braiding leaves dead ends).
import { type Result, fail, ok } from '../result.js';
import type { GenerationFailure } from './options.js';
import type { Prng } from './prng.js';
import { joinComponents } from './spanning.js';
import { type Direction, EAST, SOUTH, opposite } from '../level/glyphs.js';
import type { WallGrid } from './wall-grid.js';

export interface Door {
  /** The cell on the entry side of the door, and the direction of the door's wall from it. */
  readonly cell: number;
  readonly direction: Direction;
}

export interface LockedSections {
  /** Section of every maze cell: 0 holds the entry, doors.length the exit; -1 = pattern. */
  readonly section: Int32Array;
  /** Door i joins section i to section i+1. */
  readonly doors: readonly Door[];
}

/** Lines are rows or columns of cells; a band is the cells of consecutive lines. */
interface Axis {
  readonly lineCount: number;
  /** Cells along one line. */
  readonly lineLength: number;
  /** Line number counted from the entry's side: "t" below. */
  readonly tOf: (cell: number) => number;
  readonly cellAt: (t: number, along: number) => number;
  /** Direction from a cell of line t to line t+1. */
  readonly forward: Direction;
}

function axisOf(grid: WallGrid, byRows: boolean, flipped: boolean): Axis {
  const { width, height } = grid;
  const lineCount = byRows ? height : width;
  const line = (t: number): number => (flipped ? lineCount - 1 - t : t);
  const forward = byRows ? SOUTH : EAST;
  return {
    lineCount,
    lineLength: byRows ? width : height,
    tOf: (cell) => line(byRows ? Math.floor(cell / width) : cell % width),
    cellAt: (t, along) => (byRows ? line(t) * width + along : along * width + line(t)),
    forward: flipped ? opposite(forward) : forward,
  };
}

/** Cells of the band [first, last] of lines, if it is fit to be a section (see top). */
function bandCells(
  grid: WallGrid,
  axis: Axis,
  first: number,
  last: number,
  braid: boolean,
): number[] | null {
  const neighbours = grid.mazeNeighbours();
  const cells: number[] = [];
  for (let t = first; t <= last; t++) {
    for (let along = 0; along < axis.lineLength; along++) {
      const cell = axis.cellAt(t, along);
      if (!grid.isPattern(cell)) cells.push(cell);
    }
  }
  if (cells.length === 0) return null;
  const inBand = (cell: number): boolean => {
    const t = axis.tOf(cell);
    return t >= first && t <= last;
  };
  if (braid) {
    for (const cell of cells) {
      let inside = 0;
      let all = 0;
      for (let direction = 0; direction < 4; direction++) {
        const next = neighbours[cell * 4 + direction];
        if (next < 0) continue;
        all++;
        if (inBand(next)) inside++;
      }
      if (inside < Math.min(2, all)) return null;
    }
  }
  // Connected: a search from the first cell reaches them all.
  const seen = new Set<number>([cells[0]]);
  const queue = [cells[0]];
  for (let head = 0; head < queue.length; head++) {
    for (let direction = 0; direction < 4; direction++) {
      const next = neighbours[queue[head] * 4 + direction];
      if (next >= 0 && !seen.has(next) && inBand(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.size === cells.length ? cells : null;
}

/** Positions along line t where a door to line t+1 can be (maze cells on both sides). */
function doorPlaces(grid: WallGrid, axis: Axis, t: number): number[] {
  const places: number[] = [];
  for (let along = 0; along < axis.lineLength; along++) {
    if (!grid.isPattern(axis.cellAt(t, along)) && !grid.isPattern(axis.cellAt(t + 1, along))) {
      places.push(along);
    }
  }
  return places;
}

/**
 * Chooses the last line of sections 0..keys-1 (in t) as near to evenly spread between the
 * entry line and the exit line as the rules allow; null when no choice works. A depth-first
 * search with memos, so a failing request costs at most one check per band.
 */
function chooseCuts(
  grid: WallGrid,
  axis: Axis,
  entryT: number,
  exitT: number,
  keys: number,
  braid: boolean,
): number[] | null {
  const { lineCount } = axis;
  // fits(first, last): the band of lines first..last can be a section (memo by band).
  const fitBands = new Map<number, boolean>();
  const fits = (first: number, last: number): boolean => {
    const key = first * lineCount + last;
    let fit = fitBands.get(key);
    if (fit === undefined) {
      const band = bandCells(grid, axis, first, last, braid);
      // The entry's section also holds a key besides the entry.
      fit = band !== null && (first > entryT || last < entryT || band.length >= 2);
      fitBands.set(key, fit);
    }
    return fit;
  };
  const failed = new Set<number>();
  const place = (section: number, first: number): number[] | null => {
    if (section === keys) return fits(first, lineCount - 1) ? [] : null;
    const memo = section * lineCount + first;
    if (failed.has(memo)) return null;
    const low = section === 0 ? Math.max(first, entryT) : first;
    const high = exitT - 1 - (keys - 1 - section);
    const ideal = Math.floor(entryT + ((exitT - entryT + 1) * (section + 1)) / (keys + 1)) - 1;
    const candidates: number[] = [];
    for (let last = low; last <= high; last++) candidates.push(last);
    candidates.sort((a, b) => Math.abs(a - ideal) - Math.abs(b - ideal) || a - b);
    for (const last of candidates) {
      if (!fits(first, last) || doorPlaces(grid, axis, last).length === 0) continue;
      const rest = place(section + 1, last + 1);
      if (rest !== null) return [last, ...rest];
    }
    failed.add(memo);
    return null;
  };
  return place(0, 0);
}

/**
 * Splits the maze (a spanning tree) into keys+1 locked sections: closes every wall on the
 * chosen boundaries, rejoins each section into a tree (joinComponents within sections), and
 * opens one random door per boundary, so the maze is a spanning tree again. Fails (NO_ROOM)
 * when the doors don't fit.
 */
export function lockSections(
  grid: WallGrid,
  rng: Prng,
  entry: number,
  exit: number,
  keys: number,
  braid: boolean,
): Result<LockedSections, GenerationFailure> {
  const { width } = grid;
  const entryX = entry % width;
  const entryY = Math.floor(entry / width);
  const exitX = exit % width;
  const exitY = Math.floor(exit / width);
  const rowGap = Math.abs(exitY - entryY);
  const columnGap = Math.abs(exitX - entryX);
  // Bands of rows first when entry and exit are at least as far apart in rows.
  const tries = rowGap >= columnGap ? [true, false] : [false, true];
  for (const byRows of tries) {
    const flipped = byRows ? exitY < entryY : exitX < entryX;
    const axis = axisOf(grid, byRows, flipped);
    const entryT = axis.tOf(entry);
    const exitT = axis.tOf(exit);
    if (exitT - entryT < keys) continue;
    const cuts = chooseCuts(grid, axis, entryT, exitT, keys, braid);
    if (cuts === null) continue;

    const section = new Int32Array(grid.cellCount).fill(-1);
    for (let cell = 0; cell < grid.cellCount; cell++) {
      if (grid.isPattern(cell)) continue;
      const t = axis.tOf(cell);
      let index = 0;
      while (index < keys && t > cuts[index]) index++;
      section[cell] = index;
    }
    for (const last of cuts) {
      for (let along = 0; along < axis.lineLength; along++) {
        const cell = axis.cellAt(last, along);
        if (!grid.isPattern(cell) && grid.mazeNeighbour(cell, axis.forward) >= 0) {
          if (grid.isOpen(cell, axis.forward)) grid.setWall(cell, axis.forward, false);
        }
      }
    }
    joinComponents(grid, rng, section);
    const doors = cuts.map((last) => {
      const places = doorPlaces(grid, axis, last);
      const cell = axis.cellAt(last, places[rng.below(places.length)]);
      grid.setWall(cell, axis.forward, true);
      return { cell, direction: axis.forward };
    });
    return ok({ section, doors });
  }
  return fail(
    'NO_ROOM',
    `keys: no room for ${keys} door${keys === 1 ? '' : 's'} between entry (${entryX},${entryY}) ` +
      `and exit (${exitX},${exitY}) in this ${width}x${grid.height} maze: each door seals a whole ` +
      `row or column boundary between them and each locked section needs room for its key ` +
      `(try fewer keys, a larger maze or entry and exit further apart)`,
  );
}
