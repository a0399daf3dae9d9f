// The hex wall format of A-Maze-ing files (SPEC §7), both ways.
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
// A level has the wall-maze layout (SPEC §6) when: it is a valid level; it has an odd number
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
  const route = fewestSteps(parsed.level);
  if (route === null) return '';
  const columns = parsed.level.width;
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

function parseCell(
  name: 'entry' | 'exit',
  line: string | undefined,
  index: number,
  width: number,
  height: number,
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

/**
 * Reads a hex wall file into level rows (the wall-maze layout; a cell closed on all four
 * sides becomes `#` unless it is the entry or exit). Rejects, with the line and cell: bad
 * digits, lines of different lengths, walls two cells disagree on, open border walls, a bad
 * or out-of-range entry/exit. A path line that is not a shortest walk from entry to exit
 * through open walls only gives a warning: the level is the walls, the path is recomputed.
 */
export function importHexMaze(text: string): HexImportResult {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  // Blank lines at the end (and the final newline) are not part of anything.
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();

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

  const closed = (x: number, y: number, direction: number): boolean =>
    (masks[y * width + x] & (1 << direction)) !== 0;
  const sideNames = ['north', 'east', 'south', 'west'];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const where = `${lineLabel(y)}: cell (${x},${y})`;
      for (let direction = 0; direction < 4; direction++) {
        const nx = x + COL_STEP[direction];
        const ny = y + ROW_STEP[direction];
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
          if (!closed(x, y, direction)) {
            return fail(
              'OPEN_BORDER',
              `${where} has its ${sideNames[direction]} border wall open`,
              y,
              x,
            );
          }
        }
      }
      for (const direction of [EAST, SOUTH]) {
        const nx = x + COL_STEP[direction];
        const ny = y + ROW_STEP[direction];
        if (nx >= width || ny >= height) continue;
        const here = closed(x, y, direction);
        const facing = opposite(direction);
        const there = closed(nx, ny, facing);
        if (here !== there) {
          return fail(
            'WALL_MISMATCH',
            `${where} has its ${sideNames[direction]} wall ${here ? 'closed' : 'open'} but cell (${nx},${ny}) ` +
              `(${lineLabel(ny)}) has its ${sideNames[facing]} wall ${there ? 'closed' : 'open'}`,
            y,
            x,
          );
        }
      }
    }
  }

  const entry = parseCell('entry', lines[height + 1], height + 1, width, height);
  if (!entry.ok) return entry;
  const exit = parseCell('exit', lines[height + 2], height + 2, width, height);
  if (!exit.ok) return exit;
  if (entry.value.x === exit.value.x && entry.value.y === exit.value.y) {
    return fail(
      'ENTRY_EQUALS_EXIT',
      `${lineLabel(height + 2)}: entry and exit are the same cell (${exit.value.x},${exit.value.y})`,
      height + 2,
    );
  }
  const pathLine = (lines[height + 3] ?? '').trim().toUpperCase();
  if (!/^[NESW]*$/.test(pathLine)) {
    const bad = [...pathLine].find((letter) => !LETTERS.includes(letter));
    return fail(
      'BAD_PATH',
      `${lineLabel(height + 3)}: the path may only use the letters N, E, S and W, found ${JSON.stringify(bad)}`,
      height + 3,
      badLetterColumn(lines[height + 3]),
    );
  }
  if (lines.length > height + 4) {
    return fail(
      'UNEXPECTED_TEXT',
      `${lineLabel(height + 4)}: unexpected text after the path line: ${JSON.stringify(lines[height + 4])}`,
      height + 4,
    );
  }

  const canvas = drawMasks(width, height, masks);
  canvas.codes[cellGlyph(canvas, entry.value.y * width + entry.value.x)] = START.charCodeAt(0);
  canvas.codes[cellGlyph(canvas, exit.value.y * width + exit.value.x)] = EXIT.charCodeAt(0);
  const rows = canvasRows(canvas);

  const warnings: string[] = [];
  const shortest = shortestPathLetters(rows);
  if (lines.length <= height + 3) {
    if (shortest !== '') warnings.push('the file has no path line');
  } else if (!walkReaches(pathLine, entry.value, exit.value, closed, width, height)) {
    warnings.push(
      `${lineLabel(height + 3)}: the path does not lead from the entry to the exit through open walls (ignored)`,
    );
  } else if (pathLine.length !== shortest.length) {
    warnings.push(
      `${lineLabel(height + 3)}: the path has ${pathLine.length} moves, the shortest has ${shortest.length} (ignored)`,
    );
  }
  return ok({ rows, warnings });
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

/** Whether the letters walk from entry to exit through open walls only, ending at the exit. */
function walkReaches(
  letters: string,
  entry: MazeCell,
  exit: MazeCell,
  closed: (x: number, y: number, direction: number) => boolean,
  width: number,
  height: number,
): boolean {
  let { x, y } = entry;
  for (const letter of letters) {
    const direction = LETTERS.indexOf(letter);
    if (closed(x, y, direction)) return false;
    x += COL_STEP[direction];
    y += ROW_STEP[direction];
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
  }
  return x === exit.x && y === exit.y;
}
