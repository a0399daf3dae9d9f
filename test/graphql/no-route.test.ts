// LevelAnswers.noRoute: why the answers about the walk from S to E are null, on a stored level
// and a draft alike, priced as the search it reads (`unreachable`'s).
import { describe, expect, it } from 'vitest';
import { makeApp, post } from './helpers.js';

const WHY = 'steps render cheapest noRoute { reason message blockers { row col } doors }';

describe('noRoute', () => {
  it('says why a stored level and a draft have no route, and is null when they have one', async () => {
    const { app, service } = makeApp();
    await service.load('shut', ['SA.a', '####', 'E...']);
    await service.load('open', ['S.E']);
    const { body } = await post(
      app,
      `{ shut: level(id: "shut") { ${WHY} } open: level(id: "open") { noRoute { reason } }
        draft: checkLevel(rows: ["S#E"]) { ... on LevelAnswers { ${WHY} } } }`,
    );
    expect(body).toEqual({
      data: {
        shut: {
          steps: null,
          render: null,
          cheapest: null,
          noRoute: {
            reason: 'KEY_BEHIND_ITS_DOOR',
            message: "E cannot be reached: the key 'a' is behind its own door A",
            blockers: [{ row: 0, col: 1 }],
            doors: ['A'],
          },
        },
        open: { noRoute: null },
        draft: {
          steps: null,
          render: null,
          cheapest: null,
          noRoute: {
            reason: 'WALLED_OFF',
            message: 'E cannot be reached: walls close every way from S to E',
            blockers: [],
            doors: [],
          },
        },
      },
    });
  });

  it('is priced as the search of unreachable: over the budget, nothing runs', async () => {
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 1, maxResponseBytes: 1e9 } },
    });
    await service.load('shut', ['S#E']);
    const { status, body } = await post(app, '{ level(id: "shut") { noRoute { reason } } }');
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions?.code).toBe('TOO_EXPENSIVE');
    expect(service.stats.reachRuns).toBe(0);
  });
});
