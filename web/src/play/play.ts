// Play mode, apart from any view: walking the level yourself from S. The movement rule has one
// home, the server's `walkLevel` (SPEC §5.2): every move sends the moves so far and shows the
// walk the server answers (no local prediction). The server tells which moves were made
// (`steps`), not the positions (their weight in the response budget would stop a walk at about
// 32,000 moves): each move made is one cell in its direction, so the trail is S and the moves
// made. One request at a time; moves typed meanwhile wait and go with the next one. A move the
// server refuses (`blockedAt`) is dropped, counted (the grid shakes) and the moves typed after
// it are tried again; past walkLevel's 100,000 moves none is taken, and the bar says so. The
// level is a snapshot taken when play starts, and the document is locked meanwhile: nothing a
// person does while playing changes the drawing, and leaving returns to it as it was.
import type { Cell, DocumentStore } from '../store.js';
import type { PlayMarks } from '../render/play.js';

export type Move = 'U' | 'R' | 'D' | 'L';

/** The most moves walkLevel plays (docs/rules.md; MAX_WALK_MOVES of src/engine/search/walk.ts). */
export const MAX_MOVES = 100_000;

/** Where a move made leads: one cell in its direction. */
const STEP: Record<Move, Cell> = {
  U: { row: -1, col: 0 },
  R: { row: 0, col: 1 },
  D: { row: 1, col: 0 },
  L: { row: 0, col: -1 },
};

/** What the server tells of a walk: which moves were made, and what came of them. */
export interface WalkOutcome {
  readonly keys: readonly string[];
  /** The moves made: the first `steps` of the moves sent. */
  readonly steps: number;
  readonly reachedExit: boolean;
  readonly blockedAt: number | null;
}

/** A walk as play shows it: with every position, S first (one more than `steps`). */
export interface Walk extends WalkOutcome {
  readonly positions: readonly Cell[];
}

export type WalkAnswer<W = WalkOutcome> =
  | { readonly kind: 'walk'; readonly walk: W }
  | { readonly kind: 'invalid'; readonly message: string };

/** The server, as play mode needs it (play-api.ts; a fake in test/web/play.test.ts). */
export interface PlayApi {
  /** The walk of no moves (S, or why the rows cannot be played) and the fewest steps. */
  start(
    rows: readonly string[],
    signal: AbortSignal,
  ): Promise<{ readonly start: WalkAnswer<Walk>; readonly best: number | null }>;
  /** The walk of `moves` from S, without its positions. */
  walk(rows: readonly string[], moves: string, signal: AbortSignal): Promise<WalkAnswer>;
}

/** The positions of `moves`, made one after another from the last of `from`. */
export function walkedOn(from: readonly Cell[], moves: string): Cell[] {
  const positions = [...from];
  let at = positions[positions.length - 1];
  for (const move of moves) {
    const { row, col } = STEP[move as Move];
    at = { row: at.row + row, col: at.col + col };
    positions.push(at);
  }
  return positions;
}

export interface PlayState {
  /** The level being played: the drawing when play started. */
  readonly rows: readonly string[];
  /** Its keys and doors (drawn taken and open once their key is held). */
  readonly items: readonly { readonly cell: Cell; readonly glyph: string }[];
  /** The walk as the server last answered it, its positions drawn from the moves made. */
  readonly walk: Walk;
  /** The fewest steps from S to E (null: E cannot be reached). */
  readonly best: number | null;
  /** Moves typed that the server has not answered yet. */
  readonly waiting: number;
  /** How many moves were refused so far (each a new shake). */
  readonly blocked: number;
  /** The last move was refused. */
  readonly lastBlocked: boolean;
  /** A request failed (the server away): what to say. */
  readonly problem: string;
}

/** The keys and doors of a level, found once when play starts. */
export function keysAndDoors(rows: readonly string[]): { cell: Cell; glyph: string }[] {
  const items: { cell: Cell; glyph: string }[] = [];
  rows.forEach((line, row) => {
    Array.from(line).forEach((glyph, col) => {
      if (/^[a-dA-D]$/.test(glyph)) items.push({ cell: { row, col }, glyph });
    });
  });
  return items;
}

/** What the grid draws of the walk (render/play.ts): the trail, the keys held, their doors. */
export function playMarks(
  state: PlayState,
  items: readonly { cell: Cell; glyph: string }[],
): PlayMarks {
  const held = new Set(state.walk.keys);
  return {
    trail: state.walk.positions,
    taken: items.filter((item) => held.has(item.glyph.toLowerCase())),
  };
}

