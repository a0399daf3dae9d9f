// The one table of answers about a level (docs/rules.md, and `maze`, docs/generation.md). Each answer is
// declared once here: its name, its description, the run operation that asks it, the kind of
// value it is, and how it is made from a memoised source. The memo's accessor
// (`LevelAnswers.get`), the GraphQL fields of `Level` and the `run` operations are all derived
// from this table, so adding an answer is one entry below.
import type { Level, Position } from '../engine/level/level.js';
import { toPositions } from '../engine/level/level.js';
import { type HexMaze, exportHexMaze } from '../engine/maze-format/hex.js';
import { countDeadEnds } from '../engine/level/dead-ends.js';
import { renderMask, renderRoute } from '../engine/render.js';
import { cheapestRoute } from '../engine/search/cheapest.js';
import { fewestSteps } from '../engine/search/fewest-steps.js';
import { type Reach, reach } from '../engine/search/reach.js';
import type { Route } from '../engine/search/route.js';
import { searchSizeOf } from '../engine/search/search-grid.js';
import { parseMoves } from '../engine/search/walk.js';
import { movesOf } from '../engine/search/moves.js';
import { decodeReach, decodeRoute, encodeReach, encodeRoute } from './source-text.js';
import { GENERATION_LIMITS } from '../engine/generation/generate.js';

export type { HexMaze, Position };

/** Counts of solver runs, for tests and the bench (memoisation must keep them low). */
export interface SolverStats {
  fewestStepsRuns: number;
  cheapestRuns: number;
  reachRuns: number;
}

/** What pricing needs of a level: its cells and the key layers its searches run over. */
export interface SearchSize {
  readonly cells: number;
  readonly layers: number;
}

/** The search size of rows (valid or not: a level that fails validation is never solved). */
export function sizeOfRows(rows: readonly string[]): SearchSize {
  return rows.length === 0 ? { cells: 0, layers: 1 } : searchSizeOf(rows);
}

/**
 * The search size of the level a hex wall file makes (docs/generation.md), from its text alone
 * (valid or not): (2H+1) x (2W+1) glyphs for its H lines of W cells, and no keys.
 */
export function sizeOfHexText(text: string): SearchSize {
  const lines = text.split('\n');
  const blank = lines.findIndex((line) => line.trim() === '');
  const height = blank < 0 ? lines.length : blank;
  const width = lines[0]?.trimEnd().length ?? 0;
  return { cells: (2 * height + 1) * (2 * width + 1), layers: 1 };
}

/**
 * The most a generated level can cost (docs/generation.md), from the input as sent (valid or
 * not): its (2*height+1) x (2*width+1) glyphs, each side at most the generator's largest, and
 * a layer per combination of its keys.
 */
export function sizeOfGeneration(input: {
  readonly width?: unknown;
  readonly height?: unknown;
  readonly keys?: unknown;
}): SearchSize {
  const glyphs = (n: unknown) =>
    typeof n === 'number' && n > 0 ? 2 * Math.min(n, GENERATION_LIMITS.maxSize) + 1 : 0;
  const keys =
    typeof input.keys === 'number'
      ? Math.min(Math.max(input.keys, 0), GENERATION_LIMITS.maxKeys)
      : 0;
  return { cells: glyphs(input.width) * glyphs(input.height), layers: 2 ** keys };
}

/** What a walk of `walkLevel` costs: the search states it plays and the positions it answers. */
export interface WalkSize {
  /** The level's cells (read once) and one per move. */
  readonly states: number;
  /** S and one per move: the walk's most positions. */
  readonly positions: number;
}

/** The size of walking `moves` on `rows`; null when the walk refuses the moves (parseMoves). */
export function sizeOfWalk(rows: readonly string[], moves: string): WalkSize | null {
  if (!parseMoves(moves).ok) return null;
  return { states: sizeOfRows(rows).cells + moves.length, positions: moves.length + 1 };
}

/**
 * The work answers share, computed at most once per level version: the three searches (fewest
 * steps, cheapest, and everything a walk can reach), the dead-end count, and the hex export. `stat` names the counter a run adds to; `cost` is the work of making it, in
 * search states (a search visits each (cell, keys held) state at most once; the export reads
 * each glyph); `bytes` what the made value holds in memory.
 */
