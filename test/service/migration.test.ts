// Databases written by older releases open with this one and keep every level, version and
// answer. The release before history (migration 0002 adds the history and puts each current
// version in it): SQLite, the file that release wrote (test/fixtures/old-database);
// PostgreSQL, that release's schema (migration 0001 only) with rows written as its store wrote
// them. The release before names (migration 0004 adds names, tags and the search index):
// the SQLite file and a PostgreSQL dump that release wrote (test/fixtures/before-names).
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { postgresUrl, runStatement } from '../support/postgres-url.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSWER_NAMES } from '../../src/service/answers.js';
import { NO_LABELS, levelFilter, levelGrams } from '../../src/service/level-labels.js';
import { LevelService } from '../../src/service/level-service.js';
import type { LevelStore } from '../../src/service/level-store.js';
import type { KyselyLevelStore } from '../../src/service/storage/kysely-store.js';
import type { Database } from '../../src/service/storage/tables.js';
import { levelMigrations } from '../../src/service/storage/migrations.js';
import { openStore } from '../../src/service/storage/open-store.js';
import { openPostgresStore } from '../../src/service/storage/postgres.js';
import { openSqliteStore } from '../../src/service/storage/sqlite.js';
import { run } from '../../src/service/run.js';

const POSTGRES_URL = postgresUrl();
const FIXTURE = new URL('../fixtures/old-database/levels.sqlite', import.meta.url);

interface OldRow {
  readonly id: string;
  readonly version: number;
  readonly rows: string | null;
}

/** A copy of the fixture in a new directory: the fixture stays as that release wrote it. */
async function fixtureCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'labyrinth-migration-'));
  dirs.push(dir);
  await copyFile(FIXTURE, join(dir, 'levels.sqlite'));
  return dir;
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** What the old database holds, read before anything opens it with the new code. */
function readOldRows(file: string): OldRow[] {
  const database = new BetterSqlite3(file, { readonly: true });
  try {
    return database.prepare('select id, version, rows from levels order by id').all() as OldRow[];
  } finally {
    database.close();
  }
}

/** Every answer of some rows, as `run` gives them (a fresh service, no database). */
function answersOf(rows: string[]): unknown[] {
  const operations = ANSWER_NAMES.filter((name) => name !== 'maze').map((name) => [
    name === 'steps' ? 'solve' : name,
    'x',
  ]);
  return run([['load', 'x', rows], ...operations]).slice(1);
}

/** Checks every level of `old` in the migrated store: rows, version, answers, history. */
async function expectKept(store: LevelStore, old: readonly OldRow[]): Promise<void> {
  const service = new LevelService(store);
  expect(old.length).toBeGreaterThan(3);
  for (const row of old) {
    const level = await service.get(row.id);
    if (row.rows === null) {
      expect(level, row.id).toBeUndefined();
      // A deleted level's numbering goes on.
      const saved = await service.load(row.id, ['SE']);
      expect(saved.ok && saved.value.version).toBe(row.version + 1);
      continue;
    }
    const rows = JSON.parse(row.rows) as string[];
    expect(level).toMatchObject({ id: row.id, version: row.version, rows });
    const answers = [];
    for (const name of ANSWER_NAMES.filter((answer) => answer !== 'maze')) {
      answers.push(await service.answer(level!, name));
    }
    expect(answers, row.id).toEqual(answersOf(rows));
    // The current version is the first entry of the history (older ones were never kept).
    expect(await service.history(row.id, null, 10)).toEqual([
      { version: row.version, savedAt: level!.savedAt, revertedFrom: null, ...NO_LABELS },
    ]);
    // And the next save continues from it, with expectedVersion.
    const next = await service.load(row.id, ['S.E'], { expectedVersion: row.version });
    expect(next.ok && next.value.version).toBe(row.version + 1);
  }
}

describe('a SQLite database written by the release before history', () => {
  it('opens, migrates, and keeps every level, version and answer', async () => {
    const dir = await fixtureCopy();
    const old = readOldRows(join(dir, 'levels.sqlite'));
    expect(old.map((row) => row.id)).toEqual(['gone', 'intro', 'keys', 'maze', 'often', 'room']);
    const store = await openStore({ dataDir: dir });
    try {
      await expectKept(store, old);
    } finally {
      await store.close();
    }
    const migrated = new BetterSqlite3(join(dir, 'levels.sqlite'), { readonly: true });
    try {
      expect(migrated.prepare('select name from kysely_migration order by name').all()).toEqual([
        { name: '0001_create_levels' },
        { name: '0002_create_level_versions' },
        { name: '0003_create_level_answers' },
        { name: '0004_level_names_and_search' },
        { name: '0005_create_level_drawings' },
      ]);
    } finally {
      migrated.close();
    }
  });
});

