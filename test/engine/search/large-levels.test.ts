// Big levels: the bench levels of test/fixtures/levels/ (300x300 with all four keys, a 299x299
// maze, terrain with keys) against the reference solver, and a 300x300 level built so its answer
// is known.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toPositions } from '../../../src/engine/level/level.js';
import { parseLevel } from '../../../src/engine/level/parse.js';
import { cheapestRoute } from '../../../src/engine/search/cheapest.js';
import { fewestSteps } from '../../../src/engine/search/fewest-steps.js';
import { referenceCheapest, referenceFewestSteps } from '../../support/reference-solver.js';

const benchLevel = (name: string): string[] =>
  readFileSync(new URL(`../../fixtures/levels/${name}.txt`, import.meta.url), 'utf8')
    .split('\n')
    .filter((row) => row.length > 0);

function parsed(rows: string[]) {
  const result = parseLevel(rows);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('large levels', () => {
  it('300x300 with all four keys and walls of doors: fewest steps and path match the reference', () => {
    const rows = benchLevel('keys300');
    expect(rows.length).toBe(300);
    expect(rows[0].length).toBe(300);
    for (const glyph of 'abcdAB') expect(rows.join('')).toContain(glyph);
    const level = parsed(rows);
    const route = fewestSteps(level)!;
    const expected = referenceFewestSteps(rows)!;
    expect(route.steps).toBe(expected.steps);
    expect(toPositions(level, route.cells)).toEqual(expected.path);
  });

  it('80x80 terrain with keys: cheapest and its path match the reference', () => {
    const rows = benchLevel('terrain80-keys');
    const level = parsed(rows);
    const route = cheapestRoute(level)!;
    const expected = referenceCheapest(rows)!;
    expect([route.cost, route.steps]).toEqual([expected.cost, expected.steps]);
    expect(toPositions(level, route.cells)).toEqual(expected.path);
  });

  it('a built 300x300 level that needs all four keys in turn has the computed answer', () => {
    // Row 0 is a corridor: S at the left end, then keys a..d spread out, E behind doors A..D
    // on the right, the rest walls. Walking right picks every key before its door.
    const width = 300;
    const corridor = ['S', ...'.'.repeat(width - 2), 'E'];
    corridor[50] = 'a';
    corridor[100] = 'b';
    corridor[150] = 'c';
    corridor[200] = 'd';
    corridor[250] = 'A';
    corridor[260] = 'B';
    corridor[270] = 'C';
    corridor[280] = 'D';
    const rows = [corridor.join(''), ...Array.from({ length: 299 }, () => '#'.repeat(width))];
    const level = parsed(rows);
    expect(fewestSteps(level)!.steps).toBe(299);
    expect(cheapestRoute(level)!.cost).toBe(299);
    // Swap a key behind its own door: unreachable.
    const locked = [...corridor];
    locked[50] = '.';
    locked[290] = 'a';
    const lockedLevel = parsed([locked.join(''), ...rows.slice(1)]);
    expect(fewestSteps(lockedLevel)).toBeNull();
    expect(cheapestRoute(lockedLevel)).toBeNull();
  });

  it('the 299x299 maze: fewest steps matches the reference', () => {
    const rows = benchLevel('maze299');
    const level = parsed(rows);
    expect(fewestSteps(level)!.steps).toBe(referenceFewestSteps(rows)!.steps);
  });

  it('the largest default level, 1000x1000 with all four keys, has the computed answer', () => {
    // Rows of doors A, B, C, D cross the whole map; the keys wait in the top-right corner and
    // E is bottom-left: S walks right to the keys (999 moves), then down and left (1998).
    const size = 1000;
    const rows = Array.from({ length: size }, () => '.'.repeat(size).split(''));
    rows[0][0] = 'S';
    rows[size - 1][0] = 'E';
    'dcba'.split('').forEach((key, i) => (rows[0][size - 4 + i] = key));
    'ABCD'.split('').forEach((door, i) => rows[200 * (i + 1)].fill(door));
    const level = parsed(rows.map((row) => row.join('')));
    expect(fewestSteps(level)!.steps).toBe(999 + 999 + 999);
    const cheapest = cheapestRoute(level)!;
    expect([cheapest.cost, cheapest.steps]).toEqual([2997, 2997]);
  });
});
