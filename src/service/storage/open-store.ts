// Which store and events a configuration opens. The drivers (Kysely, pg, better-sqlite3) are
// loaded only when a store is opened: what imports the service without opening one (the CLI's
// `run` and `solve`) starts without them, most of its start-up time.
import { join } from 'node:path';
import { type LevelEvents, LocalLevelEvents } from '../events.js';
import type { LevelStore } from '../level-store.js';
import type { PostgresEventsOptions } from './postgres-events.js';

export { DEFAULT_PG_POOL_MAX } from './postgres-defaults.js';

export interface StoreConfig {
  /** `postgres://…` or `postgresql://…` selects PostgreSQL; unset or empty, SQLite. */
  readonly databaseUrl?: string;
  /** Where the SQLite file `levels.sqlite` lives (created when missing). */
  readonly dataDir: string;
  readonly pgPoolMax?: number;
  readonly pgStatementTimeoutMs?: number;
  /**
   * The direct connection (not through a transaction pooler) for what needs a session: the
   * listener, and the migrations at start; default the URL.
   */
  readonly pgListenUrl?: string;
}

/** Whether the configuration names PostgreSQL (else SQLite). */
export function usesPostgres(config: Pick<StoreConfig, 'databaseUrl'>): boolean {
  return (config.databaseUrl?.trim() ?? '') !== '';
}

/**
 * Where writes are told: on PostgreSQL a listener that hears every instance's writes, else
 * this process's own events.
 */
export async function openEvents(
  config: StoreConfig,
  onStatus?: PostgresEventsOptions['onStatus'],
): Promise<LevelEvents> {
  if (!usesPostgres(config)) return new LocalLevelEvents();
  const { PostgresLevelEvents } = await import('./postgres-events.js');
  return PostgresLevelEvents.listen(config.pgListenUrl || config.databaseUrl!.trim(), { onStatus });
}

/** The file name of the SQLite database inside `dataDir`. */
export const SQLITE_FILE_NAME = 'levels.sqlite';

/** Opens the configured store with its schema up to date (docs/storage.md). */
export async function openStore(config: StoreConfig): Promise<LevelStore> {
  const url = config.databaseUrl?.trim() ?? '';
  if (url === '') {
    const { openSqliteStore } = await import('./sqlite.js');
    return openSqliteStore(join(config.dataDir, SQLITE_FILE_NAME));
  }
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const { openPostgresStore } = await import('./postgres.js');
    return openPostgresStore(url, {
      poolMax: config.pgPoolMax,
      statementTimeoutMs: config.pgStatementTimeoutMs,
      migrationUrl: config.pgListenUrl?.trim() || undefined,
    });
  }
  // Name only the scheme: the rest of the URL may hold a password.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  throw new Error(
    `unsupported DATABASE_URL${scheme === undefined ? '' : ` scheme '${scheme}:'`}: use ` +
      `postgres://… or postgresql://…, or leave it unset for SQLite in the data directory`,
  );
}
