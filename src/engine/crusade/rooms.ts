// The room table of the rotating-rooms puzzle: the one source of truth for where a room sends
// Indy or a rock, and what a quarter turn makes of it. Everything else (simulator, planner,
// level files, the protocol bot) reads these tables.

/** The side of a room an object entered by. */
export type Side = 'TOP' | 'LEFT' | 'RIGHT';
export type Rotation = 'LEFT' | 'RIGHT';

/** Sides as small integers, the order of `SIDES` (packed movers use these). */
export const TOP = 0;
export const FROM_LEFT = 1;
export const FROM_RIGHT = 2;
export const SIDES: readonly Side[] = ['TOP', 'LEFT', 'RIGHT'];

/** Where a room sends an object: nowhere (a wall), down, or sideways. */
export const NO_WAY = 0;
export const DOWN = 1;
export const GO_LEFT = 2;
export const GO_RIGHT = 3;

export const ROOM_TYPE_COUNT = 14;
export const MAX_ROOM_TYPE = ROOM_TYPE_COUNT - 1;

type Way = '-' | 'down' | 'left' | 'right';

/** The room table of docs/crusade.md, row by row: [from TOP, from LEFT, from RIGHT], rotate LEFT, rotate RIGHT. */
const TABLE: readonly (readonly [Way, Way, Way, number, number])[] = [
  ['-', '-', '-', 0, 0],
  ['down', 'down', 'down', 1, 1],
  ['-', 'right', 'left', 3, 3],
  ['down', '-', '-', 2, 2],
  ['left', '-', 'down', 5, 5],
  ['right', 'down', '-', 4, 4],
  ['-', 'right', 'left', 9, 7],
  ['down', '-', 'down', 6, 8],
  ['-', 'down', 'down', 7, 9],
  ['down', 'down', '-', 8, 6],
  ['left', '-', '-', 13, 11],
  ['right', '-', '-', 10, 12],
  ['-', '-', 'down', 11, 13],
  ['-', 'down', '-', 12, 10],
];

const WAY_CODE: Record<Way, number> = { '-': NO_WAY, down: DOWN, left: GO_LEFT, right: GO_RIGHT };

/** WAY_OUT[type * 3 + side]: where room `type` (0..13) sends an object that entered by `side`. */
export const WAY_OUT = Int8Array.from(
  TABLE.flatMap((row) => row.slice(0, 3).map((w) => WAY_CODE[w as Way])),
);
/** The type a room becomes after a quarter turn counter-clockwise (LEFT) or clockwise (RIGHT). */
export const TURNED_LEFT = Int8Array.from(TABLE.map((row) => row[3]));
export const TURNED_RIGHT = Int8Array.from(TABLE.map((row) => row[4]));

/**
 * TURNS[from * 14 + to]: the fewest quarter turns from type `from` to type `to` (0, 1 or 2), or -1
 * when no rotation gets there. A half turn takes two turns of the game, either way round.
 */
export const TURNS = (() => {
  const turns = new Int8Array(ROOM_TYPE_COUNT * ROOM_TYPE_COUNT).fill(-1);
  for (let from = 0; from < ROOM_TYPE_COUNT; from++) {
    turns[from * ROOM_TYPE_COUNT + from] = 0;
    for (const once of [TURNED_LEFT[from], TURNED_RIGHT[from]]) {
      if (turns[from * ROOM_TYPE_COUNT + once] < 0) turns[from * ROOM_TYPE_COUNT + once] = 1;
      for (const twice of [TURNED_LEFT[once], TURNED_RIGHT[once]]) {
        if (turns[from * ROOM_TYPE_COUNT + twice] < 0) turns[from * ROOM_TYPE_COUNT + twice] = 2;
      }
    }
  }
  return turns;
})();

/** ORIENTATIONS[type]: every type a room of this type can be turned into, itself first. */
export const ORIENTATIONS: readonly (readonly number[])[] = Array.from(
  { length: ROOM_TYPE_COUNT },
  (_, from) => {
    const reachable = [from];
    for (let to = 0; to < ROOM_TYPE_COUNT; to++) {
      if (to !== from && TURNS[from * ROOM_TYPE_COUNT + to] > 0) reachable.push(to);
    }
    return reachable;
  },
);

/** A room as written in a level: its type, negative when it is locked. */
export function roomType(room: number): number {
  return room < 0 ? -room : room;
}

/** The room after a quarter turn (the caller checks it may turn). */
export function turnRoom(room: number, rotation: Rotation): number {
  return rotation === 'LEFT' ? TURNED_LEFT[room] : TURNED_RIGHT[room];
}

/** Where room `room` (signed) sends an object that entered by `side`. */
export function wayOut(room: number, side: Side): 'NONE' | 'DOWN' | 'LEFT' | 'RIGHT' {
  const way = WAY_OUT[roomType(room) * 3 + SIDES.indexOf(side)];
  return way === DOWN ? 'DOWN' : way === GO_LEFT ? 'LEFT' : way === GO_RIGHT ? 'RIGHT' : 'NONE';
}
