// `labyrinth solve` and `generate --json`, in process (test/support/cli.ts).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeHexMaze } from '../../src/cli/solve.js';
import { run } from '../../src/service/run.js';
import { runCli } from '../support/cli.js';

const LEVEL = 'S..99..#\n.#.#.#.#\n.#a#.#.E\n.####..#\n.2..A...\n';
const ROWS = LEVEL.trimEnd().split('\n');

describe('labyrinth solve', () => {
  it('prints the fewest steps and the path drawn over the level', async () => {
    expect(await runCli(['solve', '-'], LEVEL)).toMatchObject({
      code: 0,
      stdout: 'steps: 9\nS******#\n.#.#.#*#\n.#a#.#*E\n.####..#\n.2..A...\n',
      stderr: '',
    });
  });

  it('prints the cheapest walk with --cheapest: its cost, its steps and the drawing', async () => {
    expect(await runCli(['solve', '--cheapest', '-'], LEVEL)).toMatchObject({
      code: 0,
      stdout: 'cheapest: 22 (21 steps)\nS**99..#\n*#*#.#.#\n*#*#.#*E\n*####**#\n******..\n',
      stderr: '',
    });
  });

  it('prints every answer with --json, the same values as run', async () => {
    const { code, stdout } = await runCli(['solve', '-', '--json'], LEVEL);
    expect(code).toBe(0);
    expect(stdout.endsWith('}\n') && !stdout.slice(0, -1).includes('\n')).toBe(true);
    const [, ...answers] = run([
      ['load', 'l', ROWS],
      ['solve', 'l'],
      ['path', 'l'],
      ['render', 'l'],
      ['cheapest', 'l'],
      ['cheapestPath', 'l'],
      ['cheapestRender', 'l'],
      ['moves', 'l'],
      ['cheapestMoves', 'l'],
      ['unreachable', 'l'],
      ['unreachableMask', 'l'],
      ['neededKeys', 'l'],
      ['deadEnds', 'l'],
      ['shortestWalks', 'l'],
    ]);
    const [steps, path, render, cheapest, cheapestPath, cheapestRender] = answers;
    const [moves, cheapestMoves, unreachable, unreachableMask] = answers.slice(6);
    const [neededKeys, deadEnds, shortestWalks] = answers.slice(10);
    expect(JSON.parse(stdout)).toEqual({
      steps,
      path,
      render,
      moves,
      cheapest,
      cheapestPath,
      cheapestRender,
      cheapestMoves,
      maze: null,
      unreachable,
      unreachableMask,
      neededKeys,
      deadEnds,
      shortestWalks,
    });
  });

  it('reads the sample file, CRLF line ends and trailing blank lines', async () => {
    const sample = await runCli(['solve', 'examples/level.txt']);
    expect(sample).toMatchObject({ code: 0, stderr: '' });
    expect(await runCli(['solve', '-'], `${LEVEL.replaceAll('\n', '\r\n')}\r\n\n`)).toEqual(sample);
  });

  it('says so when E cannot be reached (an answer, exit 0)', async () => {
    expect(await runCli(['solve', '-'], 'S#E\n')).toMatchObject({
      code: 0,
      stdout: 'steps: none (E cannot be reached from S)\n',
    });
    expect(await runCli(['solve', '--cheapest', '-'], 'S#E\n')).toMatchObject({
      stdout: 'cheapest: none (E cannot be reached from S)\n',
    });
    const json = await runCli(['solve', '--json', '-'], 'S#E\n');
    expect(JSON.parse(json.stdout)).toMatchObject({ steps: null, cheapestRender: null });
  });

  it.each([
    [['solve', '-'], 'S.x\n', "labyrinth solve: stdin: unknown glyph 'x' at row 0, col 2\n"],
    [['solve', '-'], '', 'labyrinth solve: stdin: empty level\n'],
    [['solve', '-'], 'S.\n.\nE.\n', 'labyrinth solve: stdin: rows have different lengths\n'],
    [
      ['solve', 'no/such.txt'],
      '',
      'labyrinth solve: cannot read no/such.txt: no such file or directory (ENOENT)\n',
    ],
    [
      ['solve', 'examples'],
      '',
      'labyrinth solve: cannot read examples: it is a directory (EISDIR)\n',
    ],
    [
      ['solve'],
      '',
      'labyrinth solve: expected one LEVEL file ("-" reads stdin), got 0 (see labyrinth solve --help)\n',
    ],
    [
      ['solve', '--json', '--cheapest', '-'],
      'SE\n',
      'labyrinth solve: --json prints every answer, the cheapest ones too: leave out --cheapest\n',
    ],
  ])('rejects %j with one line on stderr and exit 1', async (argv, stdin, stderr) => {
    expect(await runCli(argv, stdin)).toEqual({ code: 1, stdout: '', stderr, output: stderr });
  });
});

