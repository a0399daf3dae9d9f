// The pictures in docs/generation.md are what `labyrinth generate` prints today: run each
// documented command in-process and compare, so the documentation can't go stale.
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { generateCommand } from '../../../src/cli/generate.js';
import { ALGORITHMS, OPTION_NAMES, SHAPES } from '../../../src/engine/generation/options.js';

const doc = readFileSync(new URL('../../../docs/generation.md', import.meta.url), 'utf8');
const PROMPT = '$ npm run --silent labyrinth -- generate ';

async function generate(args: string[]): Promise<string> {
  const stdout = new PassThrough();
  const chunks: string[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const io = { stdin: new PassThrough(), stdout, stderr: new PassThrough() };
  expect(await generateCommand.run(args, io)).toBe(0);
  return chunks.join('');
}

/** Code blocks that start with a `generate` command line. */
const examples = doc
  .split('```')
  .filter((_, index) => index % 2 === 1)
  .map((block) => block.replace(/^\n/, '').split('\n'))
  .filter((lines) => lines[0].startsWith(PROMPT));

describe('docs/generation.md', () => {
  it('has a picture for the defaults, every algorithm, shape and option', () => {
    const commands = examples.map((lines) => lines[0]).join('\n');
    for (const needle of [
      ...ALGORITHMS.map((name) => `--algorithm ${name}`),
      ...SHAPES.map((name) => `--shape ${name}`),
      ...OPTION_NAMES.map((name) => `--${name}`),
      '--hex',
    ]) {
      expect(commands).toContain(needle);
    }
  });

  it.each(examples.map((lines) => [lines[0].slice(PROMPT.length), lines]))(
    'shows what `generate %s` prints',
    async (command, lines) => {
      const args = (command as string).split(' ');
      const printed = await generate(args);
      if (args.includes('--hex')) {
        expect(`${(lines as string[]).slice(1).join('\n').trim()}\n`).toBe(printed);
        return;
      }
      const level = printed.trimEnd().split('\n');
      const solution = (await generate([...args, '--solution'])).trimEnd().split('\n');
      const pictures = (lines as string[]).slice(3).filter((line) => line !== '');
      expect(pictures).toEqual(level.map((row, index) => `${row}    ${solution[index]}`));
    },
  );
});
