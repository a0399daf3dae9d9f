import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playCrusadeLevel } from '../../src/engine/crusade/play.js';
import { makeApp, post } from './helpers.js';

const PLAN = `query ($level: String!) {
  crusadePlan(level: $level) {
    __typename
    ... on CrusadePlan { outcome reason turns { turn command indy { x y pos } } slowestTurnMs }
    ... on CrusadeLevelError { code row col }
    ... on Error { message }
  }
}`;

const levelFile = (name: string) =>
  readFileSync(new URL(`../fixtures/crusade/${name}.in`, import.meta.url), 'utf8');

describe('crusadePlan', () => {
  it.each(['only_one_way', 'rocks_1', 'broken_well'])(
    'plays %s as the engine does',
    async (name) => {
      const { app } = makeApp();
      const text = levelFile(name);
      const { body } = await post(app, PLAN, { level: text });
      const engine = playCrusadeLevel(text, () => 0);
      if (!engine.ok) throw new Error(engine.error.message);
      const plan = body.data!.crusadePlan as { slowestTurnMs: number };
      expect(plan).toEqual({
        __typename: 'CrusadePlan',
        outcome: 'WON',
        reason: null,
        turns: engine.value.turns,
        slowestTurnMs: expect.any(Number),
      });
      expect(engine.value.outcome).toBe('WON');
      // Measured on the server; the 150 ms goal belongs to npm run bench -- crusade.
      expect(plan.slowestTurnMs).toBeGreaterThanOrEqual(0);
    },
  );

  it('answers a CrusadeLevelError with the engine text, code and line for a bad level', async () => {
    const { app } = makeApp();
    const engine = playCrusadeLevel('garbage', () => 0);
    expect(engine.ok).toBe(false);
    expect((await post(app, PLAN, { level: 'garbage' })).body).toEqual({
      data: {
        crusadePlan: {
          __typename: 'CrusadeLevelError',
          code: 'BAD_SIZE',
          row: 0,
          col: null,
          message: !engine.ok && engine.error.message,
        },
      },
    });
    const rockLine = [
      '5 3',
      '0 0 -3 0 0',
      '0 0 2 0 0',
      '0 0 -3 0 0',
      '2',
      '2 0 TOP',
      '1',
      '0 9 TOP 1',
    ];
    expect((await post(app, PLAN, { level: rockLine.join('\n') })).body).toEqual({
      data: {
        crusadePlan: {
          __typename: 'CrusadeLevelError',
          code: 'BAD_ROCK',
          row: 7,
          col: null,
          message: 'line 8: the rock\'s Y "9" is not a row from 0 to 2',
        },
      },
    });
  });
});
