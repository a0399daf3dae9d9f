// Why E cannot be reached (docs/graphql.md, "What each null means"): read from the cells no
// walk stands on (reach.ts's `unreachable`) and the glyphs, in one pass over the cells and a
// flood per door at most, with no search over keys held.
//
// Every walk stays inside the cells it can reach. Entering a cell is always allowed but for
// walls, gates (only along the arrow) and doors (only with the key), so what stops the walks
// at the edge of those cells is walls, and the gates and doors there: the blockers.
import { COL_STEP, DOOR_LETTERS, GATE_GLYPHS, ROW_STEP } from '../level/glyphs.js';
import type { Position } from '../level/level.js';

/** Why E cannot be reached; the first that holds, in this order. */
export const NO_ROUTE_REASONS = [
  /** Walls close every way on: no gate or door is at the edge of the cells S reaches. */
  'WALLED_OFF',
  /** A door at the edge has no key in the level: it never opens. */
  'KEY_MISSING',
  /** A door at the edge has its key behind that same door (and nothing else in the way). */
  'KEY_BEHIND_ITS_DOOR',
  /** A door at the edge has its key out of reach, behind other doors or gates. */
  'KEY_OUT_OF_REACH',
  /** Only gates are at the edge, each entered against its arrow from every side reached. */
  'ONE_WAY_GATES',
  /** Doors at the edge whose keys can be picked up, but not by a walk that then reaches them. */
  'KEY_TOO_LATE',
] as const;
export type NoRouteReason = (typeof NO_ROUTE_REASONS)[number];

export interface NoRoute {
  readonly reason: NoRouteReason;
  /** The reason in words. */
  readonly message: string;
  /** The gates and doors at the edge of the cells S reaches, in row-major order. */
  readonly blockers: readonly Position[];
  /** The letters of the doors among the blockers, alphabetical. */
  readonly doors: readonly string[];
}

/**
 * Why E cannot be reached on the level `rows` (valid, ASCII), given every cell that is not a
 * wall and that no walk stands on (row-major cell numbers, E among them when it cannot be
 * reached); null when E can be reached.
 */
export function whyNoRoute(
  rows: readonly string[],
  unreachable: ArrayLike<number>,
): NoRoute | null {
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  const glyphAt = (cell: number) => rows[Math.floor(cell / width)][cell % width];
  const outside = new Uint8Array(width * height);
  for (let i = 0; i < unreachable.length; i++) outside[unreachable[i]] = 1;
  const exit = findGlyph(rows, 'E');
  if (exit < 0 || !outside[exit]) return null;

  // The blockers: cells no walk stands on, next to one a walk stands on.
  const blockers: number[] = [];
  for (let cell = 0; cell < width * height; cell++) {
    if (!outside[cell] || glyphAt(cell) === '#') continue;
    if (neighbours(cell, width, height).some((next) => !outside[next] && glyphAt(next) !== '#')) {
      blockers.push(cell);
    }
  }
  const doors = [...new Set(blockers.map(glyphAt).filter((glyph) => isDoor(glyph)))].sort();
  const result = (reason: NoRouteReason, message: string): NoRoute => ({
    reason,
    message: `E cannot be reached: ${message}`,
    blockers: blockers.map((cell) => [Math.floor(cell / width), cell % width] as const),
    doors,
  });
  if (blockers.length === 0) return result('WALLED_OFF', 'walls close every way from S to E');
  for (const door of doors) {
    const key = findGlyph(rows, door.toLowerCase());
    if (key < 0)
      return result('KEY_MISSING', `door ${door} has no key '${door.toLowerCase()}' in the level`);
  }
  for (const door of doors) {
    const key = findGlyph(rows, door.toLowerCase());
    if (!outside[key]) continue;
    if (floodReaches(rows, outside, door, key)) {
      return result(
        'KEY_BEHIND_ITS_DOOR',
        `the key '${door.toLowerCase()}' is behind its own door ${door}`,
      );
    }
    return result(
      'KEY_OUT_OF_REACH',
      `no walk reaches the key '${door.toLowerCase()}' of door ${door}`,
    );
  }
  if (doors.length === 0) {
    return result('ONE_WAY_GATES', 'the one-way gates on every way from S to E point back');
  }
  return result('KEY_TOO_LATE', `no walk that holds the key reaches door ${doors.join(', ')}`);
}

function isDoor(glyph: string): boolean {
  return (DOOR_LETTERS as readonly string[]).includes(glyph);
}

function findGlyph(rows: readonly string[], glyph: string): number {
  const width = rows[0]?.length ?? 0;
  for (let row = 0; row < rows.length; row++) {
    const col = rows[row].indexOf(glyph);
    if (col >= 0) return row * width + col;
  }
  return -1;
}

function neighbours(cell: number, width: number, height: number): number[] {
  const row = Math.floor(cell / width);
  const col = cell % width;
  const found: number[] = [];
  for (let direction = 0; direction < 4; direction++) {
    const r = row + ROW_STEP[direction];
    const c = col + COL_STEP[direction];
    if (r >= 0 && r < height && c >= 0 && c < width) found.push(r * width + c);
  }
  return found;
}

/**
 * Whether a walk from the cells reached gets to `target` once the doors `door` are open: a
 * flood by the rules of movement (gates along their arrow, other doors closed, E stops it).
 */
function floodReaches(
  rows: readonly string[],
  outside: Uint8Array,
  door: string,
  target: number,
): boolean {
  const width = rows[0].length;
  const height = rows.length;
  const seen = new Uint8Array(width * height);
  const queue: number[] = [];
  for (let cell = 0; cell < seen.length; cell++) {
    if (!outside[cell] && rows[Math.floor(cell / width)][cell % width] !== '#') {
      seen[cell] = 1;
      queue.push(cell);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head];
    if (cell === target) return true;
    const row = Math.floor(cell / width);
    const col = cell % width;
    if (rows[row][col] === 'E') continue;
    for (let direction = 0; direction < 4; direction++) {
      const r = row + ROW_STEP[direction];
      const c = col + COL_STEP[direction];
      if (r < 0 || r >= height || c < 0 || c >= width || seen[r * width + c]) continue;
      const glyph = rows[r][c];
      const gate = (GATE_GLYPHS as readonly string[]).indexOf(glyph);
      if (glyph === '#' || (gate >= 0 && gate !== direction)) continue;
      if (isDoor(glyph) && glyph !== door) continue;
      seen[r * width + c] = 1;
      queue.push(r * width + c);
    }
  }
  return false;
}
