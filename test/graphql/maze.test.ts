import { describe, expect, it } from 'vitest';
import { exportHexMaze, importHexMaze } from '../../src/engine/maze-format/hex.js';
import { INTRO, makeApp, post } from './helpers.js';

const MAZE = '{ level(id: "m") { rows maze { text rows entry { x y } exit { x y } path } } }';
const IMPORT = `mutation ($id: ID!, $text: String!) {
  importMaze(id: $id, text: $text) {
    __typename
    ... on ImportedMaze { level { id version rows steps } warnings }
    ... on Error { message }
    ... on MazeFormatError { code row col }
  }
}`;

async function withGeneratedMaze() {
  const test = makeApp();
  const { body } = await post(
    test.app,
    `mutation { generateLevel(id: "m", input: { width: 5, height: 4, seed: 42 }) { __typename } }`,
  );
  expect(body.data).toEqual({ generateLevel: { __typename: 'GeneratedLevel' } });
  return test;
}

describe('Level.maze', () => {
  it('writes a generated level as its hex wall maze file', async () => {
    const { app } = await withGeneratedMaze();
    const { rows, maze } = (await post(app, MAZE)).body.data!.level as {
      rows: string[];
      maze: Record<string, unknown>;
    };
    expect(maze).toEqual(exportHexMaze(rows));
    expect(maze.text).toBe(
      `${(maze.rows as string[]).join('\n')}\n\n0,0\n4,3\n${maze.path as string}\n`,
    );
    expect(maze.entry).toEqual({ x: 0, y: 0 });
    expect(maze.exit).toEqual({ x: 4, y: 3 });
  });

  it('is null for a level without the wall-maze layout', async () => {
    const { app } = makeApp();
    await post(
      app,
      `mutation { loadLevel(id: "m", rows: ${JSON.stringify(INTRO)}) { __typename } }`,
    );
    expect((await post(app, '{ level(id: "m") { maze { text } } }')).body).toEqual({
      data: { level: { maze: null } },
    });
  });
});

describe('importMaze', () => {
  it('stores the level a maze file describes, which writes back the same file', async () => {
    const { app } = await withGeneratedMaze();
    const original = (await post(app, MAZE)).body.data!.level as {
      rows: string[];
      maze: { text: string };
    };
    const { body } = await post(app, IMPORT, { id: 'copy', text: original.maze.text });
    const imported = importHexMaze(original.maze.text);
    expect(imported.ok).toBe(true);
    expect(body.data!.importMaze).toEqual({
      __typename: 'ImportedMaze',
      level: {
        id: 'copy',
        version: 1,
        rows: imported.ok && imported.value.rows,
        steps: expect.any(Number),
      },
      warnings: [],
    });
    const copy = await post(app, '{ level(id: "copy") { maze { text } } }');
    expect(copy.body.data).toEqual({ level: { maze: { text: original.maze.text } } });
  });

  it('takes lower-case digits, "x, y" and a missing final newline', async () => {
    const { app } = makeApp();
    const { body } = await post(app, IMPORT, { id: 'm', text: 'd3\nd6\n\n0, 0\n1, 1\nES' });
    expect(body.data!.importMaze).toEqual({
      __typename: 'ImportedMaze',
      level: { id: 'm', version: 1, rows: ['#####', '#S..#', '###.#', '#..E#', '#####'], steps: 4 },
      warnings: [],
    });
  });

  it.each([
    'zz\n\n0,0\n0,0\n',
    '9\n\n0,0\n0,0\n',
    'd5\nc5\n\n0,0\n5,5\nES\n',
    'd1\nc5\n\n0,0\n1,1\nES\n',
  ])('answers a MazeFormatError with the engine text for %j, storing nothing', async (text) => {
    const { app } = makeApp();
    const engine = importHexMaze(text);
    expect(engine.ok).toBe(false);
    expect((await post(app, IMPORT, { id: 'm', text })).body.data).toEqual({
      importMaze: !engine.ok && {
        __typename: 'MazeFormatError',
        message: engine.error.message,
        code: engine.error.code,
        row: engine.error.row,
        col: engine.error.col,
      },
    });
    expect((await post(app, '{ level(id: "m") { id } }')).body.data).toEqual({ level: null });
  });
});
