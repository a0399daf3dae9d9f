import { type ColumnType, type Compilable, type Kysely, PostgresAdapter } from 'kysely';
import type { LevelWrite } from '../events.js';
import {
  type LabelsWrite,
  type LevelFilter,
  type LevelLabels,
  foldCase,
  levelGrams,
  mergeLabels,
  sameLabels,
  searchGrams,
} from '../level-labels.js';
import type {
  HistoryEntry,
  LevelStore,
  LevelVersion,
  RevertOutcome,
  SaveOptions,
  SaveOutcome,
  StoredLevel,
} from '../level-store.js';
import { type MaybePromise, andThen, isPromise } from '../maybe-promise.js';
import { storeFault } from './unavailable.js';

/** The `levels` table: one row per id ever saved, kept after a delete to remember its version. */
export interface LevelsTable {
  /** The level id; compared byte-wise (SQLite BINARY, PostgreSQL `COLLATE "C"`). */
  id: string;
  /** The last version given to this id: 1 on the first save, +1 on every save after. */
  version: number;
  /** The rows as a JSON array of strings; NULL while the level is deleted. */
  rows: string | null;
  /** When the row last changed (ISO text in SQLite, timestamptz in PostgreSQL). */
  updated_at: ColumnType<Date | string, string, string>;
  /** The current version's name (NULL: none, or deleted) and tags (a JSON array of strings). */
  name: string | null;
  tags: ColumnType<string, string | undefined, string>;
  /** The folded id and name (level-labels.ts foldCase) that a search is checked against. */
  search_id: string | null;
  search_name: string | null;
}

/** `level_versions`: every saved version kept (the newest of each id, up to the limit). */
export interface LevelVersionsTable {
  id: string;
  version: number;
  /** The rows as a JSON array of strings. */
  rows: string;
  saved_at: ColumnType<Date | string, string, string>;
  /** The version whose rows a revert saved again; NULL for an ordinary save. */
  reverted_from: number | null;
  name: string | null;
  /** A JSON array of strings. */
  tags: ColumnType<string, string | undefined, string>;
}

/**
 * `level_grams`: the search index, every substring of 1 to 3 characters of each live level's
 * folded id and name (level-labels.ts levelGrams), keyed (gram, id).
 */
export interface LevelGramsTable {
  gram: string;
  id: string;
}

/** `level_tags`: each live level's tags, keyed (tag, id). */
export interface LevelTagsTable {
  tag: string;
  id: string;
}

/** `level_answers`: answer sources of big levels, by version (answers.ts SOURCES, encoded). */
export interface LevelAnswersTable {
  id: string;
  version: number;
  source: string;
  value: string;
}

export interface Database {
  levels: LevelsTable;
  level_versions: LevelVersionsTable;
  level_answers: LevelAnswersTable;
  level_grams: LevelGramsTable;
  level_tags: LevelTagsTable;
}

/** The columns a level is read with (toStoredLevel), besides its id and version. */
export const LEVEL_COLUMNS = ['rows', 'name', 'tags', 'updated_at'] as const;

/** How many index rows one insert writes (two parameters each: far below every limit). */
const INDEX_ROWS_PER_INSERT = 2_000;

/** The channel of the NOTIFY each write sends on PostgreSQL (postgres-events.ts listens). */
export const CHANGES_CHANNEL = 'labyrinth_level_changes';

/** Runs one statement of a transaction and answers its rows (none for most writes). */
export type RunQuery = <Row = unknown>(query: Compilable) => MaybePromise<Row[]>;

/**
 * How many ids one `getMany` statement may bind. SQLite allows 32766 parameters and
 * PostgreSQL 65535; longer id lists are read in chunks of this size.
 */
export const GET_MANY_CHUNK = 10_000;

/**
 * The level store over a real database, written once for SQLite and PostgreSQL: every
 * query goes through the Kysely query builder, so both dialects run the same statements.
 */
