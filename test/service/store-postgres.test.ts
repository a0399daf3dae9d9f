// The PostgreSQL store, on the server of TEST_POSTGRES_URL or the embedded one of this test run
// (test/support/postgres.ts): the store contract (store-contract.ts), the SQL stores'
// (sql-store-contract.ts), and what is PostgreSQL's own: its schema, collation, query plans, URLs.
import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { postgresUrl } from '../support/postgres-url.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelGrams } from '../../src/service/level-labels.js';
import { KyselyLevelStore } from '../../src/service/storage/kysely-store.js';
import { openStore } from '../../src/service/storage/open-store.js';
import { openPostgresStore } from '../../src/service/storage/postgres.js';
import {
  INTRO,
  level,
  save,
  planLevels,
  PLAN_FILTERS,
  planMatches,
  levelStoreContract,
} from './store-contract.js';
import { sqlStoreContract } from './sql-store-contract.js';

const POSTGRES_URL = postgresUrl();

describe('PostgreSQL store', () => {
  // A fresh schema for this file, so parallel runs and other suites never see these tables.
  const schema = `labyrinth_test_${randomBytes(6).toString('hex')}`;
  // Set when the server does not answer: every test that needs it then fails with this.
  let unreachable: Error | undefined;

  beforeAll(async () => {
    try {
      await (await openPostgresStore(POSTGRES_URL, { schema })).close();
    } catch (error) {
      unreachable = new Error(
        `the PostgreSQL tests need the server at TEST_POSTGRES_URL (test/support/postgres.ts); ` +
          `opening it failed: ${(error as Error).message}`,
      );
    }
  });
  afterAll(async () => {
    if (unreachable) return;
    const store = await openPostgresStore(POSTGRES_URL, { schema });
    await store.db.schema.dropSchema(schema).cascade().execute();
    await store.close();
  });

  async function openEmpty(onStatement?: () => void): Promise<KyselyLevelStore> {
    if (unreachable) throw unreachable;
    const store = await openPostgresStore(POSTGRES_URL, {
      schema,
      log: (event) => void (event.level === 'query' && onStatement?.()),
    });
    await store.db.deleteFrom('levels').execute();
    await store.db.deleteFrom('level_versions').execute();
    await store.db.deleteFrom('level_answers').execute();
    await store.db.deleteFrom('level_grams').execute();
    await store.db.deleteFrom('level_tags').execute();
    return store;
  }

  describe('contract', () => levelStoreContract(() => openEmpty()));
  describe('database', () =>
    sqlStoreContract({
      openEmpty,
      reopen: async () => {
        if (unreachable) throw unreachable;
        return openPostgresStore(POSTGRES_URL, { schema });
      },
      transactionStatements: { around: 2, notify: 1 },
      refuseMarkedUpdates: [
        `create or replace function refuse_marked_rows() returns trigger language plpgsql as $$
         begin
           if new.rows like '%refuse-me%' then raise exception 'refused by the test trigger'; end if;
           return new;
         end $$`,
        `create or replace trigger refuse_marked_rows before update on levels
         for each row execute function refuse_marked_rows()`,
      ],
    }));

  it('answers search and tag filters from the index (EXPLAIN, 5000 levels)', async () => {
    const store = await openEmpty();
    try {
      // Written in bulk, as the store's saves would have (level-labels.ts): 5000 saves would
      // take seconds. The planner picks by cost, and scans a table of a few hundred rows
      // rather than use an index; with thousands it must not.
      const levels = planLevels(5000);
      const column = <K extends keyof (typeof levels)[number]>(key: K) => levels.map((l) => l[key]);
      await sql`insert into levels (id, version, rows, name, tags, search_id, search_name, updated_at)
        select id, 1, ${JSON.stringify(INTRO)}, name, tags, lower(id), lower(name), now()
        from unnest(${column('id')}::text[], ${column('name')}::text[],
                    ${levels.map((l) => JSON.stringify(l.tags))}::text[]) as t(id, name, tags)`.execute(
        store.db,
      );
      const grams = levels.flatMap((l) => levelGrams(l.id, l.name).map((gram) => [gram, l.id]));
      await sql`insert into level_grams (gram, id)
        select * from unnest(${grams.map((g) => g[0])}::text[], ${grams.map((g) => g[1])}::text[])`.execute(
        store.db,
      );
      await sql`insert into level_tags (tag, id)
        select * from unnest(${levels.map((l) => l.tags[0])}::text[], ${column('id')}::text[])`.execute(
        store.db,
      );
      // Fresh statistics and visibility, as autovacuum keeps them.
      await sql`vacuum analyze levels, level_grams, level_tags`.execute(store.db);
      for (const filter of PLAN_FILTERS) {
        expect(await store.listVersions(null, 21, filter), JSON.stringify(filter)).toEqual(
          planMatches(levels, filter).map((id) => ({ id, version: 1 })),
        );
        const query = store.page('level-0100', 21, filter).compile();
        const plan = await store.db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        const lines = plan.rows.map((row) => row['QUERY PLAN']);
        const text = lines.join('\n');
        // No table is scanned whole; the gram (or the tag) comes from its index.
        expect(
          lines.filter((line) => /Seq Scan/.test(line)),
          text,
        ).toEqual([]);
        const [first] = filter.search === undefined ? [filter.tag!] : [filter.search.slice(0, 3)];
        expect(text).toContain(
          filter.search === undefined ? 'level_tags_pkey' : 'level_grams_pkey',
        );
        expect(text).toMatch(new RegExp(`Index Cond: \\(+(gram|tag) = '${first}`));
      }
    } finally {
      await store.close();
    }
  });

  it('orders ids byte-wise ("C"), whatever the database locale', async () => {
    const store = await openEmpty();
    try {
      for (const id of ['b', 'B', 'a', 'A', '_', 'a b', 'ab']) await save(store, id, INTRO);
      expect((await store.list(null, 10)).map((l) => l.id)).toEqual([
        'A',
        'B',
        '_',
        'a',
        'a b',
        'ab',
        'b',
      ]);
      // The test database may itself sort byte-wise: check the column carries "C" anyway.
      const column = await sql<{ collation_name: string }>`
        select collation_name from information_schema.columns
        where table_schema = ${schema} and table_name = 'levels' and column_name = 'id'`.execute(
        store.db,
      );
      expect(column.rows).toEqual([{ collation_name: 'C' }]);
    } finally {
      await store.close();
    }
  });

  it('openStore: postgresql:// URLs open PostgreSQL', async () => {
    const seen = await openEmpty();
    // The URL's own options put this store in the test schema too.
    const url = POSTGRES_URL.replace(/^postgres:/, 'postgresql:');
    const store = await openStore({
      databaseUrl: `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      dataDir: '/nonexistent',
    });
    try {
      expect(store).toBeInstanceOf(KyselyLevelStore);
      await save(store, 'via-url', INTRO);
      expect(await seen.get('via-url')).toEqual(level('via-url', 1, INTRO));
    } finally {
      await store.close();
      await seen.close();
    }
  });

  it('reports an unreachable server clearly, without the password', async () => {
    const attempt = openPostgresStore('postgres://app:hunter2@127.0.0.1:1/levels');
    await expect(attempt).rejects.toThrow(
      /^cannot open PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/levels: .*ECONNREFUSED/,
    );
  });

  it('refuses a schema name that would need quoting', async () => {
    await expect(openPostgresStore(POSTGRES_URL, { schema: 'Bad-Name' })).rejects.toThrow(
      "invalid PostgreSQL schema name 'Bad-Name' (use [a-z_][a-z0-9_]*)",
    );
  });
});
