import type { ColumnType, Kysely } from 'kysely';
import type { LevelStore, LevelVersion, StoredLevel } from '../level-store.js';
import type { MaybePromise } from '../maybe-promise.js';

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

export interface Database {
  levels: LevelsTable;
}

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
  /** The underlying query builder: open it with `openSqliteStore` or `openPostgresStore`. */
  constructor(readonly db: Kysely<Database>) {}

  /** The ids and versions of the levels that are not deleted (a delete keeps the row). */
  private liveLevels() {
    return this.db.selectFrom('levels').select(['id', 'version']).where('rows', 'is not', null);
  }

  /** The query for one level (shared with the SQLite store's synchronous reads). */
  protected levelById(id: string) {
    return this.liveLevels().select('rows').where('id', '=', id);
  }

  /** The query for the levels among `ids` (at most GET_MANY_CHUNK of them). */
  protected levelsByIds(ids: readonly string[]) {
    return this.liveLevels().select('rows').where('id', 'in', ids);
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

  async save(id: string, rows: readonly string[]): Promise<StoredLevel> {
    const now = new Date().toISOString();
    // One upsert statement: the database serialises concurrent saves of the same id on its
    // row, so each gets its own version, and a statement that fails changes nothing. A
    // deleted row keeps its version, so the numbering continues after a delete.
    const saved = await this.db
      .insertInto('levels')
      .values({ id, version: 1, rows: JSON.stringify(rows), updated_at: now })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          version: eb('levels.version', '+', 1),
          rows: eb.ref('excluded.rows'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning('version')
      .executeTakeFirstOrThrow();
    return { id, version: saved.version, rows: Object.freeze([...rows]) };
  }

  async delete(id: string): Promise<boolean> {
    // The row stays (with its version) so a later save of the id continues the numbering.
    const result = await this.db
      .updateTable('levels')
      .set({ rows: null, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('rows', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async list(afterId: string | null, limit: number): Promise<StoredLevel[]> {
    if (limit <= 0) return [];
    const rows = await this.page(afterId, limit).select('rows').execute();
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

  async ping(): Promise<void> {
    await this.db.selectNoFrom((eb) => eb.lit(1).as('ready')).execute();
  }

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
}): StoredLevel {
  // The queries select only rows that are not deleted, so `rows` is there.
  const rows = JSON.parse(row.rows!) as string[];
  return { id: row.id, version: row.version, rows: Object.freeze(rows) };
}
