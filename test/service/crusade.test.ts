import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { serpentineCrusade } from '../../harness/big-levels.js';
import { parseCrusadeLevel, type Mover } from '../../src/engine/crusade/level-file.js';
import { playCrusade } from '../../src/engine/crusade/play.js';
import { parseCommand, playTurn, type CrusadeGame } from '../../src/engine/crusade/simulator.js';
import {
  CRUSADE_BOT_ERROR_CODES,
  CrusadeBot,
  DEFAULT_MAX_CRUSADE_COST,
  crusadeCost,
  crusadeCostOfText,
  planCrusade,
  planCrusadeLevel,
} from '../../src/service/crusade.js';
import { SolverPool } from '../../src/service/solver-pool.js';

const FIXTURES = new URL('../fixtures/crusade/', import.meta.url);

const WELL_INIT = ['5 3', '0 0 -3 0 0', '0 0 2 0 0', '0 0 -3 0 0', '2'];

/** Feeds every line; the answers given, or the first failure. */
function feedAll(lines: readonly string[]) {
  const bot = new CrusadeBot();
  const answers: string[] = [];
  for (const line of lines) {
    const fed = bot.feed(line);
    if (!fed.ok) return { answers, error: fed.error };
    if (fed.value !== undefined) answers.push(fed.value);
  }
  const end = bot.end();
  return end.ok ? { answers } : { answers, error: end.error };
}

