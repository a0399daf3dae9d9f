// The one table of answers about a level (SPEC §2, and `maze`, SPEC §7). Each answer is
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

export type { HexMaze, Position };

/** Counts of solver runs, for tests and the bench (memoisation must keep them low). */
export interface SolverStats {
  fewestStepsRuns: number;
  cheapestRuns: number;
}

/**
 * The work answers share, computed at most once per level version: the two searches, and the
 * hex export. `stat` names the counter a run adds to.
 */
export const SOURCES = {
  fewest: { make: (level: Level): Route | null => fewestSteps(level), stat: 'fewestStepsRuns' },
  cheapest: { make: (level: Level): Route | null => cheapestRoute(level), stat: 'cheapestRuns' },
  hexMaze: { make: (level: Level): HexMaze | null => exportHexMaze(level.rows), stat: null },
} as const satisfies Record<
  string,
  { make: (level: Level) => unknown; stat: keyof SolverStats | null }
>;
export type SourceName = keyof typeof SOURCES;
export type SourceValue<S extends SourceName> = ReturnType<(typeof SOURCES)[S]['make']>;

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
  /** The `run` operation that asks this answer (SPEC §4); none when `run` does not offer it. */
  readonly operation: string | null;
  /** The answer from its source; null when there is none (E unreachable, not a maze). */
  readonly derive: (source: SourceValue<S>, level: Level) => AnswerKinds[K] | null;
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

export type AnswerName = keyof typeof ANSWERS;
export type AnswerValue<N extends AnswerName> = ReturnType<(typeof ANSWERS)[N]['derive']>;
export const ANSWER_NAMES = Object.keys(ANSWERS) as AnswerName[];