export class KyselyLevelStore implements LevelStore {
  /**
   * The underlying query builder: open it with `openSqliteStore` or `openPostgresStore`.
   * `notifies`: each write also sends a NOTIFY on CHANGES_CHANNEL in its transaction (so it is
   * delivered when, and only if, the write commits): PostgreSQL.
   */
  constructor(
    readonly db: Kysely<Database>,
    readonly notifies = false,
  ) {}

  /** PostgreSQL (row locks, `strpos`), else SQLite (`instr`; a write locks the database). */
  private get postgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** The ids and versions of the levels that are not deleted (a delete keeps the row). */
  protected liveLevels() {
    return this.db.selectFrom('levels').select(['id', 'version']).where('rows', 'is not', null);
  }

  /** The query for one level (shared with the SQLite store's synchronous reads). */
  protected levelById(id: string) {
    return this.liveLevels().select(LEVEL_COLUMNS).where('id', '=', id);
  }

  /** The query for the levels among `ids` (at most GET_MANY_CHUNK of them). */
  protected levelsByIds(ids: readonly string[]) {
    return this.liveLevels().select(LEVEL_COLUMNS).where('id', 'in', ids);
  }

  /** The query for the versions of the levels among `ids` (at most GET_MANY_CHUNK of them). */
  protected versionsByIds(ids: readonly string[]) {
    return this.liveLevels().where('id', 'in', ids);
  }

  get(id: string): MaybePromise<StoredLevel | undefined> {
    return this.levelById(id)
      .executeTakeFirst()
      .then((row) => row && toStoredLevel(row));
  }

  getMany(ids: readonly string[]): MaybePromise<Array<StoredLevel | undefined>> {
    return this.rowsByIds(ids, (chunk) => this.levelsByIds(chunk)).then((rows) =>
      inIdOrder(ids, rows, toStoredLevel),
    );
  }

  versions(ids: readonly string[]): MaybePromise<Array<number | undefined>> {
    return this.rowsByIds(ids, (chunk) => this.versionsByIds(chunk)).then((rows) =>
      inIdOrder(ids, rows, (row) => row.version),
    );
  }

  /** The rows `query` finds for `ids`, one statement per chunk of ids. */
  private async rowsByIds<Row>(
    ids: readonly string[],
    query: (chunk: readonly string[]) => { execute(): Promise<Row[]> },
  ): Promise<Row[]> {
    const rows: Row[] = [];
    for (const chunk of idChunks(ids)) {
      for (const row of await query(chunk).execute()) rows.push(row);
    }
    return rows;
  }

  save(id: string, rows: readonly string[], options: SaveOptions): MaybePromise<SaveOutcome> {
    return this.writeTransaction((run) =>
      this.write(run, id, rows, options.labels ?? {}, null, options),
    );
  }

  revert(id: string, version: number, options: SaveOptions): MaybePromise<RevertOutcome> {
    return this.writeTransaction((run) =>
      andThen(
        run<{ rows: string; name: string | null; tags: string }>(
          this.db
            .selectFrom('level_versions')
            .select(['rows', 'name', 'tags'])
            .where('id', '=', id)
            .where('version', '=', version),
        ),
        ([old]): MaybePromise<RevertOutcome> =>
          old === undefined
            ? { kind: 'missing' }
            : this.write(
                run,
                id,
                JSON.parse(old.rows) as string[],
                labelsOf(old),
                version,
                options,
              ),
      ),
    );
  }

  /**
   * Why the last write failed, when it was because the store cannot write (a full disk, a
   * read-only data directory or database: unavailable.ts); cleared by a write that works, or
   * by a `ping` whose check finds that writing works again. While it is set the store is not
   * ready.
   */
  private writeFault: unknown;

  /** A write in one transaction (`inTransaction`), keeping whether the store could write. */
  private writeTransaction<T>(work: (run: RunQuery) => MaybePromise<T>): MaybePromise<T> {
    return this.writing(() => this.inTransaction(work));
  }

