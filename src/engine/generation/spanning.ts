// Spanning-tree helpers shared by the algorithms and the locked sections: disjoint sets of
// cells, and the step that joins the pieces of a forest into one tree.
import type { Prng } from './prng.js';
import { EAST, SOUTH } from '../level/glyphs.js';
import type { WallGrid } from './wall-grid.js';

/** Disjoint sets over cell ids (union by size, path halving). */
export class CellSets {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(cellCount: number) {
    this.parent = new Int32Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) this.parent[cell] = cell;
    this.size = new Int32Array(cellCount).fill(1);
  }

  find(cell: number): number {
    const parent = this.parent;
    while (parent[cell] !== cell) {
      parent[cell] = parent[parent[cell]];
      cell = parent[cell];
    }
    return cell;
  }

  /** Joins the sets of a and b; false when they already were one set. */
  union(a: number, b: number): boolean {
    let rootA = this.find(a);
    let rootB = this.find(b);
    if (rootA === rootB) return false;
    if (this.size[rootA] < this.size[rootB]) [rootA, rootB] = [rootB, rootA];
    this.parent[rootB] = rootA;
    this.size[rootA] += this.size[rootB];
    return true;
  }
}

/**
 * Joins the pieces of a forest (the open walls must not form a loop) into one spanning tree
 * per region by opening closed walls in random order, each only when it joins two pieces.
 * `region` (cell -> region id, or null for one region) keeps walls between regions closed.
 * A tree stays a tree, so a carver that already made a spanning tree is left unchanged. Row
 * carvers (Eller, sidewinder, binary tree) need it when the "42" cuts a row into pieces.
 */
export function joinComponents(grid: WallGrid, rng: Prng, region: Int32Array | null = null): void {
  const { cellCount, width } = grid;
  const neighbours = grid.mazeNeighbours();
  const sets = new CellSets(cellCount);
  let pieces = grid.mazeCellCount();
  const candidates = new Int32Array(cellCount * 2);
  let candidateCount = 0;
  for (let cell = 0; cell < cellCount; cell++) {
    if (grid.isPattern(cell)) continue;
    for (const direction of [EAST, SOUTH]) {
      const next = neighbours[cell * 4 + direction];
      if (next < 0) continue;
      if (grid.isOpen(cell, direction)) {
        if (sets.union(cell, next)) pieces--;
      } else if (region === null || region[cell] === region[next]) {
        // Wall id = cell * 2 + (0 east, 1 south).
        candidates[candidateCount++] = cell * 2 + (direction === EAST ? 0 : 1);
      }
    }
  }
  if (pieces === 1) return;
  rng.shuffle(candidates, candidateCount);
  for (let i = 0; i < candidateCount; i++) {
    const cell = candidates[i] >> 1;
    const south = (candidates[i] & 1) === 1;
    if (sets.union(cell, south ? cell + width : cell + 1)) {
      grid.setWall(cell, south ? SOUTH : EAST, true);
      if (--pieces === 1) return;
    }
  }
}

/** A random cell of the maze (not a pattern cell). The pattern covers few cells, so a few
 * draws at most. */
export function randomMazeCell(grid: WallGrid, rng: Prng): number {
  let cell: number;
  do cell = rng.below(grid.cellCount);
  while (grid.isPattern(cell));
  return cell;
}

/**
 * A random direction from `cell` to a maze neighbour (`neighbours` = grid.mazeNeighbours()),
 * drawn by rejection from the top two bits of one output; the cell must have a neighbour.
 */
export function randomStep(neighbours: Int32Array, cell: number, rng: Prng): number {
  let direction: number;
  do direction = rng.nextUint32() >>> 30;
  while (neighbours[cell * 4 + direction] < 0);
  return direction;
}
