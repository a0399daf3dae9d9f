// What the play bar says about the walk, with the keys from the COMMANDS table. Kept apart
// from play.ts: commands.ts takes play.ts's types, so play.ts imports nothing of commands.ts.
import { keysSaid } from '../commands.js';
import { MAX_MOVES, type PlayState } from './play.js';

/** What the play bar says about the walk. */
export function playMessage(state: PlayState): string {
  const { walk, best } = state;
  if (state.problem) return state.problem;
  if (walk.reachedExit) {
    const steps = `${walk.steps} step${walk.steps === 1 ? '' : 's'}`;
    if (best === null) return `You reached E in ${steps}.`;
    return walk.steps === best
      ? `You reached E in ${steps}: the best there is.`
      : `You reached E in ${steps}; the best is ${best}.`;
  }
  if (walk.steps + state.waiting >= MAX_MOVES) {
    const most = MAX_MOVES.toLocaleString('en');
    return `That is ${most} moves, the most a walk can have: ${keysSaid('play-restart')} starts again.`;
  }
  if (state.lastBlocked) return 'Blocked: that move is not allowed. Try another way.';
  if (walk.steps === 0) {
    return best === null
      ? 'E cannot be reached from S here, but you can walk around.'
      : `Walk with ${keysSaid('play-move')}; ${keysSaid('play-restart')} starts again.`;
  }
  return '';
}
