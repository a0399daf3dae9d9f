import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { postgresUrl } from '../support/postgres-url.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LevelService } from '../../src/service/level-service.js';
import type { LevelStore, SaveOptions, StoredLevel } from '../../src/service/level-store.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { GET_MANY_CHUNK, KyselyLevelStore } from '../../src/service/storage/kysely-store.js';
import { openStore } from '../../src/service/storage/open-store.js';
import { openPostgresStore } from '../../src/service/storage/postgres.js';
import { openSqliteStore } from '../../src/service/storage/sqlite.js';

const POSTGRES_URL = postgresUrl();

const INTRO = ['S.#', '...', '#.E'];
const LONG_WAY = ['S..', '##.', 'E..'];

/** A saved level as a store answers it (its save time is whatever the clock said). */
function level(id: string, version: number, rows: readonly string[]): StoredLevel {
  return { id, version, rows, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
}

const HISTORY = { historyLimit: 100 };

/** Saves and answers the level saved (a conflict fails the test). */
async function save(
  store: LevelStore,
  id: string,
  rows: readonly string[],
  options: Partial<SaveOptions> = {},
): Promise<StoredLevel> {
  const outcome = await store.save(id, rows, { ...HISTORY, ...options });
  if (outcome.kind !== 'saved') throw new Error(`unexpected conflict: ${JSON.stringify(outcome)}`);
  return outcome.level;
}

/** Levels without their save times, to compare two stores' answers. */
function untimed<T>(value: T): T {
  if (value === undefined) return value;
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key === 'savedAt' ? undefined : v)),
  );
}

/** A tiny seeded PRNG (mulberry32), so the mixed-operations test is the same on every run. */
function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What every LevelStore must do, whatever keeps the levels. `openEmpty` gives a store with no
 * levels in it; the suite closes it after each test.
 */