describe('labyrinth generate --json', () => {
  it('prints the rows, the warnings and every answer as one JSON object', async () => {
    const args = ['generate', '--width', '4', '--height', '3', '--seed', '5'];
    const rows = (await runCli(args)).stdout.trimEnd().split('\n');
    const json = await runCli([...args, '--json']);
    expect(json.code).toBe(0);
    const printed = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual([
      'rows',
      'warnings',
      'steps',
      'path',
      'render',
      'moves',
      'cheapest',
      'cheapestPath',
      'cheapestRender',
      'cheapestMoves',
      'maze',
      'unreachable',
      'unreachableMask',
      'neededKeys',
      'deadEnds',
      'shortestWalks',
    ]);
    const solved = await runCli(['solve', '--json', '-'], rows.join('\n'));
    expect(printed).toEqual({ rows, warnings: [], ...JSON.parse(solved.stdout) });
    expect(printed.maze).toMatchObject({ entry: { x: 0, y: 0 }, exit: { x: 3, y: 2 } });
  });

  it('lists the warnings in the JSON too', async () => {
    const json = await runCli([
      'generate',
      '--width',
      '3',
      '--height',
      '3',
      '--seed',
      '1',
      '--pattern42',
      '--json',
    ]);
    expect(JSON.parse(json.stdout).warnings).toEqual([
      'pattern42: a 3x3 maze is too small for the 42 pattern (it needs at least 9x7 cells), generated without it',
    ]);
  });
});

describe('labyrinth solve on a hex maze file', () => {
  const FIXTURES = 'test/fixtures/amazeing';
  const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.txt'));

  /** The file read the simple way: its hex rows, and its path line's moves. */
  function described(text: string): { width: number; height: number; moves: number } {
    const lines = text.replace(/\r/g, '').split('\n');
    const rows = lines.slice(0, lines.indexOf(''));
    const path = lines[rows.length + 3].trim();
    return { width: rows[0].length, height: rows.length, moves: path.length };
  }

  it.each(files)('recognises %s and solves the level it describes', async (name) => {
    const file = join(FIXTURES, name);
    const text = readFileSync(file, 'utf8');
    const { width, height, moves } = described(text);
    const solved = await runCli(['solve', file]);
    expect(solved).toMatchObject({ code: 0, stderr: '' });
    const [first, second, ...grid] = solved.stdout.trimEnd().split('\n');
    // Every file's path line is a shortest one (README there): the same length, and each move
    // between cells is two steps of the level.
    expect(first).toBe(`hex maze: ${width}x${height} cells, shortest path ${moves} moves`);
    expect(second).toBe(`steps: ${2 * moves}`);
    expect(grid).toHaveLength(2 * height + 1);
    expect(grid.every((row) => row.length === 2 * width + 1)).toBe(true);
    // The same as GraphQL's importMaze and the level's answers, through run.
    expect(await runCli(['solve', '--format', 'hex', '-'], text)).toEqual(solved);
  });

  it('solves the file labyrinth maze writes', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'labyrinth-solve-hex-'));
    try {
      const config = readFileSync('examples/maze.config', 'utf8').replace(
        'OUTPUT_FILE=maze.txt',
        `OUTPUT_FILE=${join(scratch, 'maze.txt')}`,
      );
      const wrote = await runCli(['maze', '-'], config);
      expect(wrote.stdout).toMatch(/shortest path 125 moves\n$/);
      const solved = await runCli(['solve', join(scratch, 'maze.txt'), '--cheapest']);
      expect(solved.stdout.split('\n').slice(0, 2)).toEqual([
        'hex maze: 20x15 cells, shortest path 125 moves',
        'cheapest: 250 (250 steps)',
      ]);
      const json = JSON.parse(
        (await runCli(['solve', join(scratch, 'maze.txt'), '--json'])).stdout,
      );
      expect(json.steps).toBe(250);
      expect(json.maze.path).toHaveLength(125);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('reads a level as a level: rows of terrain digits are not a hex file', async () => {
    // The first row is all hex digits, but no empty line and "x,y" follow.
    expect(await runCli(['solve', '-'], '1234\nS..E\n')).toMatchObject({
      code: 0,
      stdout: 'steps: 3\n1234\nS**E\n',
    });
    expect(looksLikeHexMaze('1234\nS..E\n')).toBe(false);
    expect(looksLikeHexMaze('9515\r\nEBAB\r\n\r\n0, 0\r\n3,1\r\nEEE\r\n')).toBe(true);
  });

  it('takes --format to say which, and names the file and the format in its errors', async () => {
    const file = join(FIXTURES, files[0]);
    expect(await runCli(['solve', file, '--format', 'level'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `labyrinth solve: ${file}: rows have different lengths\n`,
      output: `labyrinth solve: ${file}: rows have different lengths\n`,
    });
    expect((await runCli(['solve', 'examples/level.txt', '--format', 'hex'])).stderr).toBe(
      'labyrinth solve: examples/level.txt: line 6: expected an empty line after the maze lines, then the entry, exit and path lines (a hex maze file)\n',
    );
    expect((await runCli(['solve', '-', '--format', 'xml'], 'S.E')).stderr).toBe(
      "labyrinth solve: --format must be level or hex, got 'xml' (see labyrinth solve --help)\n",
    );
  });

  it('says in its help that it reads hex files', async () => {
    const help = (await runCli(['solve', '--help'])).stdout;
    expect(help).toContain('An A-Maze-ing hex maze file');
    expect(help).toMatch(/--format F +level \(rows of glyphs\) or hex/);
  });
});
