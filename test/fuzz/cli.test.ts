// The CLI under random input (fast-check), in process through `main(argv, io)`: level files
// for `solve`, batches for `run`, generation options for `generate`, configs for `maze`,
// puzzle files for `crusade`, and random arguments. Every run must end with exit code 0 or 1,
// an error as one line on stderr (never a stack trace), and no internal error.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { root } from '../support/server-process.js';

let scratch = '';
beforeAll(() => {
  // `maze` writes its OUTPUT_FILE in the current directory.
  scratch = mkdtempSync(join(tmpdir(), 'labyrinth-fuzz-cli-'));
  process.chdir(scratch);
});
afterAll(() => {
  process.chdir(root);
  rmSync(scratch, { recursive: true, force: true });
});

async function check(argv: readonly string[], stdin: string): Promise<void> {
  const result = await runCli(argv, stdin);
  const where = `labyrinth ${argv.join(' ').slice(0, 120)} <<< ${JSON.stringify(stdin.slice(0, 200))}\n${result.output.slice(0, 500)}`;
  expect([0, 1], where).toContain(result.code);
  expect(result.output, where).not.toMatch(/internal error|\n\s+at .*:\d+:\d+/);
  const errors = result.stderr
    .split('\n')
    .filter((line) => line !== '' && !line.includes(': warning: '));
  if (result.code === 1) {
    expect(errors.length, where).toBeGreaterThan(0);
  }
  for (const line of errors) expect(line, where).toMatch(/^labyrinth( [a-z]+)?: \S/);
}

/** Any string, lone surrogates and control characters included. */
const anyText = fc.string({ unit: 'binary', maxLength: 60 });
const glyphs = fc.stringMatching(/^[#.SE1-9<>^vabcdABCDx]{0,9}$/);
const levelFile = fc.oneof(
  fc.array(glyphs, { maxLength: 8 }).map((rows) => rows.join('\n')),
  anyText,
);
/** Text made from a real file by random edits. */
function edited(real: string, alphabet: RegExp): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.nat(), fc.nat({ max: 10 }), fc.stringMatching(alphabet)), { maxLength: 4 })
    .map((edits) =>
      edits.reduce((text, [at, cut, insert]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + cut);
      }, real),
    );
}
const value = fc.oneof(
  fc.integer({ min: -2, max: 25 }).map(String),
  fc.constantFrom('0', '251', '4294967296', '1e3', '1.5', '-0', '', 'x', 'NaN'),
  anyText,
);

const runBatch = fc.oneof(
  fc
    .array(
      fc.oneof(
        fc.tuple(
          fc.constantFrom(
            'load',
            'solve',
            'path',
            'render',
            'cheapest',
            'cheapestPath',
            'cheapestRender',
            'level',
            'generate',
            'teleport',
          ),
          fc.constantFrom('a', 'b'),
          fc.array(glyphs, { maxLength: 5 }),
        ),
        fc.tuple(
          fc.constant('generate'),
          fc.constant('a'),
          fc.integer({ min: -1, max: 20 }),
          fc.integer({ min: -1, max: 20 }),
          fc.integer({ min: -1, max: 100 }),
          fc.jsonValue(),
        ),
        fc.jsonValue(),
      ),
      { maxLength: 8 },
    )
    .map((ops) => JSON.stringify(ops)),
  fc.jsonValue().map((ops) => JSON.stringify({ ops })),
  anyText,
);

const generateArgs = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom(
          '--width',
          '--height',
          '--seed',
          '--algorithm',
          '--shape',
          '--terrain',
          '--gates',
          '--keys',
          '--entry',
          '--exit',
          '--pattern42',
          '--nope',
        ),
        value,
      ),
      { maxLength: 6 },
    ),
    fc.subarray(['--solution', '--hex', '--json']),
  )
  .map(([pairs, flags]) => [...pairs.flat(), ...flags]);

const MAZE_KEYS = [
  'WIDTH',
  'HEIGHT',
  'ENTRY',
  'EXIT',
  'PERFECT',
  'SEED',
  'ALGORITHM',
  'SHAPE',
  'PATTERN',
  'COLOUR',
];
const MAZE_CONFIG = readFileSync(join(root, 'examples/maze.config'), 'utf8');
const mazeConfigFromKeys = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom(...MAZE_KEYS),
        fc.oneof(value, fc.constantFrom('True', 'False', '0,0', '3,2', 'prim', 'braid')),
      ),
    ),
    fc.boolean(),
    // Random lines never name OUTPUT_FILE: the file is always out.txt, in the scratch directory.
    fc.array(
      anyText.filter((line) => !/output/i.test(line)),
      { maxLength: 2 },
    ),
  )
  .map(([pairs, output, noise]) =>
    [
      ...pairs.map(([key, v]) => `${key}=${v}`),
      ...(output ? ['OUTPUT_FILE=out.txt'] : []),
      ...noise,
    ].join('\n'),
  );

// Edits without '/' or '.' keep OUTPUT_FILE a name in the scratch directory.
const mazeConfig = fc.oneof(edited(MAZE_CONFIG, /^[A-Za-z0-9=,#\n ]{0,8}$/), mazeConfigFromKeys);

const CRUSADE_INPUT = readFileSync(join(root, 'examples/crusade-input.txt'), 'utf8');
const puzzleInput = fc.oneof(edited(CRUSADE_INPUT, /^[-0-9A-Z\n ]{0,12}$/), anyText);

const COMMANDS = ['solve', 'run', 'generate', 'maze', 'crusade', 'help', '--help', 'nope'];

describe('the CLI under random input', () => {
  it('solve: random level files', async () => {
    await fc.assert(
      fc.asyncProperty(levelFile, fc.subarray(['--cheapest', '--json']), (level, flags) =>
        check(['solve', ...flags, '-'], level),
      ),
      { numRuns: 80 },
    );
  });

  it('run: random batches', async () => {
    await fc.assert(
      fc.asyncProperty(runBatch, (batch) => check(['run', '-'], batch)),
      {
        numRuns: 80,
      },
    );
  });

  it('generate: random options', async () => {
    await fc.assert(
      fc.asyncProperty(generateArgs, (args) => check(['generate', ...args], '')),
      {
        numRuns: 80,
      },
    );
  });

  it('maze: random configs', async () => {
    await fc.assert(
      fc.asyncProperty(mazeConfig, (config) => check(['maze', '-'], config)),
      {
        numRuns: 60,
      },
    );
  });

  it('crusade: random puzzle files and turns', async () => {
    await fc.assert(
      fc.asyncProperty(puzzleInput, (input) => check(['crusade'], input)),
      {
        numRuns: 40,
      },
    );
  });

  it('any command with random arguments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...COMMANDS),
        fc.array(anyText, { maxLength: 3 }),
        anyText,
        (command, args, stdin) =>
          // `maze FILE` and `run FILE` only read FILE; `serve` is left out (it would serve).
          check([command, ...args], stdin),
      ),
      { numRuns: 60 },
    );
  });
});
