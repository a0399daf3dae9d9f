// The walks as move letters (`moves`, `cheapestMoves`) and the unreachable cells as a mask
// (`unreachableMask`) on LevelAnswers (docs/graphql.md): exactly, the same walks `walkLevel`
// plays, priced by their bytes (a byte a step, a byte a cell), so the editor's live check of a
// big level cut in two answers in one 200 response where positions are refused.
import { describe, expect, it } from 'vitest';
import { run } from '../../src/service/run.js';
import { EDITOR_MANIFEST } from '../support/editor-documents.js';
import { costOf, makeApp, post } from './helpers.js';

/** Out to the key a and back to its door: the cheapest walk crosses itself (docs/rules.md). */
const KEYED = ['S.a', '#A#', '#E#'];
const ANSWERS = 'steps moves cheapest cheapestMoves unreachableMask';

async function answers(rows: string[], fields = ANSWERS, test = makeApp()) {
  return post(
    test.app,
    `query ($rows: [String!]!) { checkLevel(rows: $rows) { ... on LevelDraft { ${fields} } } }`,
    { rows },
  );
}

/** A side x side level, S top left, E bottom right, cut by a wall down column `side / 2`. */
function cutOff(side: number): string[] {
  const wall = side / 2;
  return Array.from({ length: side }, (_, row) => {
    const cells = Array.from({ length: side }, (_, col): string => (col === wall ? '#' : '.'));
    if (row === 0) cells[0] = 'S';
    if (row === side - 1) cells[side - 1] = 'E';
    return cells.join('');
  });
}

/** The editor's live check document (web/src/operations/live-check.graphql), as it sends it. */
const LIVE_CHECK = [...EDITOR_MANIFEST.values()].find((text) => text.includes('query LiveCheck'))!;

