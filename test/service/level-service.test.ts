import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Lru } from '../../src/service/lru.js';
import { LevelService } from '../../src/service/level-service.js';
import { expectSync } from '../../src/service/maybe-promise.js';
import type { StoredLevel } from '../../src/service/level-store.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';

const service = (store = new MemoryLevelStore()) => new LevelService(store);

describe('LevelService', () => {
  it('numbers versions 1, 2, 3 per id, independently for each id', () => {
    const s = service();
    const versions = [
      expectSync(s.load('a', ['SE'])),
      expectSync(s.load('a', ['ES'])),
      expectSync(s.load('b', ['SE'])),
      expectSync(s.load('a', ['S.E'])),
    ].map((result) => (result.ok ? [result.value.id, result.value.version] : null));
    expect(versions).toEqual([
      ['a', 1],
      ['a', 2],
      ['b', 1],
      ['a', 3],
    ]);
  });

  it('a failed load changes neither the rows nor the version', () => {
    const s = service();
    expectSync(s.load('a', ['SE']));
    const failed = expectSync(s.load('a', ['S#']));
    expect(failed).toEqual({
      ok: false,
      error: { code: 'EXIT_COUNT', message: 'expected exactly one E', row: null, col: null },
    });
    expect(expectSync(s.get('a'))).toMatchObject({ id: 'a', version: 1, rows: ['SE'] });
  });

  it('never reuses a version after a delete', () => {
    const s = service();
    expectSync(s.load('a', ['SE']));
    expectSync(s.load('a', ['S.E']));
    expect(expectSync(s.delete('a'))).toBe(true);
    expect(expectSync(s.delete('a'))).toBe(false);
    expect(expectSync(s.get('a'))).toBeUndefined();
    const again = expectSync(s.load('a', ['S.E']));
    expect(again.ok && again.value.version).toBe(3);
  });

  it('computes each answer once per version, and again for a new version', () => {
    const s = service();
    const v1 = expectSync(s.load('a', ['S.E']));
    if (!v1.ok) throw new Error('load failed');
    for (let i = 0; i < 3; i++) {
      expect(s.answers(v1.value).get('steps')).toBe(2);
      expect(s.answers(v1.value).get('path')).toEqual([
        [0, 0],
        [0, 1],
        [0, 2],
      ]);
      expect(s.answers(v1.value).get('cheapest')).toBe(2);
      expect(s.answers(v1.value).get('cheapestRender')).toEqual(['S*E']);
    }
    expect(s.stats).toEqual({ fewestStepsRuns: 1, cheapestRuns: 1, reachRuns: 0 });
    const v2 = expectSync(s.load('a', ['S', 'E']));
    if (!v2.ok) throw new Error('load failed');
    expect(s.answers(v2.value).get('steps')).toBe(1);
    expect(s.stats).toEqual({ fewestStepsRuns: 2, cheapestRuns: 1, reachRuns: 0 });
    // An old version asked for again is still answered for its own rows.
    expect(s.answers(v1.value).get('steps')).toBe(2);
  });

  it('keeps (id, version) pairs apart whatever the ids contain', () => {
    const s = service();
    const a = expectSync(s.load('x,1', ['S.E']));
    const b = expectSync(s.load('x', ['SE']));
    if (!a.ok || !b.ok) throw new Error('load failed');
    expect(s.answers(a.value).get('steps')).toBe(2);
    expect(s.answers(b.value).get('steps')).toBe(1);
  });

  it('keeps the memo bounded', () => {
    const s = new LevelService(new MemoryLevelStore(), { memoMaxLevels: 3 });
    for (let i = 0; i < 10; i++) {
      const loaded = expectSync(s.load(`l${i}`, ['S.E']));
      if (!loaded.ok) throw new Error('load failed');
      s.answers(loaded.value).get('steps');
    }
    expect(s.stats.fewestStepsRuns).toBe(10);
    // The oldest were dropped: asking again solves again; the newest is still memoised.
    s.answers(expectSync(s.get('l0'))!).get('steps');
    expect(s.stats.fewestStepsRuns).toBe(11);
    s.answers(expectSync(s.get('l9'))!).get('steps');
    expect(s.stats.fewestStepsRuns).toBe(11);
  });

  it('answers unstorable ids as unknown without asking the store for them', () => {
    const s = service();
    expectSync(s.load('a', ['SE']));
    const found = expectSync(s.getMany(['a', 'x\u0000', '\ud800', 'a']));
    expect(found.map((level) => level?.id)).toEqual(['a', undefined, undefined, 'a']);
    expect(expectSync(s.delete('x\u0000'))).toBe(false);
    expect(expectSync(s.get('\ud800'))).toBeUndefined();
  });

  it('lists a page whose level changes between its two reads as it is after the change', () => {
    /** Runs `between` after the page's ids and versions are read, before its rows are. */
    class RacingStore extends MemoryLevelStore {
      between = () => {};
      override listVersions(afterId: string | null, limit: number) {
        const page = super.listVersions(afterId, limit);
        this.between();
        return page;
      }
    }
    const store = new RacingStore();
    for (const id of ['a', 'b', 'c']) store.save(id, ['SE'], { historyLimit: 100 });
    const rowsOf = (levels: readonly StoredLevel[]) => levels.map((l) => [l.id, l.version, l.rows]);

    // Replaced: the page has the new version (the rows read are the current ones).
    store.between = () => store.save('b', ['S.E'], { historyLimit: 100 });
    expect(rowsOf(expectSync(service(store).list(null, 10)))).toEqual([
      ['a', 1, ['SE']],
      ['b', 2, ['S.E']],
      ['c', 1, ['SE']],
    ]);
    // Deleted: the page is read again whole, without it, and still as long as it can be.
    store.between = () => store.delete('b');
    expect(rowsOf(expectSync(service(store).list(null, 2)))).toEqual([
      ['a', 1, ['SE']],
      ['c', 1, ['SE']],
    ]);
  });

  it('lists levels in id order after a cursor', () => {
    const s = service();
    for (const id of ['c', 'a', 'b', 'd']) expectSync(s.load(id, ['SE']));
    expect(expectSync(s.list(null, 2)).map((l) => l.id)).toEqual(['a', 'b']);
    expect(expectSync(s.list('b', 5)).map((l) => l.id)).toEqual(['c', 'd']);
  });
});

