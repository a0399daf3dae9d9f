// What the SQL stores (SQLite, PostgreSQL) add to the store contract: real statements, files,
// connections. Run by store-sqlite.test.ts and store-postgres.test.ts.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { LevelService } from '../../src/service/level-service.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { KyselyLevelStore } from '../../src/service/storage/kysely-store.js';
import { GET_MANY_CHUNK } from '../../src/service/storage/tables.js';
import { INTRO, LONG_WAY, level, HISTORY, save, untimed, seededRandom } from './store-contract.js';

/** What the SQLite and PostgreSQL stores add: real statements, files, connections. */
export interface SqlHarness {
  /** A store on an empty database; `onStatement` runs once per statement sent. */
  openEmpty(onStatement?: () => void): Promise<KyselyLevelStore>;
  /** Another store (a new connection) on the database of the last `openEmpty`. */
  reopen(): Promise<KyselyLevelStore>;
  /** Statements installing a trigger that fails any update whose rows contain `refuse-me`. */
  readonly refuseMarkedUpdates: readonly string[];
  /**
   * Statements a transaction sends besides its own (PostgreSQL's begin and commit; SQLite's
   * are not sent as SQL), and the NOTIFY of a write that changed something (PostgreSQL).
   */
  readonly transactionStatements: { readonly around: number; readonly notify: number };
}

