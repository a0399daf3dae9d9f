import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import type { Database } from './kysely-store.js';

export type SqlDialectName = 'sqlite' | 'postgres';

/**
 * The schema history, in code so that nothing is read from disk at runtime (the compiled
 * service can run from anywhere). Kysely applies them in name order and records each one in
 * its `kysely_migration` table, so reopening a database applies only what is new. Never edit
 * a migration that has shipped: add the next one.
 */
export function levelMigrations(dialect: SqlDialectName): Record<string, Migration> {
  /**
   * A level id column. PostgreSQL compares text by the database's locale unless told
   * otherwise; "C" compares bytes like SQLite's default BINARY, so ids order the same way.
   */
  const idColumn =
    (constraint: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) =>
    (column: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? constraint(column).modifyEnd(sql`collate "C"`) : constraint(column);
  /** When a row was saved: a timestamp on PostgreSQL, ISO 8601 text on SQLite. */
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    '0001_create_levels': {
      async up(db: Kysely<unknown>) {
        // `if not exists`: SQLite runs DDL outside a transaction, so a crash between creating
        // the table and recording the migration must not make the next start fail.
        await db.schema
          .createTable('levels')
          .ifNotExists()
          .addColumn(
            'id',
            'text',
            idColumn((column) => column.primaryKey()),
          )
          .addColumn('version', 'integer', (column) => column.notNull())
          .addColumn('rows', 'text')
          .addColumn('updated_at', timestamp, (column) => column.notNull())
          .execute();
      },
    },
    // Every saved version is kept (up to the history limit per id). The versions current when
    // this runs are the first entries: older ones were never kept.
    '0002_create_level_versions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('level_versions')
          .ifNotExists()
          .addColumn(
            'id',
            'text',
            idColumn((column) => column.notNull()),
          )
          .addColumn('version', 'integer', (column) => column.notNull())
          .addColumn('rows', 'text', (column) => column.notNull())
          .addColumn('saved_at', timestamp, (column) => column.notNull())
          .addColumn('reverted_from', 'integer')
          .addPrimaryKeyConstraint('level_versions_pkey', ['id', 'version'])
          .execute();
        await sql`insert into level_versions (id, version, rows, saved_at)
          select id, version, rows, updated_at from levels
          where rows is not null
            and not exists (select 1 from level_versions v
                            where v.id = levels.id and v.version = levels.version)`.execute(db);
      },
    },
    // Answers of big levels, made once for every instance and kept across restarts; removed
    // with their version from the history.
    '0003_create_level_answers': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('level_answers')
          .ifNotExists()
          .addColumn(
            'id',
            'text',
            idColumn((column) => column.notNull()),
          )
          .addColumn('version', 'integer', (column) => column.notNull())
          .addColumn('source', 'text', (column) => column.notNull())
          .addColumn('value', 'text', (column) => column.notNull())
          .addPrimaryKeyConstraint('level_answers_pkey', ['id', 'version', 'source'])
          .execute();
      },
    },
  };
}

/** Brings the database up to the latest schema; throws when a migration fails. */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: SqlDialectName,
  /** PostgreSQL: the schema the tables live in (Kysely's own tables too). */
  schema?: string,
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => levelMigrations(dialect) };
  // Kysely looks for its migration tables by name in any schema unless told which one: tables
  // left in `public` would hide the missing ones of another schema.
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
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
