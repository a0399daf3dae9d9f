import {
  GENERATION_ERROR_CODES,
  type GenerationInput,
  generateLevel,
} from '../engine/generation/generate.js';
import type { LevelLimits } from '../engine/level/parse.js';
import { DEFAULT_LEVEL_LIMITS, LEVEL_ERROR_CODES, parseLevel } from '../engine/level/parse.js';
import { MAZE_FORMAT_ERROR_CODES, importHexMaze } from '../engine/maze-format/hex.js';
import { MAX_WALK_MOVES, type MovesError, parseMoves, walkLevel } from '../engine/search/walk.js';
import { type Failure, type Result, fail, failed, ok } from '../engine/result.js';
import { createHash } from 'node:crypto';
import { type Position, rowWidth, toPositions } from '../engine/level/level.js';
import type { LevelError } from '../engine/level/parse.js';
import { LruMemo } from './answer-memo.js';
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
import {
  type LevelChange,
  type LevelEvents,
  LocalLevelEvents,
  TooManySubscriptionsError,
} from './events.js';
import {
  LABEL_ERROR_CODES,
  type LabelsWrite,
  type LevelFilter,
  NO_LABELS,
  normalizeLabels,
} from './level-labels.js';
import type {
  HistoryEntry,
  LevelStore,
  RevertOutcome,
  SaveOutcome,
  StoredLevel,
} from './level-store.js';
import { MemoryLevelStore } from './memory-store.js';
import { type MaybePromise, andThen, isPromise } from './maybe-promise.js';
import { ServiceMetrics } from './metrics.js';
import { Flight } from './single-flight.js';
import { type SolverPool, WORKER_THRESHOLD_STATES } from './solver-pool.js';

/**
 * The validation codes of docs/rules.md, and the service's own: an id no database can store, a
 * name or tags it does not take (level-labels.ts).
 */
export const LOAD_ERROR_CODES = [...LEVEL_ERROR_CODES, 'INVALID_ID', ...LABEL_ERROR_CODES] as const;
export type LoadErrorCode = (typeof LOAD_ERROR_CODES)[number];
export type LoadError = Failure<LoadErrorCode>;

export { MAX_WALK_MOVES, parseMoves, rowWidth };

/** The longest level id, in characters (code points). */
export const MAX_ID_LENGTH = 256;

export const INVALID_ID_MESSAGE = `level id must be well-formed Unicode without NUL characters, at most ${MAX_ID_LENGTH} characters long`;

/**
 * PostgreSQL refuses NUL in text, a lone UTF-16 surrogate does not survive UTF-8, and its
 * primary-key index refuses an id of a few thousand bytes, so such ids are refused on every
 * store alike (and can never be found). 256 characters is the documented limit.
 */
export function isStorableId(id: string): boolean {
  // With the u flag a surrogate pair is one code point, so \p{Cs} matches only lone halves.
  return (
    !id.includes('\u0000') &&
    !/\p{Cs}/u.test(id) &&
    (id.length <= MAX_ID_LENGTH || rowWidth(id) <= MAX_ID_LENGTH)
  );
}

/** A conditional save found another version current than the one expected. */
export interface VersionConflict extends Failure<'VERSION_CONFLICT'> {
  /** The current version; null when there is no level with the id. */
  readonly currentVersion: number | null;
}

export interface WriteOptions {
  /**
   * Write only if this is the current version (0: only if there is no level with the id);
   * otherwise nothing is stored and the answer is a VersionConflict. Unset: no check.
   */
  readonly expectedVersion?: number | null;
}

/** A save that may give the version a name and tags (null or unset: keep the current ones). */
export interface SaveRequest extends WriteOptions {
  readonly name?: string | null;
  readonly tags?: readonly string[] | null;
}

export type LoadResult = Result<StoredLevel, LoadError | VersionConflict>;

/** A level that was made (generated or imported), with what the client should know about it. */
export interface MadeLevel {
  readonly level: StoredLevel;
  /** Warnings do not stop the store: what was made differently from what was asked. */
  readonly warnings: readonly string[];
}

