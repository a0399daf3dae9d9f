import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateLevel, type GenerationInput } from '../../../src/engine/generation/generate.js';
import { parseLevel } from '../../../src/engine/level/parse.js';
import {
  MAZE_FORMAT_ERROR_CODES,
  type MazeFormatErrorCode,
  exportHexMaze,
  importHexMaze,
} from '../../../src/engine/maze-format/hex.js';
import { fail, ok } from '../../../src/engine/result.js';
import { fewestSteps } from '../../../src/engine/search/fewest-steps.js';

const fixtures = fileURLToPath(new URL('../../fixtures/amazeing/', import.meta.url));
const exampleFiles = readdirSync(fixtures).filter((name) => name.endsWith('.txt'));

function generated(input: GenerationInput): string[] {
  const result = generateLevel(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.rows;
}

function imported(text: string): { rows: string[]; warnings: string[] } {
  const result = importHexMaze(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A 3x2 maze, one corridor: east along the top, down, west along the bottom. */
const SMALL = ['D53', 'D56', '', '0,0', '0,1', 'EESWW'];
const small = (lines: string[] = SMALL): string => `${lines.join('\n')}\n`;

describe('importHexMaze on the real A-Maze-ing files', () => {
  it('finds all five files', () => {
    expect(exampleFiles.sort()).toEqual([
      'BichoRaro_A-maze-ing-Team__maze.txt',
      'HajjDev_42-A-Maze-ing__maze.txt',
      'lsldr_42_A-Maze-ing__maze.txt',
      'mpouillo_42-a-maze-ing__output_maze.txt',
      'subject_v2.1_page9_example_25x20.txt',
    ]);
  });

  it.each(exampleFiles)('%s imports, and its path line has our shortest length', (name) => {
    const text = readFileSync(fixtures + name, 'utf8');
    const { rows, warnings } = imported(text);
    expect(warnings).toEqual([]);
    const lines = text.replace(/\r/g, '').trimEnd().split('\n');
    const blank = lines.indexOf('');
    const pathLine = lines[blank + 3].trim();
    expect(rows.length).toBe(2 * blank + 1);
    expect(rows[0].length).toBe(2 * lines[0].length + 1);

    const parsed = parseLevel(rows);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const route = fewestSteps(parsed.value);
    expect(route?.steps).toBe(2 * pathLine.length);

    // Export gives the same walls, entry and exit back, written the canonical way.
    const maze = exportHexMaze(rows)!;
    expect(maze.rows).toEqual(lines.slice(0, blank).map((line) => line.toUpperCase()));
    const [entryX, entryY] = lines[blank + 1].split(',').map(Number);
    const [exitX, exitY] = lines[blank + 2].split(',').map(Number);
    expect(maze.entry).toEqual({ x: entryX, y: entryY });
    expect(maze.exit).toEqual({ x: exitX, y: exitY });
    expect(maze.path.length).toBe(pathLine.length);
    expect(maze.text).toBe(
      `${maze.rows.join('\n')}\n\n${entryX},${entryY}\n${exitX},${exitY}\n${maze.path}\n`,
    );
  });

  it('turns closed cells (F, the "42") into # and keeps their walls', () => {
    const text = readFileSync(fixtures + 'HajjDev_42-A-Maze-ing__maze.txt', 'utf8');
    const { rows } = imported(text);
    expect(rows).toEqual([
      '###################',
      '#S....#...#.......#',
      '#.###.#.#.#######.#',
      '#.###.#.#.#######.#',
      '#####.#.#.#######.#',
      '#.###...#.....###.#',
      '#.#######.#######.#',
      '#.#######.#######.#',
      '#.#######.#######.#',
      '#.....###.###.....#',
      '#.#.#.###.#######.#',
      '#.#.#.###.#######.#',
      '#.#.#####.#######.#',
      '#.#..........E....#',
      '###################',
    ]);
  });
});

describe('exportHexMaze', () => {
  it('writes a generated level (golden)', () => {
    expect(exportHexMaze(generated({ width: 8, height: 5, seed: 1 }))).toEqual({
      text: 'D55513D3\n93B96C3A\nAC6A956A\nAD16A93A\nC56D46C6\n\n0,0\n7,4\nEEEEESESWWSSENESE\n',
      rows: ['D55513D3', '93B96C3A', 'AC6A956A', 'AD16A93A', 'C56D46C6'],
      entry: { x: 0, y: 0 },
      exit: { x: 7, y: 4 },
      path: 'EEEEESESWWSSENESE',
    });
  });

  it('round-trips generated levels of every shape, with and without the "42"', () => {
    for (const shape of ['perfect', 'imperfect', 'braid'] as const) {
      for (const pattern42 of [false, true]) {
        const rows = generated({
          width: 13,
          height: 9,
          seed: 11,
          options: { shape, pattern42, entry: { x: 3, y: 0 }, exit: { x: 12, y: 4 } },
        });
        const maze = exportHexMaze(rows)!;
        expect(maze.entry).toEqual({ x: 3, y: 0 });
        expect(maze.exit).toEqual({ x: 12, y: 4 });
        expect(importHexMaze(maze.text)).toEqual(ok({ rows, warnings: [] }));
      }
    }
  });

  it('keeps only the walls of a level with features; the path is through the walls', () => {
    const options = { keys: 2, gates: 4, terrain: 0.3, shape: 'imperfect' } as const;
    const rows = generated({ width: 10, height: 10, seed: 3, options });
    const maze = exportHexMaze(rows)!;
    const walls = rows.map((row) => row.replace(/[^#SE]/g, '.'));
    expect(imported(maze.text).rows).toEqual(walls);
    const plain = parseLevel(walls);
    expect(plain.ok && 2 * maze.path.length).toBe(plain.ok && fewestSteps(plain.value)!.steps);
  });

  it('writes an empty path line when the exit cannot be reached', () => {
    const maze = exportHexMaze(['#####', '#S#E#', '#####']);
    expect(maze).toEqual({
      text: 'FF\n\n0,0\n1,0\n\n',
      rows: ['FF'],
      entry: { x: 0, y: 0 },
      exit: { x: 1, y: 0 },
      path: '',
    });
    expect(importHexMaze(maze!.text)).toEqual(
      ok({ rows: ['#####', '#S#E#', '#####'], warnings: [] }),
    );
  });

  it.each([
    ['an even number of rows', ['#####', '#S.E#', '#####', '#####']],
    ['an even number of columns', ['####', '#SE#', '####']],
    ['fewer than 3 rows', ['S.E']],
    ['an open border glyph', ['#####', '#S.E.', '#####']],
    ['an even/even glyph that is not #', ['#####', '#S#.#', '#...#', '#.#E#', '#####']],
    ['S on a wall glyph', ['#####', '#.S.#', '#.#.#', '#..E#', '#####']],
    ['a # cell with an open wall', ['#######', '#S.#..#', '#####.#', '#....E#', '#######']],
    ['an invalid level', ['#####', '#S.S#', '#####']],
  ])('is null for a level without the wall-maze layout: %s', (_, rows) => {
    expect(exportHexMaze(rows)).toBeNull();
  });
});

describe('importHexMaze tolerance', () => {
  const expected = ok({
    rows: ['#######', '#S....#', '#####.#', '#E....#', '#######'],
    warnings: [],
  });

  it('reads the canonical form', () => {
    expect(importHexMaze(small())).toEqual(expected);
  });

  it('takes lower-case hex, "x, y" with spaces, CRLF, no final newline, blank lines at the end', () => {
    expect(importHexMaze(small(['d53', 'd56', '', '0, 0', ' 0 ,1 ', 'EESWW']))).toEqual(expected);
    expect(importHexMaze(SMALL.join('\r\n'))).toEqual(importHexMaze(small()));
    expect(importHexMaze(SMALL.join('\n'))).toEqual(importHexMaze(small()));
    expect(importHexMaze(`${SMALL.join('\n')}\n\n\n`)).toEqual(importHexMaze(small()));
    expect(importHexMaze(small(['D53', 'D56', '', '0,0', '0,1', 'eesww']))).toEqual(
      importHexMaze(small()),
    );
  });

  it('warns about a missing path line, or one that is wrong, and recomputes it', () => {
    expect(importHexMaze(small(SMALL.slice(0, 5)))).toEqual(
      ok({ ...imported(small()), warnings: ['the file has no path line'] }),
    );
    expect(importHexMaze(small([...SMALL.slice(0, 5), 'EES']))).toEqual(
      ok({
        ...imported(small()),
        warnings: [
          'line 6: the path does not lead from the entry to the exit through open walls (ignored)',
        ],
      }),
    );
    expect(importHexMaze(small([...SMALL.slice(0, 5), 'S']))).toEqual(
      ok({
        ...imported(small()),
        warnings: [
          'line 6: the path does not lead from the entry to the exit through open walls (ignored)',
        ],
      }),
    );
  });

  it('warns about a path longer than the shortest', () => {
    // 2x2, all inner walls open: entry (0,0), exit (1,1); ESWNES is a longer walk.
    expect(importHexMaze('93\nC6\n\n0,0\n1,1\nESWNES\n')).toEqual(
      ok({
        rows: ['#####', '#S..#', '#.#.#', '#..E#', '#####'],
        warnings: ['line 6: the path has 6 moves, the shortest has 2 (ignored)'],
      }),
    );
  });
});

describe('importHexMaze errors (codes, places and exact texts)', () => {
  // [file, code, 0-based line, 0-based column or null, message]
  const cases: Array<[string, MazeFormatErrorCode, number | null, number | null, string]> = [
    ['', 'NO_MAZE_LINES', 0, null, 'the file has no maze lines (expected hex digits on line 1)'],
    [
      '\n\n0,0\n1,0\n',
      'NO_MAZE_LINES',
      0,
      null,
      'the file has no maze lines (expected hex digits on line 1)',
    ],
    [
      'B53\nD56\n',
      'MISSING_SEPARATOR',
      2,
      null,
      'line 3: expected an empty line after the maze lines, then the entry, exit and path lines',
    ],
    [
      small(['D53', 'D5G', '', '0,0', '0,1', 'EESWW']),
      'BAD_DIGIT',
      1,
      2,
      'line 2, column 3: "G" is not a hex digit (cell (2,1))',
    ],
    [
      small(['D53', 'D5', '', '0,0', '0,1', 'EESWW']),
      'ROW_LENGTH_MISMATCH',
      1,
      2,
      'line 2 has 2 cells, line 1 has 3',
    ],
    [
      small(['D53', 'D563', '', '0,0', '0,1', 'EESWW']),
      'ROW_LENGTH_MISMATCH',
      1,
      3,
      'line 2 has 4 cells, line 1 has 3',
    ],
    [
      small(['D13', 'D56', '', '0,0', '0,1', 'EESWW']),
      'WALL_MISMATCH',
      0,
      1,
      'line 1: cell (1,0) has its south wall open but cell (1,1) (line 2) has its north wall closed',
    ],
    [
      small(['D73', 'D56', '', '0,0', '0,1', 'EESWW']),
      'WALL_MISMATCH',
      0,
      1,
      'line 1: cell (1,0) has its east wall closed but cell (2,0) (line 1) has its west wall open',
    ],
    [
      small(['D52', 'D56', '', '0,0', '0,1', 'EESWW']),
      'OPEN_BORDER',
      0,
      2,
      'line 1: cell (2,0) has its north border wall open',
    ],
    [
      small(['D53', '556', '', '0,0', '0,1', 'EESWW']),
      'OPEN_BORDER',
      1,
      0,
      'line 2: cell (0,1) has its west border wall open',
    ],
    [
      small(['D53', 'D56', '', '0;0', '0,1']),
      'BAD_ENTRY',
      3,
      null,
      'line 4: expected the entry as "x,y", found "0;0"',
    ],
    [
      small(['D53', 'D56', '']),
      'MISSING_SEPARATOR',
      2,
      null,
      'line 3: expected an empty line after the maze lines, then the entry, exit and path lines',
    ],
    [
      small(['D53', 'D56', '', '0,0']),
      'BAD_EXIT',
      4,
      null,
      'line 5: expected the exit as "x,y", found nothing',
    ],
    [
      small(['D53', 'D56', '', '0,0', '3,1', 'EESWW']),
      'BAD_EXIT',
      4,
      null,
      'line 5: exit (3,1) is outside the 3x2 maze (x from 0 to 2, y from 0 to 1)',
    ],
    [
      small(['D53', 'D56', '', '0,2', '0,1', 'EESWW']),
      'BAD_ENTRY',
      3,
      null,
      'line 4: entry (0,2) is outside the 3x2 maze (x from 0 to 2, y from 0 to 1)',
    ],
    [
      small(['D53', 'D56', '', '-1,0', '0,1']),
      'BAD_ENTRY',
      3,
      null,
      'line 4: expected the entry as "x,y", found "-1,0"',
    ],
    [
      small(['D53', 'D56', '', '2,1', '2,1']),
      'ENTRY_EQUALS_EXIT',
      4,
      null,
      'line 5: entry and exit are the same cell (2,1)',
    ],
    [
      small(['D53', 'D56', '', '0,0', '0,1', 'EEX']),
      'BAD_PATH',
      5,
      2,
      'line 6: the path may only use the letters N, E, S and W, found "X"',
    ],
    [
      small(['D53', 'D56', '', '0,0', '0,1', ' eex ']),
      'BAD_PATH',
      5,
      3,
      'line 6: the path may only use the letters N, E, S and W, found "X"',
    ],
    [
      small(['D53', 'D56', '', '0,0', '0,1', 'EESWW', 'more']),
      'UNEXPECTED_TEXT',
      6,
      null,
      'line 7: unexpected text after the path line: "more"',
    ],
    [
      `${'F'.repeat(251)}\n\n0,0\n1,0\n`,
      'MAZE_TOO_LARGE',
      null,
      null,
      'the maze is 251x1 cells, the largest accepted is 250x250',
    ],
  ];

  it.each(cases)('%j -> %s at line %s, column %s: %s', (text, code, row, col, message) => {
    expect(importHexMaze(text)).toEqual(fail(code, message, row, col));
  });

  it('has a case for every code', () => {
    expect(new Set(cases.map(([, code]) => code))).toEqual(new Set(MAZE_FORMAT_ERROR_CODES));
  });
});
