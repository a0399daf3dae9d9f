// Generation speed: one 150x150-cell maze (301x301 glyphs) per run, for every algorithm and
// shape, through the public generateLevel (so rows are included). Goal: under 50 ms each.
import { performance } from 'node:perf_hooks';
import { ALGORITHMS, SHAPES, generateLevel } from '../src/engine/generation/generate.js';

const SIZE = 150;
const WARM_UP_RUNS = 3;
const TIMED_RUNS = 15;
const GOAL_MS = 50;

function timeOne(algorithm: string, shape: string, seed: number): number {
  const start = performance.now();
  const result = generateLevel({ width: SIZE, height: SIZE, seed, options: { algorithm, shape } });
  const elapsed = performance.now() - start;
  if (!result.ok) throw new Error(`generation bench: ${result.error}`);
  return elapsed;
}

export async function runGenerationBench(): Promise<void> {
  console.log(
    `\nGeneration: ${SIZE}x${SIZE} cells (${2 * SIZE + 1}x${2 * SIZE + 1} glyphs), ` +
      `median (and slowest) of ${TIMED_RUNS} seeds, ms; goal < ${GOAL_MS} ms`,
  );
  console.log(['algorithm'.padEnd(15), ...SHAPES.map((shape) => shape.padStart(18))].join(''));
  let slowestMedian = 0;
  for (const algorithm of ALGORITHMS) {
    const cells: string[] = [];
    for (const shape of SHAPES) {
      for (let seed = 0; seed < WARM_UP_RUNS; seed++) timeOne(algorithm, shape, seed);
      const times: number[] = [];
      for (let seed = 1000; seed < 1000 + TIMED_RUNS; seed++) {
        times.push(timeOne(algorithm, shape, seed));
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      slowestMedian = Math.max(slowestMedian, median);
      cells.push(`${median.toFixed(1)} (${times[times.length - 1].toFixed(1)})`.padStart(18));
    }
    console.log([algorithm.padEnd(15), ...cells].join(''));
  }
  console.log(
    `slowest median ${slowestMedian.toFixed(1)} ms: ${slowestMedian < GOAL_MS ? 'within' : 'OVER'} the ${GOAL_MS} ms goal`,
  );
}
