// `labyrinth generate` as a user runs it (npm test builds dist/ first).
import { describe, expect, it } from 'vitest';
import { generateLevel, type GenerationInput } from '../../src/engine/generation/generate.js';
import { exportHexMaze } from '../../src/engine/maze-format/hex.js';
import { runBuiltCli } from '../support/cli.js';

const rowsOf = (input: GenerationInput): string[] => {
  const result = generateLevel(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.rows;
};

describe('labyrinth generate', () => {
  it('prints the rows of the level', async () => {
    expect(await runBuiltCli(['generate', '--width', '8', '--height', '5', '--seed', '1'])).toEqual(
      {
        code: 0,
        stdout: `${rowsOf({ width: 8, height: 5, seed: 1 }).join('\n')}\n`,
        stderr: '',
      },
    );
  });

  it('passes every option, in both --name value and --name=value forms', async () => {
    const result = await runBuiltCli([
      'generate',
      '--width=10',
      '--height',
      '9',
      '--seed=99',
      '--algorithm',
      'prim',
      '--shape=imperfect',
      '--pattern42',
      '--entry',
      '0,8',
      '--exit=9,0',
      '--terrain',
      '0.1',
      '--gates',
      '3',
      '--keys=2',
    ]);
    const rows = rowsOf({
      width: 10,
      height: 9,
      seed: 99,
      options: {
        algorithm: 'prim',
        shape: 'imperfect',
        pattern42: true,
        entry: { x: 0, y: 8 },
        exit: { x: 9, y: 0 },
        terrain: 0.1,
        gates: 3,
        keys: 2,
      },
    });
    expect(result).toEqual({ code: 0, stdout: `${rows.join('\n')}\n`, stderr: '' });
  });

  it('draws the solution with --solution', async () => {
    const result = await runBuiltCli([
      'generate',
      '--width',
      '4',
      '--height',
      '3',
      '--seed',
      '5',
      '--solution',
    ]);
    expect(rowsOf({ width: 4, height: 3, seed: 5 })).toEqual([
      '#########',
      '#S......#',
      '#.#####.#',
      '#.....#.#',
      '#.#####.#',
      '#.#....E#',
      '#########',
    ]);
    expect(result).toEqual({
      code: 0,
      stdout: '#########\n#S******#\n#.#####*#\n#.....#*#\n#.#####*#\n#.#....E#\n#########\n',
      stderr: '',
    });
  });

  it('prints the hex file with --hex', async () => {
    const result = await runBuiltCli([
      'generate',
      '--width',
      '8',
      '--height',
      '5',
      '--seed',
      '1',
      '--hex',
    ]);
    expect(result.stdout).toBe(exportHexMaze(rowsOf({ width: 8, height: 5, seed: 1 }))!.text);
  });

  it('prints warnings on stderr', async () => {
    const result = await runBuiltCli([
      'generate',
      '--width',
      '3',
      '--height',
      '3',
      '--seed',
      '1',
      '--pattern42',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'labyrinth generate: warning: pattern42: a 3x3 maze is too small for the 42 pattern (it needs at least 9x7 cells), generated without it\n',
    );
  });

  it.each([
    [['--width', '8', '--height', '5'], 'missing --seed (see labyrinth generate --help)'],
    [
      ['--width', '0', '--height', '5', '--seed', '1'],
      'width must be an integer from 1 to 250, got 0',
    ],
    [
      ['--width', 'ten', '--height', '5', '--seed', '1'],
      'width must be an integer from 1 to 250, got "ten"',
    ],
    [
      ['--width', '8', '--height', '5', '--seed', '1.5'],
      'seed must be an integer from 0 to 4294967295, got 1.5',
    ],
    [
      ['--width', '8', '--height', '5', '--seed', '1', '--shape', 'oval'],
      'shape must be one of perfect, imperfect, braid, got "oval"',
    ],
    [
      ['--width', '8', '--height', '5', '--seed', '1', '--entry', '1'],
      "--entry must be X,Y (two integers), got '1'",
    ],
    [
      ['--width', '8', '--height', '5', '--seed', '1', '--keys', '9'],
      'keys must be an integer from 0 to 4, got 9',
    ],
    [
      ['--width', '8', '--height', '5', '--seed', '1', '--colour', 'red'],
      "unknown option '--colour' (options of labyrinth generate: --width, --height, --seed, --algorithm, --shape, --pattern42, --entry, --exit, --terrain, --gates, --keys, --solution, --hex, --json, --help)",
    ],
    [['--width', '8', '--height', '5', '--seed'], '--seed needs a value'],
    [['--width', '8', '--width', '5'], '--width given twice'],
    [['8', '5'], "unexpected argument '8' (see labyrinth generate --help)"],
    [
      ['--width', '8', '--height', '5', '--seed', '1', '--hex', '--solution'],
      '--solution and --hex print different things: pick one',
    ],
  ])('rejects %j with one line on stderr and exit 1', async (args, message) => {
    expect(await runBuiltCli(['generate', ...args])).toEqual({
      code: 1,
      stdout: '',
      stderr: `labyrinth generate: ${message}\n`,
    });
  });

  it('prints its options with --help', async () => {
    const result = await runBuiltCli(['generate', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^usage: labyrinth generate --width W --height H --seed N \[options\]\n/,
    );
    expect(result.stdout).toContain('--keys N');
  });
});
