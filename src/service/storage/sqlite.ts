import { constants, statfsSync } from 'node:fs';
import { access, mkdir, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  type Compilable,
  CompiledQuery,
  Kysely,
  type LogConfig,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely';
import type { StoredLevel } from '../level-store.js';
import { type MaybePromise, expectSync } from '../maybe-promise.js';
import { KyselyLevelStore } from './kysely-store.js';
import {
  type Database,
  type LevelsTable,
  type RunQuery,
  idChunks,
  inIdOrder,
  toStoredLevel,
} from './tables.js';
import { migrateToLatest } from './migrations.js';
import { Checkpointer, SAFETY_PAGES } from './checkpointer.js';

export interface SqliteStoreOptions {
  /** Kysely's query log (tests count statements with it). */
  readonly log?: LogConfig;
}

/**
 * How long a statement waits for another process's write lock before failing. Each save is a
 * single short statement, so a lock is never held for long.
 */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Free space the data directory's file system must have for the store to be ready: room for a
 * save of the largest level. Measured: a level of 1 MB (the request body's limit) grew the
 * database and its log by 2.1 MB on its first save and 5.2 MB more on the next.
 */
export const MIN_FREE_BYTES = 8 * 1024 * 1024;

/**
 * Opens (creating if missing, with its directory) the SQLite database file and brings its
 * schema up to date. `:memory:` gives a private in-memory database.
 */
export async function openSqliteStore(
  file: string,
  options: SqliteStoreOptions = {},
): Promise<SqliteLevelStore> {
  if (file !== ':memory:') await mkdir(dirname(file), { recursive: true });
  const database = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    // WAL: readers never wait for the writer, and a crash mid-write leaves the last commit.
    database.pragma('journal_mode = WAL');
    // Checkpoints run in a thread of their own (checkpointer.ts); this bound is for should it fail.
    if (file !== ':memory:') database.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
  } catch (error) {
    database.close();
    throw new Error(`cannot open SQLite database '${file}': ${(error as Error).message}`, {
      cause: error,
    });
  }
  const statements = withStatementCache(database);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    log: options.log,
  });
  try {
    await migrateToLatest(db, 'sqlite');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new SqliteLevelStore(db, statements, database, options.log);
}

type LevelRow = Pick<LevelsTable, 'id' | 'version' | 'rows' | 'name'> & {
  tags: string;
  updated_at: string;
};
type VersionRow = Pick<LevelsTable, 'id' | 'version'>;

/**
 * The Kysely store with synchronous reads: better-sqlite3 answers at once, so `get`,
 * `getMany` and `versions` run the same Kysely-built queries straight on their prepared
 * statements instead of through Kysely's asynchronous driver (about half of a cached
 * request's time went there).
 * Writes stay on the shared path.
 */
export class SqliteLevelStore extends KyselyLevelStore {
  constructor(
    db: Kysely<Database>,
    private readonly statements: SqliteDatabase,
    private readonly database: BetterSqlite3.Database,
    private readonly log?: LogConfig,
  ) {
    super(db);
    this.checkpointer = database.memory
      ? undefined
      : new Checkpointer(database.name, BUSY_TIMEOUT_MS);
  }

  /** Checkpoints the log off the event loop, after writes (undefined: an in-memory database). */
  readonly checkpointer: Checkpointer | undefined;

  override async close(): Promise<void> {
    await this.checkpointer?.close();
    await super.close();
  }

  /**
   * Writes run synchronously in an immediate transaction: better-sqlite3 waits for another
   * connection's lock by blocking the thread, so a transaction must never hold its lock across
   * an `await` (two connections of one process would wait for each other).
   */
  protected override inTransaction<T>(work: (run: RunQuery) => MaybePromise<T>): T {
    const run = <Row>(query: Compilable): Row[] => this.readRows<Row>(query.compile());
    const result = this.database.transaction(() => expectSync(work(run))).immediate();
    this.checkpointer?.wrote();
    return result;
  }

  /**
   * The data directory and the database file can be written (a read-only mount answers EROFS,
   * for root too) and the file system has MIN_FREE_BYTES free; after a write failed for want
   * of it, a write is tried too: the database's header (`user_version`, set to what it is),
   * which goes through the log like any commit and changes nothing stored.
   */
  protected override async checkWritable(failing: boolean): Promise<void> {
    const file = this.database.name;
    if (this.database.memory) return;
    await access(dirname(file), constants.W_OK);
    await access(file, constants.W_OK);
    throwWithoutRoom(file, await statfs(dirname(file)));
    if (failing) {
      const version = this.database.pragma('user_version', { simple: true }) as number;
      this.database.pragma(`user_version = ${version}`);
    }
  }

