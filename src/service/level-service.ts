import { type GenerationInput, generateLevel } from '../engine/generation/generate.js';
import type { LevelError, LevelLimits } from '../engine/level/parse.js';
import { DEFAULT_LEVEL_LIMITS, LEVEL_ERROR_CODES, parseLevel } from '../engine/level/parse.js';
import { importHexMaze } from '../engine/maze-format/hex.js';
import { LruMemo } from './answer-memo.js';
import { LevelAnswers, type SolverStats } from './level-answers.js';
import type { LevelStore, StoredLevel } from './level-store.js';
import { type MaybePromise, andThen } from './maybe-promise.js';

/** The validation codes of SPEC §1, and the service's own: an id no database can store. */
export const LOAD_ERROR_CODES = [...LEVEL_ERROR_CODES, 'INVALID_ID'] as const;
export type LoadErrorCode = (typeof LOAD_ERROR_CODES)[number];
export type LoadError = Omit<LevelError, 'code'> & { readonly code: LoadErrorCode };

export const INVALID_ID_MESSAGE = 'level id must be well-formed Unicode without NUL characters';

/**
 * PostgreSQL refuses NUL in text and a lone UTF-16 surrogate does not survive UTF-8, so such
 * ids are refused on every store alike (and can never be found).
 */
export function isStorableId(id: string): boolean {
  // With the u flag a surrogate pair is one code point, so \p{Cs} matches only lone halves.
  return !id.includes('\u0000') && !/\p{Cs}/u.test(id);
}

export type LoadResult =
  | { readonly ok: true; readonly level: StoredLevel }
  | { readonly ok: false; readonly error: LoadError };

/** Generation and import: errors are the engine's texts; warnings do not stop the store. */
export type MadeLevelResult =
  | { readonly ok: true; readonly level: StoredLevel; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly error: string };

export interface LevelServiceOptions {
  /** Size limit of validation check 7. */
  readonly limits?: LevelLimits;
  /** Bounds of the memo of answers: how many level versions, and how many cells in all. */
  readonly memoMaxLevels?: number;
  readonly memoMaxCells?: number;
}

/** No limit for levels read back from the store: they were validated when they were saved. */
const STORED_LEVEL_LIMITS: LevelLimits = { maxRows: Infinity, maxCols: Infinity };

/**
 * Stores levels by id (SPEC §3) and answers questions about them. Every successful load is a
 * new version; a failed one changes nothing. Answers are memoised per id for the latest
 * version seen, and used only for that version.
 */
export class LevelService {
  readonly stats: SolverStats = { fewestStepsRuns: 0, cheapestRuns: 0 };
  readonly limits: LevelLimits;
  /** The latest version seen of each id, with its answers, by id. */
  private readonly memo: LruMemo<Memoised>;

  constructor(
    readonly store: LevelStore,
    options: LevelServiceOptions = {},
  ) {
    this.limits = options.limits ?? DEFAULT_LEVEL_LIMITS;
    this.memo = new LruMemo(options.memoMaxLevels ?? 1024, options.memoMaxCells ?? 16_000_000);
  }

  /** Validates and stores rows as the next version of `id`; on failure nothing changes. */
  load(id: string, rows: readonly string[]): MaybePromise<LoadResult> {
    if (!isStorableId(id)) {
      return {
        ok: false,
        error: { code: 'INVALID_ID', message: INVALID_ID_MESSAGE, row: null, col: null },
      };
    }
    const parsed = parseLevel(rows, this.limits);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    return andThen(this.store.save(id, rows), (level): LoadResult => {
      // The level is parsed already: seed the memo so the first answer need not parse again.
      this.keep(level, new LevelAnswers(parsed.level, this.stats));
      return { ok: true, level };
    });
  }

  /** Generates a level (SPEC §6) and stores it as the next version of `id`. */
  generate(id: string, request: GenerationInput): MaybePromise<MadeLevelResult> {
    if (!isStorableId(id)) return { ok: false, error: INVALID_ID_MESSAGE };
    const generated = generateLevel(request);
    if (!generated.ok) return { ok: false, error: generated.error.message };
    return this.storeMade(id, generated.value.rows, generated.value.warnings);
  }