function levelStoreContract(openEmpty: () => Promise<LevelStore>): void {
  let store: LevelStore;
  let opened: LevelStore | undefined;
  beforeEach(async () => {
    store = opened = await openEmpty();
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('numbers the versions of an id 1, 2, 3 and serves the latest rows', async () => {
    expect(await save(store, 'intro', INTRO)).toEqual(level('intro', 1, INTRO));
    expect(await save(store, 'intro', LONG_WAY)).toEqual(level('intro', 2, LONG_WAY));
    expect(await save(store, 'intro', INTRO)).toEqual(level('intro', 3, INTRO));
    expect(await store.get('intro')).toEqual(level('intro', 3, INTRO));
  });

  it('numbers each id on its own', async () => {
    await save(store, 'a', INTRO);
    await save(store, 'a', INTRO);
    expect(await save(store, 'b', LONG_WAY)).toEqual(level('b', 1, LONG_WAY));
    expect(await save(store, 'a', LONG_WAY)).toEqual(level('a', 3, LONG_WAY));
    expect(await store.get('b')).toEqual(level('b', 1, LONG_WAY));
  });

  it('answers undefined for an id never saved', async () => {
    expect(await store.get('nowhere')).toBeUndefined();
    expect(await store.delete('nowhere')).toBeUndefined();
  });

  it('forgets a deleted level but continues its numbering on the next save', async () => {
    await save(store, 'intro', INTRO);
    await save(store, 'intro', INTRO);
    expect(await store.delete('intro')).toBe(2);
    expect(await store.delete('intro')).toBeUndefined();
    expect(await store.get('intro')).toBeUndefined();
    expect(await store.getMany(['intro'])).toEqual([undefined]);
    expect(await store.list(null, 10)).toEqual([]);
    expect(await save(store, 'intro', LONG_WAY)).toEqual(level('intro', 3, LONG_WAY));
    expect(await store.get('intro')).toEqual(level('intro', 3, LONG_WAY));
  });

  it('getMany answers in the order of the ids, undefined for missing and deleted ids', async () => {
    await save(store, 'a', INTRO);
    await save(store, 'b', LONG_WAY);
    await save(store, 'b', INTRO);
    await save(store, 'gone', INTRO);
    await store.delete('gone');
    expect(await store.getMany(['b', 'missing', 'a', 'gone', 'b'])).toEqual([
      level('b', 2, INTRO),
      undefined,
      level('a', 1, INTRO),
      undefined,
      level('b', 2, INTRO),
    ]);
    expect(await store.getMany([])).toEqual([]);
  });

  it('versions answers the current version of each id in the order asked, without rows', async () => {
    await save(store, 'a', INTRO);
    await save(store, 'b', LONG_WAY);
    await save(store, 'b', INTRO);
    await save(store, 'gone', INTRO);
    await store.delete('gone');
    expect(await store.versions(['b', 'missing', 'a', 'gone', 'b'])).toEqual([
      2,
      undefined,
      1,
      undefined,
      2,
    ]);
    expect(await store.versions([])).toEqual([]);
    await save(store, 'gone', LONG_WAY);
    expect(await store.versions(['gone'])).toEqual([2]);
  });

  it('lists in id order and pages after a cursor, skipping deleted levels', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `level-${String(i).padStart(2, '0')}`);
    const shuffled = [...ids].sort((x, y) =>
      x.split('').reverse() < y.split('').reverse() ? -1 : 1,
    );
    for (const id of shuffled) await save(store, id, INTRO);
    await save(store, 'level-03', LONG_WAY);
    await store.delete('level-07');
    const live = ids.filter((id) => id !== 'level-07');

    const page1 = await store.list(null, 10);
    expect(page1.map((l) => l.id)).toEqual(live.slice(0, 10));
    expect(page1[3]).toEqual(level('level-03', 2, LONG_WAY));
    const page2 = await store.list(page1[9].id, 10);
    expect(page2.map((l) => l.id)).toEqual(live.slice(10, 20));
    const page3 = await store.list(page2[9].id, 10);
    expect(page3.map((l) => l.id)).toEqual(live.slice(20));
    expect(await store.list(page3[page3.length - 1].id, 10)).toEqual([]);
    expect(await store.listVersions(page1[9].id, 10)).toEqual(
      page2.map(({ id, version }) => ({ id, version })),
    );
    expect(await store.listVersions(null, 0)).toEqual([]);
    // A cursor that is not a stored id pages from where it would sort.
    expect((await store.list('level-05x', 2)).map((l) => l.id)).toEqual(['level-06', 'level-08']);
    expect(await store.list(null, 0)).toEqual([]);
  });

  it('keeps ids with unicode, quotes and SQL-looking text apart, in code-unit order', async () => {
    const ids = [
      '',
      ' spaced ',
      "it's",
      'say "hi"',
      'back\\slash',
      "'; drop table levels; --",
      '%_',
      'Zebra',
      'apple',
      'é',
      '日本',
      '😀',
    ];
    for (const [i, id] of ids.entries()) await save(store, id, [`S${'.'.repeat(i)}E`]);
    for (const [i, id] of ids.entries()) {
      expect(await store.get(id)).toEqual(level(id, 1, [`S${'.'.repeat(i)}E`]));
    }
    expect((await store.list(null, 100)).map((l) => l.id)).toEqual([...ids].sort());
    expect((await store.list('Zebra', 100)).map((l) => l.id)).toEqual(
      [...ids].sort().filter((id) => id > 'Zebra'),
    );
    expect((await store.getMany(['😀', "it's"])).map((l) => l?.id)).toEqual(['😀', "it's"]);
  });

  it('gives back rows exactly as saved', async () => {
    const rows = [
      '',
      ' ',
      'null',
      '[]',
      '"',
      "'",
      '\\',
      '\n\t',
      '\u0000',
      'é日本😀',
      '\uD800 lone surrogate',
      '{"rows":1}',
    ];
    expect(await save(store, 'odd', rows)).toEqual(level('odd', 1, rows));
    expect(await store.get('odd')).toEqual(level('odd', 1, rows));
    expect(await store.getMany(['odd'])).toEqual([level('odd', 1, rows)]);
    expect(await store.list(null, 1)).toEqual([level('odd', 1, rows)]);
    expect(await save(store, 'none', [])).toEqual(level('none', 1, []));
    expect(await store.get('none')).toEqual(level('none', 1, []));
  });

  it('gives 20 concurrent saves of one id the versions 1..20, the last rows winning', async () => {
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save(store, 'busy', [`save ${i}`])),
    );
    expect(saved.map((l) => l.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const last = saved.find((l) => l.version === 20)!;
    expect(await store.get('busy')).toEqual(last);
  });

  it('answers ping', async () => {
    await expect(Promise.resolve(store.ping())).resolves.toBeUndefined();
  });

  it('saves only at the expected version, and says which version is current otherwise', async () => {
    expect(await store.save('a', INTRO, { ...HISTORY, expectedVersion: 1 })).toEqual({
      kind: 'conflict',
      currentVersion: null,
    });
    expect(await save(store, 'a', INTRO, { expectedVersion: 0 })).toEqual(level('a', 1, INTRO));
    expect(await store.save('a', LONG_WAY, { ...HISTORY, expectedVersion: 0 })).toEqual({
      kind: 'conflict',
      currentVersion: 1,
    });
    expect(await store.save('a', LONG_WAY, { ...HISTORY, expectedVersion: 2 })).toEqual({
      kind: 'conflict',
      currentVersion: 1,
    });
    expect(await save(store, 'a', LONG_WAY, { expectedVersion: 1 })).toEqual(
      level('a', 2, LONG_WAY),
    );
    // A conflict stored nothing and used no version number.
    expect(await store.get('a')).toEqual(level('a', 2, LONG_WAY));
    expect((await store.history('a', null, 10)).map((entry) => entry.version)).toEqual([2, 1]);
    // After a delete there is no level: only "none expected" saves, and the numbering goes on.
    await store.delete('a');
    expect(await store.save('a', INTRO, { ...HISTORY, expectedVersion: 2 })).toEqual({
      kind: 'conflict',
      currentVersion: null,
    });
    expect(await save(store, 'a', INTRO, { expectedVersion: 0 })).toEqual(level('a', 3, INTRO));
  });

  it('keeps every version in the history, newest first, pruned to the limit', async () => {
    for (let i = 1; i <= 5; i++)
      await save(store, 'h', [`S${'.'.repeat(i)}E`], { historyLimit: 3 });
    const history = await store.history('h', null, 10);
    expect(history.map((entry) => entry.version)).toEqual([5, 4, 3]);
    expect(history.every((entry) => entry.revertedFrom === null)).toBe(true);
    expect(history[0].savedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await store.history('h', 5, 1)).map((entry) => entry.version)).toEqual([4]);
    expect(await store.history('h', 3, 10)).toEqual([]);
    expect(await store.getVersion('h', 4)).toEqual(level('h', 4, ['S....E']));
    expect(await store.getVersion('h', 2)).toBeUndefined(); // pruned
    expect(await store.getVersion('nowhere', 1)).toBeUndefined();
    expect(await store.history('nowhere', null, 10)).toEqual([]);
  });

  it('reverts to a kept version as the next version, also after a delete', async () => {
    await save(store, 'r', INTRO);
    await save(store, 'r', LONG_WAY);
    expect(await store.revert('r', 7, HISTORY)).toEqual({ kind: 'missing' });
    expect(await store.revert('r', 1, { ...HISTORY, expectedVersion: 1 })).toEqual({
      kind: 'conflict',
      currentVersion: 2,
    });
    expect(await store.revert('r', 1, { ...HISTORY, expectedVersion: 2 })).toEqual({
      kind: 'saved',
      level: level('r', 3, INTRO),
    });
    expect((await store.history('r', null, 1))[0]).toMatchObject({ version: 3, revertedFrom: 1 });
    expect(await store.delete('r')).toBe(3);
    expect(await store.revert('r', 2, HISTORY)).toEqual({
      kind: 'saved',
      level: level('r', 4, LONG_WAY),
    });
    expect(await store.get('r')).toEqual(level('r', 4, LONG_WAY));
  });
}

