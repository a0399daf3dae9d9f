// Level files of the rotating-rooms puzzle (RULES.md, "Level files") and the line formats they
// share with the game's stdin protocol. Each line parser returns a value or an error message;
// callers add where the line was (a line number, or a turn of the protocol).
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

export type Parsed<T> = { readonly value: T } | { readonly error: string };

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
export function parseSize(line: string): Parsed<{ width: number; height: number }> {
  const [w, h, ...rest] = words(line);
  const width = whole(w, 1, MAX_SIDE);
  const height = whole(h, 1, MAX_SIDE);
  if (width === undefined || height === undefined || rest.length > 0) {
    return {
      error: `expected "W H", two whole numbers from 1 to ${MAX_SIDE}, got "${line.trim()}"`,
    };
  }
  return { value: { width, height } };
}

/** One row of W room types. */
export function parseRoomRow(line: string, width: number): Parsed<number[]> {
  const row = words(line);
  if (row.length !== width) return { error: `expected ${width} room types, got ${row.length}` };
  const rooms: number[] = [];
  for (const word of row) {
    const room = whole(word, -MAX_ROOM_TYPE, MAX_ROOM_TYPE);
    if (room === undefined) {
      return {
        error: `room type "${word}" is not a whole number from -${MAX_ROOM_TYPE} to ${MAX_ROOM_TYPE}`,
      };
    }
    rooms.push(room === 0 ? 0 : room); // no -0: a locked empty room is an empty room
  }
  return { value: rooms };
}

/** `EX`, the exit's column. */
export function parseExit(line: string, width: number): Parsed<number> {
  const [word, ...rest] = words(line);
  const exitX = whole(word, 0, width - 1);
  if (exitX === undefined || rest.length > 0) {
    return {
      error: `expected "EX", the exit's column from 0 to ${width - 1}, got "${line.trim()}"`,
    };
  }
  return { value: exitX };
}

function parsePosition(
  x: string | undefined,
  y: string | undefined,
  pos: string | undefined,
  width: number,
  height: number,
  what: string,
): Parsed<Mover> {
  const col = whole(x, 0, width - 1);
  if (col === undefined) {
    return { error: `${what}'s X "${x}" is not a column from 0 to ${width - 1}` };
  }
  const row = whole(y, 0, height - 1);
  if (row === undefined) {
    return { error: `${what}'s Y "${y}" is not a row from 0 to ${height - 1}` };
  }
  if (!SIDES.includes(pos as Side)) {
    return { error: `${what}'s POS "${pos}" is not TOP, LEFT or RIGHT` };
  }
  return { value: { x: col, y: row, entry: pos as Side } };
}

/** `X Y POS`: Indy or a rock in the protocol. */
export function parseMover(
  line: string,
  width: number,
  height: number,
  what: string,
): Parsed<Mover> {
  const parts = words(line);
  if (parts.length !== 3) return { error: `expected "X Y POS" for ${what}, got "${line.trim()}"` };
  return parsePosition(parts[0], parts[1], parts[2], width, height, what);
}

/** A count of things on one line (`N`, `R`). */
export function parseCount(line: string, what: string, max: number): Parsed<number> {
  const [word, ...rest] = words(line);
  const count = whole(word, 0, max);
  if (count === undefined || rest.length > 0) {
    return {
      error: `expected the number of ${what}, a whole number from 0 to ${max}, got "${line.trim()}"`,
    };
  }
  return { value: count };
}

/** `XR YR POS T`: a rock of a level file with the turn it shows up. */
export function parseScheduledRock(
  line: string,
  width: number,
  height: number,
): Parsed<ScheduledRock> {
  const parts = words(line);
  if (parts.length !== 4) {
    return { error: `expected "XR YR POS T" for a rock, got "${line.trim()}"` };
  }
  const at = parsePosition(parts[0], parts[1], parts[2], width, height, 'the rock');
  if ('error' in at) return at;
  const turn = whole(parts[3], 0, MAX_TURN);
  if (turn === undefined) {
    return { error: `the rock's turn "${parts[3]}" is not a whole number from 0 to ${MAX_TURN}` };
  }
  return { value: { ...at.value, turn } };
}

/** Parses a whole level file; errors name the line (1-based). */
export function parseCrusadeLevel(text: string): Parsed<CrusadeLevel> {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  let next = 0;
  const take = (): string | undefined => lines[next++];
  const fail = (error: string): { error: string } => ({ error: `line ${next}: ${error}` });
  const ended = (expected: string): { error: string } => ({
    error: `line ${next}: the text ends here, expected ${expected}`,
  });

  const sizeLine = take();
  if (sizeLine === undefined) return { error: 'line 1: the text is empty, expected "W H"' };
  const size = parseSize(sizeLine);
  if ('error' in size) return fail(size.error);
  const { width, height } = size.value;

  const rooms: number[] = [];
  for (let y = 0; y < height; y++) {
    const line = take();
    if (line === undefined) return ended(`row ${y} of ${height} rows of rooms`);
    const row = parseRoomRow(line, width);
    if ('error' in row) return fail(row.error);
    rooms.push(...row.value);
  }

  const exitLine = take();
  if (exitLine === undefined) return ended('"EX", the exit\'s column');
  const exit = parseExit(exitLine, width);
  if ('error' in exit) return fail(exit.error);

  const indyLine = take();
  if (indyLine === undefined) return ended('"XI YI POS", where Indy starts');
  const indy = parseMover(indyLine, width, height, 'Indy');
  if ('error' in indy) return fail(indy.error);

  const countLine = take();
  if (countLine === undefined) return ended('"N", the number of rocks');
  const count = parseCount(countLine, 'rocks', MAX_ROCKS);
  if ('error' in count) return fail(count.error);

  const rocks: ScheduledRock[] = [];
  for (let i = 0; i < count.value; i++) {
    const line = take();
    if (line === undefined) return ended(`rock ${i + 1} of ${count.value}, "XR YR POS T"`);
    const rock = parseScheduledRock(line, width, height);
    if ('error' in rock) return fail(rock.error);
    rocks.push(rock.value);
  }
  if (take() !== undefined) return fail(`unexpected text after the last rock`);

  return { value: { width, height, rooms, exitX: exit.value, indy: indy.value, rocks } };
}
