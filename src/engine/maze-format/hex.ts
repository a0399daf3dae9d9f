// The hex wall format of A-Maze-ing files (docs/generation.md), both ways.
//
//   one line per maze row, one hex digit per cell: bit set = wall closed
//   (bit 0 north, 1 east, 2 south, 3 west)
//   <empty line>
//   entry "x,y"            (x = column)
//   exit "x,y"
//   the shortest path from entry to exit as letters N E S W
//
// Export writes exactly that, upper-case, every line ending in "\n". Import also takes
// lower-case digits, "x, y" with spaces, "\r\n" line ends, a missing final newline, a
// missing path line and blank lines at the end.
//
// A level has the wall-maze layout (docs/generation.md) when: it is a valid level; it has an odd number
// (at least 3) of rows and of columns; every even/even glyph and the whole border is `#`;
// S and E sit on cells (odd/odd glyphs); and a cell glyph is `#` only with all four of its
// walls `#` (a closed cell, like the "42", written `F`). A wall glyph is closed when it is
// `#` and open otherwise: the hex format keeps only the walls, so terrain, gates, keys and
// doors are not in the file (import gives `.` floors). Where cells and walls sit, and the
// frame, are glyph-layout.ts's (shared with the generator).
//
// The path line is the shortest walk through the walls as the file describes them (every
// open glyph taken as floor), found by fewestSteps, so it has its tie-break (N < E < S < W
// first, move by move); empty when the exit can't be reached.
import {
  cellCol,
  cellGlyph,
  cellRow,
  canvasRows,
  drawMasks,
  mazeSizeOf,
  maskOfRows,
} from '../generation/glyph-layout.js';
import { GENERATION_LIMITS, type MazeCell } from '../generation/options.js';
import { ALL_CLOSED } from '../generation/wall-grid.js';
import {
  COL_STEP,
  DIRECTIONS,
  EAST,
  EXIT,
  ROW_STEP,
  SOUTH,
  START,
  WALL,
  opposite,
} from '../level/glyphs.js';
import { parseLevel } from '../level/parse.js';
import { type Failure, type Result, fail, ok } from '../result.js';
import { fewestSteps } from '../search/fewest-steps.js';

export interface HexMaze {
  /** The whole file. */
  readonly text: string;
  /** Its maze lines: one hex digit per cell. */
  readonly rows: string[];
  readonly entry: MazeCell;
  readonly exit: MazeCell;
  /** Letters N E S W; empty when the exit can't be reached. */
  readonly path: string;
}

/**
 * The codes of every import failure, in the order of the checks. Failures at a place in the
 * file have its 0-based line (`row`) and, for a cell or a letter, its column (`col`).
 */
export const MAZE_FORMAT_ERROR_CODES = [
  'NO_MAZE_LINES',
  'MISSING_SEPARATOR',
  'MAZE_TOO_LARGE',
  'BAD_DIGIT',
  'ROW_LENGTH_MISMATCH',
  'OPEN_BORDER',
  'WALL_MISMATCH',
  'BAD_ENTRY',
  'BAD_EXIT',
  'ENTRY_EQUALS_EXIT',
  'BAD_PATH',
  'UNEXPECTED_TEXT',
] as const;
export type MazeFormatErrorCode = (typeof MAZE_FORMAT_ERROR_CODES)[number];
export type MazeFormatFailure = Failure<MazeFormatErrorCode>;

/** An imported level: its rows, and what was wrong with the file but did not stop it. */
export interface ImportedMaze {
  readonly rows: string[];
  readonly warnings: string[];
}

export type HexImportResult = Result<ImportedMaze, MazeFormatFailure>;

/** Import takes mazes up to the generator's size limit. */
export const HEX_MAZE_MAX_SIZE = GENERATION_LIMITS.maxSize;

/** The path letters, indexed by direction. */
const LETTERS = 'NESW';

