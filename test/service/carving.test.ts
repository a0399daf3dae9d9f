// carveLevel (src/service/carving.ts): the steps are what the budget priced them at most.
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, SHAPES, carveLevel, maxCarvingSteps } from '../../src/service/index.js';
import { DEFAULT_LEVEL_LIMITS } from '../../src/engine/level/parse.js';

describe('carveLevel', () => {
  it('records fewer steps than maxCarvingSteps prices, with room to spare', () => {
    let carved = 0;
    let seed = 0;
    for (const algorithm of ALGORITHMS) {
      for (const shape of SHAPES) {
        for (const [width, height, keys] of [
          [1, 2, 0],
          [2, 1, 0],
          [9, 7, 4],
          [24, 17, 2],
          [40, 9, 4],
        ]) {
          seed++;
          const options = { algorithm, shape, keys, pattern42: seed % 2 === 0 };
          const result = carveLevel({ width, height, seed, options }, DEFAULT_LEVEL_LIMITS);
          if (!result.ok) {
            // Only a maze too small for its doors may fail.
            expect(result.error.code).toBe('NO_ROOM');
            continue;
          }
          carved++;
          const { stepCount, steps } = result.value;
          expect(steps.length).toBe(3 * stepCount);
          // Measured at most 1.67 per cell; priced at 4.
          expect(stepCount).toBeLessThanOrEqual(2 * width * height);
          expect(stepCount).toBeLessThanOrEqual(maxCarvingSteps(width, height));
        }
      }
    }
    expect(carved).toBeGreaterThan(120);
  });
});
