// The service (docs/rules.md): stores levels by id and answers questions about them. Writes
// are here; the answers and their memo are in answer-cache.ts, reads through the memo in
// level-reads.ts, the ids it takes in level-ids.ts and what it answers in level-results.ts.
import { type GenerationInput, generateLevel } from '../engine/generation/generate.js';
import type { LevelLimits } from '../engine/level/parse.js';
import { DEFAULT_LEVEL_LIMITS, parseLevel } from '../engine/level/parse.js';
import { importHexMaze } from '../engine/maze-format/hex.js';
import { parseMoves, walkLevel } from '../engine/search/walk.js';
import { type Result, fail, failed, ok } from '../engine/result.js';
import { toPositions } from '../engine/level/level.js';
import { AnswerCache, type AnswerCacheOptions } from './answer-cache.js';
import type { AnswerName, AnswerValue, SolverStats, SourceName } from './answers.js';
import type { LevelAnswers } from './level-answers.js';
import { type CarvingResult, carveLevel } from './carving.js';
import { ClientSubscriptions } from './client-subscriptions.js';
import { type LevelChange, type LevelEvents, LocalLevelEvents } from './events.js';
import { INVALID_ID_MESSAGE, draftId, isStorableId } from './level-ids.js';
import { type LabelsWrite, type LevelFilter, NO_LABELS, normalizeLabels } from './level-labels.js';
import { LevelReads } from './level-reads.js';
import {
  type CopyResult,
  type DraftLevel,
  type GenerateResult,
  type ImportResult,
  type LoadError,
  type LoadResult,
  type MadeLevelResult,
  type RevertResult,
  type SaveRequest,
  type VersionConflict,
  type WalkResult,
  type WriteOptions,
  conflict,
  isMadeLevelErrorCode,
} from './level-results.js';
import type {
  HistoryEntry,
  LevelStore,
  RevertOutcome,
  SaveOutcome,
  StoredLevel,
} from './level-store.js';
import { MemoryLevelStore } from './memory-store.js';
import { type MaybePromise, andThen } from './maybe-promise.js';
import { SharedDrawings } from './shared-drawings.js';
import { ServiceMetrics } from './metrics.js';
import type { SolverPool } from './solver-pool.js';

export interface LevelServiceOptions extends AnswerCacheOptions {
  /** Size limit of validation check 7. */
  readonly limits?: LevelLimits;
  /** Where the service counts its work (null: nowhere, as a one-off command). */
  readonly metrics?: ServiceMetrics | null;
  /** Versions of each id kept in its history (a version number is never reused anyway). */
  readonly historyLimit?: number;
  /** Where changes are told; in process by default. */
  readonly events?: LevelEvents;
  /** Subscriptions open at once, at most (each holds a connection while it lasts). */
  readonly maxSubscriptions?: number;
  /** Subscriptions one client (one remote address) may have open at once. */
  readonly maxSubscriptionsPerClient?: number;
}

/** Subscriptions open at once, at most: MAX_SUBSCRIPTIONS. */
export const DEFAULT_MAX_SUBSCRIPTIONS = 1000;

/** Whose subscription (the remote address; none: only in the total), of which level's changes. */
export interface ChangesRequest {
  readonly client?: string;
  readonly id?: string;
}

/** Versions of each id kept in its history: HISTORY_LIMIT. */
export const DEFAULT_HISTORY_LIMIT = 100;

/**
 * Stores levels by id (docs/rules.md) and answers questions about them. Every successful load is a
 * new version; a failed one changes nothing. Answers are memoised per id for the latest
 * version seen, and used only for that version.
 */
export class LevelService {
  readonly limits: LevelLimits;
  readonly metrics: ServiceMetrics | null;
  readonly events: LevelEvents;
  readonly historyLimit: number;
  readonly maxSubscriptions: number;
  /** The answers, their memo and the solver pool's tasks (answer-cache.ts). */
  readonly cache: AnswerCache;
  private readonly reads: LevelReads;
  /** Subscriptions open now by client, for MAX_SUBSCRIPTIONS_PER_CLIENT. */
  readonly clientSubscriptions: ClientSubscriptions;
  /** Editing levels together: shared drawings, presence, streams of edits. */
  readonly drawings: SharedDrawings;