export const SOURCES = {
  fewest: {
    compiles: true,
    make: (level: Level): Route | null => fewestSteps(level),
    stat: 'fewestStepsRuns',
    cost: statesOf,
    bytes: routeBytes,
    encode: encodeRoute,
    decode: decodeRoute,
  },
  cheapest: {
    compiles: true,
    make: (level: Level): Route | null => cheapestRoute(level),
    stat: 'cheapestRuns',
    cost: statesOf,
    bytes: routeBytes,
    encode: encodeRoute,
    decode: decodeRoute,
  },
  reach: {
    compiles: true,
    make: (level: Level): Reach => reach(level),
    stat: 'reachRuns',
    cost: statesOf,
    bytes: (found: Reach) => 96 + found.unreachable.byteLength,
    encode: encodeReach,
    decode: decodeReach,
  },
  hexMaze: {
    compiles: false,
    make: (level: Level): HexMaze | null => exportHexMaze(level.rows),
    stat: null,
    cost: (size: SearchSize) => size.cells,
    bytes: (maze: HexMaze | null) =>
      maze === null ? 0 : 2 * maze.text.length + 64 * maze.rows.length,
    encode: (maze: HexMaze | null) => JSON.stringify(maze),
    decode: (text: string) => JSON.parse(text) as HexMaze | null,
  },
} as const satisfies Record<
  string,
  {
    /** Whether making it compiles the level for searching (search-grid.ts, kept with it). */
    compiles: boolean;
    make: (level: Level) => unknown;
    stat: keyof SolverStats | null;
    cost: (size: SearchSize) => number;
    bytes: (value: never) => number;
    /** As text, to keep in the database (shared by every instance). */
    encode: (value: never) => string;
    decode: (text: string) => unknown;
  }
>;

function statesOf(size: SearchSize): number {
  return size.cells * size.layers;
}

function routeBytes(route: Route | null): number {
  return route === null ? 0 : 64 + route.cells.byteLength;
}
export type SourceName = keyof typeof SOURCES;
export type SourceValue<S extends SourceName> = ReturnType<(typeof SOURCES)[S]['make']>;

/** What deriving an answer needs of the level: its rows and width, not a parse. */
export type LevelShape = Pick<Level, 'rows' | 'width'>;

/** The kinds of value an answer can be; each has one GraphQL type. */
export interface AnswerKinds {
  /** A whole number (GraphQL Int). */
  count: number;
  /** A walk: positions, S first (GraphQL [Position!]). */
  positions: Position[];
  /** Level rows (GraphQL [String!]). */
  rows: string[];
  /** A walk as move letters U R D L, one a step (GraphQL String). */
  moves: string;
  /** Key letters (GraphQL [String!]). */
  letters: string[];
  /** A hex wall maze file (GraphQL MazeExport). */
  maze: HexMaze;
}
export type AnswerKind = keyof AnswerKinds;

export interface AnswerSpec<S extends SourceName, K extends AnswerKind> {
  readonly source: S;
  readonly kind: K;
  /** The GraphQL field's description. */
  readonly description: string;
  /** Whether the answer can be null (E unreachable, not a maze); never, when false. */
  readonly nullable: boolean;
  /** The `run` operation that asks this answer (docs/rules.md); none when `run` does not offer it. */
  readonly operation: string | null;
  /** The answer from its source; null when there is none (only when `nullable`). */
  readonly derive: (source: SourceValue<S>, level: LevelShape) => AnswerKinds[K] | null;
}

/** Types an entry of the table (the compiler checks `derive` against `source` and `kind`). */
function answer<S extends SourceName, K extends AnswerKind>(
  spec: AnswerSpec<S, K>,
): AnswerSpec<S, K> {
  return spec;
}

