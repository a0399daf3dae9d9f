import type { ColumnType, Compilable, Kysely } from 'kysely';
import type { LevelWrite } from '../events.js';
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
}

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

  /** The ids and versions of the levels that are not deleted (a delete keeps the row). */
  protected liveLevels() {
    return this.db.selectFrom('levels').select(['id', 'version']).where('rows', 'is not', null);
  }

  /** The query for one level (shared with the SQLite store's synchronous reads). */
  protected levelById(id: string) {
    return this.liveLevels().select(['rows', 'updated_at']).where('id', '=', id);
  }

  /** The query for the levels among `ids` (at most GET_MANY_CHUNK of them). */
  protected levelsByIds(ids: readonly string[]) {
    return this.liveLevels().select(['rows', 'updated_at']).where('id', 'in', ids);
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
    return this.writeTransaction((run) => this.write(run, id, rows, null, options));
  }

  revert(id: string, version: number, options: SaveOptions): MaybePromise<RevertOutcome> {
    return this.writeTransaction((run) =>
      andThen(
        run<{ rows: string }>(
          this.db
            .selectFrom('level_versions')
            .select('rows')
            .where('id', '=', id)
            .where('version', '=', version),
        ),
        ([old]): MaybePromise<RevertOutcome> =>
          old === undefined
            ? { kind: 'missing' }
            : this.write(run, id, JSON.parse(old.rows) as string[], version, options),
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
   * The next version of `id`, in the caller's transaction: the current row is bumped (only if
   * it is at the expected version, in the same statement, so two saves expecting the same
   * version cannot both succeed), the version is added to the history, and the history beyond
   * the limit is removed. A deleted row keeps its version, so the numbering continues after a
   * delete.
   */
  private write(
    run: RunQuery,
    id: string,
    rows: readonly string[],
    revertedFrom: number | null,
    { expectedVersion, historyLimit }: SaveOptions,
  ): MaybePromise<SaveOutcome> {
    const json = JSON.stringify(rows);
    const now = new Date().toISOString();
    const bump =
      expectedVersion === undefined || expectedVersion === 0
        ? // The database serialises concurrent saves of the same id on its row: each gets its
          // own version. Expecting 0 (no level): a live row is left alone: the conflict.
          this.db
            .insertInto('levels')
            .values({ id, version: 1, rows: json, updated_at: now })
            .onConflict((conflict) => {
              const update = conflict.column('id').doUpdateSet((eb) => ({
                version: eb('levels.version', '+', 1),
                rows: eb.ref('excluded.rows'),
                updated_at: eb.ref('excluded.updated_at'),
              }));
              return expectedVersion === 0 ? update.where('levels.rows', 'is', null) : update;
            })
            .returning('version')
        : this.db
            .updateTable('levels')
            .set((eb) => ({ version: eb('version', '+', 1), rows: json, updated_at: now }))
            .where('id', '=', id)
            .where('version', '=', expectedVersion)
            .where('rows', 'is not', null)
            .returning('version');
    return andThen(run<{ version: number }>(bump), ([saved]): MaybePromise<SaveOutcome> => {
      if (saved === undefined) {
        const current = this.liveLevels().where('id', '=', id);
        return andThen(run<{ version: number }>(current), ([live]) => ({
          kind: 'conflict' as const,
          currentVersion: live?.version ?? null,
        }));
      }
      const { version } = saved;
      const kept = this.db
        .insertInto('level_versions')
        .values({ id, version, rows: json, saved_at: now, reverted_from: revertedFrom });
      const pruned = this.db
        .deleteFrom('level_versions')
        .where('id', '=', id)
        .where('version', '<=', version - historyLimit);
      // Answers go with their versions.
      const prunedAnswers = this.db
        .deleteFrom('level_answers')
        .where('id', '=', id)
        .where('version', '<=', version - historyLimit);
      const kind = revertedFrom === null ? 'SAVED' : 'REVERTED';
      return andThen(run(kept), () =>
        andThen(run(pruned), () =>
          andThen(run(prunedAnswers), () =>
            andThen(this.notify(run, { id, version, kind }), () => ({
              kind: 'saved' as const,
              level: { id, version, rows: Object.freeze([...rows]), savedAt: now },
            })),
          ),
        ),
      );
    });
  }

  async getVersion(id: string, version: number): Promise<StoredLevel | undefined> {
    const row = await this.db
      .selectFrom('level_versions')
      .select(['id', 'version', 'rows', 'saved_at'])
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return row && toStoredLevel({ ...row, updated_at: row.saved_at });
  }

  async history(id: string, beforeVersion: number | null, limit: number): Promise<HistoryEntry[]> {
    if (limit <= 0) return [];
    const rows = await this.db
      .selectFrom('level_versions')
      .select(['version', 'saved_at', 'reverted_from'])
      .where('id', '=', id)
      .$if(beforeVersion !== null, (query) => query.where('version', '<', beforeVersion!))
      .orderBy('version', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      version: row.version,
      savedAt: isoTime(row.saved_at),
      revertedFrom: row.reverted_from,
    }));
  }

  delete(id: string): MaybePromise<number | undefined> {
    // The row stays (with its version) so a later save of the id continues the numbering.
    const deleted = this.db
      .updateTable('levels')
      .set({ rows: null, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('rows', 'is not', null)
      .returning('version');
    return this.writeTransaction((run) =>
      andThen(run<{ version: number }>(deleted), ([row]) =>
        row === undefined
          ? undefined
          : andThen(
              this.notify(run, { id, version: row.version, kind: 'DELETED' }),
              () => row.version,
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

  async list(afterId: string | null, limit: number): Promise<StoredLevel[]> {
    if (limit <= 0) return [];
    const rows = await this.page(afterId, limit).select(['rows', 'updated_at']).execute();
    return rows.map(toStoredLevel);
  }

  async listVersions(afterId: string | null, limit: number): Promise<LevelVersion[]> {
    if (limit <= 0) return [];
    return this.page(afterId, limit).execute();
  }

  /** The ids and versions of up to `limit` levels after `afterId`, in id order. */
  private page(afterId: string | null, limit: number) {
    return this.liveLevels()
      .$if(afterId !== null, (query) => query.where('id', '>', afterId!))
      .orderBy('id')
      .limit(limit);
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
  updated_at: Date | string;
}): StoredLevel {
  // The queries select only rows that are not deleted, so `rows` is there.
  const rows = JSON.parse(row.rows!) as string[];
  return {
    id: row.id,
    version: row.version,
    rows: Object.freeze(rows),
    savedAt: isoTime(row.updated_at),
  };
}

/** A time as ISO 8601 text: SQLite keeps the text written, PostgreSQL answers a Date. */
export function isoTime(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}
