import { join } from 'node:path';
import type { LevelStore } from '../level-store.js';
import { openPostgresStore } from './postgres.js';
import { openSqliteStore } from './sqlite.js';

export interface StoreConfig {
  /** `postgres://…` or `postgresql://…` selects PostgreSQL; unset or empty, SQLite. */
  readonly databaseUrl?: string;
  /** Where the SQLite file `levels.sqlite` lives (created when missing). */
  readonly dataDir: string;
}

/** The file name of the SQLite database inside `dataDir`. */
export const SQLITE_FILE_NAME = 'levels.sqlite';

/** Opens the configured store with its schema up to date (README.md). */
export async function openStore(config: StoreConfig): Promise<LevelStore> {
  const url = config.databaseUrl?.trim() ?? '';
  if (url === '') return openSqliteStore(join(config.dataDir, SQLITE_FILE_NAME));
  if (/^postgres(ql)?:\/\//i.test(url)) return openPostgresStore(url);
  // Name only the scheme: the rest of the URL may hold a password.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  throw new Error(
    `unsupported DATABASE_URL${scheme === undefined ? '' : ` scheme '${scheme}:'`}: use ` +
      `postgres://… or postgresql://…, or leave it unset for SQLite in the data directory`,
  );
}
