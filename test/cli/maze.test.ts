// `labyrinth maze CONFIG` as a user runs it (npm test builds dist/ first).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateLevel, type GenerationInput } from '../../src/engine/generation/generate.js';
import { exportHexMaze, importHexMaze } from '../../src/engine/maze-format/hex.js';
import { runBuiltCli } from '../support/cli.js';

const sampleConfig = fileURLToPath(new URL('../../examples/maze.config', import.meta.url));

const CONFIG = [
  '# a test maze',
  'WIDTH=12',
  'HEIGHT=9',
  'ENTRY=0,0',
  'EXIT=11,8   # bottom right',
  'OUTPUT_FILE=out.txt',
  'PERFECT=True',
  'SEED=7',
  'ALGORITHM=growing_tree',
  '',
];

/** Writes the config lines into a fresh directory; returns [directory, config path]. */
function setUp(lines: string[]): [string, string] {
  const dir = mkdtempSync(join(tmpdir(), 'labyrinth-maze-'));
  writeFileSync(join(dir, 'maze.config'), lines.join('\n'));
  return [dir, join(dir, 'maze.config')];
}

const hexOf = (input: GenerationInput): string => {
  const result = generateLevel(input);
  if (!result.ok) throw new Error(result.error.message);
  return exportHexMaze(result.value.rows)!.text;
};

