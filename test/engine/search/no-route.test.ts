// Why there is no route (src/engine/search/no-route.ts): each reason on a level made for it,
// and on random levels: a reason exactly when E cannot be reached, its blockers gates and doors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../../src/engine/level/parse.js';
import { fewestSteps } from '../../../src/engine/search/fewest-steps.js';
import { whyNoRoute } from '../../../src/engine/search/no-route.js';
import { reach } from '../../../src/engine/search/reach.js';
import { randomLevel } from '../../support/random-levels.js';

function why(rows: string[]) {
  const level = parseLevel(rows);
  if (!level.ok) throw new Error(level.error.message);
  return whyNoRoute(rows, reach(level.value).unreachable);
}

describe('whyNoRoute', () => {
  it('answers null when E can be reached', () => {
    expect(why(['S.a', '##A', '..E'])).toBeNull();
  });

  it.each([
    ['walls', ['S#E'], 'WALLED_OFF', [], []],
    ['a door without its key', ['S.A.E'], 'KEY_MISSING', [[0, 2]], ['A']],
    ['a key behind its own door', ['SA.a', '####', 'E...'], 'KEY_BEHIND_ITS_DOOR', [[0, 1]], ['A']],
    // B's key is walled off: opening B would not reach it.
    ['a key out of reach', ['SB.A.E', '####.#', 'b#a...'], 'KEY_OUT_OF_REACH', [[0, 1]], ['B']],
    ['gates that point back', ['S<E'], 'ONE_WAY_GATES', [[0, 1]], []],
  ])('%s: %s', (_name, rows, reason, blockers, doors) => {
    const found = why(rows);
    expect(found).toMatchObject({ reason, blockers, doors });
    expect(found?.message).toMatch(/^E cannot be reached: /);
  });

  it('answers a reason exactly when there is no route, stopped only by gates and doors', () => {
    fc.assert(
      fc.property(randomLevel(10), (rows) => {
        const level = parseLevel(rows);
        if (!level.ok) return;
        const found = whyNoRoute(rows, reach(level.value).unreachable);
        expect(found === null).toBe(fewestSteps(level.value) !== null);
        for (const [row, col] of found?.blockers ?? []) {
          expect('^>v<ABCD').toContain(rows[row][col]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