/** What the SQLite and PostgreSQL stores add: real statements, files, connections. */
interface SqlHarness {
  /** A store on an empty database; `onStatement` runs once per statement sent. */
  openEmpty(onStatement?: () => void): Promise<KyselyLevelStore>;
  /** Another store (a new connection) on the database of the last `openEmpty`. */
  reopen(): Promise<KyselyLevelStore>;
  /** Statements installing a trigger that fails any update whose rows contain `refuse-me`. */
  readonly refuseMarkedUpdates: readonly string[];
  /** Statements a save and a delete send. */
  readonly statementsPerSave: number;
  readonly statementsPerDelete: number;
}

function sqlStoreContract(harness: SqlHarness): void {
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

  it('saves in one transaction, reads and deletes in one statement each', async () => {
    let statements = 0;
    const store = await open(() => statements++);
    statements = 0;
    await save(store, 'one', INTRO);
    await save(store, 'one', INTRO);
    await store.get('one');
    await store.list(null, 10);
    await store.delete('one');
    // A save: the bump of the current row, the history row, the pruning of old versions and of
    // their answers, in a transaction (PostgreSQL's begin and commit are statements too, and
    // its NOTIFY; SQLite's are not sent as SQL). A delete: the update (PostgreSQL: and NOTIFY).
    expect(statements).toBe(2 * harness.statementsPerSave + 2 + harness.statementsPerDelete);
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
    for (let step = 0; step < 150; step++) {
      const roll = random();
      if (roll < 0.4) {
        const id = pick();
        const rows = [`row ${step}`];
        expect(untimed(await store.save(id, rows, HISTORY))).toEqual(
          untimed(reference.save(id, rows, HISTORY)),
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
        expect(untimed(await store.list(after, limit))).toEqual(
          untimed(reference.list(after, limit)),
        );
        expect(await store.listVersions(after, limit)).toEqual(
          reference.listVersions(after, limit),
        );
      }
    }
  });
}

describe('MemoryLevelStore', () => {
  levelStoreContract(async () => new MemoryLevelStore());
});

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
      statementsPerSave: 4,
      statementsPerDelete: 1,
      refuseMarkedUpdates: [
        `create trigger refuse_marked_rows before update on levels
         when new.rows like '%refuse-me%'
         begin select raise(abort, 'refused by the test trigger'); end`,
      ],
    }));

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

  it('LevelService: a failed load leaves the stored level and version untouched', async () => {
    const store = await openEmpty();
    try {
      const service = new LevelService(store);
      expect(await service.load('intro', INTRO)).toEqual({
        ok: true,
        value: level('intro', 1, INTRO),
      });
      expect(await service.load('intro', ['S.#', '..'])).toEqual({
        ok: false,
        error: {
          code: expect.any(String),
          message: 'rows have different lengths',
          row: 1,
          col: null,
        },
      });
      expect(await service.load('intro', ['S.x', '..E'])).toMatchObject({
        ok: false,
        error: { message: "unknown glyph 'x' at row 0, col 2" },
      });
      expect(await store.get('intro')).toEqual(level('intro', 1, INTRO));
      expect(await service.load('intro', LONG_WAY)).toEqual({
        ok: true,
        value: level('intro', 2, LONG_WAY),
      });
      expect(await service.get('intro')).toEqual(level('intro', 2, LONG_WAY));
    } finally {
      await store.close();
    }
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
      statementsPerSave: 7,
      statementsPerDelete: 4,
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
