// Play mode's requests (play.ts): the server's walkLevel, which holds the movement rule.
import { request } from '../api.js';
import { PlayStartDocument, WalkLevelDocument } from '../gql/graphql.js';
import type { PlayApi, WalkAnswer } from './play.js';

type WalkResult =
  | { readonly __typename: 'LevelValidationError'; readonly message: string }
  | {
      readonly __typename: 'Walk';
      readonly positions: readonly { row: number; col: number }[];
      readonly keys: readonly string[];
      readonly steps: number;
      readonly reachedExit: boolean;
      readonly blockedAt: number | null;
    };

function answer(result: WalkResult): WalkAnswer {
  if (result.__typename === 'LevelValidationError') {
    return { kind: 'invalid', message: result.message };
  }
  const { positions, keys, steps, reachedExit, blockedAt } = result;
  return { kind: 'walk', walk: { positions, keys, steps, reachedExit, blockedAt } };
}

export const playServer: PlayApi = {
  start: async (rows, signal) => {
    const data = await request(PlayStartDocument, { rows: [...rows] }, signal);
    const best = data.checkLevel.__typename === 'LevelDraft' ? data.checkLevel.steps : null;
    return { start: answer(data.walkLevel), best };
  },
  walk: async (rows, moves, signal) => {
    const data = await request(WalkLevelDocument, { rows: [...rows], moves }, signal);
    return answer(data.walkLevel);
  },
};