  constructor(
    readonly store: LevelStore,
    options: LevelServiceOptions = {},
  ) {
    this.limits = options.limits ?? DEFAULT_LEVEL_LIMITS;
    this.metrics = options.metrics === undefined ? new ServiceMetrics() : options.metrics;
    this.events = options.events ?? new LocalLevelEvents();
    this.maxSubscriptions = options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS;
    this.clientSubscriptions = new ClientSubscriptions(options.maxSubscriptionsPerClient);
    this.metrics?.watchSubscriptions(this.events);
    this.historyLimit = options.historyLimit ?? DEFAULT_HISTORY_LIMIT;
    this.cache = new AnswerCache(store, this.metrics, options);
    this.reads = new LevelReads(store, this.cache, this.metrics);
    this.drawings = new SharedDrawings(store, this.events.drawings, {
      limits: this.limits,
      level: (id) => this.get(id),
      // Drawing streams count with the other subscriptions.
      admit: (client) => this.checkSubscriptionLimits(client),
      count: (client, stream, signal) =>
        client === undefined ? stream : this.clientSubscriptions.count(client, stream, signal),
    });
  }

  /** Counts of solver runs, for tests and the bench (memoisation must keep them low). */
  get stats(): SolverStats {
    return this.cache.stats;
  }

  /** Where big levels are solved; undefined: everything is solved inline. */
  get pool(): SolverPool | undefined {
    return this.cache.pool;
  }