/** The shortest path through the walls of wall-maze glyph rows, as N E S W letters. */
function shortestPathLetters(glyphRows: readonly string[]): string {
  const plain = glyphRows.map((row) => row.replace(/[^#SE]/g, '.'));
  const parsed = parseLevel(plain);
  if (!parsed.ok) return '';
  const route = fewestSteps(parsed.value);
  if (route === null) return '';
  const columns = parsed.value.width;
  let letters = '';
  // On plain walls a shortest walk goes cell, wall, cell, …: every other position is a cell,
  // two glyphs from the one before.
  for (let i = 2; i < route.cells.length; i += 2) {
    const delta = route.cells[i] - route.cells[i - 2];
    const direction = DIRECTIONS.find((d) => delta === 2 * (ROW_STEP[d] * columns + COL_STEP[d]));
    letters += LETTERS[direction!];
  }
  return letters;
}

/** The hex file of a level with the wall-maze layout (see top), or null for any other level. */
export function exportHexMaze(glyphRows: readonly string[]): HexMaze | null {
  if (!parseLevel(glyphRows).ok) return null;
  const size = mazeSizeOf(glyphRows);
  if (size === null) return null;
  const rows: string[] = [];
  let entry: MazeCell | null = null;
  let exit: MazeCell | null = null;
  for (let y = 0; y < size.height; y++) {
    let line = '';
    for (let x = 0; x < size.width; x++) {
      const closed = maskOfRows(glyphRows, x, y);
      const cell = glyphRows[cellRow(y)][cellCol(x)];
      if (cell === WALL && closed !== ALL_CLOSED) return null;
      if (cell === START) entry = { x, y };
      if (cell === EXIT) exit = { x, y };
      line += closed.toString(16).toUpperCase();
    }
    rows.push(line);
  }
  // S or E on a wall glyph instead of a cell.
  if (entry === null || exit === null) return null;
  const path = shortestPathLetters(glyphRows);
  const text = `${rows.join('\n')}\n\n${entry.x},${entry.y}\n${exit.x},${exit.y}\n${path}\n`;
  return { text, rows, entry, exit, path };
}

/** A line of the file, for messages: 1-based. */
const lineLabel = (index: number): string => `line ${index + 1}`;

/** A failed step of the import. */
type Refusal = { readonly ok: false; readonly error: MazeFormatFailure };

/** The maze lines of a file read as closed-wall masks (index y * width + x). */
interface HexWalls {
  readonly width: number;
  readonly height: number;
  readonly masks: Uint8Array;
}

/** What follows the maze lines and their empty line. */
interface HexFooter {
  readonly entry: MazeCell;
  readonly exit: MazeCell;
  /** Upper-case letters; null when there is no path line. */
  readonly path: string | null;
}

const isClosed = (walls: HexWalls, x: number, y: number, direction: number): boolean =>
  (walls.masks[y * walls.width + x] & (1 << direction)) !== 0;

const SIDE_NAMES = ['north', 'east', 'south', 'west'];

/**
 * Reads a hex wall file into level rows (the wall-maze layout; a cell closed on all four
 * sides becomes `#` unless it is the entry or exit). Rejects, with the line and cell: bad
 * digits, lines of different lengths, walls two cells disagree on, open border walls, a bad
 * or out-of-range entry/exit. A path line that is not a shortest walk from entry to exit
 * through open walls only gives a warning: the level is the walls, the path is recomputed.
 */
export function importHexMaze(text: string): HexImportResult {
  const lines = splitLines(text);
  const walls = readWalls(lines);
  if (!walls.ok) return walls;
  const checked = checkWalls(walls.value);
  if (!checked.ok) return checked;
  const footer = readFooter(lines, walls.value);
  if (!footer.ok) return footer;
  const rows = buildRows(walls.value, footer.value);
  return ok({ rows, warnings: checkPath(rows, walls.value, footer.value) });
}

/** The lines of the file without their `\n` or `\r\n`, and without blank lines at the end. */
function splitLines(text: string): string[] {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  // Blank lines at the end (and the final newline) are not part of anything.
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines;
}

/** The maze lines (up to the first empty line, which must be there) as masks. */
function readWalls(lines: readonly string[]): Result<HexWalls, MazeFormatFailure> {
  let height = 0;
  while (height < lines.length && lines[height].trim() !== '') height++;
  if (height === 0) {
    return fail('NO_MAZE_LINES', 'the file has no maze lines (expected hex digits on line 1)', 0);
  }
  if (height === lines.length) {
    return fail(
      'MISSING_SEPARATOR',
      `${lineLabel(height)}: expected an empty line after the maze lines, then the entry, exit and path lines`,
      height,
    );
  }
  const mazeLines = lines.slice(0, height).map((line) => line.trimEnd());
  const width = mazeLines[0].length;
  if (width > HEX_MAZE_MAX_SIZE || height > HEX_MAZE_MAX_SIZE) {
    return fail(
      'MAZE_TOO_LARGE',
      `the maze is ${width}x${height} cells, the largest accepted is ${HEX_MAZE_MAX_SIZE}x${HEX_MAZE_MAX_SIZE}`,
    );
  }
  const masks = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const line = mazeLines[y];
    for (let x = 0; x < line.length; x++) {
      const digit = line[x];
      if (!/^[0-9a-fA-F]$/.test(digit)) {
        return fail(
          'BAD_DIGIT',
          `${lineLabel(y)}, column ${x + 1}: ${JSON.stringify(digit)} is not a hex digit (cell (${x},${y}))`,
          y,
          x,
        );
      }
      masks[y * width + x] = parseInt(digit, 16);
    }
    if (line.length !== width) {
      return fail(
        'ROW_LENGTH_MISMATCH',
        `${lineLabel(y)} has ${line.length} cells, line 1 has ${width}`,
        y,
        Math.min(line.length, width),
      );
    }
  }
  return ok({ width, height, masks });
}

/** Every border wall closed and every shared wall agreed on; the first cell wrong is named. */
function checkWalls(walls: HexWalls): Result<void, MazeFormatFailure> {
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

/** The lines after the maze's empty line: entry, exit, path letters, and nothing else. */
function readFooter(
  lines: readonly string[],
  walls: HexWalls,
): Result<HexFooter, MazeFormatFailure> {
  const first = walls.height + 1;
  const entry = readCell('entry', lines[first], first, walls);
  if (!entry.ok) return entry;
  const exit = readCell('exit', lines[first + 1], first + 1, walls);
  if (!exit.ok) return exit;
  if (entry.value.x === exit.value.x && entry.value.y === exit.value.y) {
    return fail(
      'ENTRY_EQUALS_EXIT',
      `${lineLabel(first + 1)}: entry and exit are the same cell (${exit.value.x},${exit.value.y})`,
      first + 1,
    );
  }
  const path = readPath(lines, first + 2);
  if (!path.ok) return path;
  if (lines.length > first + 3) {
    return fail(
      'UNEXPECTED_TEXT',
      `${lineLabel(first + 3)}: unexpected text after the path line: ${JSON.stringify(lines[first + 3])}`,
      first + 3,
    );
  }
  return ok({ entry: entry.value, exit: exit.value, path: path.value });
}

/** Line `index` as the entry or exit: "x,y" inside the maze. */
function readCell(
  name: 'entry' | 'exit',
  line: string | undefined,
  index: number,
  { width, height }: HexWalls,
): Result<MazeCell, MazeFormatFailure> {
  const code = name === 'entry' ? 'BAD_ENTRY' : 'BAD_EXIT';
  const match = line === undefined ? null : /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(line);
  if (line === undefined || line.trim() === '') {
    return fail(code, `${lineLabel(index)}: expected the ${name} as "x,y", found nothing`, index);
  }
  if (match === null) {
    return fail(
      code,
      `${lineLabel(index)}: expected the ${name} as "x,y", found ${JSON.stringify(line)}`,
      index,
    );
  }
  const x = Number(match[1]);
  const y = Number(match[2]);
  if (x >= width || y >= height) {
    return fail(
      code,
      `${lineLabel(index)}: ${name} (${x},${y}) is outside the ${width}x${height} maze (x from 0 to ${width - 1}, y from 0 to ${height - 1})`,
      index,
    );
  }
  return ok({ x, y });
}

/** Line `index` as path letters in either case (null when the file ends before it). */
function readPath(
  lines: readonly string[],
  index: number,
): Result<string | null, MazeFormatFailure> {
  if (lines.length <= index) return ok(null);
  const path = lines[index].trim().toUpperCase();
  if (!/^[NESW]*$/.test(path)) {
    const bad = [...path].find((letter) => !LETTERS.includes(letter));
    return fail(
      'BAD_PATH',
      `${lineLabel(index)}: the path may only use the letters N, E, S and W, found ${JSON.stringify(bad)}`,
      index,
      badLetterColumn(lines[index]),
    );
  }
  return ok(path);
}

/**
 * The column of the first character of a path line that is not a path letter (in either
 * case); its surrounding blanks are allowed.
 */
function badLetterColumn(line: string): number {
  const start = line.length - line.trimStart().length;
  const end = line.trimEnd().length;
  for (let col = start; col < end; col++) {
    if (!/^[NESW]*$/.test(line[col].toUpperCase())) return col;
  }
  return start;
}

/** The level: the walls drawn in the wall-maze layout, S and E on the entry and exit. */
function buildRows(walls: HexWalls, { entry, exit }: HexFooter): string[] {
  const canvas = drawMasks(walls.width, walls.height, walls.masks);
  canvas.codes[cellGlyph(canvas, entry.y * walls.width + entry.x)] = START.charCodeAt(0);
  canvas.codes[cellGlyph(canvas, exit.y * walls.width + exit.x)] = EXIT.charCodeAt(0);
  return canvasRows(canvas);
}

/**
 * Warnings about the path line, which is not trusted: missing (when there is a path), not a
 * walk from the entry to the exit through open walls, or longer than the shortest.
 */
function checkPath(rows: readonly string[], walls: HexWalls, footer: HexFooter): string[] {
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