describe('labyrinth maze', () => {
  it('writes the generated maze as a hex file, relative to the current directory', async () => {
    const [dir] = setUp(CONFIG);
    const result = await runBuiltCli(['maze', 'maze.config'], { cwd: dir });
    const text = readFileSync(join(dir, 'out.txt'), 'utf8');
    expect(text).toBe(
      hexOf({
        width: 12,
        height: 9,
        seed: 7,
        options: {
          algorithm: 'growing-tree',
          shape: 'perfect',
          pattern42: true,
          entry: { x: 0, y: 0 },
          exit: { x: 11, y: 8 },
        },
      }),
    );
    const path = text.trimEnd().split('\n').at(-1)!;
    expect(result).toEqual({
      code: 0,
      stdout: `wrote out.txt: 12x9 maze, shortest path ${path.length} moves\n`,
      stderr: '',
    });
    expect(importHexMaze(text)).toMatchObject({ ok: true, value: { warnings: [] } });
  });

  it('runs the sample config in examples/', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labyrinth-maze-'));
    const result = await runBuiltCli(['maze', sampleConfig], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const text = readFileSync(join(dir, 'maze.txt'), 'utf8');
    expect(
      text
        .split('\n')
        .slice(0, 15)
        .every((line) => /^[0-9A-F]{20}$/.test(line)),
    ).toBe(true);
    expect(text).toContain('FFF'); // the "42"
  });

  it('reads the config from stdin with "-", defaults SEED to 0, PERFECT=False to imperfect', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labyrinth-maze-'));
    const config = [
      'width=6',
      'height=5',
      'entry=0, 4',
      'exit=5,0',
      'output_file=o.txt',
      'perfect=false',
      'pattern=False',
    ];
    const result = await runBuiltCli(['maze', '-'], { cwd: dir, stdin: config.join('\r\n') });
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'o.txt'), 'utf8')).toBe(
      hexOf({
        width: 6,
        height: 5,
        seed: 0,
        options: { shape: 'imperfect', entry: { x: 0, y: 4 }, exit: { x: 5, y: 0 } },
      }),
    );
  });

  it('warns on stderr (exit 0) when the maze is too small for the "42"', async () => {
    const [dir] = setUp(
      CONFIG.map((line) => (line === 'WIDTH=12' ? 'WIDTH=8' : line)).map((line) =>
        line.startsWith('EXIT') ? 'EXIT=7,8' : line,
      ),
    );
    const result = await runBuiltCli(['maze', 'maze.config'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'labyrinth maze: warning: pattern42: a 8x9 maze is too small for the 42 pattern (it needs at least 9x7 cells), generated without it\n',
    );
  });

  const replace = (key: string, line: string | null): string[] => {
    const lines = CONFIG.filter((l) => !l.startsWith(`${key}=`));
    return line === null ? lines : [...lines, line];
  };

  it.each([
    [
      replace('WIDTH', null),
      'maze.config: missing WIDTH (required: WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT)',
    ],
    [
      replace('PERFECT', null).filter((l) => !l.startsWith('ENTRY')),
      'maze.config: missing ENTRY, PERFECT (required: WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT)',
    ],
    [
      replace('WIDTH', 'WIDTH=ten'),
      'maze.config line 10: WIDTH must be a whole number, found "ten"',
    ],
    [replace('WIDTH', 'WIDTH=0'), 'maze.config: width must be an integer from 1 to 250, got 0'],
    [
      replace('HEIGHT', 'HEIGHT=999'),
      'maze.config: height must be an integer from 1 to 250, got 999',
    ],
    [replace('SEED', 'SEED=-4'), 'maze.config line 10: SEED must be a whole number, found "-4"'],
    [
      replace('ENTRY', 'ENTRY=0;0'),
      'maze.config line 10: ENTRY must be "x,y" (two whole numbers), found "0;0"',
    ],
    [
      replace('EXIT', 'EXIT=12,8'),
      'maze.config: exit (12,8) is outside the 12x9 maze (x from 0 to 11, y from 0 to 8)',
    ],
    [
      replace('EXIT', 'EXIT=0,0'),
      'maze.config: entry and exit must be different cells, both are (0,0)',
    ],
    [replace('ENTRY', 'ENTRY=3,2'), 'maze.config: entry (3,2) is a cell of the 42 pattern'],
    [
      replace('PERFECT', 'PERFECT=maybe'),
      'maze.config line 10: PERFECT must be True or False, found "maybe"',
    ],
    [[...CONFIG, 'SHAPE=braid'], 'maze.config line 11: SHAPE=braid contradicts PERFECT=True'],
    [
      [...replace('PERFECT', 'PERFECT=False'), 'SHAPE=round'],
      'maze.config: shape must be one of perfect, imperfect, braid, got "round"',
    ],
    [
      replace('ALGORITHM', 'ALGORITHM=dfs'),
      'maze.config: algorithm must be one of backtracker, growing-tree, prim, kruskal, wilson, aldous-broder, hunt-and-kill, eller, sidewinder, binary-tree, got "dfs"',
    ],
    [
      [...CONFIG, 'COLOR=red'],
      'maze.config line 11: unknown key COLOR (keys: WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT, SEED, ALGORITHM, SHAPE, PATTERN)',
    ],
    [[...CONFIG, 'WIDTH=5'], 'maze.config line 11: WIDTH is already set on line 2'],
    [[...CONFIG, 'just text'], 'maze.config line 11: expected KEY=VALUE, found "just text"'],
    [
      replace('OUTPUT_FILE', 'OUTPUT_FILE=no/such/dir/out.txt'),
      'cannot write no/such/dir/out.txt: its directory does not exist (ENOENT)',
    ],
  ])('rejects a bad config with one line on stderr and exit 1: %#', async (lines, message) => {
    const [dir] = setUp(lines);
    expect(await runBuiltCli(['maze', 'maze.config'], { cwd: dir })).toEqual({
      code: 1,
      stdout: '',
      stderr: `labyrinth maze: ${message}\n`,
    });
  });

  it('reports a missing config file and a wrong argument count', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'labyrinth-maze-'));
    expect(await runBuiltCli(['maze', 'nope.config'], { cwd: dir })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'labyrinth maze: cannot read nope.config: no such file or directory (ENOENT)\n',
    });
    expect(await runBuiltCli(['maze'], { cwd: dir })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'labyrinth maze: expected one CONFIG ("-" reads stdin), got 0 (see labyrinth maze --help)\n',
    });
  });
});
