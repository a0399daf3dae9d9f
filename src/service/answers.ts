// The one table of answers about a level (docs/rules.md, and `maze`, docs/generation.md). Each answer is
// declared once here: its name, its description, the run operation that asks it, the kind of
// value it is, and how it is made from a memoised source. The memo's accessor
// (`LevelAnswers.get`), the GraphQL fields of `Level` and the `run` operations are all derived
// from this table, so adding an answer is one entry below.
import type { Level, Position } from '../engine/level/level.js';
import { toPositions } from '../engine/level/level.js';
import { type HexMaze, exportHexMaze } from '../engine/maze-format/hex.js';
import { renderRoute } from '../engine/render.js';
import { cheapestRoute } from '../engine/search/cheapest.js';
import { fewestSteps } from '../engine/search/fewest-steps.js';
import type { Route } from '../engine/search/route.js';
import { searchSizeOf } from '../engine/search/search-grid.js';

export type { HexMaze, Position };

/** Counts of solver runs, for tests and the bench (memoisation must keep them low). */
export interface SolverStats {
  fewestStepsRuns: number;
  cheapestRuns: number;
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
 * The work answers share, computed at most once per level version: the two searches, and the
 * hex export. `stat` names the counter a run adds to; `cost` is the work of making it, in
 * search states (a search visits each (cell, keys held) state at most once; the export reads
 * each glyph); `bytes` what the made value holds in memory.
 */
export const SOURCES = {
  fewest: {
    make: (level: Level): Route | null => fewestSteps(level),
    stat: 'fewestStepsRuns',
    cost: statesOf,
    bytes: routeBytes,
    encode: encodeRoute,
    decode: decodeRoute,
  },
  cheapest: {
    make: (level: Level): Route | null => cheapestRoute(level),
    stat: 'cheapestRuns',
    cost: statesOf,
    bytes: routeBytes,
    encode: encodeRoute,
    decode: decodeRoute,
  },
  hexMaze: {
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
    make: (level: Level) => unknown;
    stat: keyof SolverStats | null;
    cost: (size: SearchSize) => number;
    bytes: (value: never) => number;
    /** As text, to keep in the database (shared by every instance). */
    encode: (value: never) => string;
    decode: (text: string) => unknown;
  }
>;

/** A route as text: its steps, cost and cells (the cells as base64 of their bytes). */
function encodeRoute(route: Route | null): string {
  if (route === null) return 'null';
  const bytes = new Uint8Array(route.cells.buffer, route.cells.byteOffset, route.cells.byteLength);
  return JSON.stringify({
    steps: route.steps,
    cost: route.cost,
    cells: Buffer.from(bytes).toString('base64'),
  });
}

function decodeRoute(text: string): Route | null {
  const route = JSON.parse(text) as { steps: number; cost: number; cells: string } | null;
  if (route === null) return null;
  const bytes = Buffer.from(route.cells, 'base64');
  // A copy: Int32Array needs a 4-byte aligned offset, which a pooled Buffer may not have.
  const cells = new Int32Array(bytes.byteLength / 4);
  new Uint8Array(cells.buffer).set(bytes);
  return { steps: route.steps, cost: route.cost, cells };
}

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
  /** A hex wall maze file (GraphQL MazeExport). */
  maze: HexMaze;
}
export type AnswerKind = keyof AnswerKinds;

export interface AnswerSpec<S extends SourceName, K extends AnswerKind> {
  readonly source: S;
  readonly kind: K;
  /** The GraphQL field's description. */
  readonly description: string;
  /** The `run` operation that asks this answer (docs/rules.md); none when `run` does not offer it. */
  readonly operation: string | null;
  /** The answer from its source; null when there is none (E unreachable, not a maze). */
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
    operation: 'solve',
    derive: (route) => route?.steps ?? null,
  }),
  path: answer({
    source: 'fewest',
    kind: 'positions',
    description: 'The fewest-steps walk, S first, E last (ties: up < right < down < left).',
    operation: 'path',
    derive: (route, level) => route && toPositions(level, route.cells),
  }),
  render: answer({
    source: 'fewest',
    kind: 'rows',
    description: 'The rows with `*` on every cell of `path` but S and E.',
    operation: 'render',
    derive: (route, level) => route && renderRoute(level, route.cells),
  }),
  cheapest: answer({
    source: 'cheapest',
    kind: 'count',
    description: 'The least total entry cost of a walk from S to E.',
    operation: 'cheapest',
    derive: (route) => route?.cost ?? null,
  }),
  cheapestPath: answer({
    source: 'cheapest',
    kind: 'positions',
    description: 'The walk that costs `cheapest`; among those, the fewest steps, then moves.',
    operation: 'cheapestPath',
    derive: (route, level) => route && toPositions(level, route.cells),
  }),
  cheapestRender: answer({
    source: 'cheapest',
    kind: 'rows',
    description: 'The rows with `*` on every cell of `cheapestPath` but S and E.',
    operation: 'cheapestRender',
    derive: (route, level) => route && renderRoute(level, route.cells),
  }),
  maze: answer({
    source: 'hexMaze',
    kind: 'maze',
    description: 'The level as a hex wall maze file; null when it does not have that layout.',
    operation: null,
    derive: (maze) => maze,
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
  maze: (value) => {
    if (value === null) return 4;
    // The text has a "\n" (2 bytes in JSON) per line; the fields' names and cells are small.
    return 120 + value.text.length * 2 + rowsJsonBytes(value.rows) + value.path.length;
  },
};

/** Rows of ASCII glyphs as a JSON list of strings. */
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
