// A walk played move by move (docs/rules.md: walkLevel): the moves a player makes from S, by the
// same movement rule as the searches (search-grid.ts canEnter). It stops before the first move
// that is not allowed, or once it reaches E (later moves are ignored).
import { GLYPH_BY_CODE, KEY_LETTERS, MOVE_LETTERS } from '../level/glyphs.js';
import type { Level } from '../level/level.js';
import { type Failure, type Result, fail, ok } from '../result.js';
import { canEnter, levelCell, searchGridOf } from './search-grid.js';

/** The longest `moves` text a walk takes, in letters. */
export const MAX_WALK_MOVES = 100_000;

export const MOVES_ERROR_CODES = ['MOVES_TOO_LONG', 'UNKNOWN_MOVE'] as const;
export type MovesError = Failure<(typeof MOVES_ERROR_CODES)[number]>;

export interface Walk {
  /** Level cells (row * width + col) of every position, S first. */
  readonly cells: Int32Array;
  /** The letters of the keys held at the end, alphabetical (a key without a door too). */
  readonly keys: readonly string[];
  readonly reachedExit: boolean;
  /** The index (from 0) of the move that was not allowed; null when none was refused. */
  readonly blockedAt: number | null;
}

const DIRECTION_BY_CODE: ReadonlyMap<number, number> = new Map(
  MOVE_LETTERS.map((letter, direction) => [letter.charCodeAt(0), direction]),
);

/** The moves of a text of letters U R D L, as directions; other letters and long texts fail. */
export function parseMoves(text: string): Result<Uint8Array, MovesError> {
  if (text.length > MAX_WALK_MOVES) {
    return fail(
      'MOVES_TOO_LONG',
      `moves has ${text.length} letters, more than the limit of ${MAX_WALK_MOVES}`,
    );
  }
  const directions = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const direction = DIRECTION_BY_CODE.get(text.charCodeAt(i));
    if (direction === undefined) {
      const letter = String.fromCodePoint(text.codePointAt(i)!);
      return fail(
        'UNKNOWN_MOVE',
        `moves may only hold the letters U, R, D and L: ${JSON.stringify(letter)} at index ${i}`,
      );
    }
    directions[i] = direction;
  }
  return ok(directions);
}

/** Walks `moves` (directions) from S, holding no keys at first. */
export function walkLevel(level: Level, moves: Uint8Array): Walk {
  const grid = searchGridOf(level);
  const { moveOffset, glyphs, entryNeeds, keysGiven, exit } = grid;
  const cells = new Int32Array(moves.length + 1);
  cells[0] = level.start;
  let cell = grid.start;
  let keys = 0; // layer bits: what the movement rule reads
  const lettersHeld = new Set<string>(); // every key stepped on, with a door in the level or not
  let steps = 0;
  let blockedAt: number | null = null;
  while (steps < moves.length && cell !== exit) {
    const direction = moves[steps];
    const next = cell + moveOffset[direction];
    if (!canEnter(glyphs, entryNeeds, next, direction, keys)) {
      blockedAt = steps;
      break;
    }
    cell = next;
    keys |= keysGiven[glyphs[cell]];
    const rule = GLYPH_BY_CODE[glyphs[cell]];
    if (rule?.kind === 'key') lettersHeld.add(KEY_LETTERS[rule.keyIndex!]);
    cells[++steps] = levelCell(grid, cell);
  }
  return {
    cells: cells.slice(0, steps + 1),
    keys: [...lettersHeld].sort(),
    reachedExit: cell === exit,
    blockedAt,
  };
}