  /**
   * While writes fail for want of room, one is not tried until the file system has
   * MIN_FREE_BYTES again: a checkpoint (checkpointer.ts) may have emptied the log meanwhile, and
   * a write that then fits in its old pages would go through on a disk that is still full.
   */
  protected override refuseWhileFailing(): void {
    if (!this.database.memory) {
      throwWithoutRoom(this.database.name, statfsSync(dirname(this.database.name)));
    }
  }

  override get(id: string): StoredLevel | undefined {
    const row = this.readRows<LevelRow>(
      this.compiled('byId', [id], ([only]) => this.levelById(only)),
    )[0];
    return row && toStoredLevel(row);
  }

  override getMany(ids: readonly string[]): Array<StoredLevel | undefined> {
    const rows = this.rowsFor<LevelRow>(ids, 'byIds', (chunk) => this.levelsByIds(chunk));
    return inIdOrder(ids, rows, toStoredLevel);
  }

  override versions(ids: readonly string[]): Array<number | undefined> {
    const rows = this.rowsFor<VersionRow>(ids, 'versions', (chunk) => this.versionsByIds(chunk));
    return inIdOrder(ids, rows, (row) => row.version);
  }

  /** The rows the query `build` makes for `ids` finds, one statement per chunk of ids. */
  private rowsFor<Row>(
    ids: readonly string[],
    shape: string,
    build: (chunk: readonly string[]) => Compilable,
  ): Row[] {
    const rows: Row[] = [];
    for (const chunk of idChunks(ids)) {
      const query = this.compiled(`${shape}:${chunk.length}`, chunk, build);
      for (const row of this.readRows<Row>(query)) rows.push(row);
    }
    return rows;
  }

  /** SQL texts built by Kysely, by shape: they depend only on how many ids they bind. */
  private readonly sqlByShape = new Map<string, string>();

  /** The query `build` makes for `ids`, built by Kysely once per shape and then reused. */
  private compiled(
    shape: string,
    ids: readonly string[],
    build: (ids: readonly string[]) => Compilable,
  ): CompiledQuery {
    let sql = this.sqlByShape.get(shape);
    if (sql === undefined) {
      const query = build(ids).compile();
      // Reuse is only right when the ids are the statement's parameters, in order.
      const bindsIds =
        query.parameters.length === ids.length && query.parameters.every((p, i) => p === ids[i]);
      if (!bindsIds) return query;
      sql = query.sql;
      if (this.sqlByShape.size < STATEMENT_CACHE_SIZE) this.sqlByShape.set(shape, sql);
    }
    return CompiledQuery.raw(sql, [...ids]);
  }

  /** Runs a statement at once and answers its rows (none for a write without RETURNING). */
  private readRows<Row>(query: CompiledQuery): Row[] {
    const statement = this.statements.prepare(query.sql) as unknown as BetterSqlite3.Statement;
    const execute = (): Row[] => {
      if (statement.reader) return statement.all(query.parameters) as Row[];
      statement.run(query.parameters);
      return [];
    };
    if (typeof this.log !== 'function') return execute();
    // Report to a log function like the statements that go through Kysely do.
    const started = performance.now();
    const rows = execute();
    this.log({ level: 'query', query, queryDurationMillis: performance.now() - started });
    return rows;
  }
}

/** How many prepared statements are kept per database (one per distinct SQL text). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and the store
 * sends the same few SQL texts over and over, so keep them prepared. (Safe: better-sqlite3
 * runs one statement at a time, synchronously.)
 */
function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value!);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Throws ENOSPC when the file system of `file` has fewer than MIN_FREE_BYTES free. */
function throwWithoutRoom(file: string, { bavail, bsize }: { bavail: number; bsize: number }) {
  if (bavail * bsize < MIN_FREE_BYTES) {
    throw Object.assign(
      new Error(`${bavail * bsize} bytes free beside ${file}, fewer than ${MIN_FREE_BYTES}`),
      { code: 'ENOSPC' },
    );
  }
}
