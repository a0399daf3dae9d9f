// Reading a hex wall file (hex.ts describes the format): its lines, the maze lines as masks,
// the entry, exit and path lines, and the level drawn from the walls. What is read is checked
// by hex-check.ts.
import { canvasRows, cellGlyph, drawMasks } from '../generation/glyph-layout.js';
import type { MazeCell } from '../generation/options.js';
import { EXIT, START } from '../level/glyphs.js';
import { type Result, fail, ok } from '../result.js';
import {
  HEX_MAZE_MAX_SIZE,
  LETTERS,
  lineLabel,
  type HexFooter,
  type HexWalls,
  type MazeFormatFailure,
} from './hex-format.js';

/** The lines of the file without their `\n` or `\r\n`, and without blank lines at the end. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  // Blank lines at the end (and the final newline) are not part of anything.
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines;
}

/** The maze lines (up to the first empty line, which must be there) as masks. */
export function readWalls(lines: readonly string[]): Result<HexWalls, MazeFormatFailure> {
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

/** The lines after the maze's empty line: entry, exit, path letters, and nothing else. */
export function readFooter(
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
export function buildRows(walls: HexWalls, { entry, exit }: HexFooter): string[] {
  const canvas = drawMasks(walls.width, walls.height, walls.masks);
  canvas.codes[cellGlyph(canvas, entry.y * walls.width + entry.x)] = START.charCodeAt(0);
  canvas.codes[cellGlyph(canvas, exit.y * walls.width + exit.x)] = EXIT.charCodeAt(0);
  return canvasRows(canvas);
}
