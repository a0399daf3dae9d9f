// Writing the hex wall format (hex.ts describes it): a level with the wall-maze layout as a
// file, and the shortest path line, which the import checks against.
import { cellCol, cellRow, mazeSizeOf, maskOfRows } from '../generation/glyph-layout.js';
import type { MazeCell } from '../generation/options.js';
import { ALL_CLOSED } from '../generation/wall-grid.js';
import { COL_STEP, DIRECTIONS, EXIT, ROW_STEP, START, WALL } from '../level/glyphs.js';
import { parseLevel } from '../level/parse.js';
import { fewestSteps } from '../search/fewest-steps.js';
import { LETTERS } from './hex-format.js';

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

/** The shortest path through the walls of wall-maze glyph rows, as N E S W letters. */
export function shortestPathLetters(glyphRows: readonly string[]): string {
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