describe('CrusadeBot: the protocol one line at a time', () => {
  it('answers when the last line of a turn is in, and nothing before', () => {
    const bot = new CrusadeBot();
    for (const line of WELL_INIT) expect(bot.feed(line)).toEqual({ ok: true, value: undefined });
    expect(bot.end()).toEqual({ ok: true, value: undefined }); // between turns: the game may end
    expect(bot.feed('2 0 TOP')).toEqual({ ok: true, value: undefined });
    expect(bot.feed('0')).toEqual({ ok: true, value: '2 1 LEFT' });
    expect(bot.feed('2 1 TOP')).toEqual({ ok: true, value: undefined });
    expect(bot.feed('1')).toEqual({ ok: true, value: undefined });
    expect(bot.feed('0 0 TOP')).toEqual({ ok: true, value: 'WAIT' });
  });

  it('plays a level as the engine does, each rock shown from its turn on', () => {
    const text = readFileSync(
      new URL('../fixtures/crusade/rock_interception.in', import.meta.url),
      'utf8',
    );
    const parsed = parseCrusadeLevel(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const level = parsed.value;
    const rows = Array.from({ length: level.height }, (_, y) =>
      level.rooms.slice(y * level.width, (y + 1) * level.width).join(' '),
    );
    const rocksAt = (turn: number): Mover[] =>
      level.rocks.filter((rock) => rock.turn === turn).map(({ x, y, entry }) => ({ x, y, entry }));
    const moverLine = (m: Mover) => `${m.x} ${m.y} ${m.entry}`;

    const bot = new CrusadeBot();
    for (const line of [`${level.width} ${level.height}`, ...rows, String(level.exitX)]) {
      expect(bot.feed(line).ok).toBe(true);
    }
    let game: CrusadeGame = { ...level, rocks: rocksAt(0) };
    const answers: string[] = [];
    for (let turn = 0; turn < 100; turn++) {
      const lines = [moverLine(game.indy), String(game.rocks.length), ...game.rocks.map(moverLine)];
      const fed = lines.map((line) => bot.feed(line));
      const answer = fed[fed.length - 1];
      if (!answer.ok || answer.value === undefined) throw new Error(`no answer on turn ${turn}`);
      answers.push(answer.value);
      const command = parseCommand(answer.value);
      if (!command.ok) throw new Error(command.error.message);
      const played = playTurn(game, command.value, rocksAt(turn + 1));
      game = played.game;
      if (played.outcome.status !== 'PLAYING') break;
    }
    expect(answers).toEqual(playCrusade(level, () => 0).turns.map((turn) => turn.command));
  });

  it('fails on a bad line with its code, the message naming the line, and row = index', () => {
    expect(feedAll(['5 x'])).toEqual({
      answers: [],
      error: {
        code: 'BAD_SIZE',
        message: 'line 1: expected "W H", two whole numbers from 1 to 20, got "5 x"',
        row: 0,
        col: null,
      },
    });
    const cases: [string[], string, string][] = [
      [['5 3', '0 0 -3 0'], 'BAD_ROOM_ROW', 'line 2: expected 5 room types, got 4'],
      [
        [...WELL_INIT.slice(0, 4), '7'],
        'BAD_EXIT',
        'line 5: expected "EX", the exit\'s column from 0 to 4, got "7"',
      ],
      [
        [...WELL_INIT, '2 0 DOWN'],
        'BAD_INDY',
        'line 6: Indy\'s POS "DOWN" is not TOP, LEFT or RIGHT',
      ],
      [
        [...WELL_INIT, '2 0 TOP', 'many'],
        'BAD_ROCK_COUNT',
        'line 7: expected the number of rocks, a whole number from 0 to 15, got "many"',
      ],
      [
        [...WELL_INIT, '2 0 TOP', '1', '5 0 TOP'],
        'BAD_ROCK',
        'line 8: the rock\'s X "5" is not a column from 0 to 4',
      ],
      [[], 'INPUT_ENDS_EARLY', 'line 1: the input ended, expected "W H"'],
      [
        ['5 3', '0 0 -3 0 0'],
        'INPUT_ENDS_EARLY',
        'line 3: the input ended, expected row 1 of the rooms',
      ],
      [WELL_INIT.slice(0, 4), 'INPUT_ENDS_EARLY', 'line 5: the input ended, expected "EX"'],
      [
        [...WELL_INIT, '2 0 TOP'],
        'INPUT_ENDS_EARLY',
        'line 7: the input ended, expected "R", the number of rocks',
      ],
      [
        [...WELL_INIT, '2 0 TOP', '2', '0 0 TOP'],
        'INPUT_ENDS_EARLY',
        'line 9: the input ended, expected rock 2 of 2, "XR YR POS"',
      ],
    ];
    for (const [lines, code, message] of cases) {
      const line = Number(/^line (\d+): /.exec(message)![1]);
      expect(feedAll(lines).error).toEqual({ code, message, row: line - 1, col: null });
    }
    const codes = new Set(['BAD_SIZE', ...cases.map(([, code]) => code)]);
    expect(codes).toEqual(new Set(CRUSADE_BOT_ERROR_CODES));
  });
});

describe('planCrusadeLevel', () => {
  it('plays a level file with the clock given', () => {
    let now = 0;
    const played = planCrusadeLevel([...WELL_INIT, '2 0 TOP', '0'].join('\n'), () => (now += 2));
    expect(played).toEqual({
      ok: true,
      value: {
        outcome: 'WON',
        turns: [
          { turn: 0, command: '2 1 LEFT', indy: { x: 2, y: 0, pos: 'TOP' } },
          { turn: 1, command: 'WAIT', indy: { x: 2, y: 1, pos: 'TOP' } },
        ],
        slowestTurnMs: 2,
      },
    });
  });

  it('answers bad text as a failure naming the line', () => {
    expect(planCrusadeLevel([...WELL_INIT, '2 0 TOP', '0', 'more'].join('\n'))).toEqual({
      ok: false,
      error: {
        code: 'UNEXPECTED_TEXT',
        message: 'line 8: unexpected text after the last rock',
        row: 7,
        col: null,
      },
    });
  });
});

describe('crusadeCost', () => {
  it('is rooms x rooms x (rocks + 1), and lets every level file through the default budget', () => {
    expect(crusadeCost({ width: 5, height: 3, rocks: [] })).toBe(225);
    const serpentine = parseCrusadeLevel(serpentineCrusade(20, 20, 150));
    if (!serpentine.ok) throw new Error(serpentine.error.message);
    expect(crusadeCost(serpentine.value)).toBe(400 * 400 * 151);
    expect(crusadeCostOfText('not a level')).toBe(0);
    const costs = readdirSync(FIXTURES)
      .filter((file) => file.endsWith('.in'))
      .map((file) => crusadeCostOfText(readFileSync(new URL(file, FIXTURES), 'utf8')));
    expect(costs).toHaveLength(14);
    expect(Math.max(...costs)).toBe(196 * 196 * 6); // only_one_way_full: 14x14, 5 rocks
    expect(Math.max(...costs)).toBeLessThan(DEFAULT_MAX_CRUSADE_COST);
  });
});

describe('planCrusade: off the event loop', () => {
  const pools: SolverPool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });
  const onePool = () => {
    const pool = new SolverPool({ threads: 1 });
    pools.push(pool);
    return pool;
  };
  const timed = (played: Awaited<ReturnType<typeof planCrusade>>) =>
    played.ok ? { ...played, value: { ...played.value, slowestTurnMs: 0 } } : played;

  it('plays in a solver thread and on the event loop as planCrusadeLevel does', async () => {
    const pool = onePool();
    for (const name of ['only_one_way', 'rocks_1', 'broken_well', 'rock_interception']) {
      const text = readFileSync(new URL(`${name}.in`, FIXTURES), 'utf8');
      const expected = timed(planCrusadeLevel(text));
      expect(timed(await planCrusade(text, { pool }))).toEqual(expected);
      expect(timed(await planCrusade(text))).toEqual(expected);
    }
    expect(await planCrusade('garbage', { pool })).toEqual(planCrusadeLevel('garbage'));
  });

  it('stops the thread when the signal aborts: the play in it ends, and the next gets it', async () => {
    const pool = onePool();
    // 390 rocks: about a minute of play, far longer than this test may take.
    const endless = serpentineCrusade(20, 20, 390, 1);
    const deadline = new AbortController();
    const playing = planCrusade(endless, { pool, signal: deadline.signal });
    while (pool.busyThreads === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    deadline.abort(new DOMException('deadline', 'TimeoutError'));
    await expect(playing).rejects.toThrow('deadline');
    // The only thread is free again at once: had the play gone on, this would wait for it.
    const small = readFileSync(new URL('broken_well.in', FIXTURES), 'utf8');
    expect(timed(await planCrusade(small, { pool }))).toEqual(timed(planCrusadeLevel(small)));
  });

  it('on the event loop, stops between turns when the signal aborts', async () => {
    const deadline = new AbortController();
    const playing = planCrusade(serpentineCrusade(20, 20, 150), { signal: deadline.signal });
    setTimeout(() => deadline.abort(new DOMException('deadline', 'TimeoutError')), 1);
    await expect(playing).rejects.toThrow('deadline');
  });
});