  /** Reads an A-Maze-ing hex file (SPEC §7) and stores it as the next version of `id`. */
  importMaze(id: string, text: string): MaybePromise<MadeLevelResult> {
    if (!isStorableId(id)) return { ok: false, error: INVALID_ID_MESSAGE };
    const imported = importHexMaze(text);
    if (!imported.ok) return { ok: false, error: imported.error.message };
    return this.storeMade(id, imported.value.rows, imported.value.warnings);
  }

  private storeMade(
    id: string,
    rows: readonly string[],
    warnings: readonly string[],
  ): MaybePromise<MadeLevelResult> {
    return andThen(this.load(id, rows), (loaded): MadeLevelResult => {
      if (!loaded.ok) {
        // A configured size limit below the generator's own is the client's to hear about;
        // any other validation failure means the generator or importer has a bug.
        if (loaded.error.code === 'LEVEL_TOO_LARGE')
          return { ok: false, error: loaded.error.message };
        throw new Error(`made an invalid level: ${loaded.error.message}`);
      }
      return { ok: true, level: loaded.level, warnings };
    });
  }

  get(id: string): MaybePromise<StoredLevel | undefined> {
    return isStorableId(id) ? this.store.get(id) : undefined;
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
      return andThen(this.store.getMany(ids), (found) => this.keepAll(found));
    }
    return andThen(this.store.versions(ids), (versions) => this.levelsAt(ids, versions));
  }

  /**
   * Up to `limit` levels after `afterId`, in id order. The page is read as ids and versions;
   * rows come from the memo where it holds that version, and the others are read in one more
   * statement. A level deleted between the two reads makes it read the page whole instead.
   */
  list(afterId: string | null, limit: number): MaybePromise<readonly StoredLevel[]> {
    return andThen(this.store.listVersions(afterId, limit), (page) => {
      const ids = page.map(({ id }) => id);
      const versions = page.map(({ version }) => version);
      return andThen(this.levelsAt(ids, versions), (levels) =>
        levels.includes(undefined) ? this.store.list(afterId, limit) : (levels as StoredLevel[]),
      );
    });
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
    return andThen(this.store.getMany(missing), (found) => {
      const byId = byIdOf(this.keepAll(found));
      return ids.map((id, i) => held[i] ?? byId.get(id));
    });
  }

  delete(id: string): MaybePromise<boolean> {
    return isStorableId(id) ? this.store.delete(id) : false;
  }

  /** The memoised answers about this version of the level. */
  answers(level: StoredLevel): LevelAnswers {
    const memoised = this.memo.get(level.id);
    if (memoised?.level.version === level.version) {
      return (memoised.answers ??= this.answersOf(level));
    }
    const answers = this.answersOf(level);
    // An older version (read before a replace) is answered but not kept over a newer one.
    if (!memoised || memoised.level.version < level.version) this.keep(level, answers);
    return answers;
  }

  private answersOf(level: StoredLevel): LevelAnswers {
    const parsed = parseLevel(level.rows, STORED_LEVEL_LIMITS);
    if (!parsed.ok) {
      throw new Error(
        `stored level '${level.id}' v${level.version} is invalid: ${parsed.error.message}`,
      );
    }
    return new LevelAnswers(parsed.level, this.stats);
  }

  /** Keeps what was read, unless the memo holds this version or a newer one already. */
  private keepAll<T extends ReadonlyArray<StoredLevel | undefined>>(levels: T): T {
    for (const level of levels) {
      const held = level && this.memo.get(level.id)?.level.version;
      if (level && (held === undefined || held < level.version)) this.keep(level);
    }
    return levels;
  }

  private keep(level: StoredLevel, answers?: LevelAnswers): void {
    this.memo.set(level.id, { level, answers }, level.rows.length * (level.rows[0]?.length ?? 0));
  }
}

/** What the memo keeps of an id: its latest version seen, and the answers asked of it. */
interface Memoised {
  readonly level: StoredLevel;
  answers: LevelAnswers | undefined;
}

function byIdOf(levels: ReadonlyArray<StoredLevel | undefined>): Map<string, StoredLevel> {
  return new Map(levels.flatMap((level) => (level ? [[level.id, level] as const] : [])));
}
