// docs/generation.md shows a picture for the defaults and for every algorithm, shape and
// option. That each picture is what `labyrinth generate` prints is checked with every other
// docs example (test/docs/examples.test.ts); this checks that none is missing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, OPTION_NAMES, SHAPES } from '../../../src/engine/generation/options.js';

const doc = readFileSync(new URL('../../../docs/generation.md', import.meta.url), 'utf8');
const PROMPT = '$ npm run --silent labyrinth -- generate ';

describe('docs/generation.md', () => {
  it('has a picture for the defaults, every algorithm, shape and option', () => {
    const commands = doc
      .split('\n')
      .filter((line) => line.startsWith(PROMPT))
      .join('\n');
    for (const needle of [
      `${PROMPT}--width 8 --height 5 --seed 1 --solution`,
      ...ALGORITHMS.map((name) => `--algorithm ${name}`),
      ...SHAPES.map((name) => `--shape ${name}`),
      ...OPTION_NAMES.map((name) => `--${name}`),
      '--hex',
      '--json',
    ]) {
      expect(commands).toContain(needle);
    }
  });
});
