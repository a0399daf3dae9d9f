// What every LevelStore must do, whatever keeps its levels (memory, SQLite, PostgreSQL): the
// suite each store's test file runs, and the helpers those files share.
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  type LevelFilter,
  type LevelLabels,
  NO_LABELS,
  foldCase,
  levelFilter,
  matchesFilter,
} from '../../src/service/level-labels.js';
import type { LevelStore, SaveOptions, StoredLevel } from '../../src/service/level-store.js';

export const INTRO = ['S.#', '...', '#.E'];
export const LONG_WAY = ['S..', '##.', 'E..'];

/** A saved level as a store answers it (its save time is whatever the clock said). */
export function level(
  id: string,
  version: number,
  rows: readonly string[],
  labels: LevelLabels = NO_LABELS,
): StoredLevel {
  return { id, version, rows, ...labels, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
}

export const HISTORY = { historyLimit: 100 };

/** Saves and answers the level saved (a conflict fails the test). */
export async function save(
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
export function untimed<T>(value: T): T {
  if (value === undefined) return value;
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key === 'savedAt' ? undefined : v)),
  );
}

/** A tiny seeded PRNG (mulberry32), so the mixed-operations test is the same on every run. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Levels for the query plans: ids in order, names with numbers, a tag on every tenth. */
export function planLevels(count: number): Array<{ id: string; name: string; tags: string[] }> {
  return Array.from({ length: count }, (_, i) => ({
    id: `level-${String(i).padStart(4, '0')}`,
    name: `Room ${(i * 7919) % 10007}`,
    tags: i % 10 === 0 ? ['boss'] : ['easy'],
  }));
}

/** The filters whose plans are checked: short, long, a tag, both; and what they find. */
export const PLAN_FILTERS: readonly LevelFilter[] = [
  { search: 'zz' },
  { search: '7' },
  { search: 'm 12' },
  { tag: 'boss' },
  { search: 'room 99', tag: 'boss' },
];

export function planMatches(levels: ReturnType<typeof planLevels>, filter: LevelFilter): string[] {
  return levels
    .filter((l) => matchesFilter(l, filter))
    .map((l) => l.id)
    .slice(0, 21);
}

/**
 * What every LevelStore must do, whatever keeps the levels. `openEmpty` gives a store with no
 * levels in it; the suite closes it after each test.
 */
export function levelStoreContract(openEmpty: () => Promise<LevelStore>): void {
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
