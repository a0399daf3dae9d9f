// Names, tags, search, copies and saves that change nothing, through the GraphQL API
// (docs/graphql.md, "Names, tags and search"), in process over the in-memory store.
import { describe, expect, it } from 'vitest';
import type { LevelChange } from '../../src/service/events.js';
import { foldCase } from '../../src/service/level-labels.js';
import type { LevelService } from '../../src/service/level-service.js';
import { INTRO, makeApp, post } from './helpers.js';

const LOAD = `mutation ($id: ID!, $rows: [String!]!, $name: String, $tags: [String!], $expected: Int) {
  loadLevel(id: $id, rows: $rows, name: $name, tags: $tags, expectedVersion: $expected) {
    __typename
    ... on Level { id version name tags }
    ... on LevelValidationError { message code }
    ... on VersionConflict { currentVersion }
  }
}`;

const COPY = `mutation ($from: ID!, $to: ID!, $expected: Int) {
  copyLevel(from: $from, to: $to, expectedVersion: $expected) {
    __typename
    ... on Level { id version rows name tags steps }
    ... on CopyError { message code }
    ... on VersionConflict { message currentVersion }
  }
}`;

const LEVELS = `query ($first: Int, $after: String, $search: String, $tag: String) {
  levels(first: $first, after: $after, search: $search, tag: $tag) {
    edges { node { id name tags } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const OTHER = ['S..', '...', '..E'];

type Data = Record<string, Record<string, unknown>>;

async function data(
  app: ReturnType<typeof makeApp>['app'],
  query: string,
  variables: Record<string, unknown>,
): Promise<Data> {
  const { body } = await post(app, query, variables);
  expect(body.errors).toBeUndefined();
  return body.data as Data;
}

/** The changes the service tells from now on, collected as they come. */
function listen(service: LevelService): { changes: LevelChange[]; stop: () => void } {
  const abort = new AbortController();
  const changes: LevelChange[] = [];
  void (async () => {
    for await (const change of service.changes(abort.signal)) changes.push(change);
  })().catch(() => undefined);
  return { changes, stop: () => abort.abort() };
}

/** Lets the event loop tell what was published. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('names and tags', () => {
  it('saves them with each version, normalised, and keeps them when a save leaves them out', async () => {
    const { app } = makeApp();
    const saved = await data(app, LOAD, {
      id: 'hall',
      rows: INTRO,
      name: '  The Great Hall ',
      tags: ['Boss', 'hard', 'BOSS', 'Straße'],
    });
    expect(saved.loadLevel).toEqual({
      __typename: 'Level',
      id: 'hall',
      version: 1,
      name: 'The Great Hall',
      tags: ['boss', 'hard', 'strasse'],
    });
    // Left out and null alike keep them.
    expect((await data(app, LOAD, { id: 'hall', rows: OTHER })).loadLevel).toMatchObject({
      version: 2,
      name: 'The Great Hall',
      tags: ['boss', 'hard', 'strasse'],
    });
    expect(
      (await data(app, LOAD, { id: 'hall', rows: INTRO, name: null, tags: null })).loadLevel,
    ).toMatchObject({ version: 3, name: 'The Great Hall', tags: ['boss', 'hard', 'strasse'] });
    // "" and [] remove them.
    expect(
      (await data(app, LOAD, { id: 'hall', rows: INTRO, name: '', tags: [] })).loadLevel,
    ).toMatchObject({ version: 4, name: null, tags: [] });
    const history = await data(
      app,
      '{ level(id: "hall") { history { edges { node { version name tags } } } } }',
      {},
    );
    expect(history.level).toEqual({
      history: {
        edges: [
          { node: { version: 4, name: null, tags: [] } },
          { node: { version: 3, name: 'The Great Hall', tags: ['boss', 'hard', 'strasse'] } },
          { node: { version: 2, name: 'The Great Hall', tags: ['boss', 'hard', 'strasse'] } },
          { node: { version: 1, name: 'The Great Hall', tags: ['boss', 'hard', 'strasse'] } },
        ],
      },
    });
    const old = await data(app, '{ level(id: "hall", version: 2) { id name tags } }', {});
    expect(old.level).toEqual({
      id: '\u0000Level:hall@2',
      name: 'The Great Hall',
      tags: ['boss', 'hard', 'strasse'],
    });
  });

  it.each([
    [{ name: 'x'.repeat(101) }, 'INVALID_NAME', 'a name has at most 100 characters, got 101'],
    [
      { name: 'two\nlines' },
      'INVALID_NAME',
      'a name may not contain control characters or lone surrogates',
    ],
    [
      { name: 'half \ud800' },
      'INVALID_NAME',
      'a name may not contain control characters or lone surrogates',
    ],
    [
      { tags: ['ok', 'not ok'] },
      'INVALID_TAGS',
      `tag "not ok" may hold only letters, digits, '-', '_' and '.'`,
    ],
    [{ tags: [''] }, 'INVALID_TAGS', 'a tag may not be empty'],
    [{ tags: ['#1'] }, 'INVALID_TAGS', `tag "#1" may hold only letters, digits, '-', '_' and '.'`],
    [
      { tags: ['t'.repeat(33)] },
      'INVALID_TAGS',
      `tag "${'t'.repeat(33)}" has 33 characters, at most 32`,
    ],
    [
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      'INVALID_TAGS',
      'a level has at most 20 tags, got 21',
    ],
  ])('refuses %j with %s and stores nothing', async (labels, code, message) => {
    const { app } = makeApp();
    await data(app, LOAD, { id: 'l', rows: INTRO, name: 'Kept', tags: ['kept'] });
    expect((await data(app, LOAD, { id: 'l', rows: OTHER, ...labels })).loadLevel).toEqual({
      __typename: 'LevelValidationError',
      message,
      code,
    });
    expect((await data(app, '{ level(id: "l") { version rows name tags } }', {})).level).toEqual({
      version: 1,
      rows: INTRO,
      name: 'Kept',
      tags: ['kept'],
    });
  });

  it('takes them on generateLevel and importMaze, refused before anything is made', async () => {
    const { app } = makeApp();
    const generate = `mutation ($name: String, $tags: [String!]) {
      generateLevel(id: "g", input: { width: 3, height: 2, seed: 5 }, name: $name, tags: $tags) {
        __typename ... on GeneratedLevel { level { version name tags } } ... on GenerationError { code message }
      }
    }`;
    expect((await data(app, generate, { name: 'Maze', tags: ['Gen'] })).generateLevel).toEqual({
      __typename: 'GeneratedLevel',
      level: { version: 1, name: 'Maze', tags: ['gen'] },
    });
    expect((await data(app, generate, { tags: ['a b'] })).generateLevel).toEqual({
      __typename: 'GenerationError',
      code: 'INVALID_TAGS',
      message: `tag "a b" may hold only letters, digits, '-', '_' and '.'`,
    });
    // The same input again: the same rows, name and tags: nothing is stored.
    expect((await data(app, generate, {})).generateLevel).toEqual({
      __typename: 'GeneratedLevel',
      level: { version: 1, name: 'Maze', tags: ['gen'] },
    });
    const imported = `mutation ($name: String) {
      importMaze(id: "m", text: "D3\\nD6\\n\\n0,0\\n1,1\\nES\\n", name: $name) {
        __typename ... on ImportedMaze { level { version name tags } } ... on MazeFormatError { code message }
      }
    }`;
    expect((await data(app, imported, { name: 'Imported' })).importMaze).toEqual({
      __typename: 'ImportedMaze',
      level: { version: 1, name: 'Imported', tags: [] },
    });
    expect((await data(app, imported, { name: '\u0007' })).importMaze).toEqual({
      __typename: 'MazeFormatError',
      code: 'INVALID_NAME',
      message: 'a name may not contain control characters or lone surrogates',
    });
  });
});

describe('saves that change nothing', () => {
  it('answer the current version, store nothing and tell no one', async () => {
    const { app, service } = makeApp();
    const { changes, stop } = listen(service);
    try {
      await settle();
      await data(app, LOAD, { id: 'a', rows: INTRO, name: 'A', tags: ['x', 'y'] });
      // The same rows, name and tags (tags in another order and case are the same tags).
      for (const variables of [
        { rows: INTRO },
        { rows: INTRO, name: 'A' },
        { rows: INTRO, name: ' A ', tags: ['Y', 'x'] },
        { rows: INTRO, expected: 1 },
      ]) {
        expect(
          (await data(app, LOAD, { id: 'a', ...variables })).loadLevel,
          JSON.stringify(variables),
        ).toEqual({
          __typename: 'Level',
          id: 'a',
          version: 1,
          name: 'A',
          tags: ['x', 'y'],
        });
      }
      // A stale expected version is a conflict all the same.
      expect((await data(app, LOAD, { id: 'a', rows: INTRO, expected: 3 })).loadLevel).toEqual({
        __typename: 'VersionConflict',
        currentVersion: 1,
      });
      // A revert to the current content stores nothing either.
      await data(app, LOAD, { id: 'a', rows: OTHER });
      await data(app, LOAD, { id: 'a', rows: INTRO });
      const revert = `mutation { revertLevel(id: "a", version: 1) { __typename ... on Level { version rows name tags } } }`;
      expect((await data(app, revert, {})).revertLevel).toEqual({
        __typename: 'Level',
        version: 3,
        rows: INTRO,
        name: 'A',
        tags: ['x', 'y'],
      });
      await settle();
      expect(changes).toEqual([
        { id: 'a', version: 1, kind: 'SAVED' },
        { id: 'a', version: 2, kind: 'SAVED' },
        { id: 'a', version: 3, kind: 'SAVED' },
      ]);
      const history = await data(
        app,
        '{ level(id: "a") { history { edges { node { version } } } } }',
        {},
      );
      expect(history.level).toEqual({
        history: {
          edges: [{ node: { version: 3 } }, { node: { version: 2 } }, { node: { version: 1 } }],
        },
      });
    } finally {
      stop();
    }
  });

  it('revert restores the name and tags of that version', async () => {
    const { app } = makeApp();
    await data(app, LOAD, { id: 'r', rows: INTRO, name: 'First', tags: ['one'] });
    await data(app, LOAD, { id: 'r', rows: INTRO, name: 'Second', tags: [] });
    const revert = `mutation { revertLevel(id: "r", version: 1) { __typename ... on Level { version rows name tags } } }`;
    expect((await data(app, revert, {})).revertLevel).toEqual({
      __typename: 'Level',
      version: 3,
      rows: INTRO,
      name: 'First',
      tags: ['one'],
    });
  });
});

describe('copyLevel', () => {
  it("saves the source's rows, name and tags as the next version of the target", async () => {
    const { app, service } = makeApp();
    const { changes, stop } = listen(service);
    try {
      await settle();
      await data(app, LOAD, { id: 'src', rows: INTRO, name: 'Source', tags: ['tpl'] });
      // Solved once: the copy has the same rows, and the same answers without solving again.
      expect((await data(app, '{ level(id: "src") { steps } }', {})).level).toEqual({ steps: 4 });
      const copy = {
        __typename: 'Level',
        id: 'dst',
        rows: INTRO,
        name: 'Source',
        tags: ['tpl'],
        steps: 4,
      };
      expect((await data(app, COPY, { from: 'src', to: 'dst', expected: 0 })).copyLevel).toEqual({
        ...copy,
        version: 1,
      });
      expect(service.stats.fewestStepsRuns).toBe(1);
      // Again: the target has that content already.
      expect((await data(app, COPY, { from: 'src', to: 'dst' })).copyLevel).toEqual({
        ...copy,
        version: 1,
      });
      // Over a target that exists: its next version.
      await data(app, LOAD, { id: 'src', rows: OTHER, name: 'Changed' });
      expect((await data(app, COPY, { from: 'src', to: 'dst', expected: 1 })).copyLevel).toEqual({
        ...copy,
        rows: OTHER,
        name: 'Changed',
        steps: 4,
        version: 2,
      });
      expect((await data(app, COPY, { from: 'src', to: 'dst', expected: 1 })).copyLevel).toEqual({
        __typename: 'VersionConflict',
        message: "level 'dst' is at version 2, the save expected version 1",
        currentVersion: 2,
      });
      await settle();
      expect(changes).toEqual([
        { id: 'src', version: 1, kind: 'SAVED' },
        { id: 'dst', version: 1, kind: 'SAVED' },
        { id: 'src', version: 2, kind: 'SAVED' },
        { id: 'dst', version: 2, kind: 'SAVED' },
      ]);
    } finally {
      stop();
    }
  });

  it.each([
    ['nowhere', 'dst', 'UNKNOWN_SOURCE', "there is no level 'nowhere' to copy"],
    ['src', 'src', 'SAME_ID', "a level cannot be copied onto itself ('src')"],
    [
      'src',
      'a\u0000b',
      'INVALID_ID',
      'level id must be well-formed Unicode without NUL characters, at most 256 characters long',
    ],
  ])('copying %j to %j is a CopyError %s, and stores nothing', async (from, to, code, message) => {
    const { app } = makeApp();
    await data(app, LOAD, { id: 'src', rows: INTRO });
    expect((await data(app, COPY, { from, to })).copyLevel).toEqual({
      __typename: 'CopyError',
      code,
      message,
    });
    expect((await data(app, '{ levels { edges { node { id version } } } }', {})).levels).toEqual({
      edges: [{ node: { id: 'src', version: 1 } }],
    });
  });

  it('refuses a deleted source, and a source over a smaller size limit', async () => {
    const { app, store } = makeApp({ service: { limits: { maxRows: 2, maxCols: 10 } } });
    store.put('big', INTRO);
    await data(app, LOAD, { id: 'gone', rows: ['SE'] });
    await data(app, 'mutation { deleteLevel(id: "gone") }', {});
    expect((await data(app, COPY, { from: 'gone', to: 'x' })).copyLevel).toEqual({
      __typename: 'CopyError',
      code: 'UNKNOWN_SOURCE',
      message: "there is no level 'gone' to copy",
    });
    expect((await data(app, COPY, { from: 'big', to: 'x' })).copyLevel).toEqual({
      __typename: 'CopyError',
      code: 'LEVEL_TOO_LARGE',
      message: 'level too large (max 2x10)',
    });
  });
});

describe('levels(search:, tag:)', () => {
  it('keeps the levels whose id or name contains the search, or that carry the tag, paged in id order', async () => {
    const { app } = makeApp();
    for (const [id, name, tags] of [
      ['castle-1', 'The Great Hall', ['boss']],
      ['castle-2', 'Straße', ['easy']],
      ['hall', null, ['easy']],
      ['room', 'Small HALL', []],
    ] as const) {
      await data(app, LOAD, { id, rows: INTRO, name, tags });
    }
    const page1 = await data(app, LEVELS, { search: 'hall', first: 2 });
    expect(page1.levels).toEqual({
      edges: [
        { node: { id: 'castle-1', name: 'The Great Hall', tags: ['boss'] } },
        { node: { id: 'hall', name: null, tags: ['easy'] } },
      ],
      pageInfo: { hasNextPage: true, endCursor: 'bGV2ZWw6aGFsbA' },
    });
    const page2 = await data(app, LEVELS, { search: 'hall', first: 2, after: 'bGV2ZWw6aGFsbA' });
    expect(page2.levels).toEqual({
      edges: [{ node: { id: 'room', name: 'Small HALL', tags: [] } }],
      pageInfo: { hasNextPage: false, endCursor: 'bGV2ZWw6cm9vbQ' },
    });
    const ids = async (variables: Record<string, unknown>) =>
      ((await data(app, LEVELS, variables)).levels.edges as Array<{ node: { id: string } }>).map(
        (edge) => edge.node.id,
      );
    expect(await ids({ search: 'STRASSE' })).toEqual(['castle-2']);
    expect(await ids({ tag: 'Easy' })).toEqual(['castle-2', 'hall']);
    expect(await ids({ search: 'castle', tag: 'easy' })).toEqual(['castle-2']);
    expect(await ids({ search: '' })).toEqual(['castle-1', 'castle-2', 'hall', 'room']);
    expect(await ids({ search: null, tag: null })).toEqual([
      'castle-1',
      'castle-2',
      'hall',
      'room',
    ]);
  });

  it.each([
    [{ tag: 'not a tag' }, `tag "not a tag" may hold only letters, digits, '-', '_' and '.'`],
    [{ search: 'x'.repeat(257) }, "'search' has at most 256 characters, got 257"],
    [{ search: 'a\u0000' }, "'search' may not contain NUL or lone surrogates"],
  ])('refuses %j with BAD_USER_INPUT', async (variables, message) => {
    const { app } = makeApp();
    const { body } = await post(app, LEVELS, variables);
    expect(body).toEqual({
      errors: [
        {
          message,
          locations: [{ line: 2, column: 3 }],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    });
  });

  it('pages like a simple reference over random names and tags', async () => {
    const { app } = makeApp();
    // mulberry32: the same levels on every run.
    let seed = 7;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const letters = ['a', 'B', 'ß', 'é', 'Σ', ' ', '1'];
    const word = (most: number) =>
      Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(letters)).join('');
    const levels = new Map<string, { name: string | null; tags: string[] }>();
    for (let i = 0; i < 40; i++) {
      const id = `${word(3)}-${i}`;
      const name = random() < 0.2 ? null : word(8).trim() || null;
      const tags = ['boss', 'easy', 'keys'].filter(() => random() < 0.4);
      await data(app, LOAD, { id, rows: INTRO, name: name ?? '', tags });
      levels.set(id, { name, tags });
    }
    for (let round = 0; round < 25; round++) {
      const search = random() < 0.8 ? word(2) : undefined;
      const tag = random() < 0.4 ? pick(['boss', 'easy', 'keys']) : undefined;
      const first = 1 + Math.floor(random() * 7);
      const expected = [...levels]
        .filter(
          ([id, { name, tags }]) =>
            (tag === undefined || tags.includes(tag)) &&
            (search === undefined ||
              foldCase(id).includes(foldCase(search)) ||
              (name !== null && foldCase(name).includes(foldCase(search)))),
        )
        .map(([id]) => id)
        .sort();
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page = (await data(app, LEVELS, { search, tag, first, after })).levels as {
          edges: Array<{ node: { id: string } }>;
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
        seen.push(...page.edges.map((edge) => edge.node.id));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen, JSON.stringify({ search, tag, first })).toEqual(expected);
    }
  });
});
