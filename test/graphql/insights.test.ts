// The designers' insights (docs/graphql.md): unreachable, neededKeys, deadEnds, shortestWalks
// on Level and LevelDraft, exactly as run() gives them and as the deliberately simple references
// of test/support give them on random levels, from one search per version, priced.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WALK_COUNT_LIMIT } from '../../src/engine/search/reach.js';
import { run } from '../../src/service/run.js';
import { randomLevel } from '../support/random-levels.js';
import {
  referenceDeadEnds,
  referenceNeededKeys,
  referenceShortestWalks,
  referenceUnreachable,
} from '../support/reference-insights.js';
import { makeApp, post } from './helpers.js';

const INSIGHTS = 'unreachable { row col } neededKeys deadEnds shortestWalks';
/** A key to fetch (two ways to it, two from it to its door), a dead end behind E. */
const KEYED = ['.a.', 'S.A', '##E', '##.'];

describe('insights on Level and LevelDraft', () => {
  it('answers them exactly, the same as run()', async () => {
    const { app, service } = makeApp();
    await service.load('k', KEYED);
    const expected = {
      unreachable: [{ row: 3, col: 2 }],
      neededKeys: ['a'],
      deadEnds: 1,
      shortestWalks: 4,
    };
    expect((await post(app, `{ level(id: "k") { ${INSIGHTS} } }`)).body).toEqual({
      data: { level: expected },
    });
    expect(
      (
        await post(
          app,
          `query ($rows: [String!]!) { checkLevel(rows: $rows) { ... on LevelDraft { ${INSIGHTS} } } }`,
          { rows: KEYED },
        )
      ).body,
    ).toEqual({ data: { checkLevel: expected } });
    const [, ...viaRun] = run([
      ['load', 'k', KEYED],
      ['unreachable', 'k'],
      ['neededKeys', 'k'],
      ['deadEnds', 'k'],
      ['shortestWalks', 'k'],
    ]);
    expect(viaRun).toEqual([
      expected.unreachable.map(({ row, col }) => [row, col]),
      expected.neededKeys,
      expected.deadEnds,
      expected.shortestWalks,
    ]);
  });

  it('when E cannot be reached: E is unreachable, no key is needed, shortestWalks is null', async () => {
    const { app, service } = makeApp();
    await service.load('shut', ['S#E', 'a#A']);
    expect((await post(app, `{ level(id: "shut") { steps ${INSIGHTS} } }`)).body).toEqual({
      data: {
        level: {
          steps: null,
          unreachable: [
            { row: 0, col: 2 },
            { row: 1, col: 2 },
          ],
          neededKeys: [],
          deadEnds: 2,
          shortestWalks: null,
        },
      },
    });
  });

  it('makes the three answers of the search with one search per version, and remembers them', async () => {
    const { app, service } = makeApp();
    await service.load('k', KEYED);
    await post(app, '{ level(id: "k") { unreachable { row } } }');
    await post(app, `{ level(id: "k") { ${INSIGHTS} } a: level(id: "k") { shortestWalks } }`);
    expect(service.stats).toEqual({ fewestStepsRuns: 0, cheapestRuns: 0, reachRuns: 1 });
    // A new version is searched again; its draft, checked first, brings its answers along.
    const rows = ['S.E'];
    await post(
      app,
      'query ($rows: [String!]!) { checkLevel(rows: $rows) { ... on LevelDraft { neededKeys } } }',
      { rows },
    );
    await service.load('k', rows);
    expect((await post(app, '{ level(id: "k") { version shortestWalks } }')).body).toEqual({
      data: { level: { version: 2, shortestWalks: 1 } },
    });
    expect(service.stats.reachRuns).toBe(2);
  });

  it('prices the search at its states, dead ends too (it counts them), before anything runs', async () => {
    // 12 cells x 2 key layers (a opens A) = 24 states.
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 23, maxResponseBytes: 1e9 } },
    });
    await service.load('k', KEYED);
    for (const field of ['shortestWalks', 'deadEnds']) {
      const refused = await post(app, `{ level(id: "k") { ${field} } }`);
      expect(refused.body.errors?.[0].extensions).toEqual({
        code: 'TOO_EXPENSIVE',
        cost: 24,
        limit: 23,
        budget: 'SOLVE',
      });
    }
    expect(service.stats.reachRuns).toBe(0);
    // The four answers of one search are one search.
    const { app: roomy, service: roomyService } = makeApp({
      app: { budget: { maxSolveCost: 24, maxResponseBytes: 1e9 } },
    });
    await roomyService.load('k', KEYED);
    const { body } = await post(roomy, `{ level(id: "k") { ${INSIGHTS} } }`);
    expect(body).toEqual({
      data: {
        level: {
          unreachable: [{ row: 3, col: 2 }],
          neededKeys: ['a'],
          deadEnds: 1,
          shortestWalks: 4,
        },
      },
    });
    expect(roomyService.stats.reachRuns).toBe(1);
  });

  it('answers what the references answer on random levels, on Level and on LevelDraft', async () => {
    const { app, service } = makeApp();
    let id = 0;
    let nonTrivial = 0;
    await fc.assert(
      fc.asyncProperty(randomLevel(10), async (rows) => {
        const expected = {
          unreachable: referenceUnreachable(rows).map(([row, col]) => ({ row, col })),
          neededKeys: referenceNeededKeys(rows),
          deadEnds: referenceDeadEnds(rows),
          shortestWalks: referenceShortestWalks(rows, WALK_COUNT_LIMIT),
        };
        const name = `r${id++}`;
        await service.load(name, rows);
        const draft = await post(
          app,
          `query ($rows: [String!]!) { checkLevel(rows: $rows) { ... on LevelDraft { ${INSIGHTS} } } }`,
          { rows },
        );
        expect(draft.body).toEqual({ data: { checkLevel: expected } });
        const level = await post(app, `{ level(id: "${name}") { ${INSIGHTS} } }`);
        expect(level.body).toEqual({ data: { level: expected } });
        if (expected.neededKeys.length > 0 || expected.unreachable.length > 0) nonTrivial++;
      }),
      { numRuns: 300, seed: 20261201 },
    );
    expect(nonTrivial).toBeGreaterThan(50);
  });
});