  /** A service over a fresh in-memory store (synchronous, no metrics): for `run` and the CLI. */
  static inMemory(options: LevelServiceOptions = {}): LevelService {
    return new LevelService(new MemoryLevelStore(), { metrics: null, ...options });
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
    return andThen(saved, (outcome): MaybePromise<LoadResult> => {
      if (outcome.kind === 'conflict') return failed(conflict(id, options, outcome));
      // Rows just checked (checkLevel) bring the answers made for them; otherwise the level is
      // parsed already: seed the memo so the first answer need not parse again.
      const answers = () =>
        this.cache.peek(draftId(rows))?.answers ??
        this.cache.fresh(outcome.level.rows, parsed.value);
      return andThen(this.saved(outcome, 'SAVED', answers), (level) => ok(level));
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
  ): MaybePromise<StoredLevel> {
    const { level } = outcome;
    const held = this.cache.peek(level.id)?.level.version;
    if (outcome.kind === 'saved' || held === undefined || held < level.version) {
      this.cache.keep(level, answers());
    }
    if (outcome.kind !== 'saved') return level;
    this.events.publish({ id: level.id, version: level.version, kind });
    // Its shared drawing follows, before the save is answered.
    return andThen(this.drawings.followSave(level), () => level);
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

  /**
   * What `generate` would make, with the steps that carved it (docs/generation.md, "Carving
   * steps"), storing nothing: for a display that animates the carving before it is saved.
   */
  carve(request: GenerationInput): CarvingResult {
    return carveLevel(request, this.limits);
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
      return andThen(saved, (outcome): MaybePromise<CopyResult> => {
        if (outcome.kind === 'conflict') return failed(conflict(to, options, outcome));
        // The same rows have the same answers: what was made for the source serves the copy.
        const copied = () => this.cache.copied(source, parsed.value);
        return andThen(this.saved(outcome, 'SAVED', copied), (level) => ok(level));
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
    return andThen(reverted, (outcome: RevertOutcome): MaybePromise<RevertResult> => {
      if (outcome.kind === 'missing') {
        return fail(
          'UNKNOWN_VERSION',
          `level '${id}' has no version ${version} in its history (it keeps the last ${this.historyLimit})`,
        );
      }
      if (outcome.kind === 'conflict') return failed(conflict(id, options, outcome));
      const fresh = () => this.cache.fresh(outcome.level.rows);
      return andThen(this.saved(outcome, 'REVERTED', fresh), (level) => ok(level));
    });
  }

  /**
   * Validates rows without storing them: the draft's answers are memoised by its content, so
   * saving the same rows later does not solve them again.
   */
  check(rows: readonly string[]): Result<DraftLevel, LoadError> {
    const parsed = parseLevel(rows, this.limits);
    if (!parsed.ok) return failed(parsed.error);
    const draft: DraftLevel = { id: draftId(rows), version: 0, rows, ...NO_LABELS, savedAt: '' };
    if (this.cache.peek(draft.id) === undefined) {
      this.cache.keep(draft, this.cache.fresh(rows, parsed.value));
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

  delete(id: string): MaybePromise<boolean> {
    if (!isStorableId(id)) return false;
    return andThen(this.store.delete(id), (version) => {
      if (version === undefined) return false;
      this.events.publish({ id, version, kind: 'DELETED' });
      return true;
    });
  }

  /**
   * Every change (of level `id`, if given) from now on, until `signal` aborts or the iterator
   * is returned. Refused with TooManyClientSubscriptionsError when `client` has
   * `maxSubscriptionsPerClient` open already, and with TooManySubscriptionsError when the
   * server has `maxSubscriptions`.
   */
  changes(
    signal?: AbortSignal,
    { client, id }: ChangesRequest = {},
  ): AsyncIterableIterator<LevelChange> {
    this.checkSubscriptionLimits(client);
    const changes = this.events.subscribe(signal, id);
    return client === undefined ? changes : this.clientSubscriptions.count(client, changes, signal);
  }

  private checkSubscriptionLimits(client: string | undefined): void {
    const open = this.events.subscribers + this.drawings.streams;
    this.clientSubscriptions.admit(client, open, this.maxSubscriptions);
  }

  /** The memoised answers about this version of the level (nothing is solved yet). */
  answers(level: StoredLevel): LevelAnswers {
    return this.cache.answers(level);
  }

  /**
   * One answer about a level: at once when its source is held or cheap, else when the solver
   * pool has made it (AnswerCache.answer: shared tasks, cancelled by `signal`).
   */
  answer<N extends AnswerName>(
    level: StoredLevel,
    name: N,
    signal?: AbortSignal,
  ): MaybePromise<AnswerValue<N>> {
    return this.cache.answer(level, name, signal);
  }

  /** Makes sure the sources are held (see `answer`): the work of a request, done up front. */
  prepare(level: StoredLevel, sources: Iterable<SourceName>, signal?: AbortSignal): Promise<void> {
    return this.cache.prepare(level, sources, signal);
  }

  /** What making the sources not held yet would cost, in search states (SOURCES.cost). */
  costOf(level: StoredLevel, sources: Iterable<SourceName>): number {
    return this.cache.costOf(level, sources);
  }

  get(id: string): MaybePromise<StoredLevel | undefined> {
    return this.reads.get(id);
  }

  /** One version of a level from its history (the current one too); undefined when not kept. */
  getVersion(id: string, version: number): MaybePromise<StoredLevel | undefined> {
    return this.reads.getVersion(id, version);
  }

  /** Up to `limit` versions of `id` older than `beforeVersion` (all: null), newest first. */
  history(
    id: string,
    beforeVersion: number | null,
    limit: number,
  ): MaybePromise<readonly HistoryEntry[]> {
    return this.reads.history(id, beforeVersion, limit);
  }

  /** The current levels of `ids` in one read (LevelReads.getMany: through the memo). */
  getMany(ids: readonly string[]): MaybePromise<ReadonlyArray<StoredLevel | undefined>> {
    return this.reads.getMany(ids);
  }

  /** Up to `limit` levels after `afterId` that pass `filter`, in id order (LevelReads.list). */
  list(
    afterId: string | null,
    limit: number,
    filter: LevelFilter = {},
  ): MaybePromise<readonly StoredLevel[]> {
    return this.reads.list(afterId, limit, filter);
  }
}
