// Play mode's requests (play.ts): the server's walkLevel, which holds the movement rule. Only
// the walk of no moves is asked its positions (S); the others are not (walk-level.graphql).
import { request } from '../api.js';
import { PlayStartDocument, WalkLevelDocument } from '../gql/graphql.js';
import type { PlayApi, Walk, WalkAnswer, WalkOutcome } from './play.js';

type WalkResult<W> =
  | { readonly __typename: 'LevelValidationError'; readonly message: string }
  | ({ readonly __typename: 'Walk' } & W);

function answer<W extends WalkOutcome>(
  result: WalkResult<W>,
  walk: (result: W) => W,
): WalkAnswer<W> {
  if (result.__typename === 'LevelValidationError') {
    return { kind: 'invalid', message: result.message };
  }
  return { kind: 'walk', walk: walk(result) };
}

const outcome = ({ keys, steps, reachedExit, blockedAt }: WalkOutcome): WalkOutcome => ({
  keys,
  steps,
  reachedExit,
  blockedAt,
});

export const playServer: PlayApi = {
  start: async (rows, signal) => {
    const data = await request(PlayStartDocument, { rows: [...rows] }, signal);
    const best = data.checkLevel.__typename === 'LevelDraft' ? data.checkLevel.steps : null;
    const start = answer<Walk>(data.walkLevel, (walk) => ({
      ...outcome(walk),
      positions: walk.positions,
    }));
    return { start, best };
  },
  walk: async (rows, moves, signal) => {
    const data = await request(WalkLevelDocument, { rows: [...rows], moves }, signal);
    return answer(data.walkLevel, outcome);
  },
};
