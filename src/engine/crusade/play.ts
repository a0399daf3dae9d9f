// Plays a level file against the simulator: the planner gets what a player would get each turn
// (Indy and the rocks in view, never the schedule), and every answer is timed.
import type { Failure, Result } from '../result.js';
import { mapResult } from '../result.js';
import {
  MAX_TURN,
  parseCrusadeLevel,
  type CrusadeLevel,
  type CrusadeLevelErrorCode,
  type Mover,
} from './level-file.js';
import { CrusadePlanner, type CrusadePlannerOptions } from './planner.js';
import { formatCommand, playTurn, type CrusadeGame } from './simulator.js';

export interface CrusadeTurn {
  readonly turn: number;
  /** The planner's answer, as the protocol writes it. */
  readonly command: string;
  /** Indy's room when the command was given (the turn's input). */
  readonly indy: { readonly x: number; readonly y: number; readonly pos: Mover['entry'] };
}

export interface CrusadePlayResult {
  readonly outcome: 'WON' | 'LOST';
  readonly reason?: string;
  readonly turns: readonly CrusadeTurn[];
  /** The longest the planner took for one turn, in the units of `now` (ms for performance.now). */
  readonly slowestTurnMs: number;
}

/** The rocks that first show in the input of turn `turn`. */
function rocksShowingAt(level: CrusadeLevel, turn: number): Mover[] {
  return level.rocks
    .filter((rock) => rock.turn === turn)
    .map(({ x, y, entry }) => ({ x, y, entry }));
}

/** What `playCrusade` answers: the play, and each turn's time and work. */
export type CrusadePlayWithStats = CrusadePlayResult & {
  /** Each turn's time, the planner's search states (0 when it followed its plan), the hedge's work. */
  readonly turnMs: readonly number[];
  readonly turnSearchStates: readonly number[];
  readonly turnHedgeWork: readonly number[];
};

/** Plays a parsed level; `now` times each of the planner's answers. */
export function playCrusade(
  level: CrusadeLevel,
  now: () => number,
  options: CrusadePlannerOptions = {},
): CrusadePlayWithStats {
  const turns = crusadeTurns(level, now, options);
  for (;;) {
    const step = turns.next();
    if (step.done) return step.value;
  }
}

/**
 * The same play a turn at a time: the generator pauses after each of the planner's answers
 * and returns the play once the game is over, so that a caller can stop it between turns, or
 * let others work in between (the service does, when it plays on the event loop).
 */
export function* crusadeTurns(
  level: CrusadeLevel,
  now: () => number,
  options: CrusadePlannerOptions = {},
): Generator<void, CrusadePlayWithStats> {
  const planner = new CrusadePlanner(level, options);
  let game: CrusadeGame = { ...level, rocks: rocksShowingAt(level, 0) };
  const turns: CrusadeTurn[] = [];
  const turnMs: number[] = [];
  const turnSearchStates: number[] = [];
  const turnHedgeWork: number[] = [];
  const done = (outcome: 'WON' | 'LOST', reason?: string) => ({
    outcome,
    ...(reason === undefined ? {} : { reason }),
    turns,
    turnMs,
    turnSearchStates,
    turnHedgeWork,
    slowestTurnMs: turnMs.reduce((a, b) => Math.max(a, b), 0),
  });
  if (game.rocks.some((rock) => rock.x === game.indy.x && rock.y === game.indy.y)) {
    return done('LOST', "a rock appeared in Indy's room");
  }
  for (let turn = 0; turn <= MAX_TURN; turn++) {
    const started = now();
    const command = planner.decide(game.indy, game.rocks);
    turnMs.push(now() - started);
    turnSearchStates.push(planner.stats().nodes);
    turnHedgeWork.push(planner.stats().hedgeWork);
    turns.push({
      turn,
      command: formatCommand(command),
      indy: { x: game.indy.x, y: game.indy.y, pos: game.indy.entry },
    });
    const played = playTurn(game, command, rocksShowingAt(level, turn + 1));
    game = played.game;
    if (played.outcome.status === 'WON') return done('WON');
    if (played.outcome.status === 'LOST') return done('LOST', played.outcome.reason);
    yield;
  }
  return done('LOST', `Indy did not reach the exit in ${MAX_TURN} turns`);
}

/** The play without the per-turn figures: what `crusadePlan` answers. */
export function playResult(play: CrusadePlayWithStats): CrusadePlayResult {
  const { outcome, reason, turns, slowestTurnMs } = play;
  return { outcome, ...(reason === undefined ? {} : { reason }), turns, slowestTurnMs };
}

/** Plays a level file given as text; bad text is parseCrusadeLevel's failure (naming the line). */
export function playCrusadeLevel(
  text: string,
  now: () => number,
): Result<CrusadePlayResult, Failure<CrusadeLevelErrorCode>> {
  return mapResult(parseCrusadeLevel(text), (level) => playResult(playCrusade(level, now)));
}
