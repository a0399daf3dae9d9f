// The answers the service gives about levels, made at most once per level version and kept:
// - the memo tiers: the latest version seen of each id (bounded by levels and bytes), and a
//   small tier for older versions (history, reads that raced a save);
// - pool dispatch: a source that costs at least `workerThresholdStates` search states is made
//   in the solver pool, a cheaper one inline;
// - shared answers: a big source is looked up in the store first (another instance, or this
//   one before a restart, made it) and kept there once made;
// - in-flight tasks: concurrent requests for one source of one version share one task
//   (LevelAnswers.flights, single-flight.ts), cancelled when no one waits for it any more.
import type { Level } from '../engine/level/level.js';
import { Lru } from './lru.js';
import {
  ANSWERS,
  type AnswerName,
  type AnswerValue,
  SOURCES,
  type SolverStats,
  type SourceName,
  type SourceValue,
} from './answers.js';
import { LevelAnswers } from './level-answers.js';
import type { LevelStore, StoredLevel } from './level-store.js';
import { type MaybePromise, andThen } from './maybe-promise.js';
import { type ServiceMetrics, timedRead } from './metrics.js';
import { Flight } from './single-flight.js';
import { type SolverPool, WORKER_THRESHOLD_STATES } from './solver-pool.js';

/** Level versions the memo holds at most. */
export const DEFAULT_MEMO_MAX_LEVELS = 1024;
/** Bytes the memo holds at most (LevelAnswers.bytes): MEMO_MAX_BYTES. */
export const DEFAULT_MEMO_MAX_BYTES = 128 * 1024 * 1024;

export interface AnswerCacheOptions {
  /**
   * Bounds of the memo of answers: how many level versions, and how many bytes they hold in
   * all (rows, routes, hex files, compiled levels; LevelAnswers.bytes).
   */
  readonly memoMaxLevels?: number;
  readonly memoMaxBytes?: number;
  /** Where big levels are solved; without one, everything is solved inline. */
  readonly pool?: SolverPool;
  /** Sources costing at least this many search states go to the pool. */
  readonly workerThresholdStates?: number;
}

/** What the memo keeps of an id: its latest version seen, and the answers asked of it. */
export interface Memoised {
  readonly level: StoredLevel;
  readonly answers: LevelAnswers;
}

export class AnswerCache {
  /** Counts of solver runs, for tests and the bench (memoisation must keep them low). */
  readonly stats: SolverStats = { fewestStepsRuns: 0, cheapestRuns: 0, reachRuns: 0 };
  readonly pool: SolverPool | undefined;
  private readonly workerThreshold: number;
  /** The latest version seen of each id, with its answers, by id. */
  private readonly memo: Lru<Memoised>;
  /** Answers of older versions (history, reads that raced a save), by id and version. */
  private readonly olderVersions: Lru<LevelAnswers>;

  constructor(
    private readonly store: LevelStore,
    private readonly metrics: ServiceMetrics | null,
    options: AnswerCacheOptions = {},
  ) {
    this.pool = options.pool;
    this.workerThreshold = options.workerThresholdStates ?? WORKER_THRESHOLD_STATES;
    const maxBytes = options.memoMaxBytes ?? DEFAULT_MEMO_MAX_BYTES;
    this.memo = new Lru(options.memoMaxLevels ?? DEFAULT_MEMO_MAX_LEVELS, maxBytes, () =>
      this.metrics?.memoEvictions.inc(),
    );
    // A small share of the memo's bounds: old versions are looked at now and then.
    this.olderVersions = new Lru(64, maxBytes / 8, () => this.metrics?.memoEvictions.inc());
  }

  /** What the memo holds of `id`, without counting as a use. */
  peek(id: string): Memoised | undefined {
    return this.memo.peek(id);
  }

  /** Whether the memo holds a version of every id (it does not count as a use). */
  holdsAll(ids: readonly string[]): boolean {
    return ids.every((id) => this.memo.has(id));
  }

  /** The memo's level `id` when it holds exactly `version` (counts as a use). */
  levelAt(id: string, version: number | undefined): StoredLevel | undefined {
    const memoised = this.memo.get(id);
    return memoised && memoised.level.version === version ? memoised.level : undefined;
  }

  /** New answers about rows (parsed already, when they were just validated). */
  fresh(rows: readonly string[], parsed?: Level): LevelAnswers {
    return new LevelAnswers(rows, this.stats, parsed);
  }

  /**
   * Answers for a copy of `source` (the same rows have the same answers): what is held for
   * `source` at its version serves the copy.
   */
  copied(source: StoredLevel, parsed: Level): LevelAnswers {
    const copy = this.fresh(source.rows, parsed);
    const held = this.memo.peek(source.id);
    if (held?.level.version !== source.version) return copy;
    for (const name of Object.keys(SOURCES) as SourceName[]) {
      if (held.answers.has(name)) copy.hold(name, held.answers.source(name));
    }
    return copy;
  }

  /** Keeps the level with `answers` as the latest version of its id. */
  keep(level: StoredLevel, answers: LevelAnswers): void {
    this.memo.set(level.id, { level, answers }, answers.bytes());
    this.metrics?.memoBytes.set(this.memo.weight);
  }

  /** Keeps what was read, unless the memo holds this version or a newer one already. */
  keepAll<T extends ReadonlyArray<StoredLevel | undefined>>(levels: T): T {
    for (const level of levels) {
      const held = level && this.memo.get(level.id)?.level.version;
      if (level && (held === undefined || held < level.version)) {
        this.keep(level, this.fresh(level.rows));
      }
    }
    return levels;
  }

