import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, type LogConfig, SqliteDialect } from 'kysely';
import { type Database, KyselyLevelStore } from './kysely-store.js';
import { migrateToLatest } from './migrations.js';

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
 * Opens (creating if missing, with its directory) the SQLite database file and brings its
 * schema up to date. `:memory:` gives a private in-memory database.
 */
export async function openSqliteStore(
  file: string,
  options: SqliteStoreOptions = {},
): Promise<KyselyLevelStore> {
  if (file !== ':memory:') await mkdir(dirname(file), { recursive: true });
  const database = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    // WAL: readers never wait for the writer, and a crash mid-write leaves the last commit.
    database.pragma('journal_mode = WAL');
  } catch (error) {
    database.close();
    throw new Error(`cannot open SQLite database '${file}': ${(error as Error).message}`, {
      cause: error,
    });
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log: options.log });
  try {
    await migrateToLatest(db, 'sqlite');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return new KyselyLevelStore(db);
}
