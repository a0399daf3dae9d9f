import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playCrusadeLevel } from '../../src/engine/crusade/play.js';
import { makeApp, post } from './helpers.js';

const PLAN = `query ($level: String!) {
  crusadePlan(level: $level) {
    __typename
    ... on CrusadePlan { outcome reason turns { turn command indy { x y pos } } slowestTurnMs }
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
      if ('error' in engine) throw new Error(engine.error);
      const plan = body.data!.crusadePlan as { slowestTurnMs: number };
      expect(plan).toEqual({
        __typename: 'CrusadePlan',
        outcome: 'WON',
        reason: null,
        turns: engine.turns,
        slowestTurnMs: expect.any(Number),
      });
      expect(engine.outcome).toBe('WON');
      expect(plan.slowestTurnMs).toBeGreaterThanOrEqual(0);
      expect(plan.slowestTurnMs).toBeLessThan(150);
    },
  );

  it('answers a CrusadeLevelError with the engine text for a bad level', async () => {
    const { app } = makeApp();
    const engine = playCrusadeLevel('garbage', () => 0);
    expect('error' in engine).toBe(true);
    expect((await post(app, PLAN, { level: 'garbage' })).body).toEqual({
      data: {
        crusadePlan: {
          __typename: 'CrusadeLevelError',
          message: 'error' in engine && engine.error,
        },
      },
    });
  });
});
