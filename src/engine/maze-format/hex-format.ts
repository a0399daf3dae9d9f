// The vocabulary the hex wall format's reading, checking and writing share (hex.ts describes
// the format): the failure codes, the size limit, the path letters, and the maze lines read as
// closed-wall masks.
import { GENERATION_LIMITS, type MazeCell } from '../generation/options.js';
import type { Failure } from '../result.js';

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

/** Import takes mazes up to the generator's size limit. */
export const HEX_MAZE_MAX_SIZE = GENERATION_LIMITS.maxSize;

/** The path letters, indexed by direction. */
export const LETTERS = 'NESW';

/** A line of the file, for messages: 1-based. */
export const lineLabel = (index: number): string => `line ${index + 1}`;

/** The maze lines of a file read as closed-wall masks (index y * width + x). */
export interface HexWalls {
  readonly width: number;
  readonly height: number;
  readonly masks: Uint8Array;
}

/** What follows the maze lines and their empty line. */
export interface HexFooter {
  readonly entry: MazeCell;
  readonly exit: MazeCell;
  /** Upper-case letters; null when there is no path line. */
  readonly path: string | null;
}

/** Whether the wall of cell (x, y) on side `direction` is closed. */
export const isClosed = (walls: HexWalls, x: number, y: number, direction: number): boolean =>
  (walls.masks[y * walls.width + x] & (1 << direction)) !== 0;
