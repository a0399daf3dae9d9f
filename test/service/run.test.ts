import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/service/run.js';

const examples = JSON.parse(
  readFileSync(new URL('../fixtures/level-service.json', import.meta.url), 'utf8'),
) as { ops: unknown[]; expect: unknown[] };

describe('run(operations): docs/rules.md', () => {
  it('answers the worked example exactly', () => {
    expect(
      run([
        ['load', 'intro', ['S.#', '...', '#.E']],
        ['solve', 'intro'],
        ['path', 'intro'],
        ['render', 'intro'],
      ]),
    ).toEqual([
      'ok',
      4,
      [
        [0, 0],
        [0, 1],
        [1, 1],
        [1, 2],
        [2, 2],
      ],
      ['S*#', '.**', '#.E'],
    ]);
  });

  it('answers every operation of test/fixtures/level-service.json exactly', () => {
    expect(run(examples.ops)).toEqual(examples.expect);
  });

  it('gives cheapest, cheapestPath, cheapestRender and level', () => {
    expect(
      run([
        ['load', 't', ['S9E', '1#1', '111']],
        ['cheapest', 't'],
        ['cheapestPath', 't'],
        ['cheapestRender', 't'],
        ['level', 't'],
        ['cheapestRender', 'nowhere'],
        ['level', 'nowhere'],
      ]),
    ).toEqual([
      'ok',
      6,
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [2, 1],
        [2, 2],
        [1, 2],
        [0, 2],
      ],
      ['S9E', '*#*', '***'],
      ['S9E', '1#1', '111'],
      'error: unknown level',
      'error: unknown level',
    ]);
  });

  it('gives unreachable, neededKeys, deadEnds and shortestWalks', () => {
    expect(
      run([
        ['load', 'k', ['.a.', 'S.A', '##E', '##.']],
        ['unreachable', 'k'],
        ['neededKeys', 'k'],
        ['deadEnds', 'k'],
        ['shortestWalks', 'k'],
        ['load', 'shut', ['S#E.']],
        ['unreachable', 'shut'],
        ['neededKeys', 'shut'],
        ['deadEnds', 'shut'],
        ['shortestWalks', 'shut'],
        ['deadEnds', 'nowhere'],
      ]),
    ).toEqual([
      'ok',
      // Nothing is reached through E: the dead end below it is unreachable.
      [[3, 2]],
      ['a'],
      1,
      4,
      'ok',
      [
        [0, 2],
        [0, 3],
      ],
      [],
      1,
      null,
      'error: unknown level',
    ]);
  });

  it('replacing a level under the same id never serves the old answers', () => {
    expect(
      run([
        ['load', 'x', ['S.E']],
        ['solve', 'x'],
        ['path', 'x'],
        ['cheapest', 'x'],
        ['load', 'x', ['S', '.', '.', 'E']],
        ['solve', 'x'],
        ['path', 'x'],
        ['cheapest', 'x'],
        ['level', 'x'],
      ]),
    ).toEqual([
      'ok',
      2,
      [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
      2,
      'ok',
      3,
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
      ],
      3,
      ['S', '.', '.', 'E'],
    ]);
  });

  it('a failed load leaves the stored level untouched', () => {
    expect(
      run([
        ['load', 'x', ['S.E']],
        ['solve', 'x'],
        ['load', 'x', ['S.E', 'x..']],
        ['load', 'x', ['S..']],
        ['solve', 'x'],
        ['level', 'x'],
        ['load', 'fresh', ['SS', 'EE']],
        ['solve', 'fresh'],
      ]),
    ).toEqual([
      'ok',
      2,
      "error: unknown glyph 'x' at row 1, col 0",
      'error: expected exactly one E',
      2,
      ['S.E'],
      'error: expected exactly one S',
      'error: unknown level',
    ]);
  });

  it('gives every validation reason text', () => {
    expect(
      run([
        ['load', 'v', []],
        ['load', 'v', ['']],
        ['load', 'v', ['S.', '...']],
        ['load', 'v', ['S.', 'x.']],
        ['load', 'v', ['..E']],
        ['load', 'v', ['S.E', 'E..']],
        ['load', 'v', ['SaE', 'a.b']],
        ['load', 'v', Array.from({ length: 1001 }, (_, r) => (r === 0 ? 'SE' : '..'))],
      ]),
    ).toEqual([
      'error: empty level',
      'error: empty level',
      'error: rows have different lengths',
      "error: unknown glyph 'x' at row 1, col 0",
      'error: expected exactly one S',
      'error: expected exactly one E',
      "error: duplicate key 'a'",
      'error: level too large (max 1000x1000)',
    ]);
  });

  it('unknown operations and unknown ids', () => {
    expect(
      run([
        ['teleport', 'intro'],
        ['solve', 'nowhere'],
        ['path', 'nowhere'],
      ]),
    ).toEqual([
      "error: unknown operation 'teleport'",
      'error: unknown level',
      'error: unknown level',
    ]);
    // Names of Object.prototype members are not operations either.
    expect(run([['toString'], ['constructor', 'x'], ['__proto__']])).toEqual([
      "error: unknown operation 'toString'",
      "error: unknown operation 'constructor'",
      "error: unknown operation '__proto__'",
    ]);
  });

  it('malformed operations give an error string that says what is wrong, never an exception', () => {
    expect(
      run([
        'solve',
        42,
        null,
        { op: 'solve' },
        [],
        [7, 'x'],
        ['solve'],
        ['solve', 'a', 'b'],
        ['load', 'x'],
        ['load', 'x', ['S.E'], 'extra'],
        ['solve', 5],
        ['solve', null],
        ['load', 'x', 'S.E'],
        ['load', 'x', ['S.E', 3]],
        ['load', 'x', null],
        ['load', ['x'], ['SE']],
      ]),
    ).toEqual([
      'error: an operation must be a list like ["solve", "id"], got the string "solve"',
      'error: an operation must be a list like ["solve", "id"], got number 42',
      'error: an operation must be a list like ["solve", "id"], got null',
      'error: an operation must be a list like ["solve", "id"], got an object',
      'error: an operation must not be empty: it starts with its name, like ["solve", "id"]',
      'error: an operation must start with its name as a string, got number 7',
      "error: 'solve' takes 1 argument (id), got 0",
      "error: 'solve' takes 1 argument (id), got 2",
      "error: 'load' takes 2 arguments (id, rows), got 1",
      "error: 'load' takes 2 arguments (id, rows), got 3",
      'error: level id must be a string, got number 5',
      'error: level id must be a string, got null',
      'error: rows must be a list of strings, got the string "S.E"',
      'error: rows must be a list of strings, row 1 is number 3',
      'error: rows must be a list of strings, got null',
      'error: level id must be a string, got a list',
    ]);
  });

  it('a non-list batch gives one error output', () => {
    expect(run('nope')).toEqual(['error: operations must be a list, got the string "nope"']);
    expect(run({ ops: [] })).toEqual(['error: operations must be a list, got an object']);
    expect(run([])).toEqual([]);
  });

  it('each call starts from a fresh service', () => {
    expect(run([['load', 'a', ['SE']]])).toEqual(['ok']);
    expect(run([['solve', 'a']])).toEqual(['error: unknown level']);
  });

  it('generate stores a deterministic level under the id and reports bad input as errors', () => {
    const ops = [
      ['generate', 'g', 5, 4, 42],
      ['level', 'g'],
      ['solve', 'g'],
      ['generate', 'g', 0, 4, 42],
      ['generate', 'g', 5, 4, -1],
      ['generate', 'g', 5, 4, 1, { bogus: true }],
      ['generate', 'g', 5, 4, 1, { algorithm: 'prim', keys: 1 }],
      ['level', 'g'],
      ['generate', 'g', 5, 4],
      ['generate', 7, 5, 4, 1],
    ];
    const first = run(ops);
    expect(run(ops)).toEqual(first); // same input, same rows
    expect(first[0]).toBe('ok');
    const rows = first[1] as string[];
    expect(rows.length).toBe(2 * 4 + 1);
    expect(rows.every((row) => row.length === 2 * 5 + 1)).toBe(true);
    expect(rows[1][1]).toBe('S');
    expect(rows[7][9]).toBe('E');
    expect(typeof first[2]).toBe('number');
    expect(first.slice(3, 7)).toEqual([
      'error: width must be an integer from 1 to 250, got 0',
      'error: seed must be an integer from 0 to 4294967295, got -1',
      "error: unknown option 'bogus' (options are algorithm, shape, pattern42, entry, exit, terrain, gates, keys)",
      'ok',
    ]);
    expect((first[7] as string[]).join('')).toMatch(/a[^]*A|A[^]*a/);
    expect(first.slice(8)).toEqual([
      "error: 'generate' takes 4 to 5 arguments (id, width, height, seed, options (optional)), got 3",
      'error: level id must be a string, got number 7',
    ]);
  });

  it('a failed generate leaves the stored level untouched', () => {
    expect(
      run([
        ['load', 'g', ['S.E']],
        ['generate', 'g', 300, 4, 1],
        ['level', 'g'],
      ]),
    ).toEqual(['ok', 'error: width must be an integer from 1 to 250, got 300', ['S.E']]);
  });

  it('refuses ids that no database can store, the same in every store', () => {
    expect(
      run([
        ['load', 'a\u0000', ['SE']],
        ['generate', '\udc00', 3, 3, 1],
        ['solve', 'a\u0000'],
        ['load', '', ['SE']],
        ['solve', ''],
      ]),
    ).toEqual([
      'error: level id must be well-formed Unicode without NUL characters, at most 256 characters long',
      'error: level id must be well-formed Unicode without NUL characters, at most 256 characters long',
      'error: unknown level',
      'ok',
      1,
    ]);
  });
});
