// Property tests: the engine against the simple reference solver on random levels.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPositions } from '../../../src/engine/level/level.js';
import { parseLevel } from '../../../src/engine/level/parse.js';
import { renderRoute } from '../../../src/engine/render.js';
import { cheapestRoute } from '../../../src/engine/search/cheapest.js';
import { fewestSteps } from '../../../src/engine/search/fewest-steps.js';
import { searchGridOf } from '../../../src/engine/search/search-grid.js';
import { WALLED_FILL, randomLevel } from '../../support/random-levels.js';
import {
  referenceCheapest,
  referenceFewestSteps,
  referenceRender,
} from '../../support/reference-solver.js';

function parsed(rows: string[]) {
  const result = parseLevel(rows);
  if (!result.ok) throw new Error(`generator made an invalid level: ${result.error.message}`);
  return result.value;
}

describe('engine against the reference solver on random levels', () => {
  it('fewest steps, path and render agree on 10,000 levels', () => {
    let reachable = 0;
    fc.assert(
      fc.property(randomLevel(15), (rows) => {
        const level = parsed(rows);
        const route = fewestSteps(level);
        const expected = referenceFewestSteps(rows);
        if (expected === null) {
          expect(route).toBeNull();
          return;
        }
        reachable++;
        expect(route).not.toBeNull();
        expect(route!.steps).toBe(expected.steps);
        expect(toPositions(level, route!.cells)).toEqual(expected.path);
        expect(renderRoute(level, route!.cells)).toEqual(referenceRender(rows, expected.path));
      }),
      { numRuns: 10_000, seed: 20261129 },
    );
    // The generator must produce a fair share of solvable levels, or the test says little.
    expect(reachable).toBeGreaterThan(2_000);
  });

  it('fewest steps and path agree on 5,000 walled levels (the search without branches)', () => {
    let reachable = 0;
    let branchFree = 0;
    fc.assert(
      fc.property(randomLevel(15, WALLED_FILL), (rows) => {
        const level = parsed(rows);
        const grid = searchGridOf(level);
        if (grid.layerCount === 1 && grid.walled) branchFree++;
        const route = fewestSteps(level);
        const expected = referenceFewestSteps(rows);
        if (expected === null) {
          expect(route).toBeNull();
          return;
        }
        reachable++;
        expect(route!.steps).toBe(expected.steps);
        expect(toPositions(level, route!.cells)).toEqual(expected.path);
      }),
      { numRuns: 5_000, seed: 20261207 },
    );
    // Most of them take the search without branches, and a fair share reach E.
    expect(branchFree).toBeGreaterThan(3_500);
    expect(reachable).toBeGreaterThan(1_000);
  });

  it('cheapest cost and cheapest path agree on 10,000 levels', () => {
    let reachable = 0;
    fc.assert(
      fc.property(randomLevel(15), (rows) => {
        const level = parsed(rows);
        const route = cheapestRoute(level);
        const expected = referenceCheapest(rows);
        if (expected === null) {
          expect(route).toBeNull();
          return;
        }
        reachable++;
        expect(route).not.toBeNull();
        expect(route!.cost).toBe(expected.cost);
        expect(route!.steps).toBe(expected.steps);
        expect(toPositions(level, route!.cells)).toEqual(expected.path);
      }),
      { numRuns: 10_000, seed: 1129 },
    );
    expect(reachable).toBeGreaterThan(2_000);
  });
});