export const ANSWERS = {
  steps: answer({
    source: 'fewest',
    kind: 'count',
    description: 'The fewest moves from S to E.',
    nullable: true,
    operation: 'solve',
    derive: (route) => route?.steps ?? null,
  }),
  path: answer({
    source: 'fewest',
    kind: 'positions',
    description: 'The fewest-steps walk, S first, E last (ties: up < right < down < left).',
    nullable: true,
    operation: 'path',
    derive: (route, level) => route && toPositions(level, route.cells),
  }),
  render: answer({
    source: 'fewest',
    kind: 'rows',
    description: 'The rows with `*` on every cell of `path` but S and E.',
    nullable: true,
    operation: 'render',
    derive: (route, level) => route && renderRoute(level, route.cells),
  }),
  moves: answer({
    source: 'fewest',
    kind: 'moves',
    description:
      'The fewest-steps walk (`path`) as the moves from S, one letter a step: U (up), R ' +
      '(right), D (down), L (left), the letters `walkLevel(moves:)` takes.',
    nullable: true,
    operation: 'moves',
    derive: (route, level) => route && movesOf(level, route.cells),
  }),
  cheapest: answer({
    source: 'cheapest',
    kind: 'count',
    description: 'The least total entry cost of a walk from S to E.',
    nullable: true,
    operation: 'cheapest',
    derive: (route) => route?.cost ?? null,
  }),
  cheapestPath: answer({
    source: 'cheapest',
    kind: 'positions',
    description: 'The walk that costs `cheapest`; among those, the fewest steps, then moves.',
    nullable: true,
    operation: 'cheapestPath',
    derive: (route, level) => route && toPositions(level, route.cells),
  }),
  cheapestRender: answer({
    source: 'cheapest',
    kind: 'rows',
    description: 'The rows with `*` on every cell of `cheapestPath` but S and E.',
    nullable: true,
    operation: 'cheapestRender',
    derive: (route, level) => route && renderRoute(level, route.cells),
  }),
  cheapestMoves: answer({
    source: 'cheapest',
    kind: 'moves',
    description: 'The walk `cheapestPath` as the moves from S, one letter a step (as `moves`).',
    nullable: true,
    operation: 'cheapestMoves',
    derive: (route, level) => route && movesOf(level, route.cells),
  }),
  maze: answer({
    source: 'hexMaze',
    kind: 'maze',
    description: 'The level as a hex wall maze file; null when it does not have that layout.',
    nullable: true,
    operation: null,
    derive: (maze) => maze,
  }),
  unreachable: answer({
    source: 'reach',
    kind: 'positions',
    description:
      'Every cell that is not `#` and that no walk from S can stand on (a walk stops at E), ' +
      'in row-major order: S never, E when it cannot be reached.',
    nullable: false,
    operation: 'unreachable',
    derive: (found, level) => toPositions(level, found.unreachable),
  }),
  unreachableMask: answer({
    source: 'reach',
    kind: 'rows',
    description:
      'The cells of `unreachable` as one string a row, the size of the level: `1` on an ' +
      'unreachable cell, `0` on every other. Priced like `render` (a byte a cell), however ' +
      'many cells are unreachable.',
    nullable: false,
    operation: 'unreachableMask',
    derive: (found, level) => renderMask(level, found.unreachable),
  }),
  neededKeys: answer({
    source: 'reach',
    kind: 'letters',
    description:
      'The keys of the level without which E cannot be reached (E can be reached, but not ' +
      "once the key's cell is read as `.`), in alphabetical order; empty when E cannot be reached.",
    nullable: false,
    operation: 'neededKeys',
    derive: (found) => [...found.neededKeys],
  }),
  deadEnds: answer({
    // Counted by the search that finds the unreachable cells (it reads every cell's
    // neighbours); an answer kept by an earlier release has none, and is counted again.
    source: 'reach',
    kind: 'count',
    description:
      'The cells other than S, E and `#` with exactly one neighbour (up, right, down, left, ' +
      'inside the map) that is not `#`; gates and doors count as open cells.',
    nullable: false,
    operation: 'deadEnds',
    derive: (found, level) => (found.deadEnds >= 0 ? found.deadEnds : countDeadEnds(level)),
  }),
  shortestWalks: answer({
    source: 'reach',
    kind: 'count',
    description:
      'How many distinct move sequences reach E in `steps` moves, counted up to 1000000 (a ' +
      'larger count answers 1000000): 1 when the shortest walk is unique; null when E cannot be ' +
      'reached.',
    nullable: true,
    operation: 'shortestWalks',
    derive: (found) => found.shortestWalks,
  }),
};

/**
 * What building and writing one position costs a response beyond its JSON, in bytes of the
 * response budget. Measured here: graphql-js executes and JSON.stringify writes a position in
 * about 2 µs (a 500,000-position path: 0.9 s, then 0.1 s), the time about 500 bytes of rows
 * take (12 MB of rows and renders: 26 ms, then 21 ms). Without this weight a response of
 * paths within the byte budget could hold the event loop for a second.
 */
export const POSITION_WEIGHT = 480;

/**
 * What a value of each kind costs the response budget: the bytes it takes in the JSON
 * response (no spaces, as Yoga writes it), and for positions their weight (above).
 */
export const RESPONSE_BYTES: {
  readonly [K in AnswerKind]: (value: AnswerKinds[K] | null) => number;
} = {
  count: (value) => (value === null ? 4 : String(value).length),
  // {"row":R,"col":C} and a comma
  positions: (value) => {
    if (value === null) return 4;
    let bytes = 2 + (17 + POSITION_WEIGHT) * value.length;
    for (let i = 0; i < value.length; i++) bytes += digits(value[i][0]) + digits(value[i][1]);
    return bytes;
  },
  rows: rowsJsonBytes,
  // The letters in quotes: no letter is escaped in JSON.
  moves: (value) => (value === null ? 4 : value.length + 2),
  letters: rowsJsonBytes,
  maze: (value) => {
    if (value === null) return 4;
    // The text has a "\n" (2 bytes in JSON) per line; the fields' names and cells are small.
    return 120 + value.text.length * 2 + rowsJsonBytes(value.rows) + value.path.length;
  },
};

/** Rows of ASCII glyphs (or key letters) as a JSON list of strings. */
export function rowsJsonBytes(rows: readonly string[] | null): number {
  if (rows === null) return 4;
  let bytes = 2;
  for (const row of rows) bytes += row.length + 3;
  return bytes;
}

function digits(n: number): number {
  let count = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) count++;
  return count;
}

export type AnswerName = keyof typeof ANSWERS;
export type AnswerValue<N extends AnswerName> = ReturnType<(typeof ANSWERS)[N]['derive']>;
export const ANSWER_NAMES = Object.keys(ANSWERS) as AnswerName[];
