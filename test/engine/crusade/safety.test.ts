import { describe, expect, it } from 'vitest';
import { crusadeLevels } from '../../../harness/crusade-levels.js';
import { WAIT, actionCommand, leftTurn, rightTurn } from '../../../src/engine/crusade/actions.js';
import type { CrusadeGrid, Mover } from '../../../src/engine/crusade/level-file.js';
import { packMover } from '../../../src/engine/crusade/mover.js';
import { CrusadePlanner } from '../../../src/engine/crusade/planner.js';
import { SafetyCheck } from '../../../src/engine/crusade/safety.js';
import {
  formatCommand,
  parseCommand,
  playTurn,
  rotationProblem,
  toBoard,
  type CrusadeCommand,
  type CrusadeGame,
} from '../../../src/engine/crusade/simulator.js';
import { smallRandomLevels } from '../../../harness/crusade-corpus.js';
import { solveCrusadePosition } from '../../../harness/crusade-solver.js';

/** The full-knowledge solver's verdict on `game` after `command`, with no rocks to come. */
function winsAfter(game: CrusadeGame, command: CrusadeCommand): boolean {
  const played = playTurn(game, command);
  if (played.outcome.status !== 'PLAYING') return played.outcome.status === 'WON';
  const { rooms, indy, rocks } = played.game;
  return solveCrusadePosition(game, { turn: 1, rooms, indy, rocks }, []).verdict === 'WIN';
}

/** Plays `line` (actions) against the rocks of `game` only: the outcome at its end. */
function replay(game: CrusadeGame, line: readonly number[]): string {
  let now = game;
  for (const action of line) {
    const played = playTurn(now, actionCommand(action, game.width));
    if (played.outcome.status !== 'PLAYING') return played.outcome.status;
    now = played.game;
  }
  return 'PLAYING';
}

function checkOf(game: CrusadeGame) {
  const board = toBoard(game);
  const indy = packMover(game.width, game.indy);
  const rocks = game.rocks.map((rock) => packMover(game.width, rock));
  return { board, indy, rocks, check: new SafetyCheck(board, 1_000_000) };
}

// rocks_2 with two rocks more (9 5 RIGHT 1, 8 0 TOP 2), on turn 5 of a game the planner lost:
// Indy walks left along row 1 in (4, 1); rocks roll left along rows 1, 3, 4, 5 and 6. The
// planner used to answer "1 3 LEFT" here, which loses against these very rocks.
const ROCKS_2_TURN_5: CrusadeGame = {
  width: 10,
  height: 8,
  exitX: 1,
  rooms: [
    ...[0, -3, 0, -3, 0, -3, 0, -3, -3, 0],
    ...[0, 7, -2, 2, -2, 2, -2, 2, 10, 0],
    ...[0, -7, -2, -2, -2, -2, 3, -2, 2, -2],
    ...[0, 6, -2, -2, -2, -2, -2, 2, -2, -2],
    ...[0, -7, -2, -2, -2, -2, 2, -2, 2, -2],
    ...[0, 8, -2, -2, -2, -2, -2, 3, -2, -2],
    ...[0, -7, -2, -2, -2, -2, 2, -2, 2, -2],
    ...[0, -3, 0, 0, 0, 0, 0, 0, 0, 0],
  ],
  indy: { x: 4, y: 1, entry: 'RIGHT' },
  rocks: [
    { x: 6, y: 3, entry: 'RIGHT' },
    { x: 6, y: 1, entry: 'RIGHT' },
    { x: 7, y: 4, entry: 'RIGHT' },
    { x: 8, y: 5, entry: 'RIGHT' },
    { x: 9, y: 6, entry: 'RIGHT' },
  ],
};

