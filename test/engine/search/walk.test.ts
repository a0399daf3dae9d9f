// Walking a level move by move (docs/rules.md: walkLevel): exact examples of each rule, the
// letters and the limit, then the engine against the reference's moves on random walks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MOVE_LETTERS } from '../../../src/engine/level/glyphs.js';
import { toPositions } from '../../../src/engine/level/level.js';
import { parseLevel } from '../../../src/engine/level/parse.js';
import { fewestSteps } from '../../../src/engine/search/fewest-steps.js';
import { MAX_WALK_MOVES, parseMoves, walkLevel } from '../../../src/engine/search/walk.js';
import { randomLevel } from '../../support/random-levels.js';
import { referenceWalk } from '../../support/reference-insights.js';

function level(rows: string[]) {
  const result = parseLevel(rows);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function walk(rows: string[], moves: string) {
  const l = level(rows);
  const directions = parseMoves(moves);
  if (!directions.ok) throw new Error(directions.error.message);
  const { cells, keys, reachedExit, blockedAt } = walkLevel(l, directions.value);
  return { positions: toPositions(l, cells), keys, reachedExit, blockedAt };
}

describe('walkLevel, exactly', () => {
  it('walks the worked example to E', () => {
    expect(walk(['S.#', '...', '#.E'], 'RDRD')).toEqual({
      positions: [
        [0, 0],
        [0, 1],
        [1, 1],
        [1, 2],
        [2, 2],
      ],
      keys: [],
      reachedExit: true,
      blockedAt: null,
    });
  });

  it('stops before a move into a wall or off the map, at that move', () => {
    expect(walk(['S.#', '...', '#.E'], 'RRD')).toEqual({
      positions: [
        [0, 0],
        [0, 1],
      ],
      keys: [],
      reachedExit: false,
      blockedAt: 1,
    });
    expect(walk(['SE'], 'U')).toMatchObject({ positions: [[0, 0]], blockedAt: 0 });
    expect(walk(['SE'], 'L')).toMatchObject({ positions: [[0, 0]], blockedAt: 0 });
  });

  it('picks keys up for good, opens their doors, and holds keys without a door too', () => {
    expect(walk(['S.a', '#A#', '#E#'], 'DRRLDD')).toMatchObject({ blockedAt: 0 });
    expect(walk(['S.a', '#A#', '#E#'], 'RRLDD')).toEqual({
      positions: [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 1],
        [1, 1],
        [2, 1],
      ],
      keys: ['a'],
      reachedExit: true,
      blockedAt: null,
    });
    expect(walk(['SdbE'], 'RR')).toMatchObject({ keys: ['b', 'd'], reachedExit: false });
    // Without its key the door is a wall: the walk stops in front of it.
    expect(walk(['SAE'], 'RR')).toMatchObject({ positions: [[0, 0]], keys: [], blockedAt: 0 });
  });

  it('enters a gate only along its arrow, and leaves it any way', () => {
    expect(walk(['S>#', '#E#'], 'RD')).toMatchObject({ reachedExit: true, blockedAt: null });
    expect(walk(['S<E'], 'R')).toMatchObject({ blockedAt: 0 });
    expect(walk(['.v.', 'S.E'], 'URDR')).toMatchObject({ blockedAt: 1 });
  });

  it('ends at E: the moves after it are ignored, a wall among them too', () => {
    expect(walk(['SE#'], 'RRRL')).toEqual({
      positions: [
        [0, 0],
        [0, 1],
      ],
      keys: [],
      reachedExit: true,
      blockedAt: null,
    });
  });

  it('no moves: standing on S', () => {
    expect(walk(['S.E'], '')).toEqual({
      positions: [[0, 0]],
      keys: [],
      reachedExit: false,
      blockedAt: null,
    });
  });

  it('takes the letters U R D L only, and at most 100000 of them', () => {
    expect(MAX_WALK_MOVES).toBe(100_000);
    expect(parseMoves('RDx')).toEqual({
      ok: false,
      error: {
        code: 'UNKNOWN_MOVE',
        message: 'moves may only hold the letters U, R, D and L: "x" at index 2',
        row: null,
        col: null,
      },
    });
    expect(parseMoves('r')).toMatchObject({ error: { message: expect.stringContaining('"r"') } });
    expect(parseMoves('R😀')).toMatchObject({
      error: { message: 'moves may only hold the letters U, R, D and L: "😀" at index 1' },
    });
    expect(parseMoves('U'.repeat(MAX_WALK_MOVES)).ok).toBe(true);
    expect(parseMoves('U'.repeat(MAX_WALK_MOVES + 1))).toEqual({
      ok: false,
      error: {
        code: 'MOVES_TOO_LONG',
        message: 'moves has 100001 letters, more than the limit of 100000',
        row: null,
        col: null,
      },
    });
  });

  it('walks 100000 moves back and forth', () => {
    const result = walk(['S.', '..', '.E'], 'RL'.repeat(MAX_WALK_MOVES / 2));
    expect(result.positions).toHaveLength(MAX_WALK_MOVES + 1);
    expect(result.positions.at(-1)).toEqual([0, 0]);
  });
});

describe('walkLevel against the reference', () => {
  it('agrees on 5,000 random walks of random levels', () => {
    let blocked = 0;
    let exits = 0;
    fc.assert(
      fc.property(
        randomLevel(10),
        fc.array(fc.constantFrom(...MOVE_LETTERS), { maxLength: 40 }).map((m) => m.join('')),
        (rows, moves) => {
          const actual = walk(rows, moves);
          expect(actual).toEqual(referenceWalk(rows, moves));
          if (actual.blockedAt !== null) blocked++;
          if (actual.reachedExit) exits++;
        },
      ),
      { numRuns: 5_000, seed: 20261201 },
    );
    expect(blocked).toBeGreaterThan(1_000);
    expect(exits).toBeGreaterThan(100);
  });

  it('walking the path of steps reaches E in steps moves', () => {
    fc.assert(
      fc.property(randomLevel(12), (rows) => {
        const l = level(rows);
        const route = fewestSteps(l);
        if (route === null) return;
        const positions = toPositions(l, route.cells);
        const moves = positions
          .slice(1)
          .map(([r, c], i) => {
            const [pr, pc] = positions[i];
            return MOVE_LETTERS[r < pr ? 0 : c > pc ? 1 : r > pr ? 2 : 3];
          })
          .join('');
        expect(walk(rows, moves)).toMatchObject({ positions, reachedExit: true, blockedAt: null });
      }),
      { numRuns: 2_000 },
    );
  });
});
