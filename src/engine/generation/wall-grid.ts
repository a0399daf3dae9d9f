// The wall model: a grid of cells, each with a 4-bit mask of closed walls, bit d for direction
// d (0 = north, 1 = east, 2 = south, 3 = west: the level's directions, level/glyphs.ts),
// exactly as in the hex wall format (docs/generation.md). Cell id = y * width + x.
//
// Invariants, kept by `setWall` being the only way to change a wall:
// - coherence: two neighbouring cells always agree on their shared wall;
// - the border of the grid is closed;
// - a pattern cell (the "42") has all four walls closed.
// Asking `setWall` to break one of them is a bug in the caller, so it throws.
import { EAST, NORTH, SOUTH, opposite } from '../level/glyphs.js';
import type { CarvingSteps } from './carving-steps.js';

export const ALL_CLOSED = 0b1111;

export class WallGrid {
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  /** Bit d set = the wall in direction d is closed. Private: only `setWall` writes it. */
  private readonly masks: Uint8Array;
  /** 1 for a pattern cell: always fully closed, never part of the maze's paths. */
  private readonly patternCells: Uint8Array;
  /** mazeNeighbour for every cell and direction, built on first use (see mazeNeighbours). */
  private neighbourTable: Int32Array | null = null;
  /** Where every change of a wall is written while recording (`record`); null: not recording. */
  private recorder: CarvingSteps | null = null;

  constructor(width: number, height: number) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`WallGrid: bad size ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
    this.cellCount = width * height;
    this.masks = new Uint8Array(this.cellCount).fill(ALL_CLOSED);
    this.patternCells = new Uint8Array(this.cellCount);
  }

  /** The neighbour of `cell` in `direction`, or -1 past the border. */
  neighbour(cell: number, direction: number): number {
    const x = cell % this.width;
    switch (direction) {
      case NORTH:
        return cell >= this.width ? cell - this.width : -1;
      case EAST:
        return x < this.width - 1 ? cell + 1 : -1;
      case SOUTH:
        return cell < this.cellCount - this.width ? cell + this.width : -1;
      default:
        return x > 0 ? cell - 1 : -1;
    }
  }

  /** The closed-wall mask of a cell (bit d = direction d). */
  mask(cell: number): number {
    return this.masks[cell];
  }

  isOpen(cell: number, direction: number): boolean {
    return (this.masks[cell] & (1 << direction)) === 0;
  }

  isPattern(cell: number): boolean {
    return this.patternCells[cell] === 1;
  }

  /** A neighbour a path may lead to: inside the grid and not a pattern cell; else -1. */
  mazeNeighbour(cell: number, direction: number): number {
    const next = this.neighbour(cell, direction);
    return next >= 0 && this.patternCells[next] === 0 ? next : -1;
  }

  /**
   * The table of `mazeNeighbour`: entry cell * 4 + direction is the neighbour or -1. Hot loops
   * read it instead of calling `mazeNeighbour`. Rebuilt after the pattern changes.
   */
  mazeNeighbours(): Int32Array {
    if (this.neighbourTable === null) {
      const table = new Int32Array(this.cellCount * 4);
      for (let cell = 0; cell < this.cellCount; cell++) {
        for (let direction = 0; direction < 4; direction++) {
          table[cell * 4 + direction] =
            this.patternCells[cell] === 1 ? -1 : this.mazeNeighbour(cell, direction);
        }
      }
      this.neighbourTable = table;
    }
    return this.neighbourTable;
  }

  /** Number of open walls of a cell. */
  openCount(cell: number): number {
    const closed = this.masks[cell];
    return 4 - ((closed & 1) + ((closed >> 1) & 1) + ((closed >> 2) & 1) + ((closed >> 3) & 1));
  }

  /**
   * The one operation that changes walls: opens or closes the wall of `cell` in `direction`
   * and the same wall seen from the neighbour, together. Throws on a border wall or a wall of
   * a pattern cell (a bug in the caller: such walls stay closed for good).
   */
  setWall(cell: number, direction: number, open: boolean): void {
    const next = this.neighbour(cell, direction);
    if (next < 0) {
      throw new Error(
        `WallGrid: refused to change the border wall ${direction} of cell ${this.describe(cell)}`,
      );
    }
    if (this.patternCells[cell] === 1 || this.patternCells[next] === 1) {
      throw new Error(
        `WallGrid: refused to change a pattern wall between ${this.describe(cell)} and ${this.describe(next)}`,
      );
    }
    const bit = 1 << direction;
    const backBit = 1 << opposite(direction);
    if (this.recorder !== null && ((this.masks[cell] & bit) === 0) !== open) {
      this.recorder.wallChanged(cell, direction, next, open);
    }
    if (open) {
      this.masks[cell] &= ~bit;
      this.masks[next] &= ~backBit;
    } else {
      this.masks[cell] |= bit;
      this.masks[next] |= backBit;
    }
  }

  /**
   * From now on every wall `setWall` changes (a call that leaves the wall as it was is none) is
   * written to `recorder`, in order: the carving steps (carving-steps.ts).
   */
  record(recorder: CarvingSteps): void {
    this.recorder = recorder;
  }

  /**
   * Makes `cell` a pattern cell. Only before any of its walls was opened: the pattern is laid
   * down first and then stays closed (throws otherwise, a bug).
   */
  markPattern(cell: number): void {
    if (this.masks[cell] !== ALL_CLOSED) {
      throw new Error(`WallGrid: cell ${this.describe(cell)} has an open wall, can't be a pattern`);
    }
    this.patternCells[cell] = 1;
    this.neighbourTable = null;
  }

  /** Number of cells that belong to the maze (not pattern cells). */
  mazeCellCount(): number {
    let count = 0;
    for (let cell = 0; cell < this.cellCount; cell++) count += 1 - this.patternCells[cell];
    return count;
  }

  /** `(x,y)`, for messages. */
  describe(cell: number): string {
    return `(${cell % this.width},${Math.floor(cell / this.width)})`;
  }
}
