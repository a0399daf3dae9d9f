// The level store over a real database (SQLite and PostgreSQL alike): reads, writes in one
// transaction each, history, shared answers. The tables and their rows: tables.ts; the search
// index's statements and the filtered page: level-queries.ts.
import { type Compilable, type Kysely, PostgresAdapter } from 'kysely';
import type { AppendOutcome, DrawingStore, StoredDrawing } from '../drawings.js';
import type { LevelWrite } from '../events.js';
import type { LabelsWrite, LevelFilter } from '../level-labels.js';
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
import {
  type DrawingContext,
  appendEdit,
  editsAfter,
  followSave,
  makeDrawing,
  readDrawing,
} from './drawing-queries.js';
import { pageQuery, writeVersion } from './level-queries.js';
import {
  CHANGES_CHANNEL,
  type Database,
  LEVEL_COLUMNS,
  type RunQuery,
  idChunks,
  inIdOrder,
  isoTime,
  labelsOf,
  runAll,
  toStoredLevel,
} from './tables.js';
import { storeFault } from './unavailable.js';

/**
 * The level store over a real database, written once for SQLite and PostgreSQL: every
 * query goes through the Kysely query builder, so both dialects run the same statements.
 */
export class KyselyLevelStore implements LevelStore, DrawingStore {
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
      if (this.writeFault !== undefined) this.refuseWhileFailing();
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

  /** The next version of `id`, in the caller's transaction (level-queries.ts writeVersion). */
  private write(
    run: RunQuery,
    id: string,
    rows: readonly string[],
    labels: LabelsWrite,
    revertedFrom: number | null,
    options: SaveOptions,
  ): MaybePromise<SaveOutcome> {
    const writer = {
      db: this.db,
      postgres: this.postgres,
      notify: (to: RunQuery, change: LevelWrite) => this.notify(to, change),
    };
    return writeVersion(writer, run, id, rows, labels, revertedFrom, options);
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

  // --- shared drawings (drawing-queries.ts) --------------------------------------------------
  private get drawings(): DrawingContext {
    return { db: this.db, postgres: this.postgres, notifies: this.notifies };
  }

  drawing(id: string): MaybePromise<StoredDrawing | undefined> {
    return this.inTransaction((run) => readDrawing(this.drawings, run, id));
  }

  makeDrawing(...args: Parameters<DrawingStore['makeDrawing']>): MaybePromise<StoredDrawing> {
    return this.writeTransaction((run) => makeDrawing(this.drawings, run, ...args));
  }

  appendEdit(...args: Parameters<DrawingStore['appendEdit']>): MaybePromise<AppendOutcome> {
    return this.writeTransaction((run) => appendEdit(this.drawings, run, ...args));
  }

  editsAfter(
    ...args: Parameters<DrawingStore['editsAfter']>
  ): ReturnType<DrawingStore['editsAfter']> {
    return this.inTransaction((run) => editsAfter(this.drawings, run, ...args));
  }

  followSave(
    ...args: Parameters<DrawingStore['followSave']>
  ): ReturnType<DrawingStore['followSave']> {
    return this.writeTransaction((run) => followSave(this.drawings, run, ...args));
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
   * order, read through the search index (level-queries.ts pageQuery).
   */
  page(afterId: string | null, limit: number, filter: LevelFilter = {}) {
    return pageQuery(this.db, this.postgres, afterId, limit, filter);
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

  /**
   * After a write failed for want of room or access, throws (at once, without trying) when a
   * write is sure to fail too, as far as a look tells; here: never (the dialects override it).
   */
  protected refuseWhileFailing(): void {}

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
