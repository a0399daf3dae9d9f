import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import { foldCase, levelGrams } from '../level-labels.js';
import type { Database } from './tables.js';

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
    // Names and tags with each version, and the search index (docs/storage.md, "Search"):
    // `level_grams` holds every 1- to 3-character substring of each live level's folded id and
    // name, `level_tags` its tags; `search_id`/`search_name` are the folded texts a longer
    // search is checked against. Filled here for the levels already stored (they have no name).
    '0004_level_names_and_search': {
      async up(db: Kysely<unknown>) {
        // SQLite runs DDL outside Kysely's transaction: this one makes the step whole, and a
        // start after a crash finds either nothing done or everything.
        if (dialect === 'sqlite' && !db.isTransaction) {
          await db.transaction().execute((trx) => addNamesAndSearch(trx, dialect, idColumn));
        } else {
          await addNamesAndSearch(db, dialect, idColumn);
        }
      },
    },
    // Shared drawings (editing together: drawings.ts), each a snapshot and the edits after it.
    '0005_create_level_drawings': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('level_drawings')
          .ifNotExists()
          .addColumn(
            'id',
            'text',
            idColumn((column) => column.primaryKey()),
          )
          .addColumn('seq', 'integer', (column) => column.notNull())
          .addColumn('base_version', 'integer', (column) => column.notNull())
          .addColumn('width', 'integer', (column) => column.notNull())
          .addColumn('height', 'integer', (column) => column.notNull())
          .addColumn('snapshot', 'text', (column) => column.notNull())
          .addColumn('snapshot_seq', 'integer', (column) => column.notNull())
          .addColumn('kept_after', 'integer', (column) => column.notNull())
          .addColumn('updated_at', timestamp, (column) => column.notNull())
          .execute();
        await db.schema
          .createTable('level_drawing_edits')
          .ifNotExists()
          .addColumn(
            'id',
            'text',
            idColumn((column) => column.notNull()),
          )
          .addColumn('seq', 'integer', (column) => column.notNull())
          .addColumn('session', 'text')
          .addColumn('edit', 'integer')
          .addColumn('change', 'text', (column) => column.notNull())
          .addPrimaryKeyConstraint('level_drawing_edits_pkey', ['id', 'seq'])
          .execute();
        await db.schema
          .createIndex('level_drawing_edits_by_session')
          .ifNotExists()
          .on('level_drawing_edits')
          .columns(['id', 'session', 'edit'])
          .unique()
          .execute();
      },
    },
  };
}

type IdColumn = (
  constraint: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
) => (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** Rows of index entries per insert: two parameters each, far below every dialect's limit. */
const INDEX_ROWS_PER_INSERT = 2_000;

async function addNamesAndSearch(
  db: Kysely<unknown>,
  dialect: SqlDialectName,
  idColumn: IdColumn,
): Promise<void> {
  if (dialect === 'sqlite') {
    // Done before, and the start that did it ended before Kysely recorded it.
    const columns = await sql<{
      name: string;
    }>`select name from pragma_table_info('levels')`.execute(db);
    if (columns.rows.some((column) => column.name === 'name')) return;
  }
  for (const table of ['levels', 'level_versions']) {
    await db.schema.alterTable(table).addColumn('name', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('tags', 'text', (column) => column.notNull().defaultTo('[]'))
      .execute();
  }
  await db.schema.alterTable('levels').addColumn('search_id', 'text').execute();
  await db.schema.alterTable('levels').addColumn('search_name', 'text').execute();
  const withoutRowid = (builder: CreateTableBuilder<string, never>) =>
    dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder;
  for (const [table, key] of [
    ['level_grams', 'gram'],
    ['level_tags', 'tag'],
  ] as const) {
    await withoutRowid(
      db.schema
        .createTable(table)
        .addColumn(
          key,
          'text',
          idColumn((column) => column.notNull()),
        )
        .addColumn(
          'id',
          'text',
          idColumn((column) => column.notNull()),
        )
        .addPrimaryKeyConstraint(`${table}_pkey`, [key, 'id']),
    ).execute();
  }
  const live = await sql<{ id: string }>`select id from levels where rows is not null`.execute(db);
  const entries = live.rows.flatMap(({ id }) => levelGrams(id, null).map((gram) => [gram, id]));
  for (let start = 0; start < entries.length; start += INDEX_ROWS_PER_INSERT) {
    const values = entries
      .slice(start, start + INDEX_ROWS_PER_INSERT)
      .map(([gram, id]) => sql`(${gram}, ${id})`);
    await sql`insert into level_grams (gram, id) values ${sql.join(values)}`.execute(db);
  }
  const all = await sql<{ id: string }>`select id from levels`.execute(db);
  for (const { id } of all.rows) {
    await sql`update levels set search_id = ${foldCase(id)} where id = ${id}`.execute(db);
  }
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
