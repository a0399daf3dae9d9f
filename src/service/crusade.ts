// The rotating-rooms puzzle's service: the one door from the CLI and GraphQL to the crusade
// engine. `planCrusadeLevel` plays a level file given as text (GraphQL's `crusadePlan`);
// `CrusadeBot` speaks the game's stdin protocol one line at a time (`labyrinth crusade`).
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CRUSADE_LEVEL_ERROR_CODES,
  CRUSADE_LINE_ERROR_CODES,
  parseCrusadeLevel,
  parseExit,
  parseMover,
  parseRockCount,
  parseRoomRow,
  parseSize,
  type CrusadeLevel,
  type CrusadeLevelErrorCode,
  type CrusadeLineErrorCode,
  type Mover,
} from '../engine/crusade/level-file.js';
import { CrusadePlanner } from '../engine/crusade/planner.js';
import {
  crusadeTurns,
  playCrusadeLevel,
  playResult,
  type CrusadePlayResult,
  type CrusadeTurn,
} from '../engine/crusade/play.js';
import { formatCommand } from '../engine/crusade/simulator.js';
import { warmUpPlanner } from '../engine/crusade/warm-up.js';
import { fail, ok, type Failure, type Result } from '../engine/result.js';
import type { SolverPool } from './solver-pool.js';

export { CRUSADE_LEVEL_ERROR_CODES, type CrusadeLevelErrorCode, type CrusadePlayResult };
export type { CrusadeTurn };

/**
 * Plays a level file given as text with the planner, which sees each turn only what a player
 * would. `now` times each answer (ms). Bad text is a failure whose message names the line and
 * whose `row` is the line's index.
 */
export function planCrusadeLevel(
  text: string,
  now: () => number = () => performance.now(),
): Result<CrusadePlayResult, Failure<CrusadeLevelErrorCode>> {
  return playCrusadeLevel(text, now);
}

/**
 * What playing a level may cost, priced before it is played (docs/graphql.md, "Budgets"):
 * rooms x turns x movers. The game lasts at most one turn a room (Indy never enters a room
 * twice); each turn the planner plays lines ahead that cross at most every room, moving Indy
 * and every rock in view (at most all of the level's rocks) one room a step, within budgets of
 * search states and hedge work that do not depend on the level. Measured (20x20 serpentines,
 * rocks on Indy's way: the slowest levels found): 0.24 to 0.70 µs of planning a unit on this
 * machine when it is quiet, so a level at the default limit plays for 1.4 s at most then.
 */
export function crusadeCost(level: Pick<CrusadeLevel, 'width' | 'height' | 'rocks'>): number {
  const rooms = level.width * level.height;
  return rooms * rooms * (level.rocks.length + 1);
}

/**
 * The default limit of a request's crusade cost (MAX_CRUSADE_COST): any level of the game's
 * size (20x20) with up to 11 rocks, 14x14 (the largest level files) with up to 51; the largest
 * level file costs 230,496. The 20x20 serpentines with 150 and 1000 rocks
 * (harness/big-levels.ts, 19 s and 170 s of play) cost 24 and 160 million.
 */
export const DEFAULT_MAX_CRUSADE_COST = 2_000_000;

/** The cost of a level file given as text; 0 when it is not one (its error costs nothing). */
export function crusadeCostOfText(text: string): number {
  const parsed = parseCrusadeLevel(text);
  return parsed.ok ? crusadeCost(parsed.value) : 0;
}

export interface CrusadePlanOptions {
  /** Where the game is played: a solver thread; on the event loop when there is none. */
  readonly pool?: SolverPool;
  /** Aborted (the deadline passed, the client left): the play stops, and so does its work. */
  readonly signal?: AbortSignal;
}

/**
 * How long a play on the event loop runs before it lets other work in (and checks its signal).
 */
const EVENT_LOOP_SLICE_MS = 10;

/**
 * Plays a level file given as text as `planCrusadeLevel` does, off the event loop: in a solver
 * thread of `pool` (which is terminated if the signal aborts while it plays), or without one a
 * turn at a time on the event loop, other requests served between turns. The caller prices it
 * first (crusadeCost). A failure names the line of the text at fault; an abort rejects with the
 * signal's reason.
 */
export async function planCrusade(
  text: string,
  { pool, signal }: CrusadePlanOptions = {},
): Promise<Result<CrusadePlayResult, Failure<CrusadeLevelErrorCode>>> {
  const parsed = parseCrusadeLevel(text);
  if (!parsed.ok) return parsed;
  signal?.throwIfAborted();
  if (pool !== undefined) return ok(await pool.planCrusade(parsed.value, signal));
  const turns = crusadeTurns(parsed.value, () => performance.now());
  let slice = performance.now();
  for (;;) {
    const step = turns.next();
    if (step.done) return ok(playResult(step.value));
    if (performance.now() - slice >= EVENT_LOOP_SLICE_MS) {
      await nextTurn();
      signal?.throwIfAborted();
      slice = performance.now();
    }
  }
}

/**
 * The most time the protocol bot spends warming its planner up on the first turn: with Node
 * starting up, the first answer stays well under the game's 1 s (the bench's goal: 500 ms).
 */
