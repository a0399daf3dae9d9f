import type { DrawingStore } from './drawings.js';
import type { LabelsWrite, LevelFilter, LevelLabels } from './level-labels.js';
import type { MaybePromise } from './maybe-promise.js';

/** One version of a level as stored: its rows, and its name and tags (level-labels.ts). */
export interface StoredLevel extends LevelLabels {
  readonly id: string;
  /** 1 for the first level stored under the id, then +1 on every successful save. */
  readonly version: number;
  readonly rows: readonly string[];
  /** When this version was saved (ISO 8601, UTC). */
  readonly savedAt: string;
}

/** Which version of a level is current, without its rows. */
export type LevelVersion = Pick<StoredLevel, 'id' | 'version'>;

/** One entry of a level's history: a saved version without its rows. */
export interface HistoryEntry extends LevelLabels {
  readonly version: number;
  readonly savedAt: string;
  /** The version whose rows a revert saved again; null for an ordinary save. */
  readonly revertedFrom: number | null;
}

export interface SaveOptions {
  /**
   * Save only if this is the current version (0: only if there is no level with the id).
   * Checked and written atomically.
   */
  readonly expectedVersion?: number;
  /** Versions of the id to keep in its history (the newest); older ones are removed. */
  readonly historyLimit: number;
  /** The name and tags to save; a field left out keeps the current version's (none: none). */
  readonly labels?: LabelsWrite;
}

/**
 * What a save did: stored the level; found the current version already has these rows, name
 * and tags, and stored nothing (`level`: that version); or found another current version than
 * the one expected (`currentVersion` null: no level with the id).
 */
export type SaveOutcome =
  | { readonly kind: 'saved'; readonly level: StoredLevel }
  | { readonly kind: 'unchanged'; readonly level: StoredLevel }
  | { readonly kind: 'conflict'; readonly currentVersion: number | null };

/** A revert can also find that the history has no such version. */
export type RevertOutcome = SaveOutcome | { readonly kind: 'missing' };

/**
 * Where levels live. Implementations: in memory (for `run` and tests), SQLite and
 * PostgreSQL (through Kysely). Every write is atomic: it happens whole or not at all. Each
 * also keeps the levels' shared drawings (drawings.ts).
 */
export interface LevelStore extends DrawingStore {
  get(id: string): MaybePromise<StoredLevel | undefined>;
  /** One read for many ids; the answer is in the order of `ids`. */
  getMany(ids: readonly string[]): MaybePromise<ReadonlyArray<StoredLevel | undefined>>;
  /**
   * The current version of each id (undefined when there is no level), in the order of `ids`,
   * without the rows: one read that tells whether rows already at hand are still current.
   */
  versions(ids: readonly string[]): MaybePromise<ReadonlyArray<number | undefined>>;
  /**
   * Stores `rows` (with the labels of `options`) as the next version of `id` and in its
   * history, unless the current version has the same rows, name and tags: then nothing is
   * stored ('unchanged'). The expected version is checked first. Versions are never reused
   * for an id, not even after a delete or once pruned from the history, so an answer memoised
   * for (id, version) can never go stale.
   */
  save(id: string, rows: readonly string[], options: SaveOptions): MaybePromise<SaveOutcome>;
  /**
   * Saves the rows, name and tags of `version` (from the history) as the next version,
   * atomically; like `save`, nothing when the current version has them already.
   */
  revert(id: string, version: number, options: SaveOptions): MaybePromise<RevertOutcome>;
  /** A version from the history (also of a deleted level); undefined when not kept. */
  getVersion(id: string, version: number): MaybePromise<StoredLevel | undefined>;
  /** Up to `limit` history entries of `id` older than `beforeVersion` (all: null), newest first. */
  history(
    id: string,
    beforeVersion: number | null,
    limit: number,
  ): MaybePromise<readonly HistoryEntry[]>;
  /**
   * Deletes the current level (its history stays, and its versions are not reused); answers
   * the version deleted, undefined when there was no level.
   */
  delete(id: string): MaybePromise<number | undefined>;
  /**
   * Up to `limit` levels with ids after `afterId`, in id order (code-unit order), only those
   * that pass `filter` (level-labels.ts matchesFilter; the SQL stores answer it from an index).
   */
  list(
    afterId: string | null,
    limit: number,
    filter?: LevelFilter,
  ): MaybePromise<readonly StoredLevel[]>;
  /** The same page as `list`, ids and versions only. */
  listVersions(
    afterId: string | null,
    limit: number,
    filter?: LevelFilter,
  ): MaybePromise<readonly LevelVersion[]>;
  /** An answer source made before (by any instance) for this version; undefined if none. */
  loadAnswer(id: string, version: number, source: string): MaybePromise<string | undefined>;
  /** Keeps an answer source of a version (removed with the version from the history). */
  saveAnswer(id: string, version: number, source: string, value: string): MaybePromise<void>;
  /** Answers only when the store can serve requests (for /ready). */
  ping(): MaybePromise<void>;
  close(): MaybePromise<void>;
}
