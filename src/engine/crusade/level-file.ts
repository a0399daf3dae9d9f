// Level files of the rotating-rooms puzzle (docs/crusade.md, "Level files") and the line formats they
// share with the game's stdin protocol. Each line parser returns a Result whose failure has a
// code and a message but no place: callers add where the line was (its number in a file, or in
// the protocol's input).
import { fail, ok, type Failure, type Result } from '../result.js';
import { MAX_ROOM_TYPE, SIDES, type Side } from './rooms.js';

/** Indy or a rock: the room it is in and the side it entered by. */
export interface Mover {
  readonly x: number;
  readonly y: number;
  readonly entry: Side;
}

/** A rock of a level file: it first shows in the input of turn `turn` (0-based). */
export interface ScheduledRock extends Mover {
  readonly turn: number;
}

export interface CrusadeGrid {
  readonly width: number;
  readonly height: number;
  /** Row-major room types, negative when locked. */
  readonly rooms: readonly number[];
  /** The exit room is (exitX, height - 1). */
  readonly exitX: number;
}

export interface CrusadeLevel extends CrusadeGrid {
  readonly indy: Mover;
  readonly rocks: readonly ScheduledRock[];
}

/**
 * What can be wrong with one line, named by the line's kind: `W H`, a row of rooms (a wrong
 * count or a type outside -13..13), `EX`, Indy's line, the rocks' count, a rock's line.
 */
export const CRUSADE_LINE_ERROR_CODES = [
  'BAD_SIZE',
  'BAD_ROOM_ROW',
  'BAD_EXIT',
  'BAD_INDY',
  'BAD_ROCK_COUNT',
  'BAD_ROCK',
] as const;
export type CrusadeLineErrorCode = (typeof CRUSADE_LINE_ERROR_CODES)[number];

/**
 * What can be wrong with a whole level file: a bad line, the text ending before the level does
 * (an empty text too), or text after the last rock.
 */
export const CRUSADE_LEVEL_ERROR_CODES = [
  ...CRUSADE_LINE_ERROR_CODES,
  'TEXT_ENDS_EARLY',
  'UNEXPECTED_TEXT',
] as const;
export type CrusadeLevelErrorCode = (typeof CRUSADE_LEVEL_ERROR_CODES)[number];

/** A line parser's answer: on failure, no place (row and col null). */
export type ParsedLine<T> = Result<T, Failure<CrusadeLineErrorCode>>;

/** Who a `X Y POS` line is about: it names them in messages and picks the code. */
export type MoverRole = 'Indy' | 'the rock';

/** The protocol's limit on each side of the grid. */
export const MAX_SIDE = 20;
/** Indy moves one room a turn and never comes back, so no game lasts longer than this. */
export const MAX_TURN = MAX_SIDE * MAX_SIDE;
/** A sanity bound on the rocks of one level file. */
const MAX_ROCKS = 1000;

const WHOLE = /^-?\d+$/;

