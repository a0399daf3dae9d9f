import { Kysely, type LogConfig, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { KyselyLevelStore } from './kysely-store.js';
import type { Database } from './tables.js';
import { migrateToLatest } from './migrations.js';
import { DEFAULT_PG_POOL_MAX } from './postgres-defaults.js';

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
  /**
   * The connection the migrations run on at start [the store's URL]: a direct one when the
   * URL goes through a transaction pooler. Kysely's migration lock is a session advisory lock,
   * which a pooler in transaction mode takes on one server connection and releases on another,
   * so two instances starting at once would both migrate.
   */
  readonly migrationUrl?: string;
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
  const connect = (connectionString: string, max: number) => {
    const pool = new pg.Pool({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      max,
      // The server ends a statement that runs longer (and its transaction): an answer, not a
      // hang.
      ...(options.statementTimeoutMs === undefined
        ? {}
        : { statement_timeout: options.statementTimeoutMs }),
      // Every connection of the pool resolves unqualified table names (and Kysely's migration
      // tables) in the schema, so the store's queries need not name it.
      ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
    });
    // A connection that breaks (a restart, a failover, pg_terminate_backend, the network) emits
    // 'error', and an 'error' event nobody listens to ends the process. The pool listens to its
    // idle connections only; a connection lent to a query is heard here for its whole life.
    // Its query fails (the request answers DATABASE_UNAVAILABLE, unavailable.ts), and the pool
    // drops it when it comes back and opens a new one for the next query.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: options.log });
  };
  const db = connect(url, options.poolMax ?? DEFAULT_PG_POOL_MAX);
  const migrationUrl = options.migrationUrl ?? url;
  const migrating = migrationUrl === url ? db : connect(migrationUrl, 1);
  try {
    if (schema !== undefined) await migrating.schema.createSchema(schema).ifNotExists().execute();
    await migrateToLatest(migrating, 'postgres', schema);
  } catch (error) {
    await db.destroy();
    throw new Error(
      `cannot open PostgreSQL at ${redact(migrationUrl)}: ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    if (migrating !== db) await migrating.destroy();
  }
  if (migrating !== db) {
    // The store's own connection is tried at start too: a pooler that refuses it (a startup
    // parameter it does not take) is said now, not on every request.
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      await db.destroy();
      throw new Error(`cannot open PostgreSQL at ${redact(url)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return new PostgresLevelStore(db);
}

/** Thrown out of the write-check's transaction to roll it back. */
const ROLL_BACK = Symbol('roll back');

/** The Kysely store on PostgreSQL. */
export class PostgresLevelStore extends KyselyLevelStore {
  constructor(db: Kysely<Database>) {
    // Every write tells the other instances through NOTIFY (postgres-events.ts listens).
    super(db, true);
  }

  /**
   * PostgreSQL takes writes: it is not a standby (after a failover the old primary may come
   * back as one) and transactions are not read-only (`default_transaction_read_only`): every
   * write would fail with 25006. After a write failed for want of it (a full disk: 53100), a
   * row is written and rolled back, which needs room in the table as a save does.
   */
  protected override async checkWritable(failing: boolean): Promise<void> {
    const { rows } = await sql<{ read_only: boolean }>`select pg_is_in_recovery()
      or current_setting('transaction_read_only') = 'on' as read_only`.execute(this.db);
    if (rows[0]?.read_only) {
      throw Object.assign(
        new Error('PostgreSQL is read-only (a standby, or read-only transactions)'),
        {
          code: '25006',
        },
      );
    }
    if (!failing) return;
    await this.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('level_answers')
          .values({ id: '', version: 0, source: 'write check', value: '' })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        throw ROLL_BACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLL_BACK) throw error;
      });
  }
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
