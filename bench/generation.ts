// Generation speed: one 150x150-cell maze (301x301 glyphs) per run, for every algorithm and
// shape, through the public generateLevel (so rows are included). Goal: under 50 ms each.
// Then the carving steps (docs/generation.md): a 250x250 maze generated without recording
// (generateLevel) and with it (generateCarving, plus the steps as text), in turns, per algorithm.
import { performance } from 'node:perf_hooks';
import {
  ALGORITHMS,
  SHAPES,
  encodeSteps,
  generateCarving,
  generateLevel,
} from '../src/engine/generation/generate.js';
import { median } from './support.js';

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
  runCarvingBench();
}

const CARVING_SIZE = 250;
const CARVING_RUNS = 9;

/** Recording off must cost nothing: generateLevel against generateCarving on the same seeds. */
function runCarvingBench(): void {
  console.log(
    `\nCarving steps: ${CARVING_SIZE}x${CARVING_SIZE} cells, perfect, median of ${CARVING_RUNS} ` +
      'seeds, ms (the two in turns on each seed); steps as text: 3 characters a step',
  );
  console.log(
    ['algorithm'.padEnd(15), 'generateLevel', 'with steps', 'ratio', 'steps', 'text KB']
      .map((cell, i) => (i === 0 ? cell : cell.padStart(14)))
      .join(''),
  );
  const input = (algorithm: string, seed: number) => ({
    width: CARVING_SIZE,
    height: CARVING_SIZE,
    seed,
    options: { algorithm },
  });
  for (const algorithm of ALGORITHMS) {
    const plain: number[] = [];
    const recorded: number[] = [];
    let steps = 0;
    let textLength = 0;
    for (let seed = 0; seed < 2; seed++) {
      generateLevel(input(algorithm, seed));
      generateCarving(input(algorithm, seed));
    }
    for (let seed = 2000; seed < 2000 + CARVING_RUNS; seed++) {
      let start = performance.now();
      if (!generateLevel(input(algorithm, seed)).ok) throw new Error('carving bench: failed');
      plain.push(performance.now() - start);
      start = performance.now();
      const carved = generateCarving(input(algorithm, seed));
      if (!carved.ok) throw new Error('carving bench: failed');
      const text = encodeSteps(carved.value.steps);
      recorded.push(performance.now() - start);
      steps = carved.value.steps.length;
      textLength = text.length;
    }
    const off = median(plain);
    const on = median(recorded);
    console.log(
      [
        algorithm.padEnd(15),
        off.toFixed(1),
        on.toFixed(1),
        `${(on / off).toFixed(2)}x`,
        String(steps),
        (textLength / 1000).toFixed(1),
      ]
        .map((cell, i) => (i === 0 ? cell : cell.padStart(14)))
        .join(''),
    );
  }
}
