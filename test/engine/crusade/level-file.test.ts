import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCrusadeLevel } from '../../../src/engine/crusade/level-file.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/crusade/${name}.in`, import.meta.url), 'utf8');

const errorOf = (text: string): string => {
  const parsed = parseCrusadeLevel(text);
  if (!('error' in parsed)) throw new Error('expected an error');
  return parsed.error;
};

const WELL = ['5 3', '0 0 -3 0 0', '0 0 2 0 0', '0 0 -3 0 0', '2', '2 0 TOP'];

describe('parseCrusadeLevel', () => {
  it('reads a level file: grid, exit, Indy and the rock schedule', () => {
    const parsed = parseCrusadeLevel(fixture('rock_interception'));
    expect(parsed).toEqual({
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
    expect('value' in parsed && parsed.value.rooms).toEqual([
      0, 0, -3, 0, 0, 0, 0, 2, 0, 0, 0, 0, -3, 0, 0,
    ]);
    expect('value' in parseCrusadeLevel(['  5   3 ', ...WELL.slice(1), '0'].join('\n'))).toBe(true);
  });

  it('reads every level of the fixtures', () => {
    for (const name of [
      'avoiding_rocks',
      'only_one_way_full',
      'rocks_2_full',
      'underground_complex',
    ]) {
      expect('value' in parseCrusadeLevel(fixture(name))).toBe(true);
    }
  });

  it('names the line of each error', () => {
    expect(errorOf('')).toBe('line 1: the text is empty, expected "W H"');
    expect(errorOf('5\n')).toBe('line 1: expected "W H", two whole numbers from 1 to 20, got "5"');
    expect(errorOf('21 3')).toBe(
      'line 1: expected "W H", two whole numbers from 1 to 20, got "21 3"',
    );
    expect(errorOf('5 3\n0 0 -3 0')).toBe('line 2: expected 5 room types, got 4');
    expect(errorOf('5 3\n0 0 -3 0 14')).toBe(
      'line 2: room type "14" is not a whole number from -13 to 13',
    );
    expect(errorOf('5 3\n0 0 -3 0 x')).toBe(
      'line 2: room type "x" is not a whole number from -13 to 13',
    );
    expect(errorOf(WELL.slice(0, 3).join('\n'))).toBe(
      'line 4: the text ends here, expected row 2 of 3 rows of rooms',
    );
    expect(errorOf([...WELL.slice(0, 4), '5'].join('\n'))).toBe(
      'line 5: expected "EX", the exit\'s column from 0 to 4, got "5"',
    );
    expect(errorOf(WELL.slice(0, 5).join('\n'))).toBe(
      'line 6: the text ends here, expected "XI YI POS", where Indy starts',
    );
    expect(errorOf([...WELL.slice(0, 5), '2 0 DOWN'].join('\n'))).toBe(
      'line 6: Indy\'s POS "DOWN" is not TOP, LEFT or RIGHT',
    );
    expect(errorOf([...WELL.slice(0, 5), '9 0 TOP'].join('\n'))).toBe(
      'line 6: Indy\'s X "9" is not a column from 0 to 4',
    );
    expect(errorOf([...WELL.slice(0, 5), '2 3 TOP'].join('\n'))).toBe(
      'line 6: Indy\'s Y "3" is not a row from 0 to 2',
    );
    expect(errorOf([...WELL.slice(0, 5), '2 0'].join('\n'))).toBe(
      'line 6: expected "X Y POS" for Indy, got "2 0"',
    );
    expect(errorOf(WELL.join('\n'))).toBe(
      'line 7: the text ends here, expected "N", the number of rocks',
    );
    expect(errorOf([...WELL, '-1'].join('\n'))).toBe(
      'line 7: expected the number of rocks, a whole number from 0 to 1000, got "-1"',
    );
    expect(errorOf([...WELL, '2', '0 0 TOP 1'].join('\n'))).toBe(
      'line 9: the text ends here, expected rock 2 of 2, "XR YR POS T"',
    );
    expect(errorOf([...WELL, '1', '0 0 TOP'].join('\n'))).toBe(
      'line 8: expected "XR YR POS T" for a rock, got "0 0 TOP"',
    );
    expect(errorOf([...WELL, '1', '0 0 TOP soon'].join('\n'))).toBe(
      'line 8: the rock\'s turn "soon" is not a whole number from 0 to 400',
    );
    expect(errorOf([...WELL, '1', '0 7 TOP 1'].join('\n'))).toBe(
      'line 8: the rock\'s Y "7" is not a row from 0 to 2',
    );
    expect(errorOf([...WELL, '0', 'more'].join('\n'))).toBe(
      'line 8: unexpected text after the last rock',
    );
  });
});
