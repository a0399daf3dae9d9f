// A database written by the release before history opens with this one and keeps every level,
// version and answer (migration 0002 adds the history and puts each current version in it).
// SQLite: the file that release wrote (test/fixtures/old-database). PostgreSQL: that release's
// schema (migration 0001 only) with rows written as its store wrote them.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { postgresUrl } from '../support/postgres-url.js';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSWER_NAMES } from '../../src/service/answers.js';
import { LevelService } from '../../src/service/level-service.js';
import type { LevelStore } from '../../src/service/level-store.js';
import type { Database } from '../../src/service/storage/kysely-store.js';
import { levelMigrations } from '../../src/service/storage/migrations.js';
import { openStore } from '../../src/service/storage/open-store.js';
import { openPostgresStore } from '../../src/service/storage/postgres.js';
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
      { version: row.version, savedAt: level!.savedAt, revertedFrom: null },
    ]);
    // And the next save continues from it, with expectedVersion.
    const next = await service.load(row.id, rows, { expectedVersion: row.version });
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
