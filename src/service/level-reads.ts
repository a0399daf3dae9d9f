// Reads of stored levels through the memo (answer-cache.ts): a version names its rows for
// good (versions are never reused), so where the memo holds the version a read finds, the
// rows come from the memo and the store is asked only for versions.
import type { AnswerCache } from './answer-cache.js';
import { isStorableId } from './level-ids.js';
import type { LevelFilter } from './level-labels.js';
import type { HistoryEntry, LevelStore, StoredLevel } from './level-store.js';
import { type MaybePromise, andThen } from './maybe-promise.js';
import { type ServiceMetrics, timedRead } from './metrics.js';

export class LevelReads {
  constructor(
    private readonly store: LevelStore,
    private readonly cache: AnswerCache,
    private readonly metrics: ServiceMetrics | null,
  ) {}

  get(id: string): MaybePromise<StoredLevel | undefined> {
    return isStorableId(id) ? this.timed('get', (store) => store.get(id)) : undefined;
  }

  /** One version of a level from its history (the current one too); undefined when not kept. */
  getVersion(id: string, version: number): MaybePromise<StoredLevel | undefined> {
    if (!isStorableId(id)) return undefined;
    return this.timed('getVersion', (store) => store.getVersion(id, version));
  }

  /** Up to `limit` versions of `id` older than `beforeVersion` (all: null), newest first. */
  history(
    id: string,
    beforeVersion: number | null,
    limit: number,
  ): MaybePromise<readonly HistoryEntry[]> {
    if (!isStorableId(id)) return [];
    return this.timed('history', (store) => store.history(id, beforeVersion, limit));
  }

  /**
   * The current levels of `ids` in one read. When the memo holds a version of every id, that
   * read asks only for the current versions, and the rows come from the memo; levels changed
   * since (by another process, say) are then read whole. Otherwise it reads the rows.
   */
  getMany(ids: readonly string[]): MaybePromise<ReadonlyArray<StoredLevel | undefined>> {
    if (ids.every(isStorableId)) return this.read(ids);
    const storable = ids.filter(isStorableId);
    if (storable.length === 0) return ids.map(() => undefined);
    return andThen(this.read(storable), (found) => {
      const byId = byIdOf(found);
      return ids.map((id) => byId.get(id));
    });
  }

  /**
   * Up to `limit` levels after `afterId` that pass `filter` (level-labels.ts), in id order.
   * The page is read as ids and versions; rows come from the memo where it holds that version,
   * and the others are read in one more statement. A level deleted between the two reads makes
   * it read the page whole instead.
   */
  list(
    afterId: string | null,
    limit: number,
    filter: LevelFilter = {},
  ): MaybePromise<readonly StoredLevel[]> {
    return andThen(
      this.timed('listVersions', (store) => store.listVersions(afterId, limit, filter)),
      (page) => {
        const ids = page.map(({ id }) => id);
        const versions = page.map(({ version }) => version);
        return andThen(this.levelsAt(ids, versions), (levels) =>
          levels.includes(undefined)
            ? this.timed('list', (store) => store.list(afterId, limit, filter))
            : (levels as StoredLevel[]),
        );
      },
    );
  }

  private read(ids: readonly string[]): MaybePromise<ReadonlyArray<StoredLevel | undefined>> {
    if (!this.cache.holdsAll(ids)) {
      return andThen(
        this.timed('getMany', (store) => store.getMany(ids)),
        (found) => this.cache.keepAll(found),
      );
    }
    return andThen(
      this.timed('versions', (store) => store.versions(ids)),
      (versions) => this.levelsAt(ids, versions),
    );
  }

  /**
   * The levels of `ids` at the versions just read (undefined: no level). The memo's rows
   * serve where it holds that version; the others are read in one `getMany`, which finds them
   * as they are by then.
   */
  private levelsAt(
    ids: readonly string[],
    versions: ReadonlyArray<number | undefined>,
  ): MaybePromise<ReadonlyArray<StoredLevel | undefined>> {
    const held = ids.map((id, i) => this.cache.levelAt(id, versions[i]));
    const missing = ids.filter((_id, i) => versions[i] !== undefined && !held[i]);
    if (missing.length === 0) return held;
    return andThen(
      this.timed('getMany', (store) => store.getMany(missing)),
      (found) => {
        const byId = byIdOf(this.cache.keepAll(found));
        return ids.map((id, i) => held[i] ?? byId.get(id));
      },
    );
  }

  /** A read of the store, timed for /metrics by kind. */
  private timed<T>(kind: string, read: (store: LevelStore) => MaybePromise<T>): MaybePromise<T> {
    return timedRead(this.metrics, kind, () => read(this.store));
  }
}

function byIdOf(levels: ReadonlyArray<StoredLevel | undefined>): Map<string, StoredLevel> {
  return new Map(levels.flatMap((level) => (level ? [[level.id, level] as const] : [])));
}
