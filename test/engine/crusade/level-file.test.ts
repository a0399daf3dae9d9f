import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CRUSADE_LEVEL_ERROR_CODES,
  parseCrusadeLevel,
  parseMover,
  parseRockCount,
} from '../../../src/engine/crusade/level-file.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/crusade/${name}.in`, import.meta.url), 'utf8');

const errorOf = (text: string) => {
  const parsed = parseCrusadeLevel(text);
  if (parsed.ok) throw new Error('expected an error');
  return parsed.error;
};

const WELL = ['5 3', '0 0 -3 0 0', '0 0 2 0 0', '0 0 -3 0 0', '2', '2 0 TOP'];

describe('parseCrusadeLevel', () => {
  it('reads a level file: grid, exit, Indy and the rock schedule', () => {
    const parsed = parseCrusadeLevel(fixture('rock_interception'));
    expect(parsed).toEqual({
      ok: true,
      value: {
        width: 6,
        height: 6,
        rooms: [
          ...[0, -3, -3, -5, 1, -1],
          ...[-13, 11, 4, 0, -3, 1],
          ...[11, 6, 1, 0, 10, 1],
          ...[0, 0, 10, 3, 3, 1],
          ...[0, 0, 0, 0, 0, 3],
          ...[0, 0, 0, 0, 0, -3],
        ],
        exitX: 5,
        indy: { x: 1, y: 0, entry: 'TOP' },
        rocks: [
          { x: 2, y: 0, entry: 'TOP', turn: 0 },
          { x: 0, y: 1, entry: 'LEFT', turn: 0 },
          { x: 3, y: 0, entry: 'TOP', turn: 2 },
          { x: 5, y: 0, entry: 'TOP', turn: 4 },
        ],
      },
    });
  });

  it('takes CRLF line ends, extra spaces and trailing blank lines', () => {
    const parsed = parseCrusadeLevel(`${[...WELL, '0'].join('\r\n')}\r\n\r\n`);
    expect(parsed.ok && parsed.value.rooms).toEqual([
      0, 0, -3, 0, 0, 0, 0, 2, 0, 0, 0, 0, -3, 0, 0,
    ]);
    expect(parseCrusadeLevel(['  5   3 ', ...WELL.slice(1), '0'].join('\n')).ok).toBe(true);
  });

  it('reads every level of the fixtures', () => {
    for (const name of [
      'avoiding_rocks',
      'only_one_way_full',
      'rocks_2_full',
      'underground_complex',
    ]) {
      expect(parseCrusadeLevel(fixture(name)).ok).toBe(true);
    }
  });

  it('names the line of each error: the message counts from 1, row from 0', () => {
    // [text, code, message]
    const cases: [string, string, string][] = [
      ['', 'TEXT_ENDS_EARLY', 'line 1: the text is empty, expected "W H"'],
      ['5\n', 'BAD_SIZE', 'line 1: expected "W H", two whole numbers from 1 to 20, got "5"'],
      ['21 3', 'BAD_SIZE', 'line 1: expected "W H", two whole numbers from 1 to 20, got "21 3"'],
      ['5 3\n0 0 -3 0', 'BAD_ROOM_ROW', 'line 2: expected 5 room types, got 4'],
      [
        '5 3\n0 0 -3 0 14',
        'BAD_ROOM_ROW',
        'line 2: room type "14" is not a whole number from -13 to 13',
      ],
      [
        '5 3\n0 0 -3 0 x',
        'BAD_ROOM_ROW',
        'line 2: room type "x" is not a whole number from -13 to 13',
      ],
      [
        WELL.slice(0, 3).join('\n'),
        'TEXT_ENDS_EARLY',
        'line 4: the text ends here, expected row 2 of 3 rows of rooms',
      ],
      [
        [...WELL.slice(0, 4), '5'].join('\n'),
        'BAD_EXIT',
        'line 5: expected "EX", the exit\'s column from 0 to 4, got "5"',
      ],
      [
        WELL.slice(0, 5).join('\n'),
        'TEXT_ENDS_EARLY',
        'line 6: the text ends here, expected "XI YI POS", where Indy starts',
      ],
      [
        [...WELL.slice(0, 5), '2 0 DOWN'].join('\n'),
        'BAD_INDY',
        'line 6: Indy\'s POS "DOWN" is not TOP, LEFT or RIGHT',
      ],
      [
        [...WELL.slice(0, 5), '9 0 TOP'].join('\n'),
        'BAD_INDY',
        'line 6: Indy\'s X "9" is not a column from 0 to 4',
      ],
      [
        [...WELL.slice(0, 5), '2 3 TOP'].join('\n'),
        'BAD_INDY',
        'line 6: Indy\'s Y "3" is not a row from 0 to 2',
      ],
      [
        [...WELL.slice(0, 5), '2 0'].join('\n'),
        'BAD_INDY',
        'line 6: expected "X Y POS" for Indy, got "2 0"',
      ],
      [
        WELL.join('\n'),
        'TEXT_ENDS_EARLY',
        'line 7: the text ends here, expected "N", the number of rocks',
      ],
      [
        [...WELL, '-1'].join('\n'),
        'BAD_ROCK_COUNT',
        'line 7: expected the number of rocks, a whole number from 0 to 1000, got "-1"',
      ],
      [
        [...WELL, '2', '0 0 TOP 1'].join('\n'),
        'TEXT_ENDS_EARLY',
        'line 9: the text ends here, expected rock 2 of 2, "XR YR POS T"',
      ],
      [
        [...WELL, '1', '0 0 TOP'].join('\n'),
        'BAD_ROCK',
        'line 8: expected "XR YR POS T" for a rock, got "0 0 TOP"',
      ],
      [
        [...WELL, '1', '0 0 TOP soon'].join('\n'),
        'BAD_ROCK',
        'line 8: the rock\'s turn "soon" is not a whole number from 0 to 400',
      ],
      [
        [...WELL, '1', '0 7 TOP 1'].join('\n'),
        'BAD_ROCK',
        'line 8: the rock\'s Y "7" is not a row from 0 to 2',
      ],
      [
        [...WELL, '0', 'more'].join('\n'),
        'UNEXPECTED_TEXT',
        'line 8: unexpected text after the last rock',
      ],
    ];
    for (const [text, code, message] of cases) {
      const line = Number(/^line (\d+): /.exec(message)![1]);
      expect(errorOf(text)).toEqual({ code, message, row: line - 1, col: null });
    }
    // Every code of the list is one of these cases, and no case has a code outside the list.
    expect(new Set(cases.map(([, code]) => code))).toEqual(new Set(CRUSADE_LEVEL_ERROR_CODES));
  });

  it('line parsers answer a code and a message without a place', () => {
    expect(parseMover('9 0 TOP', 5, 3, 'Indy')).toEqual({
      ok: false,
      error: {
        code: 'BAD_INDY',
        message: 'Indy\'s X "9" is not a column from 0 to 4',
        row: null,
        col: null,
      },
    });
    expect(parseMover('0 0 DOWN', 5, 3, 'the rock')).toEqual({
      ok: false,
      error: {
        code: 'BAD_ROCK',
        message: 'the rock\'s POS "DOWN" is not TOP, LEFT or RIGHT',
        row: null,
        col: null,
      },
    });
    expect(parseMover('4 2 RIGHT', 5, 3, 'the rock')).toEqual({
      ok: true,
      value: { x: 4, y: 2, entry: 'RIGHT' },
    });
    expect(parseRockCount('16', 15)).toEqual({
      ok: false,
      error: {
        code: 'BAD_ROCK_COUNT',
        message: 'expected the number of rocks, a whole number from 0 to 15, got "16"',
        row: null,
        col: null,
      },
    });
  });
});