describe('moves, cheapestMoves and unreachableMask', () => {
  it('answers the walks as letters and the unreachable cells as rows of 0 and 1', async () => {
    expect((await answers(KEYED)).body).toEqual({
      data: {
        checkLevel: {
          steps: 5,
          moves: 'RRLDD',
          cheapest: 5,
          cheapestMoves: 'RRLDD',
          unreachableMask: ['000', '000', '000'],
        },
      },
    });
    // Walls cut E off: E and the floor with it are marked, the walls and what S reaches not.
    expect((await answers(['S9.#.', '..#.E', '.#..#'])).body).toEqual({
      data: {
        checkLevel: {
          steps: null,
          moves: null,
          cheapest: null,
          cheapestMoves: null,
          unreachableMask: ['00001', '00011', '00110'],
        },
      },
    });
    expect((await answers(['S9E', '...'])).body.data).toEqual({
      checkLevel: {
        steps: 2,
        moves: 'RR',
        cheapest: 4,
        cheapestMoves: 'DRRU',
        unreachableMask: ['000', '000'],
      },
    });
  });

  it('moves replays as walkLevel(moves:) to E, along path; run() offers each answer', async () => {
    const test = makeApp();
    const { app } = test;
    const rows = ['S..#', '.#a.', '.A.E'];
    const fields = 'path { row col } moves cheapestPath { row col } cheapestMoves';
    const { body } = await answers(rows, fields, test);
    const draft = body.data!.checkLevel as {
      path: { row: number; col: number }[];
      moves: string;
      cheapestPath: { row: number; col: number }[];
      cheapestMoves: string;
    };
    for (const [moves, path] of [
      [draft.moves, draft.path],
      [draft.cheapestMoves, draft.cheapestPath],
    ] as const) {
      expect(moves).toHaveLength(path.length - 1);
      const walked = await post(
        app,
        'query ($rows: [String!]!, $moves: String!) { walkLevel(rows: $rows, moves: $moves) { ... on Walk { positions { row col } reachedExit blockedAt } } }',
        { rows, moves },
      );
      expect(walked.body.data!.walkLevel).toEqual({
        positions: path,
        reachedExit: true,
        blockedAt: null,
      });
    }
    const [, moves, cheapestMoves, mask, , shutMoves, shutMask] = run([
      ['load', 'k', KEYED],
      ['moves', 'k'],
      ['cheapestMoves', 'k'],
      ['unreachableMask', 'k'],
      ['load', 'shut', ['S#E']],
      ['moves', 'shut'],
      ['unreachableMask', 'shut'],
    ]);
    expect([moves, cheapestMoves, mask, shutMoves, shutMask]).toEqual([
      'RRLDD',
      'RRLDD',
      ['000', '000', '000'],
      null,
      ['001'],
    ]);
  });

  it('prices moves at a byte a step and the mask at the rows, before solving', async () => {
    const rows = cutOff(20);
    const priced = await answers(rows, 'moves unreachableMask');
    expect(priced.status).toBe(200);
    // The mask is as big as the rows (20 strings of 20, quoted, with commas); moves null.
    const rowsBytes = 2 + 20 * (20 + 3);
    expect(costOf(priced)).toMatchObject({ responseBytes: 4 + rowsBytes });
    const tight = makeApp({ app: { budget: { maxSolveCost: 1e9, maxResponseBytes: rowsBytes } } });
    const fits = await answers(rows, 'unreachableMask', tight);
    expect(fits.status).toBe(200);
    const over = await answers(rows, 'unreachableMask rows', tight);
    expect([over.status, over.body.errors?.[0].extensions?.code]).toEqual([400, 'TOO_EXPENSIVE']);
    // Refused before anything was solved: the mask is priced at the rows' size.
    expect(tight.service.stats.reachRuns).toBe(1);
  });

  it("answers the editor's live check of a 300x300 level cut in two in one 200 response", async () => {
    const rows = cutOff(300);
    const { app } = makeApp();
    const check = await post(app, LIVE_CHECK, { rows, terrain: false });
    expect(check.status).toBe(200);
    expect(check.body.errors).toBeUndefined();
    const draft = check.body.data!.checkLevel as {
      __typename: string;
      steps: number | null;
      moves: string | null;
      unreachableMask: string[];
      neededKeys: string[];
      deadEnds: number;
      shortestWalks: number | null;
    };
    // Columns 151 to 299 of every row, E's among them: 149 x 300 cells.
    const right = '0'.repeat(151) + '1'.repeat(149);
    expect({ ...draft, unreachableMask: new Set(draft.unreachableMask) }).toEqual({
      __typename: 'LevelDraft',
      steps: null,
      moves: null,
      unreachableMask: new Set([right]),
      neededKeys: [],
      deadEnds: 0,
      shortestWalks: null,
    });
    expect(draft.unreachableMask).toHaveLength(300);
    // The same cells as positions are over the response budget: what the check asked before.
    const positions = await post(
      app,
      'query ($rows: [String!]!) { checkLevel(rows: $rows) { ... on LevelDraft { unreachable { row col } } } }',
      { rows },
    );
    expect([positions.status, positions.body.errors?.[0].extensions?.code]).toEqual([
      400,
      'TOO_EXPENSIVE',
    ]);
  });

  it('answers the live check with a walk as long as the level allows, still in one response', async () => {
    // A serpentine through a 300x300 level: about 45,000 steps, as letters.
    const side = 300;
    const rows = Array.from({ length: side }, (_, row) => {
      if (row % 2 === 0) return (row === 0 ? 'S' : '.') + '.'.repeat(side - 1);
      const gap = row % 4 === 1 ? side - 1 : 0;
      return Array.from({ length: side }, (_, col) => (col === gap ? '.' : '#')).join('');
    });
    // The last floor row is walked right to left, to E at its start; the row under it walls.
    rows[side - 2] = 'E' + '.'.repeat(side - 1);
    rows[side - 1] = '#'.repeat(side);
    const { app } = makeApp();
    const check = await post(app, LIVE_CHECK, { rows, terrain: true });
    expect(check.status).toBe(200);
    const draft = check.body.data!.checkLevel as { steps: number; moves: string };
    const { cheapestMoves } = check.body.data!.checkLevel as { cheapestMoves: string };
    expect(draft.moves).toHaveLength(draft.steps);
    expect(cheapestMoves).toBe(draft.moves);
    // 150 rows of floor walked end to end, and a step down between each two (149 x 2).
    expect(draft.steps).toBe(150 * 299 + 149 * 2);
    expect(draft.moves.slice(0, 301)).toBe('R'.repeat(299) + 'DD');
  });
});
