// Shapes (docs/generation.md): the carvers make a perfect maze (a spanning tree); `imperfect` and `braid`
// then open extra walls. Every extra wall keeps two rules:
// - it never completes a fully open 3x3 block of cells (corridors stay at most 2 wide);
// - it never joins two locked sections (cells of different `section`), so a door stays the
//   only way on.
import type { Prng } from './prng.js';
import type { Shape } from './options.js';
import { EAST, SOUTH } from '../level/glyphs.js';
import type { WallGrid } from './wall-grid.js';

/** `imperfect` opens one extra wall per this many maze cells (at least one). */
export const CELLS_PER_EXTRA_WALL = 20;
/** `braid` guarantees at least this many independent loops when the maze has room. */
export const BRAID_MIN_LOOPS = 2;

/**
 * The top-left cell of a 3x3 block of cells that opening the wall of `cell` in `direction`
 * would make fully open (all 12 of its inner walls open), or -1 when there is none.
 */
export function blockOpenedBy(grid: WallGrid, cell: number, direction: number): number {
  const { width, height } = grid;
  const next = grid.neighbour(cell, direction);
  const first = Math.min(cell, next);
  const second = Math.max(cell, next);
  const x0 = first % width;
  const y0 = Math.floor(first / width);
  const x1 = second % width;
  const y1 = Math.floor(second / width);
  // The wall being opened, as (cell west or north of it) * 2 + (0 east, 1 south).
  const opening = first * 2 + (y1 > y0 ? 1 : 0);
  for (let top = Math.max(0, y1 - 2); top <= Math.min(y0, height - 3); top++) {
    for (let left = Math.max(0, x1 - 2); left <= Math.min(x0, width - 3); left++) {
      if (blockOpenExcept(grid, left, top, opening)) return top * width + left;
    }
  }
  return -1;
}

export const wouldOpenBlock = (grid: WallGrid, cell: number, direction: number): boolean =>
  blockOpenedBy(grid, cell, direction) >= 0;

function blockOpenExcept(grid: WallGrid, left: number, top: number, except: number): boolean {
  const { width } = grid;
  for (let dy = 0; dy < 3; dy++) {
    for (let dx = 0; dx < 3; dx++) {
      const cell = (top + dy) * width + left + dx;
      const closed = grid.mask(cell);
      if (dx < 2 && (closed & (1 << EAST)) !== 0 && cell * 2 !== except) return false;
      if (dy < 2 && (closed & (1 << SOUTH)) !== 0 && cell * 2 + 1 !== except) return false;
    }
  }
  return true;
}

/** Whether the closed wall of `cell` in `direction` may be opened by a shape. */
function mayOpen(
  grid: WallGrid,
  cell: number,
  direction: number,
  section: Int32Array | null,
): boolean {
  const next = grid.mazeNeighbour(cell, direction);
  return (
    next >= 0 &&
    !grid.isOpen(cell, direction) &&
    (section === null || section[cell] === section[next]) &&
    !wouldOpenBlock(grid, cell, direction)
  );
}

/** Independent loops of the maze: open walls - maze cells + connected pieces (1 here). */
export function countLoops(grid: WallGrid): number {
  let openWalls = 0;
  for (let cell = 0; cell < grid.cellCount; cell++) {
    if (grid.isPattern(cell)) continue;
    if (grid.isOpen(cell, EAST)) openWalls++;
    if (grid.isOpen(cell, SOUTH)) openWalls++;
  }
  return openWalls - grid.mazeCellCount() + 1;
}

/**
 * Opens up to `count` random walls that `mayOpen` allows (each checked when its turn comes, as
 * earlier ones change the answer). Returns how many it opened.
 */
function openRandomWalls(
  grid: WallGrid,
  rng: Prng,
  count: number,
  section: Int32Array | null,
): number {
  const { cellCount } = grid;
  const walls = new Int32Array(cellCount * 2);
  let wallCount = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    if (grid.isPattern(cell)) continue;
    if (!grid.isOpen(cell, EAST) && grid.mazeNeighbour(cell, EAST) >= 0)
      walls[wallCount++] = cell * 2;
    if (!grid.isOpen(cell, SOUTH) && grid.mazeNeighbour(cell, SOUTH) >= 0) {
      walls[wallCount++] = cell * 2 + 1;
    }
  }
  let opened = 0;
  if (count < 1) return opened;
  // Walls are drawn one at a time, and no more once enough are open.
  for (const wall of rng.partialShuffle(walls, wallCount, wallCount)) {
    const cell = wall >> 1;
    const direction = (wall & 1) === 1 ? SOUTH : EAST;
    if (mayOpen(grid, cell, direction, section)) {
      grid.setWall(cell, direction, true);
      if (++opened === count) break;
    }
  }
  return opened;
}