  /** Runs a write, keeping whether the store could write (see `writeFault`). */
  private writing<T>(write: () => MaybePromise<T>): MaybePromise<T> {
    const failed = (error: unknown): never => {
      if (storeFault(error) === 'CANNOT_WRITE') this.writeFault = error;
      throw error;
    };
    let result: MaybePromise<T>;
    try {
      result = write();
    } catch (error) {
      return failed(error);
    }
    if (!isPromise(result)) {
      this.writeFault = undefined;
      return result;
    }
    return result.then((value) => {
      this.writeFault = undefined;
      return value;
    }, failed);
  }

  /**
   * Runs `work` in one transaction, its statements given to `run`. Here: Kysely's transaction
   * (PostgreSQL); the SQLite store runs it synchronously instead (sqlite.ts).
   */
  protected inTransaction<T>(work: (run: RunQuery) => MaybePromise<T>): MaybePromise<T> {
    return this.db.transaction().execute(async (trx) => {
      const run: RunQuery = async <Row>(query: Compilable) =>
        (await trx.executeQuery<Row>(query.compile())).rows;
      return work(run);
    });
  }

  /**
   * The next version of `id`, in the caller's transaction. The current row is read first
   * (PostgreSQL: and locked, so saves of one id take turns): a version other than the expected
   * one is a conflict, and the same rows, name and tags as now store nothing. Otherwise the row
   * is bumped, the version is added to the history, the history beyond the limit is removed,
   * and the search index follows the labels. A deleted row keeps its version, so the numbering
   * continues after a delete.
   */
  private write(
    run: RunQuery,
    id: string,
    rows: readonly string[],
    labels: LabelsWrite,
    revertedFrom: number | null,
    options: SaveOptions,
  ): MaybePromise<SaveOutcome> {
    const { expectedVersion, historyLimit } = options;
    const json = JSON.stringify(rows);
    const read = this.db
      .selectFrom('levels')
      .select(['version', ...LEVEL_COLUMNS])
      .where('id', '=', id)
      .$if(this.postgres, (query) => query.forUpdate());
    return andThen(run<CurrentRow>(read), ([row]): MaybePromise<SaveOutcome> => {
      const live = row !== undefined && row.rows !== null;
      const currentVersion = live ? row.version : null;
      if (expectedVersion !== undefined && expectedVersion !== (currentVersion ?? 0)) {
        return { kind: 'conflict', currentVersion };
      }
      const before = live ? labelsOf(row) : undefined;
      const after = mergeLabels(before, labels);
      if (live && row.rows === json && sameLabels(before!, after)) {
        return { kind: 'unchanged', level: toStoredLevel({ ...row, id }) };
      }
      const now = new Date().toISOString();
      const values = {
        rows: json,
        name: after.name,
        tags: JSON.stringify(after.tags),
        search_id: foldCase(id),
        search_name: after.name === null ? null : foldCase(after.name),
        updated_at: now,
      };
      const bump =
        row === undefined
          ? this.db
              .insertInto('levels')
              .values({ id, version: 1, ...values })
              .onConflict((conflict) => conflict.column('id').doNothing())
              .returning('version')
          : this.db
              .updateTable('levels')
              .set((eb) => ({ version: eb('version', '+', 1), ...values }))
              .where('id', '=', id)
              .where('version', '=', row.version)
              .returning('version');
      return andThen(run<{ version: number }>(bump), ([saved]): MaybePromise<SaveOutcome> => {
        // Another transaction saved the id's first version after the read (PostgreSQL): read
        // it again, locked this time.
        if (saved === undefined) return this.write(run, id, rows, labels, revertedFrom, options);
        const { version } = saved;
        const statements: Compilable[] = [
          ...this.reindex(id, before, after),
          this.db.insertInto('level_versions').values({
            id,
            version,
            rows: json,
            name: after.name,
            tags: values.tags,
            saved_at: now,
            reverted_from: revertedFrom,
          }),
          this.db
            .deleteFrom('level_versions')
            .where('id', '=', id)
            .where('version', '<=', version - historyLimit),
          // Answers go with their versions.
          this.db
            .deleteFrom('level_answers')
            .where('id', '=', id)
            .where('version', '<=', version - historyLimit),
        ];
        const kind = revertedFrom === null ? 'SAVED' : 'REVERTED';
        return andThen(runAll(run, statements), () =>
          andThen(this.notify(run, { id, version, kind }), () => ({
            kind: 'saved' as const,
            level: {
              id,
              version,
              rows: Object.freeze([...rows]),
              name: after.name,
              tags: Object.freeze([...after.tags]),
              savedAt: now,
            },
          })),
        );
      });
    });
  }