export function sqlStoreContract(harness: SqlHarness): void {
  const opened: KyselyLevelStore[] = [];
  async function open(onStatement?: () => void): Promise<KyselyLevelStore> {
    const store = await harness.openEmpty(onStatement);
    opened.push(store);
    return store;
  }
  async function reopen(): Promise<KyselyLevelStore> {
    const store = await harness.reopen();
    opened.push(store);
    return store;
  }
  afterEach(async () => {
    // Closing twice is harmless: Kysely's destroy does nothing the second time.
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('reads 100 ids with getMany in one statement, in the order asked', async () => {
    let statements = 0;
    const store = await open(() => statements++);
    const ids = Array.from({ length: 100 }, (_, i) => `id-${i}`);
    for (const id of ids.filter((_, i) => i % 2 === 0)) await save(store, id, [id]);
    statements = 0;
    const answer = await store.getMany([...ids].reverse());
    expect(statements).toBe(1);
    expect(answer).toEqual(
      [...ids].reverse().map((id, i) => (i % 2 === 1 ? level(id, 1, [id]) : undefined)),
    );
  });

  it('reads the versions of 100 ids in one statement, and of more ids in chunks', async () => {
    let statements = 0;
    const store = await open(() => statements++);
    await save(store, 'first', INTRO);
    await save(store, 'last', LONG_WAY);
    await save(store, 'last', INTRO);
    const ids = ['first', ...Array.from({ length: 98 }, (_, i) => `x${i}`), 'last'];
    statements = 0;
    expect(await store.versions(ids)).toEqual(ids.map((id) => ({ first: 1, last: 2 })[id]));
    expect(statements).toBe(1);
    const more = [...ids, ...Array.from({ length: GET_MANY_CHUNK }, (_, i) => `y${i}`)];
    statements = 0;
    const versions = await store.versions(more);
    expect(statements).toBe(2);
    expect([versions[0], versions[99], versions.filter((v) => v !== undefined).length]).toEqual([
      1, 2, 2,
    ]);
  });

  it('lets a service see what another connection wrote, reading rows only when they changed', async () => {
    let statements = 0;
    const reader = new LevelService(await open(() => statements++));
    const writer = new LevelService(await reopen());
    await writer.load('a', INTRO);
    await writer.load('b', INTRO);
    expect(await reader.getMany(['a', 'b'])).toEqual([level('a', 1, INTRO), level('b', 1, INTRO)]);
    // Held now: the next read asks for the versions only.
    statements = 0;
    expect(await reader.getMany(['a', 'b'])).toEqual([level('a', 1, INTRO), level('b', 1, INTRO)]);
    expect(statements).toBe(1);
    await writer.load('a', LONG_WAY);
    await writer.delete('b');
    statements = 0;
    expect(await reader.getMany(['a', 'b'])).toEqual([level('a', 2, LONG_WAY), undefined]);
    expect(statements).toBe(2); // the versions, then the rows of 'a'
    expect(reader.answers((await reader.getMany(['a']))[0]!).get('steps')).toBe(6);
  });

  it('saves and deletes in one transaction, reads in one statement each', async () => {
    let statements = 0;
    const store = await open(() => statements++);
    const counted = async (operation: () => unknown): Promise<number> => {
      statements = 0;
      await operation();
      return statements;
    };
    const labelled = { ...HISTORY, labels: { name: 'One', tags: ['t'] } };
    const { around, notify } = harness.transactionStatements;
    expect([
      await counted(() => store.save('one', INTRO, labelled)),
      await counted(() => store.save('one', LONG_WAY, HISTORY)),
      await counted(() => store.save('one', LONG_WAY, HISTORY)),
      await counted(() => store.save('one', LONG_WAY, { ...HISTORY, labels: { name: 'Two' } })),
      await counted(() => store.get('one')),
      await counted(() => store.list(null, 10)),
      await counted(() => store.delete('one')),
    ]).toEqual([
      // The read of the current row, its insert, its search entries and tags, the history row,
      // the pruning of old versions and of their answers.
      7 + around + notify,
      // The read, the bump, the history row and the pruning: the labels did not change.
      5 + around + notify,
      // Nothing changed: the read only.
      1 + around,
      // A new name: its search entries are replaced.
      7 + around + notify,
      1,
      1,
      // The update, and the removal of its search entries and tags.
      3 + around + notify,
    ]);
  });

  it('splits a getMany longer than a statement may bind into chunks', async () => {
    let statements = 0;
    const store = await open(() => statements++);
    await save(store, 'first', INTRO);
    await save(store, 'last', LONG_WAY);
    const ids = ['first', ...Array.from({ length: GET_MANY_CHUNK + 3 }, (_, i) => `x${i}`), 'last'];
    statements = 0;
    const answer = await store.getMany(ids);
    expect(statements).toBe(2);
    expect(answer).toHaveLength(ids.length);
    expect(answer[0]).toEqual(level('first', 1, INTRO));
    expect(answer[ids.length - 1]).toEqual(level('last', 1, LONG_WAY));
    expect(answer.slice(1, -1).every((l) => l === undefined)).toBe(true);
  });

  it('finds the levels and versions again after close and reopen', async () => {
    const store = await open();
    await save(store, 'kept', INTRO);
    await save(store, 'kept', LONG_WAY);
    await save(store, 'deleted', INTRO);
    await store.delete('deleted');
    await store.close();

    const again = await reopen();
    expect(await again.get('kept')).toEqual(level('kept', 2, LONG_WAY));
    expect(await again.get('deleted')).toBeUndefined();
    expect(await save(again, 'deleted', INTRO)).toEqual(level('deleted', 2, INTRO));
    expect(await save(again, 'kept', INTRO)).toEqual(level('kept', 3, INTRO));
    // Reopening ran the migrations again: nothing new to apply, still one recorded.
    const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(
      again.db,
    );
    expect(migrations.rows).toEqual([
      { name: '0001_create_levels' },
      { name: '0002_create_level_versions' },
      { name: '0003_create_level_answers' },
      { name: '0004_level_names_and_search' },
      { name: '0005_create_level_drawings' },
    ]);
  });

  it('keeps the old level when a save fails inside the database', async () => {
    const store = await open();
    await save(store, 'intro', INTRO);
    for (const statement of harness.refuseMarkedUpdates) await sql.raw(statement).execute(store.db);
    await expect(save(store, 'intro', ['S.refuse-me.E'])).rejects.toThrow(/refused by the test/);
    expect(await store.get('intro')).toEqual(level('intro', 1, INTRO));
    // The failed save used no version number.
    expect(await save(store, 'intro', LONG_WAY)).toEqual(level('intro', 2, LONG_WAY));
  });

  it('keeps the old level when a save fails on a closed connection', async () => {
    const store = await open();
    await save(store, 'intro', INTRO);
    await store.close();
    await expect(save(store, 'intro', LONG_WAY)).rejects.toThrow();
    await expect(store.ping()).rejects.toThrow();
    const again = await reopen();
    expect(await again.get('intro')).toEqual(level('intro', 1, INTRO));
  });

  it('gives distinct versions to saves racing on two connections', async () => {
    const first = await open();
    const second = await reopen();
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save(i % 2 ? first : second, 'raced', [`${i}`])),
    );
    expect(saved.map((l) => l.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await first.get('raced'))?.version).toBe(20);
  });

  it('lets exactly one of 100 concurrent saves expecting the same version through', async () => {
    const first = await open();
    const second = await reopen();
    await save(first, 'contested', INTRO);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? first : second).save('contested', ['S' + '.'.repeat(i % 5) + 'E'], {
          ...HISTORY,
          expectedVersion: 1,
        }),
      ),
    );
    const saved = outcomes.filter((outcome) => outcome.kind === 'saved');
    expect(saved).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'conflict')).toEqual(
      Array(99).fill({ kind: 'conflict', currentVersion: 2 }),
    );
    expect((await first.get('contested'))?.version).toBe(2);
    expect((await second.history('contested', null, 10)).map((entry) => entry.version)).toEqual([
      2, 1,
    ]);
    await second.close();
  });

  it('behaves like MemoryLevelStore over a mixed sequence of operations', async () => {
    const store = await open();
    const reference = new MemoryLevelStore();
    const random = seededRandom(42);
    const ids = ['a', 'b', 'c', 'B', 'ab', 'é', "o'k"];
    const pick = () => ids[Math.floor(random() * ids.length)];
    const names = [undefined, null, 'One', 'ONE', 'Zwei'];
    const tagSets = [undefined, [], ['a'], ['a', 'b']];
    const filters = [
      {},
      { search: 'o' },
      { search: 'ne' },
      { tag: 'a' },
      { search: 'b', tag: 'b' },
    ];
    for (let step = 0; step < 200; step++) {
      const roll = random();
      if (roll < 0.4) {
        const id = pick();
        // Few rows and labels, so that some saves change nothing.
        const rows = [`row ${Math.floor(random() * 3)}`];
        const labels = { name: pickOf(random, names), tags: pickOf(random, tagSets) };
        const options = { ...HISTORY, labels };
        expect(untimed(await store.save(id, rows, options))).toEqual(
          untimed(reference.save(id, rows, options)),
        );
      } else if (roll < 0.45) {
        const id = pick();
        const version = 1 + Math.floor(random() * 6);
        expect(untimed(await store.revert(id, version, HISTORY))).toEqual(
          untimed(reference.revert(id, version, HISTORY)),
        );
      } else if (roll < 0.55) {
        const id = pick();
        expect(await store.delete(id)).toBe(reference.delete(id));
      } else if (roll < 0.7) {
        const id = pick();
        expect(untimed(await store.get(id))).toEqual(untimed(reference.get(id)));
      } else if (roll < 0.8) {
        const asked = [pick(), pick(), pick()];
        expect(untimed(await store.getMany(asked))).toEqual(untimed(reference.getMany(asked)));
      } else if (roll < 0.9) {
        const asked = [pick(), pick(), pick()];
        expect(await store.versions(asked)).toEqual(reference.versions(asked));
      } else {
        const after = random() < 0.3 ? null : pick();
        const limit = Math.floor(random() * 4);
        const filter = pickOf(random, filters);
        expect(untimed(await store.list(after, limit, filter))).toEqual(
          untimed(reference.list(after, limit, filter)),
        );
        expect(await store.listVersions(after, limit, filter)).toEqual(
          reference.listVersions(after, limit, filter),
        );
      }
    }
  });

  it("keeps the search index in step with each live level's id, name and tags", async () => {
    const store = await open();
    const entries = async (id: string) => ({
      grams: (
        await store.db
          .selectFrom('level_grams')
          .select('gram')
          .where('id', '=', id)
          .orderBy('gram')
          .execute()
      ).map((row) => row.gram),
      tags: (
        await store.db
          .selectFrom('level_tags')
          .select('tag')
          .where('id', '=', id)
          .orderBy('tag')
          .execute()
      ).map((row) => row.tag),
    });
    const byCodeUnits = (grams: string[]) => grams.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    await save(store, 'Ab', INTRO, { labels: { name: 'Ça', tags: ['x', 'y'] } });
    await save(store, 'other', INTRO, { labels: { name: 'Ab', tags: ['x'] } });
    // Folded: 'ab' and 'ça', each up to 3 characters, never across the two.
    expect(await entries('Ab')).toEqual({
      grams: byCodeUnits(['a', 'b', 'ab', 'ç', 'ça']),
      tags: ['x', 'y'],
    });
    await save(store, 'Ab', LONG_WAY);
    expect(await entries('Ab')).toEqual({
      grams: byCodeUnits(['a', 'b', 'ab', 'ç', 'ça']),
      tags: ['x', 'y'],
    });
    await save(store, 'Ab', LONG_WAY, { labels: { name: 'Bcd!', tags: [] } });
    expect(await entries('Ab')).toEqual({
      grams: byCodeUnits(['a', 'b', 'ab', 'c', 'd', '!', 'bc', 'cd', 'd!', 'bcd', 'cd!']),
      tags: [],
    });
    await store.delete('Ab');
    expect(await entries('Ab')).toEqual({ grams: [], tags: [] });
    expect(await entries('other')).toEqual({
      grams: byCodeUnits([
        'o',
        't',
        'h',
        'e',
        'r',
        'a',
        'b',
        'ot',
        'th',
        'he',
        'er',
        'ab',
        'oth',
        'the',
        'her',
      ]),
      tags: ['x'],
    });
    await store.revert('Ab', 1, HISTORY);
    expect(await entries('Ab')).toEqual({
      grams: byCodeUnits(['a', 'b', 'ab', 'ç', 'ça']),
      tags: ['x', 'y'],
    });
  });
}

function pickOf<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}
