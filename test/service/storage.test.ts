import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { postgresUrl } from '../support/postgres-url.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type LevelFilter,
  type LevelLabels,
  NO_LABELS,
  foldCase,
  levelFilter,
  levelGrams,
  matchesFilter,
} from '../../src/service/level-labels.js';
import { LevelService } from '../../src/service/level-service.js';
import type { LevelStore, SaveOptions, StoredLevel } from '../../src/service/level-store.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { KyselyLevelStore } from '../../src/service/storage/kysely-store.js';
import { GET_MANY_CHUNK } from '../../src/service/storage/tables.js';
import { openStore } from '../../src/service/storage/open-store.js';
import { openPostgresStore } from '../../src/service/storage/postgres.js';
import { type SqliteLevelStore, openSqliteStore } from '../../src/service/storage/sqlite.js';
import { SAFETY_PAGES } from '../../src/service/storage/checkpointer.js';

const POSTGRES_URL = postgresUrl();

const INTRO = ['S.#', '...', '#.E'];
const LONG_WAY = ['S..', '##.', 'E..'];

/** A saved level as a store answers it (its save time is whatever the clock said). */
function level(
  id: string,
  version: number,
  rows: readonly string[],
  labels: LevelLabels = NO_LABELS,
): StoredLevel {
  return { id, version, rows, ...labels, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
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

/** Levels for the query plans: ids in order, names with numbers, a tag on every tenth. */
function planLevels(count: number): Array<{ id: string; name: string; tags: string[] }> {
  return Array.from({ length: count }, (_, i) => ({
    id: `level-${String(i).padStart(4, '0')}`,
    name: `Room ${(i * 7919) % 10007}`,
    tags: i % 10 === 0 ? ['boss'] : ['easy'],
  }));
}

/** The filters whose plans are checked: short, long, a tag, both; and what they find. */
const PLAN_FILTERS: readonly LevelFilter[] = [
  { search: 'zz' },
  { search: '7' },
  { search: 'm 12' },
  { tag: 'boss' },
  { search: 'room 99', tag: 'boss' },
];

function planMatches(levels: ReturnType<typeof planLevels>, filter: LevelFilter): string[] {
  return levels
    .filter((l) => matchesFilter(l, filter))
    .map((l) => l.id)
    .slice(0, 21);
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
    await save(store, 'a', LONG_WAY);
    expect(await save(store, 'b', LONG_WAY)).toEqual(level('b', 1, LONG_WAY));
    expect(await save(store, 'a', INTRO)).toEqual(level('a', 3, INTRO));
    expect(await store.get('b')).toEqual(level('b', 1, LONG_WAY));
  });

  it('answers undefined for an id never saved', async () => {
    expect(await store.get('nowhere')).toBeUndefined();
    expect(await store.delete('nowhere')).toBeUndefined();
  });

  it('forgets a deleted level but continues its numbering on the next save', async () => {
    await save(store, 'intro', INTRO);
    await save(store, 'intro', LONG_WAY);
    expect(await store.delete('intro')).toBe(2);
    expect(await store.delete('intro')).toBeUndefined();
    expect(await store.get('intro')).toBeUndefined();
    expect(await store.getMany(['intro'])).toEqual([undefined]);
    expect(await store.list(null, 10)).toEqual([]);
    // The rows of the deleted version again: a new version all the same (there was no level).
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

  it('stores nothing for a save of the current rows, name and tags, and answers that version', async () => {
    const saved = await save(store, 'same', INTRO, { labels: { name: 'Intro', tags: ['a'] } });
    expect(await store.save('same', INTRO, HISTORY)).toEqual({ kind: 'unchanged', level: saved });
    expect(
      await store.save('same', INTRO, { ...HISTORY, labels: { name: 'Intro', tags: ['a'] } }),
    ).toEqual({ kind: 'unchanged', level: saved });
    expect(await store.save('same', INTRO, { ...HISTORY, expectedVersion: 1 })).toEqual({
      kind: 'unchanged',
      level: saved,
    });
    // The expected version is checked first: a stale one is a conflict even for the same rows.
    expect(await store.save('same', INTRO, { ...HISTORY, expectedVersion: 4 })).toEqual({
      kind: 'conflict',
      currentVersion: 1,
    });
    expect((await store.history('same', null, 10)).map((entry) => entry.version)).toEqual([1]);
    // Another name, other tags, other rows: each a version.
    const labels = { name: 'Intro', tags: ['a', 'b'] };
    expect(await save(store, 'same', INTRO, { labels: { tags: ['a', 'b'] } })).toEqual(
      level('same', 2, INTRO, labels),
    );
    expect(await save(store, 'same', INTRO, { labels: { name: 'Other' } })).toEqual(
      level('same', 3, INTRO, { ...labels, name: 'Other' }),
    );
    expect(await save(store, 'same', LONG_WAY)).toEqual(
      level('same', 4, LONG_WAY, { ...labels, name: 'Other' }),
    );
  });

  it('keeps the name and tags a save leaves out; null and no tags clear them', async () => {
    const labels = { name: 'Hall', tags: ['boss', 'hard'] };
    expect(await save(store, 'l', INTRO, { labels })).toEqual(level('l', 1, INTRO, labels));
    expect(await save(store, 'l', LONG_WAY)).toEqual(level('l', 2, LONG_WAY, labels));
    expect(await save(store, 'l', INTRO, { labels: { tags: ['easy'] } })).toEqual(
      level('l', 3, INTRO, { name: 'Hall', tags: ['easy'] }),
    );
    expect(await save(store, 'l', INTRO, { labels: { name: null } })).toEqual(
      level('l', 4, INTRO, { name: null, tags: ['easy'] }),
    );
    expect(await save(store, 'l', INTRO, { labels: { tags: [] } })).toEqual(
      level('l', 5, INTRO, NO_LABELS),
    );
    expect(await store.get('l')).toEqual(level('l', 5, INTRO, NO_LABELS));
    expect(await store.getMany(['l'])).toEqual([level('l', 5, INTRO, NO_LABELS)]);
    // Each version keeps its own.
    expect(await store.getVersion('l', 2)).toEqual(level('l', 2, LONG_WAY, labels));
    expect(
      (await store.history('l', null, 10)).map(({ version, name, tags }) => [version, name, tags]),
    ).toEqual([
      [5, null, []],
      [4, null, ['easy']],
      [3, 'Hall', ['easy']],
      [2, 'Hall', ['boss', 'hard']],
      [1, 'Hall', ['boss', 'hard']],
    ]);
  });

  it('saves a deleted level anew without its name and tags', async () => {
    await save(store, 'gone', INTRO, { labels: { name: 'Gone', tags: ['old'] } });
    expect(await store.delete('gone')).toBe(1);
    expect(await save(store, 'gone', INTRO)).toEqual(level('gone', 2, INTRO, NO_LABELS));
    expect(await store.list(null, 10, { tag: 'old' })).toEqual([]);
    expect(await store.list(null, 10, { search: 'gone' })).toEqual([
      level('gone', 2, INTRO, NO_LABELS),
    ]);
  });

  it("reverts to a version's rows, name and tags; a revert to the current content stores nothing", async () => {
    const first = { name: 'First', tags: ['a'] };
    await save(store, 'r', INTRO, { labels: first });
    await save(store, 'r', INTRO, { labels: { name: 'Second', tags: [] } });
    expect(await store.revert('r', 1, HISTORY)).toEqual({
      kind: 'saved',
      level: level('r', 3, INTRO, first),
    });
    expect(await store.list(null, 10, { tag: 'a' })).toEqual([level('r', 3, INTRO, first)]);
    expect(await store.revert('r', 1, HISTORY)).toEqual({
      kind: 'unchanged',
      level: level('r', 3, INTRO, first),
    });
    expect((await store.history('r', null, 10)).map((entry) => entry.version)).toEqual([3, 2, 1]);
  });

  it('finds levels by id or name, case-insensitively, and by tag, in id order, a page at a time', async () => {
    const levels: Array<[string, string | null, string[]]> = [
      ['castle-1', 'The Great Hall', ['boss', 'hard']],
      ['castle-2', 'Straße der Türme', ['easy']],
      ['cave', 'ΣΟΦΟΣ', ['hard']],
      ['kelvin', '\u212A-Level', []],
      ['100%_done', 'a\\b', []],
      ['smyrna', 'İzmir', ['easy']],
      ['日本', null, ['easy']],
      ['abcd-bcde', 'Oregon', []],
    ];
    for (const [id, name, tags] of levels) await save(store, id, INTRO, { labels: { name, tags } });
    const find = async (given: { search?: string; tag?: string }, after: string | null = null) => {
      const filter = levelFilter(given);
      if (!filter.ok) throw new Error(filter.error.message);
      const found = (await store.list(after, 10, filter.value)).map((l) => l.id);
      // The page of ids and versions is the same query.
      expect((await store.listVersions(after, 10, filter.value)).map((l) => l.id)).toEqual(found);
      return found;
    };
    expect(await find({ search: 'HALL' })).toEqual(['castle-1']);
    expect(await find({ search: 'castle' })).toEqual(['castle-1', 'castle-2']);
    for (const search of ['strasse', 'STRASSE', 'Straße', 'ss', 'ẞ', 'TÜRME']) {
      expect(await find({ search }), search).toEqual(['castle-2']);
    }
    // Σ folds to σ wherever it stands (JavaScript's lower case writes a final ς).
    for (const search of ['σοφοσ', 'σοφος', 'ΟΣ', 'ος', 'φοσ']) {
      expect(await find({ search }), search).toEqual(['cave']);
    }
    expect(await find({ search: 'k-l' })).toEqual(['kelvin']);
    expect(await find({ search: 'K' })).toEqual(['kelvin']);
    // İ folds to i and a combining dot (no language's rules apply): 'izmir' is not in 'i̇zmir'.
    expect(await find({ search: 'İZMIR' })).toEqual(['smyrna']);
    expect(await find({ search: 'İz' })).toEqual(['smyrna']);
    expect(await find({ search: 'izmir' })).toEqual([]);
    // LIKE's wildcards and escape are plain characters here.
    expect(await find({ search: '%' })).toEqual(['100%_done']);
    expect(await find({ search: '_' })).toEqual(['100%_done']);
    expect(await find({ search: '%_d' })).toEqual(['100%_done']);
    expect(await find({ search: '\\' })).toEqual(['100%_done']);
    expect(await find({ search: 'a\\b' })).toEqual(['100%_done']);
    expect(await find({ search: '日' })).toEqual(['日本']);
    // One and two characters, from the same index.
    expect(await find({ search: 'e' })).toEqual([
      '100%_done',
      'abcd-bcde',
      'castle-1',
      'castle-2',
      'cave',
      'kelvin',
    ]);
    expect(await find({ search: 'e' }, 'castle-2')).toEqual(['cave', 'kelvin']);
    expect(await find({ search: 've' })).toEqual(['cave', 'kelvin']);
    // Never across the id and the name, nor across a gap (each 3 characters of these are there).
    expect(await find({ search: 'bcde' })).toEqual(['abcd-bcde']);
    expect(await find({ search: 'abcde' })).toEqual([]);
    expect(await find({ search: 'bcdeore' })).toEqual([]);
    expect(await find({ search: 'cavesσ' })).toEqual([]);
    expect(await find({ search: 'great  hall' })).toEqual([]);
    expect(await find({ tag: 'easy' })).toEqual(['castle-2', 'smyrna', '日本']);
    expect(await find({ tag: 'EASY' })).toEqual(['castle-2', 'smyrna', '日本']);
    expect(await find({ tag: 'hard' })).toEqual(['castle-1', 'cave']);
    expect(await find({ tag: 'hard' }, 'castle-1')).toEqual(['cave']);
    expect(await find({ tag: 'none' })).toEqual([]);
    expect(await find({ search: 'castle', tag: 'hard' })).toEqual(['castle-1']);
    expect(await find({ search: 'zzz' })).toEqual([]);
    expect(await store.list('abcd-bcde', 1, { search: 'c' })).toEqual([
      level('castle-1', 1, INTRO, { name: 'The Great Hall', tags: ['boss', 'hard'] }),
    ]);
    // A new name is found, the old one no longer; a deleted level is found by nothing.
    await save(store, 'castle-1', INTRO, { labels: { name: 'Small Room' } });
    expect(await find({ search: 'hall' })).toEqual([]);
    expect(await find({ search: 'room' })).toEqual(['castle-1']);
    expect(await find({ tag: 'boss' })).toEqual(['castle-1']);
    await store.delete('cave');
    expect(await find({ search: 'σοφ' })).toEqual([]);
    expect(await find({ search: 'cav' })).toEqual([]);
    expect(await find({ tag: 'hard' })).toEqual(['castle-1']);
  });

  it('filters and pages like a simple reference over random levels, names and tags', async () => {
    const random = seededRandom(2023);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const alphabet = [
      'a',
      'b',
      'A',
      'é',
      'E\u0301',
      'ß',
      'S',
      'Σ',
      'ς',
      '%',
      '_',
      '\\',
      ' ',
      '-',
      '日',
      '😀',
    ];
    const text = (most: number) =>
      Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(alphabet)).join('');
    const tagNames = ['boss', 'easy', 'keys', 'ß', 'σ'];
    /** The reference: each live level's labels, by id. */
    const live = new Map<string, LevelLabels>();
    const ids = Array.from({ length: 14 }, () => text(4));
    for (let step = 0; step < 160; step++) {
      const id = pick(ids);
      if (random() < 0.15) {
        await store.delete(id);
        live.delete(id);
        continue;
      }
      const name = random() < 0.3 ? undefined : random() < 0.2 ? null : text(10);
      const tags = random() < 0.4 ? undefined : tagNames.filter(() => random() < 0.3).sort();
      await store.save(id, [`S${step}E`], { ...HISTORY, labels: { name, tags } });
      const before = live.get(id);
      live.set(id, {
        name: name === undefined ? (before?.name ?? null) : name,
        tags: tags ?? before?.tags ?? [],
      });
      if (step % 8 !== 7) continue;
      // A search: a piece of a live id or name in another case, or random characters.
      const texts = [...live].flatMap(([liveId, labels]) => [liveId, labels.name ?? liveId]);
      const piece = (source: string) => {
        const chars = [...source];
        const start = Math.floor(random() * chars.length);
        return chars.slice(start, start + 1 + Math.floor(random() * 4)).join('');
      };
      const raw = random() < 0.7 && texts.length > 0 ? piece(pick(texts)) : text(3);
      const search = random() < 0.5 ? raw.toUpperCase() : raw;
      const tag = random() < 0.3 ? pick(tagNames) : undefined;
      const given = random() < 0.2 ? { tag } : { search, tag };
      const filter = levelFilter(given);
      if (!filter.ok) throw new Error(filter.error.message);
      const folded = given.search === undefined ? undefined : foldCase(given.search);
      const expected = [...live]
        .filter(
          ([liveId, labels]) =>
            (tag === undefined || labels.tags.includes(tag)) &&
            (folded === undefined ||
              foldCase(liveId).includes(folded) ||
              (labels.name !== null && foldCase(labels.name).includes(folded))),
        )
        .map(([liveId, labels]) => ({ id: liveId, ...labels }))
        .sort((x, y) => (x.id < y.id ? -1 : 1));
      const size = 1 + Math.floor(random() * 4);
      const pages: Array<{ id: string; name: string | null; tags: readonly string[] }> = [];
      let after: string | null = null;
      for (;;) {
        const page = await store.list(after, size, filter.value);
        pages.push(
          ...page.map(({ id: pageId, name: pageName, tags: pageTags }) => ({
            id: pageId,
            name: pageName,
            tags: pageTags,
          })),
        );
        if (page.length < size) break;
        after = page[page.length - 1].id;
      }
      expect(pages, JSON.stringify(given)).toEqual(expected);
    }
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
  /**
   * Statements a transaction sends besides its own (PostgreSQL's begin and commit; SQLite's
   * are not sent as SQL), and the NOTIFY of a write that changed something (PostgreSQL).
   */
  readonly transactionStatements: { readonly around: number; readonly notify: number };
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
