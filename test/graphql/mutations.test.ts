import { describe, expect, it } from 'vitest';
import { INTRO, makeApp, post } from './helpers.js';

const LOAD = `mutation ($id: ID!, $rows: [String!]!) {
  loadLevel(id: $id, rows: $rows) {
    __typename
    ... on Level { id version rows steps }
    ... on LevelValidationError { message code row col }
  }
}`;

describe('loadLevel', () => {
  it('stores a level as version 1 and answers it as a Level', async () => {
    const { app } = makeApp();
    expect(await post(app, LOAD, { id: 'intro', rows: INTRO })).toEqual({
      status: 200,
      body: {
        data: {
          loadLevel: { __typename: 'Level', id: 'intro', version: 1, rows: INTRO, steps: 4 },
        },
      },
    });
  });

  it.each([
    [[], 'EMPTY_LEVEL', 'empty level', null, null],
    [[''], 'EMPTY_LEVEL', 'empty level', null, null],
    [['S.E', '..'], 'ROW_LENGTH_MISMATCH', 'rows have different lengths', 1, null],
    [['S.E', '.x.'], 'UNKNOWN_GLYPH', "unknown glyph 'x' at row 1, col 1", 1, 1],
    // Columns count code points: the emoji is one glyph, at column 1.
    [['S😀E'], 'UNKNOWN_GLYPH', "unknown glyph '😀' at row 0, col 1", 0, 1],
    [['..E'], 'START_COUNT', 'expected exactly one S', null, null],
    [['S.E', 'S..'], 'START_COUNT', 'expected exactly one S', 1, 0],
    [['S..'], 'EXIT_COUNT', 'expected exactly one E', null, null],
    [['SaE', 'a.b'], 'DUPLICATE_KEY', "duplicate key 'a'", 1, 0],
  ])('answers %j with a LevelValidationError %s', async (rows, code, message, row, col) => {
    const { app } = makeApp();
    expect((await post(app, LOAD, { id: 'x', rows })).body).toEqual({
      data: { loadLevel: { __typename: 'LevelValidationError', message, code, row, col } },
    });
  });

  it('answers INVALID_ID for an id no database can store, and never finds one', async () => {
    const { app, store } = makeApp();
    for (const id of ['a\u0000b', 'lone \ud800 half']) {
      expect((await post(app, LOAD, { id, rows: INTRO })).body).toEqual({
        data: {
          loadLevel: {
            __typename: 'LevelValidationError',
            message:
              'level id must be well-formed Unicode without NUL characters, at most 256 characters long',
            code: 'INVALID_ID',
            row: null,
            col: null,
          },
        },
      });
      expect((await post(app, 'query ($id: ID!) { level(id: $id) { id } }', { id })).body).toEqual({
        data: { level: null },
      });
    }
    expect(store.reads.getMany).toBe(0);
    // A well-formed surrogate pair is a fine id.
    expect((await post(app, LOAD, { id: 'emoji 😀', rows: INTRO })).body.data).toEqual({
      loadLevel: { __typename: 'Level', id: 'emoji 😀', version: 1, rows: INTRO, steps: 4 },
    });
  });

  it('answers LEVEL_TOO_LARGE past the service size limit', async () => {
    const { app } = makeApp({ service: { limits: { maxRows: 2, maxCols: 3 } } });
    expect((await post(app, LOAD, { id: 'x', rows: ['S..', '...', '..E'] })).body).toEqual({
      data: {
        loadLevel: {
          __typename: 'LevelValidationError',
          message: 'level too large (max 2x3)',
          code: 'LEVEL_TOO_LARGE',
          row: null,
          col: null,
        },
      },
    });
  });

  it('can be read through the Error interface', async () => {
    const { app } = makeApp();
    const { body } = await post(
      app,
      'mutation { loadLevel(id: "x", rows: ["S"]) { __typename ... on Error { message } } }',
    );
    expect(body).toEqual({
      data: {
        loadLevel: { __typename: 'LevelValidationError', message: 'expected exactly one E' },
      },
    });
  });

  it('leaves the stored level untouched when the new rows are invalid', async () => {
    const { app } = makeApp();
    await post(app, LOAD, { id: 'intro', rows: INTRO });
    await post(app, LOAD, { id: 'intro', rows: ['S.x'] });
    expect((await post(app, '{ level(id: "intro") { version rows steps } }')).body).toEqual({
      data: { level: { version: 1, rows: INTRO, steps: 4 } },
    });
  });

  it('replaces a level with the next version, whose answers are its own', async () => {
    const { app, service } = makeApp();
    await post(app, LOAD, { id: 'lvl', rows: INTRO });
    expect((await post(app, '{ level(id: "lvl") { version steps } }')).body).toEqual({
      data: { level: { version: 1, steps: 4 } },
    });
    expect((await post(app, LOAD, { id: 'lvl', rows: ['S...E'] })).body).toEqual({
      data: {
        loadLevel: { __typename: 'Level', id: 'lvl', version: 2, rows: ['S...E'], steps: 4 },
      },
    });
    expect((await post(app, LOAD, { id: 'lvl', rows: ['SE'] })).body.data).toEqual({
      loadLevel: { __typename: 'Level', id: 'lvl', version: 3, rows: ['SE'], steps: 1 },
    });
    expect((await post(app, '{ level(id: "lvl") { version steps render } }')).body).toEqual({
      data: { level: { version: 3, steps: 1, render: ['SE'] } },
    });
    expect(service.stats.fewestStepsRuns).toBe(3);
  });

  it('rejects rows that are not a list of strings with a GraphQL error', async () => {
    const { app } = makeApp();
    const { status, body } = await post(app, LOAD, { id: 'x', rows: [1, 2] });
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [
        {
          message:
            'Variable "$rows" got invalid value 1 at "rows[0]"; String cannot represent a non string value: 1',
          locations: [{ line: 1, column: 21 }],
          extensions: { code: 'BAD_USER_INPUT' },
        },
        {
          message:
            'Variable "$rows" got invalid value 2 at "rows[1]"; String cannot represent a non string value: 2',
          locations: [{ line: 1, column: 21 }],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
  });
});

describe('deleteLevel', () => {
  it('deletes a level, answers false for an unknown id, and never reuses a version', async () => {
    const { app } = makeApp();
    await post(app, LOAD, { id: 'intro', rows: INTRO });
    const remove = 'mutation { deleteLevel(id: "intro") }';
    expect((await post(app, remove)).body).toEqual({ data: { deleteLevel: true } });
    expect((await post(app, remove)).body).toEqual({ data: { deleteLevel: false } });
    expect((await post(app, '{ level(id: "intro") { id } }')).body).toEqual({
      data: { level: null },
    });
    expect((await post(app, LOAD, { id: 'intro', rows: INTRO })).body.data).toEqual({
      loadLevel: { __typename: 'Level', id: 'intro', version: 2, rows: INTRO, steps: 4 },
    });
  });

  it('runs mutations in order within one request', async () => {
    const { app } = makeApp();
    const { body } = await post(
      app,
      `mutation {
        first: loadLevel(id: "a", rows: ["SE"]) { ... on Level { version } }
        gone: deleteLevel(id: "a")
        again: loadLevel(id: "a", rows: ["S.E"]) { ... on Level { version steps } }
        goneAgain: deleteLevel(id: "a")
        never: deleteLevel(id: "a")
      }`,
    );
    expect(body).toEqual({
      data: {
        first: { version: 1 },
        gone: true,
        again: { version: 2, steps: 2 },
        goneAgain: true,
        never: false,
      },
    });
  });
});