describe('SafetyCheck', () => {
  it('agrees with the full-knowledge solver on 300 small levels, the rocks in view at turn 0', () => {
    let wins = 0;
    for (const level of smallRandomLevels(300, 29)) {
      const game: CrusadeGame = { ...level, rocks: level.rocks.filter((rock) => rock.turn === 0) };
      if (game.rocks.some((rock) => rock.x === game.indy.x && rock.y === game.indy.y)) continue;
      const { indy, rocks, check } = checkOf(game);
      const position = { turn: 0, rooms: game.rooms, indy: game.indy, rocks: game.rocks };
      const expected = solveCrusadePosition(game, position, []).verdict === 'WIN';
      expect(check.findLine(indy, rocks), JSON.stringify(game)).toBe(expected);
      expect(check.exhausted).toBe(false);
      if (expected) {
        wins++;
        expect(replay(game, check.line)).toBe('WON');
      }
    }
    expect(wins).toBeGreaterThan(40);
  });

  it('checks a given first command: each legal one against the solver after it', () => {
    let checked = 0;
    for (const level of smallRandomLevels(60, 31)) {
      const game: CrusadeGame = { ...level, rocks: level.rocks.filter((rock) => rock.turn === 0) };
      if (game.rocks.some((rock) => rock.x === game.indy.x && rock.y === game.indy.y)) continue;
      const { board, indy, rocks, check } = checkOf(game);
      const actions = [WAIT];
      for (let cell = 0; cell < game.width * game.height; cell++) {
        if (rotationProblem(board, cell, indy, rocks, rocks.length) !== 0) continue;
        actions.push(leftTurn(cell), rightTurn(cell));
      }
      for (const action of actions) {
        const expected = winsAfter(game, actionCommand(action, game.width));
        expect(check.wins(action, indy, rocks), `${JSON.stringify(game)} ${action}`).toBe(expected);
        if (expected) expect(check.line[0]).toBe(action);
        checked++;
      }
      expect(Array.from(board.rooms)).toEqual(game.rooms); // the rooms are left as they were
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('finds a line on every level file with the rocks in view at turn 0', () => {
    for (const { name, level } of crusadeLevels()) {
      const game: CrusadeGame = { ...level, rocks: level.rocks.filter((rock) => rock.turn === 0) };
      const { indy, rocks, check } = checkOf(game);
      expect(check.findLine(indy, rocks), name).toBe(true);
      expect(replay(game, check.line), name).toBe('WON');
    }
  });

  it('sees that the command the planner used to give loses against the rocks in view', () => {
    const old = parseCommand('1 3 LEFT');
    if (!old.ok) throw new Error(old.error.message);
    expect(winsAfter(ROCKS_2_TURN_5, old.value)).toBe(false);
    const { indy, rocks, check } = checkOf(ROCKS_2_TURN_5);
    expect(check.wins(leftTurn(3 * 10 + 1), indy, rocks)).toBe(false);
    expect(check.findLine(indy, rocks)).toBe(true);
    expect(replay(ROCKS_2_TURN_5, check.line)).toBe('WON');
  });
});

describe('the planner never walks into a loss it can see', () => {
  it('answers a command that still wins against the rocks in view', () => {
    const grid: CrusadeGrid = ROCKS_2_TURN_5;
    const command = new CrusadePlanner(grid).decide(ROCKS_2_TURN_5.indy, ROCKS_2_TURN_5.rocks);
    expect(formatCommand(command)).not.toBe('1 3 LEFT');
    expect(winsAfter(ROCKS_2_TURN_5, command)).toBe(true);
  });

  it('falls back on the safety check when the branch search finds nothing in its budget', () => {
    // One search state is only the default future, which loses here: the line comes from
    // the safety check, and it wins.
    const planner = new CrusadePlanner(ROCKS_2_TURN_5, { nodeBudget: 1 });
    const command = planner.decide(ROCKS_2_TURN_5.indy, ROCKS_2_TURN_5.rocks);
    expect(planner.stats().planned).toBe(true);
    expect(planner.stats().nodes).toBeGreaterThan(10);
    expect(winsAfter(ROCKS_2_TURN_5, command)).toBe(true);
    // And it follows that line to the exit.
    let game = playTurn(ROCKS_2_TURN_5, command).game;
    for (let turn = 1; turn < 20; turn++) {
      const rocks: readonly Mover[] = game.rocks;
      const played = playTurn(game, planner.decide(game.indy, rocks));
      if (played.outcome.status === 'WON') return;
      expect(played.outcome.status).toBe('PLAYING');
      game = played.game;
    }
    throw new Error('Indy did not get out');
  });
});
