// The referee: the built bot (`node dist/src/cli.js crusade`, as `npm run labyrinth -- crusade`
// runs it) plays every level file of test/fixtures/crusade/ over stdin/stdout. Rocks are shown
// only from the turn they are due. npm test builds dist/ first.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crusadeLevelsAndMirrors } from '../../harness/crusade-levels.js';
import { refereeCrusade } from '../../harness/crusade-referee.js';
import { playCrusade } from '../../src/engine/crusade/play.js';

const cli = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));

/** Runs the bot on `input`; `keepOpen` leaves stdin open, as a referee waiting for an answer. */
function bot(
  input: string,
  { args = [], keepOpen = false }: { args?: string[]; keepOpen?: boolean } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'crusade', ...args], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {});
    child.stdin.write(input);
    if (!keepOpen) child.stdin.end();
  });
}

const WELL_INIT = '5 3\n0 0 -3 0 0\n0 0 2 0 0\n0 0 -3 0 0\n2\n';

describe('labyrinth crusade: the referee plays every level and its mirror against the bot', () => {
  for (const { name, level } of crusadeLevelsAndMirrors()) {
    it(`wins ${name}`, async () => {
      const result = await refereeCrusade(level);
      expect(result.reason).toBeUndefined();
      expect(result.outcome).toBe('WON');
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      // The bot over the protocol plays exactly as the planner in process does.
      expect(result.answers).toEqual(playCrusade(level, () => 0).turns.map((turn) => turn.command));
      // The referee timed every answer; the game's limits on those times are goals of
      // `npm run bench -- crusade`, not of the tests (a busy machine is not a failure).
      expect(result.turnMs.length).toBe(result.answers.length);
    });
  }
});

describe('labyrinth crusade: the protocol', () => {
  it('answers each turn on its own line and exits quietly when stdin closes', async () => {
    expect(await bot(`${WELL_INIT}2 0 TOP\n0\n2 1 TOP\n1\n0 0 TOP\n`)).toEqual({
      code: 0,
      stdout: '2 1 LEFT\nWAIT\n',
      stderr: '',
    });
    expect(await bot(WELL_INIT)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('takes CRLF line ends and extra spaces', async () => {
    const input = `${WELL_INIT.replaceAll('\n', '\r\n')} 2  0 TOP \r\n0\r\n`;
    expect(await bot(input)).toEqual({ code: 0, stdout: '2 1 LEFT\n', stderr: '' });
  });

  it('rejects bad input with one line on stderr and exit code 1', async () => {
    const cases: [string, string][] = [
      ['5 x\n', 'line 1: expected "W H", two whole numbers from 1 to 20, got "5 x"'],
      ['5 3\n0 0 -3 0\n', 'line 2: expected 5 room types, got 4'],
      [
        '5 3\n0 0 -3 0 0\n0 0 two 0 0\n',
        'line 3: room type "two" is not a whole number from -13 to 13',
      ],
      ['5 3\n0 0 -3 0 0\n', 'line 3: the input ended, expected row 1 of the rooms'],
      [
        `${WELL_INIT.slice(0, -2)}7\n`,
        'line 5: expected "EX", the exit\'s column from 0 to 4, got "7"',
      ],
      [`${WELL_INIT}2 0 DOWN\n0\n`, 'line 6: Indy\'s POS "DOWN" is not TOP, LEFT or RIGHT'],
      [
        `${WELL_INIT}2 0 TOP\nmany\n`,
        'line 7: expected the number of rocks, a whole number from 0 to 15, got "many"',
      ],
      [
        `${WELL_INIT}2 0 TOP\n2\n0 0 TOP\n`,
        'line 9: the input ended, expected rock 2 of 2, "XR YR POS"',
      ],
      [
        `${WELL_INIT}2 0 TOP\n1\n0 0 SIDE\n`,
        'line 8: the rock\'s POS "SIDE" is not TOP, LEFT or RIGHT',
      ],
      [
        `${WELL_INIT}2 0 TOP\n1\n5 0 TOP\n`,
        'line 8: the rock\'s X "5" is not a column from 0 to 4',
      ],
      ['', 'line 1: the input ended, expected "W H"'],
    ];
    const results = await Promise.all(cases.map(([input]) => bot(input)));
    expect(results).toEqual(
      cases.map(([, message]) => ({
        code: 1,
        stdout: '',
        stderr: `labyrinth crusade: ${message}\n`,
      })),
    );
  });

  it('exits on bad input even while the referee keeps stdin open', async () => {
    expect(await bot(`${WELL_INIT}2 0 TOP\n0\n9 9 TOP\n`, { keepOpen: true })).toEqual({
      code: 1,
      stdout: '2 1 LEFT\n',
      stderr: 'labyrinth crusade: line 8: Indy\'s X "9" is not a column from 0 to 4\n',
    });
  });

  it('takes no arguments', async () => {
    expect(await bot('', { args: ['level.in'] })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'labyrinth crusade: takes no arguments, got "level.in"\n',
    });
  });
});