  /**
   * The statements that bring the search index of `id` from the labels it was indexed with
   * (`before`; undefined: it was not, it is new or was deleted) to `after`.
   */
  private reindex(id: string, before: LevelLabels | undefined, after: LevelLabels): Compilable[] {
    const statements: Compilable[] = [];
    if (before === undefined || before.name !== after.name) {
      if (before !== undefined) {
        statements.push(this.db.deleteFrom('level_grams').where('id', '=', id));
      }
      const grams = levelGrams(id, after.name).map((gram) => ({ gram, id }));
      for (let start = 0; start < grams.length; start += INDEX_ROWS_PER_INSERT) {
        statements.push(
          this.db
            .insertInto('level_grams')
            .values(grams.slice(start, start + INDEX_ROWS_PER_INSERT))
            .onConflict((conflict) => conflict.columns(['gram', 'id']).doNothing()),
        );
      }
    }
    if (
      before === undefined ||
      !sameLabels({ name: null, tags: before.tags }, { ...after, name: null })
    ) {
      if (before !== undefined && before.tags.length > 0) {
        statements.push(this.db.deleteFrom('level_tags').where('id', '=', id));
      }
      if (after.tags.length > 0) {
        statements.push(
          this.db
            .insertInto('level_tags')
            .values(after.tags.map((tag) => ({ tag, id })))
            .onConflict((conflict) => conflict.columns(['tag', 'id']).doNothing()),
        );
      }
    }
    return statements;
  }

  async getVersion(id: string, version: number): Promise<StoredLevel | undefined> {
    const row = await this.db
      .selectFrom('level_versions')
      .select(['id', 'version', 'rows', 'name', 'tags', 'saved_at'])
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return row && toStoredLevel({ ...row, updated_at: row.saved_at });
  }