function words(line: string): string[] {
  const trimmed = line.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

function whole(word: string | undefined, min: number, max: number): number | undefined {
  if (word === undefined || !WHOLE.test(word)) return undefined;
  const n = Number(word);
  return n >= min && n <= max ? n : undefined;
}

/** `W H` */
export function parseSize(line: string): ParsedLine<{ width: number; height: number }> {
  const [w, h, ...rest] = words(line);
  const width = whole(w, 1, MAX_SIDE);
  const height = whole(h, 1, MAX_SIDE);
  if (width === undefined || height === undefined || rest.length > 0) {
    return fail(
      'BAD_SIZE',
      `expected "W H", two whole numbers from 1 to ${MAX_SIDE}, got "${line.trim()}"`,
    );
  }
  return ok({ width, height });
}

/** One row of W room types. */
export function parseRoomRow(line: string, width: number): ParsedLine<number[]> {
  const row = words(line);
  if (row.length !== width) {
    return fail('BAD_ROOM_ROW', `expected ${width} room types, got ${row.length}`);
  }
  const rooms: number[] = [];
  for (const word of row) {
    const room = whole(word, -MAX_ROOM_TYPE, MAX_ROOM_TYPE);
    if (room === undefined) {
      return fail(
        'BAD_ROOM_ROW',
        `room type "${word}" is not a whole number from -${MAX_ROOM_TYPE} to ${MAX_ROOM_TYPE}`,
      );
    }
    rooms.push(room === 0 ? 0 : room); // no -0: a locked empty room is an empty room
  }
  return ok(rooms);
}

/** `EX`, the exit's column. */
export function parseExit(line: string, width: number): ParsedLine<number> {
  const [word, ...rest] = words(line);
  const exitX = whole(word, 0, width - 1);
  if (exitX === undefined || rest.length > 0) {
    return fail(
      'BAD_EXIT',
      `expected "EX", the exit's column from 0 to ${width - 1}, got "${line.trim()}"`,
    );
  }
  return ok(exitX);
}

const MOVER_CODE = { Indy: 'BAD_INDY', 'the rock': 'BAD_ROCK' } as const;

function parsePosition(
  x: string | undefined,
  y: string | undefined,
  pos: string | undefined,
  width: number,
  height: number,
  who: MoverRole,
): ParsedLine<Mover> {
  const code = MOVER_CODE[who];
  const col = whole(x, 0, width - 1);
  if (col === undefined) {
    return fail(code, `${who}'s X "${x}" is not a column from 0 to ${width - 1}`);
  }
  const row = whole(y, 0, height - 1);
  if (row === undefined) {
    return fail(code, `${who}'s Y "${y}" is not a row from 0 to ${height - 1}`);
  }
  if (!SIDES.includes(pos as Side)) {
    return fail(code, `${who}'s POS "${pos}" is not TOP, LEFT or RIGHT`);
  }
  return ok({ x: col, y: row, entry: pos as Side });
}

/** `X Y POS`: Indy or a rock in the protocol. */
export function parseMover(
  line: string,
  width: number,
  height: number,
  who: MoverRole,
): ParsedLine<Mover> {
  const parts = words(line);
  if (parts.length !== 3) {
    return fail(MOVER_CODE[who], `expected "X Y POS" for ${who}, got "${line.trim()}"`);
  }
  return parsePosition(parts[0], parts[1], parts[2], width, height, who);
}

/** The number of rocks on one line (`N` of a level file, `R` of a turn). */
export function parseRockCount(line: string, max: number): ParsedLine<number> {
  const [word, ...rest] = words(line);
  const count = whole(word, 0, max);
  if (count === undefined || rest.length > 0) {
    return fail(
      'BAD_ROCK_COUNT',
      `expected the number of rocks, a whole number from 0 to ${max}, got "${line.trim()}"`,
    );
  }
  return ok(count);
}

/** `XR YR POS T`: a rock of a level file with the turn it shows up. */
export function parseScheduledRock(
  line: string,
  width: number,
  height: number,
): ParsedLine<ScheduledRock> {
  const parts = words(line);
  if (parts.length !== 4) {
    return fail('BAD_ROCK', `expected "XR YR POS T" for a rock, got "${line.trim()}"`);
  }
  const at = parsePosition(parts[0], parts[1], parts[2], width, height, 'the rock');
  if (!at.ok) return at;
  const turn = whole(parts[3], 0, MAX_TURN);
  if (turn === undefined) {
    return fail(
      'BAD_ROCK',
      `the rock's turn "${parts[3]}" is not a whole number from 0 to ${MAX_TURN}`,
    );
  }
  return ok({ ...at.value, turn });
}

/**
 * Parses a whole level file. A failure's message starts with the line's number (1-based) and
 * its `row` is the line's index (0-based); `col` is null.
 */
export function parseCrusadeLevel(
  text: string,
): Result<CrusadeLevel, Failure<CrusadeLevelErrorCode>> {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  let next = 0;
  const take = (): string | undefined => lines[next++];
  // `next` is one past the line just taken (or missed): its 1-based number.
  const atLine = (error: Failure<CrusadeLineErrorCode>) =>
    fail(error.code, `line ${next}: ${error.message}`, next - 1);
  const ended = (expected: string) =>
    fail('TEXT_ENDS_EARLY', `line ${next}: the text ends here, expected ${expected}`, next - 1);

  const sizeLine = take();
  if (sizeLine === undefined) {
    return fail('TEXT_ENDS_EARLY', 'line 1: the text is empty, expected "W H"', 0);
  }
  const size = parseSize(sizeLine);
  if (!size.ok) return atLine(size.error);
  const { width, height } = size.value;

  const rooms: number[] = [];
  for (let y = 0; y < height; y++) {
    const line = take();
    if (line === undefined) return ended(`row ${y} of ${height} rows of rooms`);
    const row = parseRoomRow(line, width);
    if (!row.ok) return atLine(row.error);
    rooms.push(...row.value);
  }

  const exitLine = take();
  if (exitLine === undefined) return ended('"EX", the exit\'s column');
  const exit = parseExit(exitLine, width);
  if (!exit.ok) return atLine(exit.error);

  const indyLine = take();
  if (indyLine === undefined) return ended('"XI YI POS", where Indy starts');
  const indy = parseMover(indyLine, width, height, 'Indy');
  if (!indy.ok) return atLine(indy.error);

  const countLine = take();
  if (countLine === undefined) return ended('"N", the number of rocks');
  const count = parseRockCount(countLine, MAX_ROCKS);
  if (!count.ok) return atLine(count.error);

  const rocks: ScheduledRock[] = [];
  for (let i = 0; i < count.value; i++) {
    const line = take();
    if (line === undefined) return ended(`rock ${i + 1} of ${count.value}, "XR YR POS T"`);
    const rock = parseScheduledRock(line, width, height);
    if (!rock.ok) return atLine(rock.error);
    rocks.push(rock.value);
  }
  if (take() !== undefined) {
    return fail('UNEXPECTED_TEXT', `line ${next}: unexpected text after the last rock`, next - 1);
  }

  return ok({ width, height, rooms, exitX: exit.value, indy: indy.value, rocks });
}
