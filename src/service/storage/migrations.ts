import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './kysely-store.js';

export type SqlDialectName = 'sqlite' | 'postgres';

/**
 * The schema history, in code so that nothing is read from disk at runtime (the compiled
 * service can run from anywhere). Kysely applies them in name order and records each one in
 * its `kysely_migration` table, so reopening a database applies only what is new. Never edit
 * a migration that has shipped: add the next one.
 */
export function levelMigrations(dialect: SqlDialectName): Record<string, Migration> {
  return {
    '0001_create_levels': {
      async up(db: Kysely<unknown>) {
        // `if not exists`: SQLite runs DDL outside a transaction, so a crash between creating
        // the table and recording the migration must not make the next start fail.
        await db.schema
          .createTable('levels')
          .ifNotExists()
          .addColumn('id', 'text', (column) =>
            // PostgreSQL compares text by the database's locale unless told otherwise; "C"
            // compares bytes like SQLite's default BINARY, so `list` orders ids the same way.
            dialect === 'postgres'
              ? column.primaryKey().modifyEnd(sql`collate "C"`)
              : column.primaryKey(),
          )
          .addColumn('version', 'integer', (column) => column.notNull())
          .addColumn('rows', 'text')
          .addColumn('updated_at', dialect === 'postgres' ? 'timestamptz' : 'text', (column) =>
            column.notNull(),
          )
          .execute();
      },
    },
  };
}

/** Brings the database up to the latest schema; throws when a migration fails. */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: SqlDialectName,
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => levelMigrations(dialect) };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const which = failed === undefined ? '' : ` '${failed}'`;
    throw new Error(`database migration${which} failed: ${describe(error)}`, {
      cause: error,
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