export class PlayMode {
  state: PlayState | null = null;
  private confirmed = '';
  private queue = '';
  private inFlight: string | null = null;
  private controller: AbortController | null = null;
  private startWalk: Walk | null = null;
  private grid: unknown = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: DocumentStore,
    private readonly api: PlayApi,
    /** Play could not start (an invalid level, the server away): what to tell the person. */
    private readonly refused: (message: string) => void = () => {},
  ) {
    // A level loaded while playing (someone else's version taken, another level opened): the
    // walk is about another level, so play ends.
    store.subscribe(() => {
      if (this.active && store.grid !== this.grid) this.stop();
    });
  }

  get active(): boolean {
    return this.state !== null || this.controller !== null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  toggle(): void {
    if (this.active) this.stop();
    else void this.start();
  }

  /** Starts playing the drawing as it is now; an invalid level is refused with its reason. */
  async start(): Promise<void> {
    if (this.active) return;
    // Locked by someone else: a maze being carved (generation/animation.ts) covers the grid.
    if (this.store.locked) {
      return this.refused('Cannot play while a maze is being animated: stop it first.');
    }
    const controller = new AbortController();
    this.controller = controller;
    this.grid = this.store.grid;
    this.store.locked = true;
    this.emit();
    const rows = this.store.grid.rows();
    try {
      const { start, best } = await this.api.start(rows, controller.signal);
      if (controller.signal.aborted) return;
      if (start.kind === 'invalid') {
        this.stop();
        return this.refused(`Cannot play this level: ${start.message}`);
      }
      this.startWalk = start.walk;
      this.confirmed = '';
      this.queue = '';
      this.inFlight = null;
      this.state = {
        rows,
        items: keysAndDoors(rows),
        walk: start.walk,
        best,
        waiting: 0,
        blocked: 0,
        lastBlocked: false,
        problem: '',
      };
      this.emit();
    } catch (error) {
      if (controller.signal.aborted) return;
      this.stop();
      this.refused(`Cannot play: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Back to editing: the drawing is as it was when play started. */
  stop(): void {
    this.controller?.abort();
    this.controller = null;
    this.state = null;
    this.startWalk = null;
    this.store.locked = false;
    this.emit();
  }

  /** Restart (its keys in COMMANDS): back to S with no keys. */
  restart(): void {
    const state = this.state;
    if (!state || !this.startWalk) return;
    this.abortRequest();
    this.confirmed = '';
    this.queue = '';
    this.inFlight = null;
    this.patch({ walk: this.startWalk, waiting: 0, lastBlocked: false, problem: '' });
  }

  move(move: Move): void {
    const state = this.state;
    if (!state || state.walk.reachedExit) return;
    // walkLevel takes no more (the moves so far are the moves made and those waiting).
    if (this.confirmed.length + this.waiting() >= MAX_MOVES) return;
    this.queue += move;
    this.patch({ waiting: this.waiting() });
    this.pump();
  }

  private pump(): void {
    const state = this.state;
    if (!state || this.inFlight !== null || this.queue === '') return;
    const sent = this.queue;
    this.inFlight = sent;
    this.queue = '';
    const controller = this.abortRequest();
    const moves = this.confirmed + sent;
    this.api.walk(state.rows, moves, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted || !this.state) return;
        this.inFlight = null;
        if (answer.kind === 'invalid') {
          this.queue = '';
          return this.patch({ waiting: 0, problem: `Cannot walk: ${answer.message}` });
        }
        // The moves confirmed before are made again (the same moves on the same level): the
        // trail goes on from where it was.
        const made = moves.slice(this.confirmed.length, answer.walk.steps);
        const walk = { ...answer.walk, positions: walkedOn(this.state.walk.positions, made) };
        this.confirmed = moves.slice(0, walk.steps);
        let blocked = this.state.blocked;
        if (walk.reachedExit) this.queue = '';
        else if (walk.blockedAt !== null) {
          // The refused move is dropped; the moves typed after it are tried again.
          blocked++;
          this.queue = moves.slice(walk.blockedAt + 1) + this.queue;
        }
        this.patch({
          walk,
          blocked,
          lastBlocked: walk.blockedAt !== null,
          waiting: this.waiting(),
          problem: '',
        });
        this.pump();
      },
      (error: unknown) => {
        if (controller.signal.aborted || !this.state) return;
        this.inFlight = null;
        this.queue = '';
        const message = error instanceof Error ? error.message : String(error);
        this.patch({ waiting: 0, problem: `The move was not made: ${message}` });
      },
    );
  }

  private waiting(): number {
    return this.queue.length + (this.inFlight?.length ?? 0);
  }

  /** A new controller for the next request; the one in flight is abandoned. */
  private abortRequest(): AbortController {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    return controller;
  }

  private patch(patch: Partial<PlayState>): void {
    if (!this.state) return;
    this.state = { ...this.state, ...patch };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
