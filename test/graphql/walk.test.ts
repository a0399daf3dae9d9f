// walkLevel(rows, moves) over GraphQL (docs/graphql.md): the walk exactly, the reference's
// walks on random levels, BAD_USER_INPUT for bad moves, validation errors, and the budget.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomLevel } from '../support/random-levels.js';
import { referenceWalk } from '../support/reference-insights.js';
import { makeApp, post } from './helpers.js';

const WALK = `query ($rows: [String!]!, $moves: String!) {
  walkLevel(rows: $rows, moves: $moves) {
    __typename
    ... on Walk { positions { row col } keys steps reachedExit blockedAt }
    ... on LevelValidationError { message code row col }
  }
}`;

async function walk(rows: string[], moves: string, test = makeApp()) {
  return post(test.app, WALK, { rows, moves });
}

describe('walkLevel', () => {
  it('walks to the key, through its door, to E', async () => {
    expect((await walk(['S.a', '#A#', '#E#'], 'RRLDDU')).body).toEqual({
      data: {
        walkLevel: {
          __typename: 'Walk',
          positions: [
            { row: 0, col: 0 },
            { row: 0, col: 1 },
            { row: 0, col: 2 },
            { row: 0, col: 1 },
            { row: 1, col: 1 },
            { row: 2, col: 1 },
          ],
          keys: ['a'],
          steps: 5,
          reachedExit: true,
          blockedAt: null,
        },
      },
    });
  });

  it('stops before a move that is not allowed, and says which', async () => {
    expect((await walk(['S.a', '#A#', '#E#'], 'RDD')).body.data).toEqual({
      walkLevel: {
        __typename: 'Walk',
        positions: [
          { row: 0, col: 0 },
          { row: 0, col: 1 },
        ],
        keys: [],
        steps: 1,
        reachedExit: false,
        blockedAt: 1,
      },
    });
  });

  it('answers the walks of the reference on random levels', async () => {
    const test = makeApp();
    await fc.assert(
      fc.asyncProperty(
        randomLevel(8),
        fc.array(fc.constantFrom('U', 'R', 'D', 'L'), { maxLength: 30 }).map((m) => m.join('')),
        async (rows, moves) => {
          const expected = referenceWalk(rows, moves);
          const { body } = await walk(rows, moves, test);
          expect(body.data?.walkLevel).toEqual({
            __typename: 'Walk',
            positions: expected.positions.map(([row, col]) => ({ row, col })),
            keys: expected.keys,
            steps: expected.positions.length - 1,
            reachedExit: expected.reachedExit,
            blockedAt: expected.blockedAt,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses other letters and texts over 100000 letters as BAD_USER_INPUT', async () => {
    const bad = await walk(['S.E'], 'RRx');
    // Refused before anything runs: a request error, no `data`.
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      errors: [
        {
          message: 'moves may only hold the letters U, R, D and L: "x" at index 2',
          locations: [{ line: 2, column: 3 }],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
    const long = await walk(['S.E'], 'R'.repeat(100_001));
    expect(long.body.errors?.[0]).toMatchObject({
      message: 'moves has 100001 letters, more than the limit of 100000',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // Bad moves are not priced, however long.
    const many = await walk(['S.E'], 'x'.repeat(100_000));
    expect(many.body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT' });
    // The moves are checked before the rows.
    expect((await walk(['S#'], 'r')).body.errors?.[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
    });
  });

  it('answers invalid rows with the validation error a save would get', async () => {
    expect((await walk(['S.#', '.x.', '#.E'], 'R')).body.data).toEqual({
      walkLevel: {
        __typename: 'LevelValidationError',
        message: "unknown glyph 'x' at row 1, col 1",
        code: 'UNKNOWN_GLYPH',
        row: 1,
        col: 1,
      },
    });
  });

  it('walks 100000 moves; their positions are priced before the walk', async () => {
    const rows = ['S.', '.E'];
    const moves = 'RL'.repeat(50_000);
    const summary = await post(
      makeApp().app,
      'query ($moves: String!) { walkLevel(rows: ["S.", ".E"], moves: $moves) { ... on Walk { steps reachedExit } } }',
      { moves },
    );
    expect(summary.body).toEqual({ data: { walkLevel: { steps: 100_000, reachedExit: false } } });
    // 100,001 positions at 500 bytes of the response budget each: over the default 16 MB.
    const refused = await walk(rows, moves);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0].extensions).toEqual({
      code: 'TOO_EXPENSIVE',
      cost: 50_000_500,
      limit: 16_000_000,
      budget: 'RESPONSE_BYTES',
    });
    // The walk's solve cost: the level's cells and the moves.
    const tight = makeApp({ app: { budget: { maxSolveCost: 4, maxResponseBytes: 1e9 } } });
    expect((await walk(rows, 'R', tight)).body.errors?.[0].extensions).toMatchObject({
      code: 'TOO_EXPENSIVE',
      cost: 5,
    });
  });
});
