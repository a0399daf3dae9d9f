// The live check, apart from any view: a change schedules `checkLevel` after a short delay
// (a newer change cancels the wait and the request in flight), and the answer is handed on
// with the revision it describes. Paths come as positions; when they are too long for the
// response budget, as renders (the rows with `*` on the path), traced back into cells here.
// Each part's time is recorded with performance.measure ('check:debounce', 'check:request').
import { ApiError, request } from './api.js';
import { LiveCheckDocument } from './gql/graphql.js';
import { type InsightFields, type Insights, insightsOf } from './insights.js';
import type { Cell } from './store.js';

/** From a finished change to the request: short, so that typing several keys sends one. */
export const CHECK_DELAY_MS = 20;
/** Above this many cells the paths are asked as renders at once (positions would not fit). */
export const RENDER_ABOVE_CELLS = 250_000;

/** A path to draw: its cells, and whether they are in walking order (else: linked neighbours). */
export interface PathCells {
  readonly cells: readonly Cell[];
  readonly ordered: boolean;
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
      readonly note: string | null;
      /** The designers' insights (insights.ts), asked in the same request. */
      readonly insights: Insights | null;
    }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * How the answers are asked for: paths as positions, as renders, as renders without the
 * unreachable cells (too many to send), or the numbers alone. Every mode asks the insights.
 */
export type AskMode = 'positions' | 'renders' | 'renders-bare' | 'numbers';

export type Ask = (mode: AskMode, rows: string[], signal: AbortSignal) => Promise<CheckState>;

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
  schedule(rows: () => string[], revision: number, cells: number): void {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    const scheduled = this.timers.now();
    this.timer = this.timers.setTimeout(async () => {
      this.timer = null;
      const started = this.timers.now();
      measure('check:debounce', scheduled, started);
      const state = await this.run(rows(), cells, controller.signal);
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

  private async run(rows: string[], cells: number, signal: AbortSignal): Promise<CheckState> {
    // Positions first; renders when the paths are too long to send that way; then numbers.
    const modes: AskMode[] =
      cells > RENDER_ABOVE_CELLS
        ? ['renders', 'renders-bare', 'numbers']
        : ['positions', 'renders', 'renders-bare', 'numbers'];
    for (let i = 0; ; i++) {
      try {
        return await this.ask(modes[i], rows, signal);
      } catch (error) {
        if (signal.aborted) return { kind: 'none' };
        const tooBig = error instanceof ApiError && error.code === 'TOO_EXPENSIVE';
        if (!tooBig || i === modes.length - 1) {
          return {
            kind: 'failed',
            message: error instanceof Error ? error.message : String(error),
          };
        }
      }
    }
  }
}

/** Whether a level has terrain dearer than floor (costs 2 to 9). */
export function hasTerrain(rows: readonly string[]): boolean {
  return rows.some((row) => /[2-9]/.test(row));
}

/**
 * The live check against the server's `checkLevel`, one document whatever the mode: its
 * variables choose the parts. A level without terrain asks one search: every move costs 1
 * there, so the cheapest cost is the steps and the cheapest walk is the fewest-steps walk
 * (docs/rules.md: the same tie-break, up < right < down < left).
 */
export const askServer: Ask = async (mode, rows, signal) => {
  const terrain = hasTerrain(rows);
  const variables = {
    rows,
    terrain,
    positions: mode === 'positions',
    renders: mode === 'renders' || mode === 'renders-bare',
    unreachable: mode === 'positions' || mode === 'renders',
  };
  const { checkLevel: result } = await request(LiveCheckDocument, variables, signal);
  if (result.__typename !== 'LevelDraft') return errorState(result);
  const path = variables.positions
    ? ordered(result.path)
    : result.render
      ? pathFromRender(rows, result.render)
      : null;
  const cheapestPath = !terrain
    ? path
    : variables.positions
      ? ordered(result.cheapestPath)
      : result.cheapestRender
        ? pathFromRender(rows, result.cheapestRender)
        : null;
  const note = mode === 'numbers' ? 'the paths are too long to draw' : null;
  const priced = terrain ? { cheapest: result.cheapest } : undefined;
  return answers(rows, result, result.steps, path, cheapestPath, note, priced);
};

function ordered(path: readonly Cell[] | null | undefined): PathCells | null {
  return path ? { cells: path, ordered: true } : null;
}

/** The answers; without terrain (no `cheapest` given) the cheapest cost is the steps. */
function answers(
  rows: readonly string[],
  fields: InsightFields,
  steps: number | null | undefined,
  path: PathCells | null,
  cheapestPath: PathCells | null,
  note: string | null,
  terrain?: { readonly cheapest: number | null | undefined },
): CheckState {
  return {
    kind: 'answers',
    steps: steps ?? null,
    cheapest: (terrain ? terrain.cheapest : steps) ?? null,
    path,
    cheapestPath,
    note,
    insights: insightsOf(rows, fields),
  };
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

/**
 * The path drawn in a render: S, E and the `*` cells. Traced from S to E in walking order when
 * each step has one way on (a path that crosses itself, to fetch a key, has not: then its
 * cells are drawn linked to their neighbours instead).
 */
export function pathFromRender(rows: readonly string[], render: readonly string[]): PathCells {
  const height = render.length;
  const width = height > 0 ? Array.from(render[0]).length : 0;
  const marked = new Uint8Array(width * height);
  let start = -1;
  let end = -1;
  const cells: Cell[] = [];
  for (let row = 0; row < height; row++) {
    const line = Array.from(render[row]);
    const original = Array.from(rows[row] ?? '');
    for (let col = 0; col < width; col++) {
      const glyph = original[col];
      if (line[col] === '*' || glyph === 'S' || glyph === 'E') {
        marked[row * width + col] = 1;
        cells.push({ row, col });
        if (glyph === 'S') start = row * width + col;
        if (glyph === 'E') end = row * width + col;
      }
    }
  }
  if (start < 0 || end < 0) return { cells, ordered: false };
  const path: Cell[] = [];
  const seen = new Uint8Array(width * height);
  let at = start;
  for (;;) {
    seen[at] = 1;
    const row = Math.floor(at / width);
    const col = at - row * width;
    path.push({ row, col });
    if (at === end) break;
    const next: number[] = [];
    for (const [r, c] of [
      [row - 1, col],
      [row, col + 1],
      [row + 1, col],
      [row, col - 1],
    ]) {
      const index = r * width + c;
      if (r >= 0 && c >= 0 && r < height && c < width && marked[index] && !seen[index]) {
        next.push(index);
      }
    }
    if (next.length !== 1) return { cells, ordered: false };
    at = next[0];
  }
  return path.length === cells.length ? { cells: path, ordered: true } : { cells, ordered: false };
}
