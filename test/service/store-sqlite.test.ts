// The SQLite store: the store contract (store-contract.ts), the SQL stores' (sql-store-contract.ts),
// and what is SQLite's own: its file, WAL mode and checkpoints, its query plans, openStore's default.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyLevelStore } from '../../src/service/storage/kysely-store.js';
import { openStore } from '../../src/service/storage/open-store.js';
import { type SqliteLevelStore, openSqliteStore } from '../../src/service/storage/sqlite.js';
import { SAFETY_PAGES } from '../../src/service/storage/checkpointer.js';
import {
  INTRO,
  LONG_WAY,
  level,
  save,
  planLevels,
  PLAN_FILTERS,
  planMatches,
  levelStoreContract,
} from './store-contract.js';
import { sqlStoreContract } from './sql-store-contract.js';

describe('SQLite store', () => {
  let dir: string;
  let lastFile = '';
  let files = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'labyrinth-storage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // Each store gets a file in a directory that does not exist yet: opening creates it.
  async function openEmpty(onStatement?: () => void): Promise<KyselyLevelStore> {
    lastFile = join(dir, `case-${++files}`, 'levels.sqlite');
    return openSqliteStore(lastFile, {
      log: (event) => void (event.level === 'query' && onStatement?.()),
    });
  }

  describe('contract', () => levelStoreContract(() => openEmpty()));
  describe('database', () =>
    sqlStoreContract({
      openEmpty,
      reopen: () => openSqliteStore(lastFile),
      transactionStatements: { around: 0, notify: 0 },
      refuseMarkedUpdates: [
        `create trigger refuse_marked_rows before update on levels
         when new.rows like '%refuse-me%'
         begin select raise(abort, 'refused by the test trigger'); end`,
      ],
    }));

  it('checkpoints its log in a thread of its own, not on the connection that writes', async () => {
    const store = (await openEmpty()) as SqliteLevelStore;
    try {
      // SQLite's default, 1000 pages, had the writing connection (the event loop) checkpoint and
      // fsync every few hundred saves.
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
        store.db,
      );
      expect(rows).toEqual([{ wal_autocheckpoint: SAFETY_PAGES }]);
      const checkpointer = store.checkpointer!;
      const first = checkpointer.next();
      await save(store, 'a', INTRO);
      const done = await first;
      expect(done!.log).toBeGreaterThan(0);
      expect(done!.checkpointed).toBe(done!.log);
      // Later writes are checkpointed too, and what was written reads back.
      const second = checkpointer.next();
      await save(store, 'a', LONG_WAY);
      const again = await second;
      expect(again!.checkpointed).toBe(again!.log);
      expect(store.get('a')).toEqual(level('a', 2, LONG_WAY));
    } finally {
      await store.close();
    }
    // Its thread closed first, the main connection last: the log is gone with it.
    expect(existsSync(`${lastFile}-wal`)).toBe(false);
  });

  it('answers search and tag filters from the index, in its order (EXPLAIN QUERY PLAN)', async () => {
    const store = await openEmpty();
    try {
      const levels = planLevels(300);
      for (const { id, name, tags } of levels) {
        await save(store, id, INTRO, { labels: { name, tags } });
      }
      const plans: string[][] = [];
      for (const filter of PLAN_FILTERS) {
        expect(await store.listVersions(null, 21, filter), JSON.stringify(filter)).toEqual(
          planMatches(levels, filter).map((id) => ({ id, version: 1 })),
        );
        const query = store.page('level-0100', 21, filter).compile();
        const plan = await store.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        plans.push(plan.rows.map((row) => row.detail));
      }
      // Each filter reads the entries of one gram (or of the tag) from the key (gram, id), from
      // the cursor on, in id order (no sort: the page stops at its size), and looks each level
      // and its other entries up by key. No table is scanned.
      const level = 'SEARCH levels USING INDEX sqlite_autoindex_levels_1 (id=?)';
      const gram = 'SEARCH level_grams USING PRIMARY KEY (gram=? AND id>?)';
      const other = (key: string) => `SEARCH other EXISTS USING PRIMARY KEY (${key}=? AND id=?)`;
      expect(plans).toEqual([
        [gram, level],
        [gram, level],
        [gram, level, other('gram')],
        ['SEARCH level_tags USING PRIMARY KEY (tag=? AND id>?)', level],
        [gram, level, other('gram'), other('gram'), other('gram'), other('tag')],
      ]);
    } finally {
      await store.close();
    }
  });

  it('keeps the database in WAL mode with a busy timeout', async () => {
    const store = await openEmpty();
    try {
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
      expect(journal.rows).toEqual([{ journal_mode: 'wal' }]);
      const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(store.db);
      expect(timeout.rows).toEqual([{ timeout: 5000 }]);
    } finally {
      await store.close();
    }
  });

  it('reports a file that is not a database', async () => {
    const notDatabase = join(dir, 'not-a-database.sqlite');
    await writeFile(notDatabase, 'x'.repeat(4096));
    await expect(openSqliteStore(notDatabase)).rejects.toThrow(
      `cannot open SQLite database '${notDatabase}': file is not a database`,
    );
  });

  it('openStore: SQLite at <dataDir>/levels.sqlite without DATABASE_URL', async () => {
    const dataDir = join(dir, 'data-dir', 'nested');
    const store = await openStore({ dataDir });
    await save(store, 'intro', INTRO);
    await store.close();
    expect(existsSync(join(dataDir, 'levels.sqlite'))).toBe(true);
    const again = await openStore({ databaseUrl: '', dataDir });
    expect(await again.get('intro')).toEqual(level('intro', 1, INTRO));
    await again.close();
  });

  it('openStore: refuses an unsupported URL scheme without echoing the URL', async () => {
    const attempt = openStore({ databaseUrl: 'mysql://app:hunter2@db/levels', dataDir: dir });
    await expect(attempt).rejects.toThrow(
      "unsupported DATABASE_URL scheme 'mysql:': use postgres://… or postgresql://…, " +
        'or leave it unset for SQLite in the data directory',
    );
    await expect(openStore({ databaseUrl: 'levels.sqlite', dataDir: dir })).rejects.toThrow(
      /^unsupported DATABASE_URL: use postgres/,
    );
  });
});
