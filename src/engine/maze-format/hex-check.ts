// Checking a hex wall file once read (hex.ts describes the format): the walls (border closed,
// shared walls agreed on) refuse the file; the path line, which is not trusted, only warns.
import { COL_STEP, EAST, ROW_STEP, SOUTH, opposite } from '../level/glyphs.js';
import { type Result, fail, ok } from '../result.js';
import {
  LETTERS,
  isClosed,
  lineLabel,
  type HexFooter,
  type HexWalls,
  type MazeFormatFailure,
} from './hex-format.js';
import { shortestPathLetters } from './hex-write.js';

/** A failed step of the import. */
type Refusal = { readonly ok: false; readonly error: MazeFormatFailure };

const SIDE_NAMES = ['north', 'east', 'south', 'west'];

/** Every border wall closed and every shared wall agreed on; the first cell wrong is named. */
export function checkWalls(walls: HexWalls): Result<void, MazeFormatFailure> {
  for (let y = 0; y < walls.height; y++) {
    for (let x = 0; x < walls.width; x++) {
      const refusal = openBorder(walls, x, y) ?? wallMismatch(walls, x, y);
      if (refusal !== null) return refusal;
    }
  }
  return ok(undefined);
}

function openBorder(walls: HexWalls, x: number, y: number): Refusal | null {
  for (let direction = 0; direction < 4; direction++) {
    const nx = x + COL_STEP[direction];
    const ny = y + ROW_STEP[direction];
    const outside = nx < 0 || ny < 0 || nx >= walls.width || ny >= walls.height;
    if (outside && !isClosed(walls, x, y, direction)) {
      return fail(
        'OPEN_BORDER',
        `${lineLabel(y)}: cell (${x},${y}) has its ${SIDE_NAMES[direction]} border wall open`,
        y,
        x,
      );
    }
  }
  return null;
}

/** A wall shared with the cell east or south that the two cells disagree on. */
function wallMismatch(walls: HexWalls, x: number, y: number): Refusal | null {
  for (const direction of [EAST, SOUTH]) {
    const nx = x + COL_STEP[direction];
    const ny = y + ROW_STEP[direction];
    if (nx >= walls.width || ny >= walls.height) continue;
    const here = isClosed(walls, x, y, direction);
    const facing = opposite(direction);
    const there = isClosed(walls, nx, ny, facing);
    if (here !== there) {
      return fail(
        'WALL_MISMATCH',
        `${lineLabel(y)}: cell (${x},${y}) has its ${SIDE_NAMES[direction]} wall ${here ? 'closed' : 'open'} but cell (${nx},${ny}) ` +
          `(${lineLabel(ny)}) has its ${SIDE_NAMES[facing]} wall ${there ? 'closed' : 'open'}`,
        y,
        x,
      );
    }
  }
  return null;
}

/**
 * Warnings about the path line, which is not trusted: missing (when there is a path), not a
 * walk from the entry to the exit through open walls, or longer than the shortest.
 */
export function checkPath(rows: readonly string[], walls: HexWalls, footer: HexFooter): string[] {
  const shortest = shortestPathLetters(rows);
  const line = lineLabel(walls.height + 3);
  if (footer.path === null) return shortest === '' ? [] : ['the file has no path line'];
  if (!walkReaches(footer.path, footer, walls)) {
    return [
      `${line}: the path does not lead from the entry to the exit through open walls (ignored)`,
    ];
  }
  if (footer.path.length !== shortest.length) {
    return [
      `${line}: the path has ${footer.path.length} moves, the shortest has ${shortest.length} (ignored)`,
    ];
  }
  return [];
}

/** Whether the letters walk from entry to exit through open walls only, ending at the exit. */
function walkReaches(letters: string, { entry, exit }: HexFooter, walls: HexWalls): boolean {
  let { x, y } = entry;
  for (const letter of letters) {
    const direction = LETTERS.indexOf(letter);
    if (isClosed(walls, x, y, direction)) return false;
    x += COL_STEP[direction];
    y += ROW_STEP[direction];
    if (x < 0 || y < 0 || x >= walls.width || y >= walls.height) return false;
  }
  return x === exit.x && y === exit.y;
}
