import { Kysely, type LogConfig, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Database, KyselyLevelStore } from './kysely-store.js';
import { migrateToLatest } from './migrations.js';

export interface PostgresStoreOptions {
  /**
   * A schema to keep the tables in (created when missing), e.g. one per test file. Lower-case
   * letters, digits and `_` only, so it needs no quoting in `search_path`.
   */
  readonly schema?: string;
  /** Kysely's query log (tests count statements with it). */
  readonly log?: LogConfig;
  /** Connections of the pool [10], and the longest a statement may run (unset: no limit). */
  readonly poolMax?: number;
  readonly statementTimeoutMs?: number;
}

/** Fail fast when the server does not answer, rather than leave /ready and startup hanging. */
const CONNECT_TIMEOUT_MS = 10_000;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Connects a pool to `url` and brings the schema up to date. */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<KyselyLevelStore> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid PostgreSQL schema name '${schema}' (use [a-z_][a-z0-9_]*)`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    max: options.poolMax ?? 10,
    // The server ends a statement that runs longer (and its transaction): an answer, not a hang.
    ...(options.statementTimeoutMs === undefined
      ? {}
      : { statement_timeout: options.statementTimeoutMs }),
    // Every connection of the pool resolves unqualified table names (and Kysely's migration
    // tables) in the schema, so the store's queries need not name it.
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle connection that breaks (server restart, network) is dropped by the pool and
  // replaced on the next query; without a listener the 'error' event would end the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
  try {
    if (schema !== undefined) await db.schema.createSchema(schema).ifNotExists().execute();
    await migrateToLatest(db, 'postgres', schema);
  } catch (error) {
    await db.destroy();
    throw new Error(`cannot open PostgreSQL at ${redact(url)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  // Every write tells the other instances through NOTIFY (postgres-events.ts listens).
  return new KyselyLevelStore(db, true);
}

/** The URL without its password, for error messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