/** Why a level could not be made: the engine's failures, and the service's own. */
const MADE_LEVEL_ERROR_CODES = ['INVALID_ID', 'LEVEL_TOO_LARGE', ...LABEL_ERROR_CODES] as const;
type MadeLevelResult = Result<
  MadeLevel,
  Failure<(typeof MADE_LEVEL_ERROR_CODES)[number]> | VersionConflict
>;

export const GENERATE_ERROR_CODES = [...GENERATION_ERROR_CODES, ...MADE_LEVEL_ERROR_CODES] as const;
export type GenerateErrorCode = (typeof GENERATE_ERROR_CODES)[number];
export type GenerateResult = Result<MadeLevel, Failure<GenerateErrorCode> | VersionConflict>;

export const IMPORT_ERROR_CODES = [...MAZE_FORMAT_ERROR_CODES, ...MADE_LEVEL_ERROR_CODES] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];
export type ImportResult = Result<MadeLevel, Failure<ImportErrorCode> | VersionConflict>;

export const REVERT_ERROR_CODES = ['INVALID_ID', 'UNKNOWN_VERSION'] as const;
export type RevertErrorCode = (typeof REVERT_ERROR_CODES)[number];
export type RevertResult = Result<StoredLevel, Failure<RevertErrorCode> | VersionConflict>;

/** A walk played on rows (docs/rules.md: walkLevel). */
export interface WalkAnswer {
  /** Every position of the walk, S first. */
  readonly positions: Position[];
  /** The letters of the keys held at the end, alphabetical. */
  readonly keys: readonly string[];
  readonly steps: number;
  readonly reachedExit: boolean;
  /** The index (from 0) of the first move that was not allowed; null when none was. */
  readonly blockedAt: number | null;
}

export type WalkResult = Result<WalkAnswer, LevelError | MovesError>;

/**
 * Why a copy stored nothing: an id no level can have, the same id twice, no level to copy, or
 * a source larger than this server's size limit now takes.
 */
export const COPY_ERROR_CODES = [
  'INVALID_ID',
  'SAME_ID',
  'UNKNOWN_SOURCE',
  'LEVEL_TOO_LARGE',
] as const;
export type CopyErrorCode = (typeof COPY_ERROR_CODES)[number];
export type CopyResult = Result<StoredLevel, Failure<CopyErrorCode> | VersionConflict>;

/** A level checked without being stored: its rows, under a key no stored level can have. */
export type DraftLevel = StoredLevel;

export interface LevelServiceOptions {
  /** Size limit of validation check 7. */
  readonly limits?: LevelLimits;
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
  readonly metrics?: ServiceMetrics;
  /** Versions of each id kept in its history (a version number is never reused anyway). */
  readonly historyLimit?: number;
  /** Where changes are told; in process by default. */
  readonly events?: LevelEvents;
  /** Subscriptions open at once, at most (each holds a connection while it lasts). */
  readonly maxSubscriptions?: number;
}

export const DEFAULT_MAX_SUBSCRIPTIONS = 1000;

export const DEFAULT_HISTORY_LIMIT = 100;

/**
 * Drafts (`check`) share the memo with stored levels under ids that start with NUL: no stored
 * level can have one (isStorableId), so a draft never shadows a level.
 */
const DRAFT_PREFIX = '\u0000draft:';

export const DEFAULT_MEMO_MAX_BYTES = 128 * 1024 * 1024;

/**
 * Stores levels by id (docs/rules.md) and answers questions about them. Every successful load is a
 * new version; a failed one changes nothing. Answers are memoised per id for the latest
 * version seen, and used only for that version.
 */
export class LevelService {
  readonly stats: SolverStats = { fewestStepsRuns: 0, cheapestRuns: 0, reachRuns: 0 };
  readonly limits: LevelLimits;
  readonly metrics: ServiceMetrics;
  readonly pool: SolverPool | undefined;
  readonly events: LevelEvents;
  readonly historyLimit: number;
  readonly maxSubscriptions: number;
  private readonly workerThreshold: number;
  /** The latest version seen of each id, with its answers, by id. */
  private readonly memo: LruMemo<Memoised>;
  /** Answers of older versions (history, reads that raced a save), by id and version. */
  private readonly olderVersions: LruMemo<LevelAnswers>;