const WARM_UP_MS = 150;

/** What can be wrong with the protocol's input: a bad line, or the input ending mid-message. */
export const CRUSADE_BOT_ERROR_CODES = [...CRUSADE_LINE_ERROR_CODES, 'INPUT_ENDS_EARLY'] as const;
export type CrusadeBotErrorCode = (typeof CRUSADE_BOT_ERROR_CODES)[number];
export type CrusadeBotFailure = Failure<CrusadeBotErrorCode>;

/** The line the bot waits for. */
type Awaiting = 'size' | 'rooms' | 'exit' | 'indy' | 'count' | 'rock';

/**
 * The protocol bot, fed one input line at a time (init `W H`, H rows of room types, `EX`; each
 * turn `XI YI POS`, `R`, R lines `XR YR POS`). `feed` answers the command line once a turn's
 * lines are all in, undefined while it needs more; `end` says whether the input may stop here
 * (between turns). A failure's message names the line (1-based) and its `row` is the line's
 * index; after a failure the game is over.
 */
export class CrusadeBot {
  private awaiting: Awaiting = 'size';
  /** Lines fed so far: the 1-based number of the last one. */
  private lineNumber = 0;
  private width = 0;
  private height = 0;
  private readonly rooms: number[] = [];
  private exitX = 0;
  private planner: CrusadePlanner | undefined;
  private indy: Mover | undefined;
  private rockCount = 0;
  private rocks: Mover[] = [];
  private turns = 0;

  feed(line: string): Result<string | undefined, CrusadeBotFailure> {
    this.lineNumber++;
    switch (this.awaiting) {
      case 'size': {
        const size = parseSize(line);
        if (!size.ok) return this.atLine(size.error);
        this.width = size.value.width;
        this.height = size.value.height;
        this.awaiting = 'rooms';
        return ok(undefined);
      }
      case 'rooms': {
        const row = parseRoomRow(line, this.width);
        if (!row.ok) return this.atLine(row.error);
        this.rooms.push(...row.value);
        if (this.rooms.length === this.width * this.height) this.awaiting = 'exit';
        return ok(undefined);
      }
      case 'exit': {
        const exitX = parseExit(line, this.width);
        if (!exitX.ok) return this.atLine(exitX.error);
        const { width, height, rooms } = this;
        this.exitX = exitX.value;
        this.planner = new CrusadePlanner({ width, height, rooms, exitX: exitX.value });
        this.awaiting = 'indy';
        return ok(undefined);
      }
      case 'indy': {
        const indy = parseMover(line, this.width, this.height, 'Indy');
        if (!indy.ok) return this.atLine(indy.error);
        this.indy = indy.value;
        this.awaiting = 'count';
        return ok(undefined);
      }
      case 'count': {
        const count = parseRockCount(line, this.width * this.height);
        if (!count.ok) return this.atLine(count.error);
        this.rockCount = count.value;
        this.rocks = [];
        if (this.rockCount === 0) return this.answer();
        this.awaiting = 'rock';
        return ok(undefined);
      }
      case 'rock': {
        const rock = parseMover(line, this.width, this.height, 'the rock');
        if (!rock.ok) return this.atLine(rock.error);
        this.rocks.push(rock.value);
        return this.rocks.length === this.rockCount ? this.answer() : ok(undefined);
      }
    }
  }

  /** At the end of the input: fine between turns (the game is over), a failure otherwise. */
  end(): Result<void, CrusadeBotFailure> {
    if (this.awaiting === 'indy') return ok(undefined);
    const missing = this.lineNumber + 1;
    return fail(
      'INPUT_ENDS_EARLY',
      `line ${missing}: the input ended, expected ${this.expected()}`,
      missing - 1,
    );
  }

  private expected(): string {
    switch (this.awaiting) {
      case 'size':
        return '"W H"';
      case 'rooms':
        return `row ${this.rooms.length / this.width} of the rooms`;
      case 'exit':
        return '"EX"';
      case 'indy':
        return '"XI YI POS"';
      case 'count':
        return '"R", the number of rocks';
      case 'rock':
        return `rock ${this.rocks.length + 1} of ${this.rockCount}, "XR YR POS"`;
    }
  }

  /** The turn's lines are all in: the planner's command. */
  private answer(): Result<string, never> {
    this.awaiting = 'indy';
    // Both are set: a turn starts after the init lines and with Indy's line.
    const indy = this.indy!;
    if (this.turns++ === 0) {
      // The first turn has time to spare (1 s in the game, 150 ms after): warm the planner's
      // code up so that the later turns do not run it cold. The answers do not depend on it,
      // so a clock may bound it.
      const { width, height, rooms } = this;
      const until = performance.now() + WARM_UP_MS;
      warmUpPlanner({ width, height, rooms, exitX: this.exitX }, indy, this.rocks, {
        enough: () => performance.now() > until,
      });
    }
    return ok(formatCommand(this.planner!.decide(indy, this.rocks)));
  }

  private atLine(error: Failure<CrusadeLineErrorCode>): Result<never, CrusadeBotFailure> {
    return fail(error.code, `line ${this.lineNumber}: ${error.message}`, this.lineNumber - 1);
  }
}
