// The insights of docs/rules.md (unreachable, neededKeys, shortestWalks and deadEnds from the
// engine's one search over every state, a key layer at a time; deadEnds also from the layout):
// exact examples, then the engine against the deliberately simple references of test/support on
// random levels.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countDeadEnds } from '../../../src/engine/level/dead-ends.js';
import { toPositions } from '../../../src/engine/level/level.js';
import { parseLevel } from '../../../src/engine/level/parse.js';
import { WALK_COUNT_LIMIT, reach } from '../../../src/engine/search/reach.js';
import { randomLevel } from '../../support/random-levels.js';
import {
  referenceDeadEnds,
  referenceNeededKeys,
  referenceShortestWalks,
  referenceUnreachable,
} from '../../support/reference-insights.js';

function level(rows: string[]) {
  const result = parseLevel(rows);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function insights(rows: string[]) {
  const l = level(rows);
  const { unreachable, neededKeys, shortestWalks, deadEnds } = reach(l);
  // The search counts dead ends as it goes; the rule on its own must agree.
  expect(deadEnds).toBe(countDeadEnds(l));
  return {
    unreachable: toPositions(l, unreachable),
    neededKeys,
    deadEnds,
    shortestWalks,
  };
}

const room = (side: number) => [
  'S' + '.'.repeat(side - 1),
  ...Array.from({ length: side - 2 }, () => '.'.repeat(side)),
  '.'.repeat(side - 1) + 'E',
];

describe('insights, exactly', () => {
  it('the worked example: everything reachable, no key, no dead end, four shortest walks', () => {
    expect(insights(['S.#', '...', '#.E'])).toEqual({
      unreachable: [],
      neededKeys: [],
      deadEnds: 0,
      shortestWalks: 4,
    });
  });

  it('E out of reach: E is unreachable, no key is needed, no walk is counted', () => {
    expect(insights(['S#E'])).toEqual({
      unreachable: [[0, 2]],
      neededKeys: [],
      deadEnds: 0,
      shortestWalks: null,
    });
  });

  it('nothing is reached through E, and S is never unreachable', () => {
    expect(insights(['SE.'])).toMatchObject({ unreachable: [[0, 2]], shortestWalks: 1 });
    expect(insights(['.#.', 'S#E']).unreachable).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it('a gate against every way in, and a door whose key is missing, are unreachable', () => {
    expect(insights(['S<E']).unreachable).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(insights(['S..E', '.A..'])).toMatchObject({ unreachable: [[1, 1]], neededKeys: [] });
  });

  it('a key is needed when no walk reaches E without opening one of its doors', () => {
    expect(insights(['S.a', '#A#', '#E#'])).toEqual({
      unreachable: [],
      neededKeys: ['a'],
      deadEnds: 1,
      shortestWalks: 1,
    });
    // Both keys, one after the other; a key without a door is never needed.
    expect(insights(['SaAbBE']).neededKeys).toEqual(['a', 'b']);
    expect(insights(['Sab', 'A##', 'E##']).neededKeys).toEqual(['a']);
  });

  it('a key on the only way is not needed when its door is not', () => {
    expect(insights(['SaE', '#A.'])).toMatchObject({ unreachable: [], neededKeys: [] });
  });

  it('two doors that are each a way to E: neither key is needed', () => {
    const rows = ['bS.a', 'A##B', '.##.', '..E.'];
    expect(insights(rows).neededKeys).toEqual([]);
    // Walled off on the B side, the A side's key is needed.
    expect(insights(['bS.a', 'A###', '.##.', '..E.']).neededKeys).toEqual(['a']);
  });

  it('a longer way round that skips the door frees the key, even found after the short way', () => {
    // BFS reaches the corridor of row 2 through A first; the way round (row 0, column 6) comes
    // back into it later without opening A, and that must still reach E.
    const rows = ['Sa.....', '#A####.', '.......', 'E######'];
    expect(insights(rows).neededKeys).toEqual([]);
    expect(referenceNeededKeys(rows)).toEqual([]);
    // Without the way round, the key is needed.
    expect(insights(['Sa.....', '#A####.', '......#', 'E######']).neededKeys).toEqual(['a']);
  });

  it('a room first entered through the door and then round it: every change is passed on', () => {
    // The door's side of the room is expanded with `a` needed before the way round (row 0,
    // then down the last column) gets there without opening A: the needs of thousands of
    // expanded states shrink after the fact, a worklist as long as the room.
    const n = 40;
    const rows = [
      'Sa' + '.'.repeat(n - 2),
      '#A' + '#'.repeat(n - 3) + '.',
      ...Array.from({ length: n - 3 }, () => '.'.repeat(n)),
      'E' + '#'.repeat(n - 1),
    ];
    expect(insights(rows).neededKeys).toEqual([]);
    expect(referenceNeededKeys(rows)).toEqual([]);
    const closed = rows.map((row, r) => (r === 1 ? row.slice(0, n - 1) + '#' : row));
    expect(insights(closed).neededKeys).toEqual(['a']);
    expect(referenceNeededKeys(closed)).toEqual(['a']);
  });

  it('the keys needed come in alphabetical order', () => {
    expect(insights(['SdcbaABCDE']).neededKeys).toEqual(['a', 'b', 'c', 'd']);
  });

  it('dead ends: one open neighbour inside the map; gates and doors are open; S and E never count', () => {
    expect(countDeadEnds(level(['S.>', 'E##']))).toBe(1);
    // An open cell with no open neighbour is not a dead end.
    expect(countDeadEnds(level(['S#.', 'E##']))).toBe(0);
    expect(countDeadEnds(level(['S', 'E']))).toBe(0);
    expect(countDeadEnds(level(['.S.', '#A#', '.E.']))).toBe(4);
  });

  it('shortest walks are counted exactly, and up to 1000000', () => {
    // An n x n room corner to corner: (2n-2 choose n-1) walks.
    expect(insights(room(10)).shortestWalks).toBe(48_620);
    expect(insights(room(11)).shortestWalks).toBe(184_756);
    expect(insights(room(15)).shortestWalks).toBe(WALK_COUNT_LIMIT);
    expect(WALK_COUNT_LIMIT).toBe(1_000_000);
    // Walks that come back for a key: two ways to a (up-right, right-up), two from a to A
    // (right-down, down-right), then down to E.
    expect(insights(['.a.', 'S.A', '##E'])).toMatchObject({ neededKeys: ['a'], shortestWalks: 4 });
  });
});

describe('insights against the references on random levels', () => {
  it('unreachable, neededKeys, deadEnds and shortestWalks agree on 10,000 levels', () => {
    let needed = 0;
    let counted = 0;
    let unreached = 0;
    fc.assert(
      fc.property(randomLevel(15), (rows) => {
        const actual = insights(rows);
        expect(actual).toEqual({
          unreachable: referenceUnreachable(rows),
          neededKeys: referenceNeededKeys(rows),
          deadEnds: referenceDeadEnds(rows),
          shortestWalks: referenceShortestWalks(rows, WALK_COUNT_LIMIT),
        });
        if (actual.neededKeys.length > 0) needed++;
        if ((actual.shortestWalks ?? 0) > 1) counted++;
        if (actual.unreachable.length > 0) unreached++;
      }),
      { numRuns: 10_000, seed: 20261130 },
    );
    // Each answer must be non-trivial often enough for the test to say something.
    expect(needed).toBeGreaterThan(300);
    expect(counted).toBeGreaterThan(1_000);
    expect(unreached).toBeGreaterThan(1_000);
  });
});