  constructor(
    readonly store: LevelStore,
    options: LevelServiceOptions = {},
  ) {
    this.limits = options.limits ?? DEFAULT_LEVEL_LIMITS;
    this.metrics = options.metrics ?? new ServiceMetrics();
    this.pool = options.pool;
    this.events = options.events ?? new LocalLevelEvents();
    this.maxSubscriptions = options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS;
    this.metrics.watchSubscriptions(this.events);
    this.historyLimit = options.historyLimit ?? DEFAULT_HISTORY_LIMIT;
    this.workerThreshold = options.workerThresholdStates ?? WORKER_THRESHOLD_STATES;
    this.memo = new LruMemo(
      options.memoMaxLevels ?? 1024,
      options.memoMaxBytes ?? DEFAULT_MEMO_MAX_BYTES,
      () => this.metrics.memoEvictions.inc(),
    );
    // A small share of the memo's bounds: old versions are looked at now and then.
    this.olderVersions = new LruMemo(64, (options.memoMaxBytes ?? DEFAULT_MEMO_MAX_BYTES) / 8, () =>
      this.metrics.memoEvictions.inc(),
    );
  }

  /** A service over a fresh in-memory store (synchronous): for `run` and one-off commands. */
  static inMemory(options: LevelServiceOptions = {}): LevelService {
    return new LevelService(new MemoryLevelStore(), options);
  }

  /**
   * Validates and stores rows (with the name and tags asked) as the next version of `id`; on
   * failure nothing changes. The same rows, name and tags as the current version store nothing
   * and answer that version (and tell no one: nothing changed).
   */
  load(id: string, rows: readonly string[], options: SaveRequest = {}): MaybePromise<LoadResult> {
    if (!isStorableId(id)) return fail('INVALID_ID', INVALID_ID_MESSAGE);
    const parsed = parseLevel(rows, this.limits);
    if (!parsed.ok) return failed(parsed.error);
    const labels = normalizeLabels(options);
    if (!labels.ok) return failed(labels.error);
    const saved = this.store.save(id, rows, this.saveOptions(options, labels.value));
    return andThen(saved, (outcome): LoadResult => {
      if (outcome.kind === 'conflict') return failed(conflict(id, options, outcome));
      // Rows just checked (checkLevel) bring the answers made for them; otherwise the level is
      // parsed already: seed the memo so the first answer need not parse again.
      const answers = () =>
        this.memo.peek(draftId(rows))?.answers ??
        new LevelAnswers(outcome.level.rows, this.stats, parsed.value);
      return ok(this.saved(outcome, 'SAVED', answers));
    });
  }

  /**
   * What a store write did, as the service tells it: a new version is memoised (with
   * `answers`) and published as `kind`; an unchanged one is only memoised if the memo has no
   * newer version.
   */
  private saved(
    outcome: Exclude<SaveOutcome, { kind: 'conflict' }>,
    kind: 'SAVED' | 'REVERTED',
    answers: () => LevelAnswers,
  ): StoredLevel {
    const { level } = outcome;
    const held = this.memo.peek(level.id)?.level.version;
    if (outcome.kind === 'saved' || held === undefined || held < level.version) {
      this.keep(level, answers());
    }
    if (outcome.kind === 'saved') {
      this.events.publish({ id: level.id, version: level.version, kind });
    }
    return level;
  }

  /** Generates a level (docs/generation.md) and stores it as the next version of `id`. */
  generate(
    id: string,
    request: GenerationInput,
    options: SaveRequest = {},
  ): MaybePromise<GenerateResult> {
    if (!isStorableId(id)) return fail('INVALID_ID', INVALID_ID_MESSAGE);
    const labels = normalizeLabels(options);
    if (!labels.ok) return failed(labels.error);
    const generated = generateLevel(request);
    if (!generated.ok) return failed(generated.error);
    return this.storeMade(id, generated.value.rows, generated.value.warnings, options);
  }

