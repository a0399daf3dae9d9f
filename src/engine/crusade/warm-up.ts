// Warming the planner up. A fresh process runs the planner's code cold: its first searches
// take many times longer than the same searches once the JIT has compiled them, and the game
// allows 150 ms for every turn after the first (1 s for the first). The protocol bot calls
// `warmUpPlanner` once, on the first turn, where time is plentiful: it plays a few throwaway
// games of the level from the first turn's position, a rock coming in at one of the places
// rocks come in by in each, with a planner of its own. Nothing of them is kept, so the answers
// are the same as without it. It stops after a fixed amount of play, or sooner when the
// caller says it has spent enough time (the engine reads no clock; the service does).
import type { CrusadeGrid, Mover } from './level-file.js';
import { unpackMover } from './mover.js';
import { CrusadePlanner } from './planner.js';
import { playTurn, toBoard, type CrusadeGame } from './simulator.js';
import { UnseenRocks } from './unseen-rocks.js';

/**
 * How much play warms the planner up: search states and hedge work added over the throwaway
 * games (at most one game per place rocks come in by, so small levels play less).
 */
export const WARM_UP_WORK = 10_000;
/** Turns of each throwaway game at most. */
const WARM_UP_TURNS = 24;

export interface WarmUpOptions {
  /** Work to play at most (search states and hedge work). */
  readonly work?: number;
  /** Asked between throwaway turns: true stops the warm-up. */
  readonly enough?: () => boolean;
}

/** Plays throwaway games from Indy and the rocks in view on the first turn. */
export function warmUpPlanner(
  grid: CrusadeGrid,
  indy: Mover,
  rocks: readonly Mover[],
  { work = WARM_UP_WORK, enough = () => false }: WarmUpOptions = {},
): void {
  const entries = new UnseenRocks(toBoard(grid)).entries;
  let done = 0;
  // Each game gets a rock at another place on its second turn, so that the searches and the
  // hedge have rocks to deal with; games end early when Indy wins or loses, so the work
  // decides, with at most one game a place (two when there are none).
  for (let game = 0; done < work && game < Math.max(2, entries.length); game++) {
    const planner = new CrusadePlanner(grid);
    const entry = entries.length > 0 ? entries[game % entries.length] : undefined;
    let now: CrusadeGame = { ...grid, indy, rocks };
    for (let turn = 0; turn < WARM_UP_TURNS && done < work; turn++) {
      if (enough()) return;
      const command = planner.decide(now.indy, now.rocks);
      const stats = planner.stats();
      done += 1 + stats.nodes + stats.hedgeWork;
      const arrivals = turn === 0 && entry !== undefined ? [unpackMover(grid.width, entry)] : [];
      const played = playTurn(now, command, arrivals);
      if (played.outcome.status !== 'PLAYING') break;
      now = played.game;
    }
  }
}