  async history(id: string, beforeVersion: number | null, limit: number): Promise<HistoryEntry[]> {
    if (limit <= 0) return [];
    const rows = await this.db
      .selectFrom('level_versions')
      .select(['version', 'saved_at', 'reverted_from', 'name', 'tags'])
      .where('id', '=', id)
      .$if(beforeVersion !== null, (query) => query.where('version', '<', beforeVersion!))
      .orderBy('version', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      version: row.version,
      savedAt: isoTime(row.saved_at),
      revertedFrom: row.reverted_from,
      ...labelsOf(row),
    }));
  }

  delete(id: string): MaybePromise<number | undefined> {
    // The row stays (with its version) so a later save of the id continues the numbering; its
    // labels and its entries in the search index go.
    const deleted = this.db
      .updateTable('levels')
      .set({
        rows: null,
        name: null,
        tags: '[]',
        search_name: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('rows', 'is not', null)
      .returning('version');
    return this.writeTransaction((run) =>
      andThen(run<{ version: number }>(deleted), ([row]) =>
        row === undefined
          ? undefined
          : andThen(
              runAll(run, [
                this.db.deleteFrom('level_grams').where('id', '=', id),
                this.db.deleteFrom('level_tags').where('id', '=', id),
              ]),
              () =>
                andThen(
                  this.notify(run, { id, version: row.version, kind: 'DELETED' }),
                  () => row.version,
                ),
            ),
      ),
    );
  }

  /** Tells every instance of a write, on commit (PostgreSQL); nothing elsewhere. */
  private notify(run: RunQuery, change: LevelWrite): MaybePromise<unknown> {
    if (!this.notifies) return undefined;
    return run(
      this.db.selectNoFrom((eb) =>
        eb.fn('pg_notify', [eb.val(CHANGES_CHANNEL), eb.val(JSON.stringify(change))]).as('sent'),
      ),
    );
  }

  loadAnswer(id: string, version: number, source: string): MaybePromise<string | undefined> {
    return this.db
      .selectFrom('level_answers')
      .select('value')
      .where('id', '=', id)
      .where('version', '=', version)
      .where('source', '=', source)
      .executeTakeFirst()
      .then((row) => row?.value);
  }

  async saveAnswer(id: string, version: number, source: string, value: string): Promise<void> {
    // Only while the version is in the history (a version pruned meanwhile keeps nothing), and
    // once: another instance may have stored the same answer first.
    await this.writing(() => this.insertAnswer(id, version, source, value));
  }

  private async insertAnswer(id: string, version: number, source: string, value: string) {
    await this.db
      .insertInto('level_answers')
      .columns(['id', 'version', 'source', 'value'])
      .expression((eb) =>
        eb
          .selectFrom('level_versions')
          .select([
            eb.val(id).as('id'),
            eb.val(version).as('version'),
            eb.val(source).as('source'),
            eb.val(value).as('value'),
          ])
          .where('id', '=', id)
          .where('version', '=', version),
      )
      .onConflict((conflict) => conflict.columns(['id', 'version', 'source']).doNothing())
      .execute();
  }

  async list(
    afterId: string | null,
    limit: number,
    filter: LevelFilter = {},
  ): Promise<StoredLevel[]> {
    if (limit <= 0) return [];
    const rows = await this.page(afterId, limit, filter)
      .select(LEVEL_COLUMNS.map((column) => `levels.${column}` as const))
      .execute();
    return rows.map(toStoredLevel);
  }

  async listVersions(
    afterId: string | null,
    limit: number,
    filter: LevelFilter = {},
  ): Promise<LevelVersion[]> {
    if (limit <= 0) return [];
    return this.page(afterId, limit, filter).execute();
  }

  /**
   * The ids and versions of up to `limit` levels after `afterId` that pass `filter`, in id
   * order. A filter is answered from the index: the query reads the entries of one search gram
   * (or of the tag) in id order, keeps those that have the other entries, and stops at `limit`
   * (docs/storage.md, "Search").
   */
  page(afterId: string | null, limit: number, filter: LevelFilter = {}) {
    const keys = [
      ...(filter.search === undefined ? [] : searchGrams(filter.search).grams).map(
        (gram) => ({ table: 'level_grams', column: 'gram', value: gram }) as const,
      ),
      ...(filter.tag === undefined
        ? []
        : [{ table: 'level_tags', column: 'tag', value: filter.tag } as const]),
    ];
    if (keys.length === 0) {
      return this.db
        .selectFrom('levels')
        .select(['levels.id', 'levels.version'])
        .where('levels.rows', 'is not', null)
        .$if(afterId !== null, (query) => query.where('levels.id', '>', afterId!))
        .orderBy('levels.id')
        .limit(limit);
    }
    const [first, ...others] = keys;
    const recheck = filter.search !== undefined && searchGrams(filter.search).recheck;
    const search = filter.search ?? '';
    // The driving entries, as `key` and `id` whichever table they come from.
    return (
      this.db
        .selectFrom(
          first.table === 'level_grams'
            ? this.db.selectFrom('level_grams').select(['gram as key', 'id']).as('driver')
            : this.db.selectFrom('level_tags').select(['tag as key', 'id']).as('driver'),
        )
        .innerJoin('levels', 'levels.id', 'driver.id')
        .select(['levels.id', 'levels.version'])
        .where('driver.key', '=', first.value)
        .where('levels.rows', 'is not', null)
        .$if(afterId !== null, (query) => query.where('driver.id', '>', afterId!))
        // The other entries, each looked up by its key.
        .$if(others.length > 0, (query) =>
          query.where((eb) =>
            eb.and(
              others.map((other) =>
                other.table === 'level_grams'
                  ? eb.exists(
                      eb
                        .selectFrom('level_grams as other')
                        .select('other.id')
                        .whereRef('other.id', '=', 'levels.id')
                        .where('other.gram', '=', other.value),
                    )
                  : eb.exists(
                      eb
                        .selectFrom('level_tags as other')
                        .select('other.id')
                        .whereRef('other.id', '=', 'levels.id')
                        .where('other.tag', '=', other.value),
                    ),
              ),
            ),
          ),
        )
        // The exact check of a longer search. As a function's result rather than LIKE, so that
        // PostgreSQL does not take it for selective and scan `levels` to apply it first.
        .$if(recheck, (query) =>
          query.where((eb) =>
            eb.or(
              (['levels.search_id', 'levels.search_name'] as const).map((column) =>
                eb(
                  eb.fn<number>(this.postgres ? 'strpos' : 'instr', [column, eb.val(search)]),
                  '>',
                  0,
                ),
              ),
            ),
          ),
        )
        .orderBy('driver.id')
        .limit(limit)
    );
  }

  /** Answers when the store can serve reads and writes (for /ready); throws why not. */
  async ping(): Promise<void> {
    await this.db.selectNoFrom((eb) => eb.lit(1).as('ready')).execute();
    await this.checkWritable(this.writeFault !== undefined);
    this.writeFault = undefined;
  }

  /**
   * Throws when the store cannot write now, as far as each dialect can tell by looking;
   * `failing` (the last write failed for want of it): by trying a write too.
   */
  protected async checkWritable(_failing: boolean): Promise<void> {}

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

/** The distinct ids, in chunks that one statement can bind. */
export function idChunks(ids: readonly string[]): string[][] {
  const distinct = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let start = 0; start < distinct.length; start += GET_MANY_CHUNK) {
    chunks.push(distinct.slice(start, start + GET_MANY_CHUNK));
  }
  return chunks;
}

/** For each of `ids` in order, `valueOf` the row with that id, or undefined when none has it. */
export function inIdOrder<Row extends { id: string }, T>(
  ids: readonly string[],
  rows: readonly Row[],
  valueOf: (row: Row) => T,
): Array<T | undefined> {
  const found = new Map<string, T>();
  for (const row of rows) found.set(row.id, valueOf(row));
  return ids.map((id) => found.get(id));
}

export function toStoredLevel(row: {
  id: string;
  version: number;
  rows: string | null;
  name: string | null;
  tags: string;
  updated_at: Date | string;
}): StoredLevel {
  // The queries select only rows that are not deleted, so `rows` is there.
  const rows = JSON.parse(row.rows!) as string[];
  return {
    id: row.id,
    version: row.version,
    rows: Object.freeze(rows),
    ...labelsOf(row),
    savedAt: isoTime(row.updated_at),
  };
}

/** The labels of a row (levels or level_versions). */
export function labelsOf(row: { name: string | null; tags: string }): LevelLabels {
  return { name: row.name, tags: Object.freeze(JSON.parse(row.tags) as string[]) };
}

/** The current row of an id as a write reads it (deleted: `rows` NULL). */
type CurrentRow = Pick<LevelsTable, 'version' | 'rows' | 'name'> & {
  tags: string;
  updated_at: Date | string;
};

/** Runs the statements one after the other (at once on SQLite, awaited on PostgreSQL). */
function runAll(run: RunQuery, statements: readonly Compilable[]): MaybePromise<void> {
  let done: MaybePromise<unknown> = undefined;
  for (const statement of statements) done = andThen(done, () => run(statement));
  return andThen(done, () => undefined);
}

/** A time as ISO 8601 text: SQLite keeps the text written, PostgreSQL answers a Date. */
export function isoTime(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}