  /** Reads an A-Maze-ing hex file (docs/generation.md) and stores it as the next version of `id`. */
  importMaze(id: string, text: string, options: SaveRequest = {}): MaybePromise<ImportResult> {
    if (!isStorableId(id)) return fail('INVALID_ID', INVALID_ID_MESSAGE);
    const labels = normalizeLabels(options);
    if (!labels.ok) return failed(labels.error);
    const imported = importHexMaze(text);
    if (!imported.ok) return failed(imported.error);
    return this.storeMade(id, imported.value.rows, imported.value.warnings, options);
  }

  private storeMade(
    id: string,
    rows: readonly string[],
    warnings: readonly string[],
    options: SaveRequest,
  ): MaybePromise<MadeLevelResult> {
    return andThen(this.load(id, rows, options), (loaded): MadeLevelResult => {
      if (!loaded.ok) {
        // A conflict, or a configured size limit below the generator's own, is the client's to
        // hear about; any other validation failure means the generator or importer has a bug.
        const { code, message } = loaded.error;
        if (code === 'VERSION_CONFLICT') return failed(loaded.error as VersionConflict);
        if (isMadeLevelErrorCode(code)) return fail(code, message);
        throw new Error(`made an invalid level: ${loaded.error.message}`);
      }
      return ok({ level: loaded.value, warnings });
    });
  }

  /**
   * Saves the rows, name and tags of the current version of `from` as the next version of `to`
   * (docs/graphql.md, "Copies"). A source larger than this server's size limit is refused.
   */
  copy(from: string, to: string, options: WriteOptions = {}): MaybePromise<CopyResult> {
    if (!isStorableId(from) || !isStorableId(to)) return fail('INVALID_ID', INVALID_ID_MESSAGE);
    if (from === to) return fail('SAME_ID', `a level cannot be copied onto itself ('${from}')`);
    return andThen(this.get(from), (source): MaybePromise<CopyResult> => {
      if (source === undefined)
        return fail('UNKNOWN_SOURCE', `there is no level '${from}' to copy`);
      const parsed = parseLevel(source.rows, this.limits);
      if (!parsed.ok) return fail('LEVEL_TOO_LARGE', parsed.error.message);
      const labels: LabelsWrite = { name: source.name, tags: source.tags };
      const saved = this.store.save(to, source.rows, this.saveOptions(options, labels));
      return andThen(saved, (outcome): CopyResult => {
        if (outcome.kind === 'conflict') return failed(conflict(to, options, outcome));
        // The same rows have the same answers: what was made for the source serves the copy.
        const answers = () => {
          const copied = new LevelAnswers(source.rows, this.stats, parsed.value);
          const held = this.memo.peek(from);
          if (held?.level.version !== source.version) return copied;
          for (const name of Object.keys(SOURCES) as SourceName[]) {
            if (held.answers.has(name)) copied.hold(name, held.answers.source(name));
          }
          return copied;
        };
        return ok(this.saved(outcome, 'SAVED', answers));
      });
    });
  }

