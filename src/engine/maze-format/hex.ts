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
//
// This file is the format's door: the import, and what the rest of the code names. The work is
// in hex-read.ts (reading the file), hex-check.ts (the checks and the path warnings),
// hex-write.ts (the export and the path line) and hex-format.ts (what they share).
import { type Result, ok } from '../result.js';
import { checkPath, checkWalls } from './hex-check.js';
import type { MazeFormatFailure } from './hex-format.js';
import { buildRows, readFooter, readWalls, splitLines } from './hex-read.js';

export {
  HEX_MAZE_MAX_SIZE,
  MAZE_FORMAT_ERROR_CODES,
  type MazeFormatErrorCode,
  type MazeFormatFailure,
} from './hex-format.js';
export { exportHexMaze, type HexMaze } from './hex-write.js';

/** An imported level: its rows, and what was wrong with the file but did not stop it. */
export interface ImportedMaze {
  readonly rows: string[];
  readonly warnings: string[];
}

export type HexImportResult = Result<ImportedMaze, MazeFormatFailure>;

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