describe('a PostgreSQL database written by the release before history', () => {
  const schema = `migration_${process.pid}`;

  afterAll(async () => {
    const pool = new pg.Pool({ connectionString: POSTGRES_URL });
    await pool.query(`drop schema if exists ${schema} cascade`);
    await pool.end();
  });

  it('opens, migrates, and keeps every level, version and answer', async () => {
    // That release's schema: migration 0001 only, in a schema of this test's own.
    const pool = new pg.Pool({
      connectionString: POSTGRES_URL,
      options: `-c search_path=${schema}`,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const old: OldRow[] = readOldRows(join(await fixtureCopy(), 'levels.sqlite'));
    try {
      await db.schema.createSchema(schema).ifNotExists().execute();
      const provider = { getMigrations: async () => levelMigrations('postgres') };
      const outcome = await new Migrator({ db, provider }).migrateTo('0001_create_levels');
      expect(outcome.error).toBeUndefined();
      // Rows as its store wrote them: the JSON rows, the last version, the time (NULL rows for
      // a deleted level).
      for (const row of old) {
        await sql`insert into levels (id, version, rows, updated_at)
          values (${row.id}, ${row.version}, ${row.rows}, now())`.execute(db);
      }
    } finally {
      await db.destroy();
    }
    const store = await openPostgresStore(POSTGRES_URL, { schema });
    try {
      await expectKept(store, old);
    } finally {
      await store.close();
    }
  });
});

const BEFORE_NAMES = new URL('../fixtures/before-names/', import.meta.url);

/** What a database of the release before names holds, read before the new code opens it. */
interface BeforeNames {
  readonly levels: ReadonlyArray<{ id: string; version: number; rows: string | null }>;
  readonly versions: ReadonlyArray<{
    id: string;
    version: number;
    rows: string;
    reverted_from: number | null;
  }>;
  readonly answers: ReadonlyArray<{ id: string; version: number; source: string; value: string }>;
}

const BEFORE_NAMES_QUERIES = {
  levels: 'select id, version, rows from levels order by id',
  versions: 'select id, version, rows, reverted_from from level_versions order by id, version',
  answers: 'select id, version, source, value from level_answers order by id, version, source',
} as const;

/**
 * The database of the release before names, migrated: every level, version, revert and
 * answer is still there, without names or tags, and the search index holds every live id.
 */
async function expectNamesMigrated(
  store: KyselyLevelStore,
  old: BeforeNames,
  run: (query: string) => Promise<unknown[]>,
): Promise<void> {
  expect(old.levels.map((row) => row.id)).toEqual([
    'gone',
    'hex',
    'intro',
    "it's",
    'keys',
    'maze-7',
    'room',
    'é日本😀',
  ]);
  const service = new LevelService(store);
  const live = old.levels.filter((row) => row.rows !== null);
  for (const row of old.levels) {
    const level = await service.get(row.id);
    if (row.rows === null) {
      expect(level, row.id).toBeUndefined();
      continue;
    }
    const rows = JSON.parse(row.rows) as string[];
    expect(level).toEqual({
      id: row.id,
      version: row.version,
      rows,
      ...NO_LABELS,
      savedAt: level!.savedAt,
    });
    const answers = [];
    for (const name of ANSWER_NAMES.filter((answer) => answer !== 'maze')) {
      answers.push(await service.answer(level!, name));
    }
    expect(answers, row.id).toEqual(answersOf(rows));
  }
  // Every version of the history, with its revert, without labels.
  for (const version of old.versions) {
    expect(await service.getVersion(version.id, version.version)).toMatchObject({
      rows: JSON.parse(version.rows),
      ...NO_LABELS,
    });
  }
  expect(
    (await service.history('room', null, 10)).map((entry) => [
      entry.version,
      entry.revertedFrom,
      entry.name,
      entry.tags,
    ]),
  ).toEqual([
    [4, 1, null, []],
    [3, null, null, []],
    [2, null, null, []],
    [1, null, null, []],
  ]);
  for (const answer of old.answers) {
    expect(await store.loadAnswer(answer.id, answer.version, answer.source)).toBe(answer.value);
  }
  // The search index holds every live level's id (none has a name yet), and nothing else.
  expect(await run('select gram, id from level_grams order by id, gram')).toEqual(
    live
      .flatMap(({ id }) => levelGrams(id, null).map((gram) => ({ gram, id })))
      .sort((x, y) => (x.id === y.id ? compare(x.gram, y.gram) : compare(x.id, y.id))),
  );
  const find = async (given: { search?: string; tag?: string }) => {
    const filter = levelFilter(given);
    if (!filter.ok) throw new Error(filter.error.message);
    return (await service.list(null, 20, filter.value)).map((level) => level.id);
  };
  expect(await find({ search: 'ROO' })).toEqual(['room']);
  // Accents count: 'e' is not 'é'.
  expect(await find({ search: 'E' })).toEqual(['hex', 'keys', 'maze-7']);
  expect(await find({ search: 'É' })).toEqual(['é日本😀']);
  expect(await find({ search: '😀' })).toEqual(['é日本😀']);
  expect(await find({ search: "'s" })).toEqual(["it's"]);
  expect(await find({ search: 'gone' })).toEqual([]);
  expect(await find({ tag: 'easy' })).toEqual([]);
  // Names and tags from now on; the numbering goes on, also of the deleted level.
  const named = await service.load('room', ['S.E'], {
    expectedVersion: 4,
    name: 'Big Room',
    tags: ['easy'],
  });
  expect(named).toMatchObject({
    ok: true,
    value: { version: 5, name: 'Big Room', tags: ['easy'] },
  });
  expect(await find({ search: 'big' })).toEqual(['room']);
  expect(await find({ tag: 'easy' })).toEqual(['room']);
  expect(await service.load('gone', ['SE'])).toMatchObject({ ok: true, value: { version: 2 } });
  expect(await find({ search: 'gone' })).toEqual(['gone']);
}

function compare(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

describe('a SQLite database written by the release before names', () => {
  it('opens, migrates, and keeps every level, version, revert and answer; search finds them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'labyrinth-migration-'));
    dirs.push(dir);
    const file = join(dir, 'levels.sqlite');
    await copyFile(new URL('levels.sqlite', BEFORE_NAMES), file);
    const read = (database: BetterSqlite3.Database) => (query: string) =>
      Promise.resolve(database.prepare(query).all());
    const database = new BetterSqlite3(file, { readonly: true });
    const old = {
      levels: database.prepare(BEFORE_NAMES_QUERIES.levels).all(),
      versions: database.prepare(BEFORE_NAMES_QUERIES.versions).all(),
      answers: database.prepare(BEFORE_NAMES_QUERIES.answers).all(),
    } as BeforeNames;
    database.close();
    const store = await openSqliteStore(file);
    const reader = new BetterSqlite3(file, { readonly: true });
    try {
      await expectNamesMigrated(store, old, read(reader));
      expect(reader.prepare('select name from kysely_migration order by name').all()).toEqual([
        { name: '0001_create_levels' },
        { name: '0002_create_level_versions' },
        { name: '0003_create_level_answers' },
        { name: '0004_level_names_and_search' },
        { name: '0005_create_level_drawings' },
      ]);
    } finally {
      reader.close();
      await store.close();
    }
  });

  it('opens again when a start ended after the migration but before Kysely recorded it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'labyrinth-migration-'));
    dirs.push(dir);
    const file = join(dir, 'levels.sqlite');
    await copyFile(new URL('levels.sqlite', BEFORE_NAMES), file);
    await (await openSqliteStore(file)).close();
    const database = new BetterSqlite3(file);
    database
      .prepare(
        "delete from kysely_migration where name in ('0004_level_names_and_search', '0005_create_level_drawings')",
      )
      .run();
    const grams = database.prepare('select count(*) as count from level_grams').get();
    database.close();
    const store = await openSqliteStore(file);
    try {
      expect(await store.get('intro')).toMatchObject({ version: 1, ...NO_LABELS });
      const again = await sql<{ count: number }>`select count(*) as count from level_grams`.execute(
        store.db,
      );
      expect(again.rows).toEqual([grams]);
    } finally {
      await store.close();
    }
  });
});

describe('a PostgreSQL database written by the release before names', () => {
  const schema = `before_names_${process.pid}`;

  afterAll(async () => {
    await runStatement(`drop schema if exists ${schema} cascade`);
  });

  it('opens, migrates, and keeps every level, version, revert and answer; search finds them', async () => {
    // The dump as pg_dump wrote it, in a schema of this test's own. Its `\restrict` lines are
    // psql's, not SQL.
    const dump = (await readFile(new URL('levels.sql', BEFORE_NAMES), 'utf8'))
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n')
      .replaceAll('labyrinth_release3_fixture', schema);
    await runStatement(dump);
    const pool = new pg.Pool({
      connectionString: POSTGRES_URL,
      options: `-c search_path=${schema}`,
    });
    const read = async (query: string) => (await pool.query(query)).rows;
    try {
      const old = {
        levels: await read(BEFORE_NAMES_QUERIES.levels),
        versions: await read(BEFORE_NAMES_QUERIES.versions),
        answers: await read(BEFORE_NAMES_QUERIES.answers),
      } as BeforeNames;
      const store = await openPostgresStore(POSTGRES_URL, { schema });
      try {
        await expectNamesMigrated(store, old, read);
        expect(await read('select name from kysely_migration order by name')).toEqual([
          { name: '0001_create_levels' },
          { name: '0002_create_level_versions' },
          { name: '0003_create_level_answers' },
          { name: '0004_level_names_and_search' },
          { name: '0005_create_level_drawings' },
        ]);
      } finally {
        await store.close();
      }
    } finally {
      await pool.end();
    }
  });
});
