// LevelAnswers: one fragment for a stored Level and a checked LevelDraft alike, answered and
// priced the same as the fields asked on each type.
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema/schema.js';
import { INTRO, makeApp, post } from './helpers.js';
import { isInterfaceType, isObjectType } from 'graphql';

const ANSWERS = `fragment Answers on LevelAnswers {
  rows width height steps path { row col } render cheapest cheapestPath { row col }
  cheapestRender moves cheapestMoves maze { path } unreachable { row col } unreachableMask
  neededKeys deadEnds shortestWalks }`;

describe('LevelAnswers', () => {
  it('is implemented by Level and LevelDraft, with every field they share', () => {
    const answers = schema.getType('LevelAnswers');
    expect(isInterfaceType(answers)).toBe(true);
    if (!isInterfaceType(answers)) return;
    expect(
      schema
        .getPossibleTypes(answers)
        .map((type) => type.name)
        .sort(),
    ).toEqual(['Level', 'LevelDraft']);
    const fields = Object.keys(answers.getFields()).sort();
    // The rows, their size, the 14 answers of the service's table, and why there is no route.
    expect(fields).toHaveLength(18);
    const draft = schema.getType('LevelDraft');
    // A draft has nothing else: everything it answers, a stored level answers too.
    expect(isObjectType(draft) && Object.keys(draft.getFields()).sort()).toEqual(fields);
  });

  it('answers one fragment on a stored level and on a draft alike', async () => {
    const { app, service } = makeApp();
    await service.load('intro', INTRO);
    const { body } = await post(
      app,
      `{ level(id: "intro") { ...Answers } checkLevel(rows: ${JSON.stringify(INTRO)}) { ...Answers } }
      ${ANSWERS}`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.level).toEqual(body.data!.checkLevel);
    expect(body.data!.level).toMatchObject({ steps: 4, render: ['S*#', '.**', '#.E'] });
  });

  it('prices the answers a fragment on the interface asks for', async () => {
    const { app, service } = makeApp({
      app: { budget: { maxSolveCost: 1, maxResponseBytes: 1e9 } },
    });
    await service.load('intro', INTRO);
    const { status, body } = await post(
      app,
      '{ level(id: "intro") { ... on LevelAnswers { steps } } }',
    );
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions?.code).toBe('TOO_EXPENSIVE');
    expect(service.stats.fewestStepsRuns).toBe(0);
  });
});