/**
 * A dead end whose every closed wall would complete an open 3x3 block: it is a corner of
 * such a block (its one open wall and the closed one lead into it). Close a random wall of
 * the block's centre cell (its two cells keep 3 and 2 open walls: no new dead end, the block
 * stays connected) for every block in the way, then open the dead end's wall: the dead end
 * is gone and the loops stay as many.
 */
function openThroughBlock(
  grid: WallGrid,
  rng: Prng,
  cell: number,
  section: Int32Array | null,
): void {
  for (let direction = 0; direction < 4; direction++) {
    const next = grid.mazeNeighbour(cell, direction);
    if (next < 0 || grid.isOpen(cell, direction)) continue;
    if (section !== null && section[cell] !== section[next]) continue;
    for (let block = blockOpenedBy(grid, cell, direction); block >= 0;) {
      const centre = block + grid.width + 1;
      grid.setWall(centre, rng.below(4), false);
      block = blockOpenedBy(grid, cell, direction);
    }
    grid.setWall(cell, direction, true);
    return;
  }
}

/**
 * Braiding: every dead end (a cell with one open wall) opens one more wall, to a neighbour
 * that is itself a dead end when there is one (removing two at once). Then, while there are
 * fewer than BRAID_MIN_LOOPS loops, random walls are opened.
 */
function braid(grid: WallGrid, rng: Prng, section: Int32Array | null): void {
  const { cellCount } = grid;
  const deadEnds = new Int32Array(cellCount);
  let deadEndCount = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    if (!grid.isPattern(cell) && grid.openCount(cell) === 1) deadEnds[deadEndCount++] = cell;
  }
  rng.shuffle(deadEnds, deadEndCount);
  const toDeadEnd = new Int32Array(4);
  const other = new Int32Array(4);
  for (let i = 0; i < deadEndCount; i++) {
    const cell = deadEnds[i];
    if (grid.openCount(cell) !== 1) continue;
    let deadEndChoices = 0;
    let otherChoices = 0;
    for (let direction = 0; direction < 4; direction++) {
      if (!mayOpen(grid, cell, direction, section)) continue;
      const next = grid.mazeNeighbour(cell, direction);
      if (grid.openCount(next) === 1) toDeadEnd[deadEndChoices++] = direction;
      else other[otherChoices++] = direction;
    }
    if (deadEndChoices > 0) grid.setWall(cell, toDeadEnd[rng.below(deadEndChoices)], true);
    else if (otherChoices > 0) grid.setWall(cell, other[rng.below(otherChoices)], true);
    else openThroughBlock(grid, rng, cell, section);
  }
  const loops = countLoops(grid);
  if (loops < BRAID_MIN_LOOPS) openRandomWalls(grid, rng, BRAID_MIN_LOOPS - loops, section);
}

/**
 * Turns the perfect maze into `shape`. Returns warnings for a maze too small to get what the
 * shape promises (imperfect: a loop; braid: BRAID_MIN_LOOPS loops).
 */
export function applyShape(
  grid: WallGrid,
  rng: Prng,
  shape: Shape,
  section: Int32Array | null,
): string[] {
  const size = `${grid.width}x${grid.height}`;
  if (shape === 'imperfect') {
    const wanted = Math.max(1, Math.floor(grid.mazeCellCount() / CELLS_PER_EXTRA_WALL));
    if (openRandomWalls(grid, rng, wanted, section) === 0) {
      return [`imperfect: a ${size} maze has no room for a loop, generated perfect`];
    }
  } else if (shape === 'braid') {
    braid(grid, rng, section);
    const loops = countLoops(grid);
    if (loops < BRAID_MIN_LOOPS) {
      return [
        `braid: a ${size} maze has room for only ${loops} independent loop${loops === 1 ? '' : 's'}`,
      ];
    }
  }
  return [];
}
