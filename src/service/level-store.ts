import type { MaybePromise } from './maybe-promise.js';

/** One version of a level as stored. */
export interface StoredLevel {
  readonly id: string;
  /** 1 for the first level stored under the id, then +1 on every successful replace. */
  readonly version: number;
  readonly rows: readonly string[];
}

/** Which version of a level is current, without its rows. */
export type LevelVersion = Pick<StoredLevel, 'id' | 'version'>;

/**
 * Where levels live. Implementations: in memory (for `run` and tests), SQLite and
 * PostgreSQL (through Kysely). Every write is atomic: it happens whole or not at all.
 */
export interface LevelStore {
  get(id: string): MaybePromise<StoredLevel | undefined>;
  /** One read for many ids; the answer is in the order of `ids`. */
  getMany(ids: readonly string[]): MaybePromise<ReadonlyArray<StoredLevel | undefined>>;
  /**
   * The current version of each id (undefined when there is no level), in the order of `ids`,
   * without the rows: one read that tells whether rows already at hand are still current.
   */
  versions(ids: readonly string[]): MaybePromise<ReadonlyArray<number | undefined>>;
  /**
   * Stores `rows` as the next version of `id`. Versions are never reused for an id, not
   * even after a delete, so an answer memoised for (id, version) can never go stale.
   */
  save(id: string, rows: readonly string[]): MaybePromise<StoredLevel>;
  delete(id: string): MaybePromise<boolean>;
  /** Up to `limit` levels with ids after `afterId`, in id order (code-unit order). */
  list(afterId: string | null, limit: number): MaybePromise<readonly StoredLevel[]>;
  /** The same page as `list`, ids and versions only. */
  listVersions(afterId: string | null, limit: number): MaybePromise<readonly LevelVersion[]>;
  /** Answers only when the store can serve requests (for /ready). */
  ping(): MaybePromise<void>;
  close(): MaybePromise<void>;
}