  /**
   * Saves the rows of an older version of `id` as its next version (the history keeps the
   * last `historyLimit` versions, also of a deleted level).
   */
  revert(id: string, version: number, options: WriteOptions = {}): MaybePromise<RevertResult> {
    if (!isStorableId(id)) return fail('INVALID_ID', INVALID_ID_MESSAGE);
    const reverted = this.store.revert(id, version, this.saveOptions(options));
    return andThen(reverted, (outcome: RevertOutcome): RevertResult => {
      if (outcome.kind === 'missing') {
        return fail(
          'UNKNOWN_VERSION',
          `level '${id}' has no version ${version} in its history (it keeps the last ${this.historyLimit})`,
        );
      }
      if (outcome.kind === 'conflict') return failed(conflict(id, options, outcome));
      return ok(
        this.saved(outcome, 'REVERTED', () => new LevelAnswers(outcome.level.rows, this.stats)),
      );
    });
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
   * Validates rows without storing them: the draft's answers are memoised by its content, so
   * saving the same rows later does not solve them again.
   */
  check(rows: readonly string[]): Result<DraftLevel, LoadError> {
    const parsed = parseLevel(rows, this.limits);
    if (!parsed.ok) return failed(parsed.error);
    const draft: DraftLevel = { id: draftId(rows), version: 0, rows, ...NO_LABELS, savedAt: '' };
    if (this.memo.peek(draft.id) === undefined) {
      this.keep(draft, new LevelAnswers(rows, this.stats, parsed.value));
    }
    return ok(draft);
  }

  /**
   * Walks `moves` (letters U R D L) from S on `rows`, storing nothing: the moves are checked
   * first (MovesError), then the rows (a validation error, as a save would get).
   */
  walk(rows: readonly string[], moves: string): WalkResult {
    const directions = parseMoves(moves);
    if (!directions.ok) return directions;
    const parsed = parseLevel(rows, this.limits);
    if (!parsed.ok) return failed(parsed.error);
    const walked = walkLevel(parsed.value, directions.value);
    return ok({
      positions: toPositions(parsed.value, walked.cells),
      keys: walked.keys,
      steps: walked.cells.length - 1,
      reachedExit: walked.reachedExit,
      blockedAt: walked.blockedAt,
    });
  }

  private saveOptions(options: WriteOptions, labels: LabelsWrite = {}) {
    return {
      expectedVersion: options.expectedVersion ?? undefined,
      historyLimit: this.historyLimit,
      labels,
    };
  }

  get(id: string): MaybePromise<StoredLevel | undefined> {
    return isStorableId(id) ? this.timed('get', (store) => store.get(id)) : undefined;
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

  private read(ids: readonly string[]): MaybePromise<ReadonlyArray<StoredLevel | undefined>> {
    if (!ids.every((id) => this.memo.has(id))) {
      return andThen(
        this.timed('getMany', (store) => store.getMany(ids)),
        (found) => this.keepAll(found),
      );
    }
    return andThen(
      this.timed('versions', (store) => store.versions(ids)),
      (versions) => this.levelsAt(ids, versions),
    );
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

  /**
   * The levels of `ids` at the versions just read (undefined: no level). A version names its
   * rows for good (versions are never reused), so the memo's rows serve where it holds that
   * version; the others are read in one `getMany`, which finds them as they are by then.
   */
  private levelsAt(
    ids: readonly string[],
    versions: ReadonlyArray<number | undefined>,
  ): MaybePromise<ReadonlyArray<StoredLevel | undefined>> {
    const held = ids.map((id, i) => {
      const memoised = this.memo.get(id);
      return memoised && memoised.level.version === versions[i] ? memoised.level : undefined;
    });
    const missing = ids.filter((_id, i) => versions[i] !== undefined && !held[i]);
    if (missing.length === 0) return held;
    return andThen(
      this.timed('getMany', (store) => store.getMany(missing)),
      (found) => {
        const byId = byIdOf(this.keepAll(found));
        return ids.map((id, i) => held[i] ?? byId.get(id));
      },
    );
  }

  delete(id: string): MaybePromise<boolean> {
    if (!isStorableId(id)) return false;
    return andThen(this.store.delete(id), (version) => {
      if (version === undefined) return false;
      this.events.publish({ id, version, kind: 'DELETED' });
      return true;
    });
  }

  /**
   * Every change from now on, until `signal` aborts. Refused with TooManySubscriptionsError
   * when `maxSubscriptions` are open already.
   */
  changes(signal?: AbortSignal): AsyncIterableIterator<LevelChange> {
    if (this.events.subscribers >= this.maxSubscriptions) {
      throw new TooManySubscriptionsError(
        `this server has ${this.maxSubscriptions} subscriptions open, as many as it takes`,
      );
    }
    return this.events.subscribe(signal);
  }

  /** The memoised answers about this version of the level (nothing is solved yet). */
  answers(level: StoredLevel): LevelAnswers {
    const memoised = this.memo.get(level.id);
    if (memoised?.level.version === level.version) return memoised.answers;
    if (!memoised || memoised.level.version < level.version) {
      const answers = new LevelAnswers(level.rows, this.stats);
      this.keep(level, answers);
      return answers;
    }
    // An older version (read before a replace, or from the history) is kept apart, so that it
    // never takes the place of the newer one.
    const key = olderVersionKey(level);
    const older = this.olderVersions.get(key);
    if (older !== undefined) return older;
    const answers = new LevelAnswers(level.rows, this.stats);
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
      this.metrics.memoLookups.inc({ result: 'hit' });
      return;
    }
    this.metrics.memoLookups.inc({ result: 'miss' });
    const pool = this.pool;
    if (pool === undefined || SOURCES[source].cost(answers.size) < this.workerThreshold) {
      const stop = this.metrics.solverSeconds.startTimer({ source, mode: 'inline' });
      answers.source(source);
      stop();
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
      const stored = await this.timed('loadAnswer', (store) =>
        store.loadAnswer(level.id, level.version, source),
      );
      this.metrics.sharedAnswers.inc({ result: stored === undefined ? 'miss' : 'hit' });
      if (stored !== undefined) return decode(stored);
    }
    if (stat !== null) this.stats[stat]++;
    const stop = this.metrics.solverSeconds.startTimer({ source, mode: 'worker' });
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
      ).catch(() => this.metrics.sharedAnswers.inc({ result: 'not_kept' }));
    }
    return value;
  }