  /** The memoised answers about this version of the level (nothing is solved yet). */
  answers(level: StoredLevel): LevelAnswers {
    const memoised = this.memo.get(level.id);
    if (memoised?.level.version === level.version) return memoised.answers;
    if (!memoised || memoised.level.version < level.version) {
      const answers = this.fresh(level.rows);
      this.keep(level, answers);
      return answers;
    }
    // An older version (read before a replace, or from the history) is kept apart, so that it
    // never takes the place of the newer one.
    const key = olderVersionKey(level);
    const older = this.olderVersions.get(key);
    if (older !== undefined) return older;
    const answers = this.fresh(level.rows);
    this.olderVersions.set(key, answers, answers.bytes());
    return answers;
  }

  /**
   * One answer about a level: at once when its source is held or cheap (made inline), else
   * when the solver pool has made it. Concurrent requests for the same source of the same
   * version share one task; `signal` (a deadline, a client gone) stops this caller waiting,
   * and the task is cancelled when no one else waits for it. A cancelled task leaves nothing
   * in the memo.
   */
  answer<N extends AnswerName>(
    level: StoredLevel,
    name: N,
    signal?: AbortSignal,
  ): MaybePromise<AnswerValue<N>> {
    const answers = this.answers(level);
    return andThen(this.make(level, answers, ANSWERS[name].source, signal), () => {
      const value = answers.get(name);
      this.reweigh(level, answers);
      return value;
    });
  }

  /** Makes sure the sources are held (see `answer`): the work of a request, done up front. */
  async prepare(
    level: StoredLevel,
    sources: Iterable<SourceName>,
    signal?: AbortSignal,
  ): Promise<void> {
    const answers = this.answers(level);
    await Promise.all(
      [...new Set(sources)].map((source) => this.make(level, answers, source, signal)),
    );
  }

  /** What making the sources not held yet would cost, in search states (SOURCES.cost). */
  costOf(level: StoredLevel, sources: Iterable<SourceName>): number {
    const answers = this.answers(level);
    let cost = 0;
    for (const source of new Set(sources)) {
      if (!answers.has(source) && !answers.flights.has(source))
        cost += SOURCES[source].cost(answers.size);
    }
    return cost;
  }

  private make(
    level: StoredLevel,
    answers: LevelAnswers,
    source: SourceName,
    signal?: AbortSignal,
  ): MaybePromise<void> {
    if (answers.has(source)) {
      this.metrics?.memoLookups.inc({ result: 'hit' });
      return;
    }
    this.metrics?.memoLookups.inc({ result: 'miss' });
    const pool = this.pool;
    if (pool === undefined || SOURCES[source].cost(answers.size) < this.workerThreshold) {
      const stop = this.metrics?.solverSeconds.startTimer({ source, mode: 'inline' });
      answers.source(source);
      stop?.();
      this.reweigh(level, answers);
      return;
    }
    let flight = answers.flights.get(source);
    if (flight === undefined) {
      const started = new Flight((taskSignal) => this.solveShared(level, source, pool, taskSignal));
      flight = started;
      answers.flights.set(source, started);
      started.done.then(
        (value) => {
          answers.flights.delete(source);
          answers.hold(source, value as SourceValue<typeof source>);
          this.reweigh(level, answers);
        },
        () => answers.flights.delete(source),
      );
    }
    return flight.join(signal).then(() => undefined);
  }

  /**
   * A big source: from the store when any instance made it before (PostgreSQL shares it with
   * the fleet; SQLite keeps it across restarts), else made in the pool and then kept there.
   * Drafts (version 0) are not in the store.
   */
  private async solveShared(
    level: StoredLevel,
    source: SourceName,
    pool: SolverPool,
    signal: AbortSignal,
  ): Promise<unknown> {
    const { stat, encode, decode } = SOURCES[source];
    if (level.version > 0) {
      const stored = await timedRead(this.metrics, 'loadAnswer', () =>
        this.store.loadAnswer(level.id, level.version, source),
      );
      this.metrics?.sharedAnswers.inc({ result: stored === undefined ? 'miss' : 'hit' });
      if (stored !== undefined) return decode(stored);
    }
    if (stat !== null) this.stats[stat]++;
    const stop = this.metrics?.solverSeconds.startTimer({ source, mode: 'worker' });
    const value = await pool.run(level.rows, source, signal).finally(stop);
    if (level.version > 0) {
      // Kept for the fleet in the background: a failure here costs only a later solve.
      void Promise.resolve(
        this.store.saveAnswer(
          level.id,
          level.version,
          source,
          (encode as (v: unknown) => string)(value),
        ),
      ).catch(() => this.metrics?.sharedAnswers.inc({ result: 'not_kept' }));
    }
    return value;
  }

  /** Weighs an entry again when it grew (if the memo still holds it). */
  private reweigh(level: StoredLevel, answers: LevelAnswers): void {
    if (!answers.takeGrowth()) return;
    const memoised = this.memo.peek(level.id);
    if (memoised?.answers === answers) this.keep(level, answers);
    const key = olderVersionKey(level);
    if (this.olderVersions.peek(key) === answers) {
      this.olderVersions.set(key, answers, answers.bytes());
    }
  }
}

function olderVersionKey(level: StoredLevel): string {
  return `${level.version}\u0000${level.id}`;
}