describe('LevelService reads, whoever wrote', () => {
  const ids = ['a', 'b', 'c', 'd'];
  const id = fc.constantFrom(...ids);
  const op = fc.oneof(
    fc.record({
      kind: fc.constant('save' as const),
      id,
      length: fc.integer({ min: 0, max: 5 }),
      byReader: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('delete' as const), id, byReader: fc.boolean() }),
    fc.record({
      kind: fc.constant('getMany' as const),
      asked: fc.array(fc.constantFrom(...ids, 'never-saved'), { maxLength: 5 }),
    }),
    fc.record({
      kind: fc.constant('list' as const),
      after: fc.option(id),
      limit: fc.integer({ min: 0, max: 5 }),
    }),
  );

  it('getMany, list and answers always give what the store holds now', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.integer({ min: 1, max: 4 }), (ops, held) => {
        const store = new MemoryLevelStore();
        // The reader's memo is small, so levels also drop out of it and come back.
        const reader = new LevelService(store, { memoMaxLevels: held });
        // Writes through another service, as another process would make them.
        const other = new LevelService(store);
        for (const step of ops) {
          if (step.kind === 'save') {
            const rows = ['S' + '.'.repeat(step.length) + 'E'];
            expectSync((step.byReader ? reader : other).load(step.id, rows));
          } else if (step.kind === 'delete') {
            expectSync((step.byReader ? reader : other).delete(step.id));
          } else {
            const levels =
              step.kind === 'getMany'
                ? expectSync(reader.getMany(step.asked))
                : expectSync(reader.list(step.after, step.limit));
            const truth =
              step.kind === 'getMany'
                ? store.getMany(step.asked)
                : store.list(step.after, step.limit);
            expect(levels).toEqual(truth);
            for (const level of levels) {
              if (level) expect(reader.answers(level).get('steps')).toBe(level.rows[0].length - 1);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('Lru', () => {
  it('drops the least recently used entries past the count or the weight limit', () => {
    const memo = new Lru<string>(3, 10);
    memo.set('a', 'A', 2);
    memo.set('b', 'B', 2);
    memo.set('c', 'C', 2);
    expect(memo.get('a')).toBe('A'); // a is now the most recent
    memo.set('d', 'D', 2); // over the count: b goes
    expect(memo.get('b')).toBeUndefined();
    expect([memo.size, memo.weight]).toEqual([3, 6]);
    memo.set('e', 'E', 7); // weight 13 > 10: the oldest (c, then a) go until it fits
    expect([memo.get('c'), memo.get('a'), memo.get('d'), memo.get('e')]).toEqual([
      undefined,
      undefined,
      'D',
      'E',
    ]);
    expect([memo.size, memo.weight]).toEqual([2, 9]);
    memo.set('huge', 'H', 100); // alone over the limit: kept, it is what was just asked for
    expect(memo.get('huge')).toBe('H');
    expect(memo.size).toBe(1);
  });

  it('has() answers without counting as a use', () => {
    const memo = new Lru<string>(2, 10);
    memo.set('a', 'A');
    memo.set('b', 'B');
    expect([memo.has('a'), memo.has('c')]).toEqual([true, false]);
    memo.set('c', 'C'); // over the count: a is still the oldest, has() did not refresh it
    expect([memo.has('a'), memo.has('b'), memo.has('c')]).toEqual([false, true, true]);
  });
});

describe('LevelService: generated and imported levels', () => {
  it('importMaze stores the hex file as a level; a bad file changes nothing', () => {
    const s = service();
    const text = 'D3\nD6\n\n0,0\n1,1\nES\n';
    const imported = expectSync(s.importMaze('m', text));
    expect(imported).toEqual({
      ok: true,
      value: {
        level: {
          id: 'm',
          version: 1,
          rows: ['#####', '#S..#', '###.#', '#..E#', '#####'],
          name: null,
          tags: [],
          savedAt: expect.any(String),
        },
        warnings: [],
      },
    });
    const bad = expectSync(s.importMaze('m', 'D3\nDZ\n\n0,0\n1,1\nES\n'));
    expect(bad).toEqual({
      ok: false,
      error: {
        code: 'BAD_DIGIT',
        message: 'line 2, column 2: "Z" is not a hex digit (cell (1,1))',
        row: 1,
        col: 1,
      },
    });
    expect(expectSync(s.get('m'))?.version).toBe(1);
    expect(s.answers(expectSync(s.get('m'))!).get('steps')).toBe(4);
  });

  it('exports a wall maze as hex once per version, and null for other levels', () => {
    const s = service();
    const maze = expectSync(s.importMaze('m', 'D3\nD6\n\n0,0\n1,1\nES\n'));
    if (!maze.ok) throw new Error(maze.error.message);
    const exported = s.answers(maze.value.level).get('maze');
    expect(exported).toEqual({
      text: 'D3\nD6\n\n0,0\n1,1\nES\n',
      rows: ['D3', 'D6'],
      entry: { x: 0, y: 0 },
      exit: { x: 1, y: 1 },
      path: 'ES',
    });
    expect(s.answers(maze.value.level).get('maze')).toBe(exported); // memoised, not exported again
    const plain = expectSync(s.load('p', ['S.E']));
    if (!plain.ok) throw new Error('load failed');
    expect(s.answers(plain.value).get('maze')).toBeNull();
  });

  it('a configured size limit below the generated size is a client error', () => {
    const s = new LevelService(new MemoryLevelStore(), { limits: { maxRows: 9, maxCols: 9 } });
    expect(expectSync(s.generate('g', { width: 4, height: 4, seed: 1 })).ok).toBe(true);
    expect(expectSync(s.generate('g', { width: 5, height: 4, seed: 1 }))).toEqual({
      ok: false,
      error: {
        code: 'LEVEL_TOO_LARGE',
        message: 'level too large (max 9x9)',
        row: null,
        col: null,
      },
    });
    expect(expectSync(s.get('g'))?.version).toBe(1);
  });
});