  /** A read of the store, timed for /metrics by kind. */
  private timed<T>(kind: string, read: (store: LevelStore) => MaybePromise<T>): MaybePromise<T> {
    const stop = this.metrics.storeReadSeconds.startTimer({ kind });
    const value = read(this.store);
    if (isPromise(value)) return value.finally(stop);
    stop();
    return value;
  }

  /** Keeps what was read, unless the memo holds this version or a newer one already. */
  private keepAll<T extends ReadonlyArray<StoredLevel | undefined>>(levels: T): T {
    for (const level of levels) {
      const held = level && this.memo.get(level.id)?.level.version;
      if (level && (held === undefined || held < level.version)) {
        this.keep(level, new LevelAnswers(level.rows, this.stats));
      }
    }
    return levels;
  }

  private keep(level: StoredLevel, answers: LevelAnswers): void {
    this.memo.set(level.id, { level, answers }, answers.bytes());
    this.metrics.memoBytes.set(this.memo.weight);
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

/** What the memo keeps of an id: its latest version seen, and the answers asked of it. */
interface Memoised {
  readonly level: StoredLevel;
  readonly answers: LevelAnswers;
}

function olderVersionKey(level: StoredLevel): string {
  return `${level.version}\u0000${level.id}`;
}

/** The memo key of a draft: its content, hashed (rows are ASCII once valid). */
function draftId(rows: readonly string[]): string {
  return DRAFT_PREFIX + createHash('sha256').update(rows.join('\n')).digest('base64url');
}

function conflict(
  id: string,
  options: WriteOptions,
  { currentVersion }: { currentVersion: number | null },
): VersionConflict {
  const expected = options.expectedVersion ?? 0;
  const message =
    currentVersion === null
      ? `level '${id}' does not exist, the save expected version ${expected}`
      : expected === 0
        ? `level '${id}' exists already (version ${currentVersion}), the save expected none`
        : `level '${id}' is at version ${currentVersion}, the save expected version ${expected}`;
  return { code: 'VERSION_CONFLICT', message, row: null, col: null, currentVersion };
}

function isMadeLevelErrorCode(code: string): code is (typeof MADE_LEVEL_ERROR_CODES)[number] {
  return (MADE_LEVEL_ERROR_CODES as readonly string[]).includes(code);
}

function byIdOf(levels: ReadonlyArray<StoredLevel | undefined>): Map<string, StoredLevel> {
  return new Map(levels.flatMap((level) => (level ? [[level.id, level] as const] : [])));
}
