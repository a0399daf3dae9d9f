// The live check, apart from any view: a change schedules `checkLevel` after a short delay
// (a newer change cancels the wait and the request in flight), and the answer is handed on
// with the revision it describes. One document, asked once per change: the walks come as move
// letters (a byte a step) and the unreachable cells as a mask (a byte a cell), so the answer of
// any level fits the server's response budget. The paths are traced here from S by the moves.
// Each part's time is recorded with performance.measure ('check:debounce', 'check:request').
import { request } from './api.js';
import { LiveCheckDocument } from './gql/graphql.js';
import { type InsightFields, type Insights, insightsOf } from './insights.js';
import type { Cell } from './store.js';

/** From a finished change to the request: short, so that typing several keys sends one. */
export const CHECK_DELAY_MS = 20;

/** A path to draw: its cells in walking order, S first (a cell twice when the walk crosses itself). */
export interface PathCells {
  readonly cells: readonly Cell[];
}

export type CheckState =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'error';
      readonly message: string;
      readonly code: string;
      readonly cell: Cell | null;
    }
  | {
      readonly kind: 'answers';
      readonly steps: number | null;
      readonly cheapest: number | null;
      readonly path: PathCells | null;
      readonly cheapestPath: PathCells | null;
      /** The designers' insights (insights.ts), asked in the same request. */
      readonly insights: Insights | null;
    }
  | { readonly kind: 'failed'; readonly message: string };

export type Ask = (rows: string[], signal: AbortSignal) => Promise<CheckState>;

export interface CheckResult {
  readonly state: CheckState;
  /** The document revision the answer is about. */
  readonly revision: number;
  /** When it was handed on (performance.now()): the drawing's time counts from here. */
  readonly at: number;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as number),
  now: () => performance.now(),
};

function measure(name: string, start: number, end: number): void {
  try {
    performance.measure(name, { start, end });
  } catch {
    // No User Timing (a test without a browser): the parts are not recorded.
  }
}

export class CheckRunner {
  private timer: unknown = null;
  private controller: AbortController | null = null;

  constructor(
    private readonly ask: Ask,
    private readonly onResult: (result: CheckResult) => void,
    private readonly timers: Timers = browserTimers,
    private readonly delayMs = CHECK_DELAY_MS,
  ) {}

  /** Checks the level as it is when the delay is over (`rows` is read then). */
  schedule(rows: () => string[], revision: number): void {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    const scheduled = this.timers.now();
    this.timer = this.timers.setTimeout(async () => {
      this.timer = null;
      const started = this.timers.now();
      measure('check:debounce', scheduled, started);
      const state = await askOrFail(this.ask, rows(), controller.signal);
      if (controller.signal.aborted) return;
      const at = this.timers.now();
      measure('check:request', started, at);
      this.onResult({ state, revision, at });
    }, this.delayMs);
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.controller?.abort();
    this.controller = null;
  }
}

/** What `ask` answers of `rows`; a request that fails is `failed` (or `none`, once aborted). */
export async function askOrFail(
  ask: Ask,
  rows: string[],
  signal: AbortSignal,
): Promise<CheckState> {
  try {
    return await ask(rows, signal);
  } catch (error) {
    if (signal.aborted) return { kind: 'none' };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether a level has terrain dearer than floor (costs 2 to 9). */
export function hasTerrain(rows: readonly string[]): boolean {
  return rows.some((row) => /[2-9]/.test(row));
}

/**
 * The live check against the server's `checkLevel`. A level without terrain asks one search:
 * every move costs 1 there, so the cheapest cost is the steps and the cheapest walk is the
 * fewest-steps walk (docs/rules.md: the same tie-break, up < right < down < left).
 */
export const askServer: Ask = async (rows, signal) => {
  const terrain = hasTerrain(rows);
  const { checkLevel: result } = await request(LiveCheckDocument, { rows, terrain }, signal);
  if (result.__typename !== 'LevelDraft') return errorState(result);
  const start = startOf(rows);
  const path = tracePath(start, result.moves);
  return answers(rows, result, {
    steps: result.steps ?? null,
    cheapest: (terrain ? result.cheapest : result.steps) ?? null,
    path,
    cheapestPath: terrain ? tracePath(start, result.cheapestMoves) : path,
  });
};

/** The answers, with the insights found from the same rows. */
function answers(
  rows: readonly string[],
  fields: InsightFields,
  walks: Pick<
    Extract<CheckState, { kind: 'answers' }>,
    'steps' | 'cheapest' | 'path' | 'cheapestPath'
  >,
): CheckState {
  return { kind: 'answers', ...walks, insights: insightsOf(rows, fields) };
}

export function errorState(result: {
  readonly message?: string;
  readonly code?: string;
  readonly row?: number | null;
  readonly col?: number | null;
}): CheckState {
  const { row, col } = result;
  return {
    kind: 'error',
    message: result.message ?? 'the level is not valid',
    code: result.code ?? '',
    cell: row != null && col != null ? { row, col } : null,
  };
}

/** Where S is in valid rows (one ASCII glyph a cell); null when there is none. */
export function startOf(rows: readonly string[]): Cell | null {
  for (let row = 0; row < rows.length; row++) {
    const col = rows[row].indexOf('S');
    if (col >= 0) return { row, col };
  }
  return null;
}

const STEPS: Readonly<Record<string, readonly [number, number]>> = {
  U: [-1, 0],
  R: [0, 1],
  D: [1, 0],
  L: [0, -1],
};

/**
 * The cells of a walk, S first, in walking order: one more than the moves (U R D L, as
 * `walkLevel(moves:)` takes them). Null when there is no walk (E cannot be reached) or no S.
 */
export function tracePath(start: Cell | null, moves: string | null | undefined): PathCells | null {
  if (start === null || moves == null) return null;
  const cells: Cell[] = new Array<Cell>(moves.length + 1);
  let { row, col } = start;
  cells[0] = { row, col };
  for (let i = 0; i < moves.length; i++) {
    const step = STEPS[moves[i]];
    if (step === undefined) throw new Error(`a walk of the check has the move ${moves[i]}`);
    row += step[0];
    col += step[1];
    cells[i + 1] = { row, col };
  }
  return { cells };
}
