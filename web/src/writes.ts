// Writes that name the version they expect (save, generate, import, revert) and delete, apart
// from any view. What to do is an intent (data), so a conflict's "Keep mine" and a refused
// write's "Retry with token" run the same intent again: no callback is kept in state.
import type { GenerateLevelInput, LevelFieldsFragment } from './gql/graphql.js';
import type { HexLosses } from './hex-losses.js';

export type WriteIntent =
  | { readonly kind: 'save'; readonly id: string }
  | {
      readonly kind: 'generate';
      readonly id: string;
      readonly input: GenerateLevelInput;
    }
  | {
      readonly kind: 'import';
      readonly id: string;
      readonly text: string;
      /** What the drawing it replaces has that a hex file cannot carry (hex-losses.ts). */
      readonly replaced?: HexLosses;
    }
  | { readonly kind: 'revert'; readonly id: string; readonly version: number }
  | { readonly kind: 'delete'; readonly id: string };

/** What a write's request answered. */
export type WriteOutcome =
  | {
      readonly kind: 'stored';
      readonly level: LevelFieldsFragment | null;
      readonly warnings: readonly string[];
    }
  | { readonly kind: 'conflict'; readonly currentVersion: number | null }
  | { readonly kind: 'refused'; readonly message: string };

/** A write refused because the level moved on: what to show, and the intent to run again. */
export interface Conflict {
  readonly intent: WriteIntent;
  readonly currentVersion: number | null;
  /** The level as it is now on the server (null: deleted). */
  readonly theirs: LevelFieldsFragment | null;
}

export interface WriteState {
  readonly busy: boolean;
  readonly conflict: Conflict | null;
  /** A write refused for want of a (valid) token, to run again once it is typed. */
  readonly retry: { readonly intent: WriteIntent; readonly expected: number } | null;
}

export interface WriteDriver {
  /** Sends the intent's request with `expected` as expectedVersion. */
  send(intent: WriteIntent, expected: number): Promise<WriteOutcome>;
  /** The level as it is on the server now (for a conflict). */
  current(id: string): Promise<LevelFieldsFragment | null>;
  /** A write was stored. */
  stored(intent: WriteIntent, outcome: Extract<WriteOutcome, { kind: 'stored' }>): void;
  /** A write was refused or failed: the message to show; `token`: a token is needed. */
  problem(message: string, token: boolean): void;
}

export const WHAT: Readonly<Record<WriteIntent['kind'], string>> = {
  save: 'saved',
  generate: 'generated',
  import: 'imported',
  revert: 'reverted',
  delete: 'deleted',
};

export class Writer {
  state: WriteState = { busy: false, conflict: null, retry: null };
  private readonly listeners = new Set<() => void>();
  private readonly idle = new Set<() => void>();

  constructor(private readonly driver: WriteDriver) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once when no write is in flight (at once if none is). */
  whenIdle(run: () => void): void {
    if (!this.state.busy) run();
    else this.idle.add(run);
  }

  /** Runs an intent expecting `expected`; a conflict or a token prompt is left in the state. */
  async run(intent: WriteIntent, expected: number): Promise<void> {
    this.set({ busy: true, conflict: null, retry: null });
    let conflict: Conflict | null = null;
    let retry: WriteState['retry'] = null;
    try {
      const outcome = await this.driver.send(intent, expected);
      if (outcome.kind === 'conflict') {
        const theirs =
          outcome.currentVersion === null ? null : await this.driver.current(intent.id);
        conflict = { intent, currentVersion: outcome.currentVersion, theirs };
      } else if (outcome.kind === 'refused') {
        this.driver.problem(`Not ${WHAT[intent.kind]}: ${outcome.message}`, false);
      } else {
        this.driver.stored(intent, outcome);
      }
    } catch (error) {
      const token = isUnauthenticated(error);
      if (token) retry = { intent, expected };
      this.driver.problem(describe(error, token), token);
    }
    this.set({ busy: false, conflict, retry });
    const waiting = [...this.idle];
    this.idle.clear();
    for (const run of waiting) run();
  }

  /** "Keep mine": the same intent again, over the version the server has now. */
  keepMine(): Promise<void> | undefined {
    const conflict = this.state.conflict;
    if (!conflict) return undefined;
    return this.run(conflict.intent, conflict.theirs?.version ?? conflict.currentVersion ?? 0);
  }

  /** The write refused for its token, again (the token has been typed). */
  retryWithToken(): Promise<void> | undefined {
    const retry = this.state.retry;
    if (!retry) return undefined;
    return this.run(retry.intent, retry.expected);
  }

  dismissConflict(): void {
    this.set({ ...this.state, conflict: null });
  }

  private set(state: WriteState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

function isUnauthenticated(error: unknown): boolean {
  return error instanceof Error && error.name === 'UnauthenticatedError';
}

function describe(error: unknown, token: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  if (token) return `${message}: enter the write token, then try again.`;
  return error instanceof Error && error.name === 'ApiError'
    ? message
    : `Unexpected error: ${message}`;
}
