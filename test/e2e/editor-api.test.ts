// The API an editor uses, over real HTTP against the server process (`node dist/src/server.js`
// on SQLite, as `npm start` runs it): checking without saving, conflict-safe saves, history
// and revert, and live changes over Server-Sent Events read by a real client (graphql-sse).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
  readonly dataDir: string;
}

let server: Server;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-editor-'));
  const child = spawn(process.execPath, [join(root, 'dist/src/server.js')], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_REQUESTS: '0', HISTORY_LIMIT: '5' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  server = { url, child, dataDir };
});

afterAll(async () => {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await rm(server.dataDir, { recursive: true, force: true });
});

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

const SAVE = `mutation Save($id: ID!, $rows: [String!]!, $expected: Int) {
  loadLevel(id: $id, rows: $rows, expectedVersion: $expected) {
    __typename
    ... on Level { id version }
    ... on VersionConflict { message conflict: code currentVersion }
    ... on LevelValidationError { code }
  }
}`;

async function solverRuns(): Promise<number> {
  const text = await (await fetch(server.url.replace(/graphql$/, 'metrics'))).text();
  let runs = 0;
  for (const match of text.matchAll(/^labyrinth_solver_seconds_count\{[^}]*\} (\d+)$/gm)) {
    runs += Number(match[1]);
  }
  return runs;
}

describe('checkLevel', () => {
  it('answers errors with their place, and answers without storing anything', async () => {
    const check = `query Check($rows: [String!]!) { checkLevel(rows: $rows) {
      __typename
      ... on LevelValidationError { message code row col }
      ... on LevelDraft { width height steps path { row col } cheapest render }
    } }`;
    expect(await gql(check, { rows: ['S.S', '..E'] })).toEqual({
      checkLevel: {
        __typename: 'LevelValidationError',
        message: 'expected exactly one S',
        code: 'START_COUNT',
        row: 0,
        col: 2,
      },
    });
    const rows = ['S.#', '...', '#.E'];
    expect(await gql(check, { rows })).toEqual({
      checkLevel: {
        __typename: 'LevelDraft',
        width: 3,
        height: 3,
        steps: 4,
        path: [
          { row: 0, col: 0 },
          { row: 0, col: 1 },
          { row: 1, col: 1 },
          { row: 1, col: 2 },
          { row: 2, col: 2 },
        ],
        cheapest: 4,
        render: ['S*#', '.**', '#.E'],
      },
    });
    expect(await gql('{ levels { edges { node { id } } } }')).toEqual({ levels: { edges: [] } });
    // Saving the rows just checked solves nothing again.
    const before = await solverRuns();
    await gql(SAVE, { id: 'checked', rows });
    expect(await gql('{ level(id: "checked") { steps cheapest } }')).toEqual({
      level: { steps: 4, cheapest: 4 },
    });
    expect(await solverRuns()).toBe(before);
  });
});

describe('conflict-safe saves', () => {
  it('stores only at the expected version and names the current one otherwise', async () => {
    expect(await gql(SAVE, { id: 'safe', rows: ['SE'], expected: 0 })).toEqual({
      loadLevel: { __typename: 'Level', id: 'safe', version: 1 },
    });
    expect(await gql(SAVE, { id: 'safe', rows: ['S.E'], expected: 0 })).toEqual({
      loadLevel: {
        __typename: 'VersionConflict',
        message: "level 'safe' exists already (version 1), the save expected none",
        conflict: 'VERSION_CONFLICT',
        currentVersion: 1,
      },
    });
    expect(await gql(SAVE, { id: 'safe', rows: ['S.E'], expected: 1 })).toMatchObject({
      loadLevel: { version: 2 },
    });
    expect(await gql(SAVE, { id: 'safe', rows: ['S..E'], expected: 1 })).toEqual({
      loadLevel: {
        __typename: 'VersionConflict',
        message: "level 'safe' is at version 2, the save expected version 1",
        conflict: 'VERSION_CONFLICT',
        currentVersion: 2,
      },
    });
    expect(await gql('{ level(id: "safe") { version rows } }')).toEqual({
      level: { version: 2, rows: ['S.E'] },
    });
  });

  it('lets exactly one of 100 concurrent saves with the same expectedVersion through', async () => {
    await gql(SAVE, { id: 'race', rows: ['SE'] });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        // Each other rows than the current ones (those would answer version 1 unchanged).
        gql(SAVE, { id: 'race', rows: ['S' + '.'.repeat(i + 1) + 'E'], expected: 1 }),
      ),
    );
    const kinds = answers.map((answer) => (answer.loadLevel as { __typename: string }).__typename);
    expect(kinds.filter((kind) => kind === 'Level')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'VersionConflict')).toHaveLength(99);
    expect(await gql('{ level(id: "race") { version } }')).toEqual({ level: { version: 2 } });
  });

  it('takes expectedVersion on generateLevel and importMaze too', async () => {
    const generate = `mutation { generateLevel(id: "safe", expectedVersion: 1,
      input: { width: 3, height: 2, seed: 1 }) { __typename ... on VersionConflict { currentVersion } } }`;
    expect(await gql(generate)).toEqual({
      generateLevel: { __typename: 'VersionConflict', currentVersion: 2 },
    });
    const importMaze = `mutation { importMaze(id: "fresh", expectedVersion: 0,
      text: "D3\\nD6\\n\\n0,0\\n1,1\\nES\\n") { __typename ... on ImportedMaze { level { version } } } }`;
    expect(await gql(importMaze)).toEqual({
      importMaze: { __typename: 'ImportedMaze', level: { version: 1 } },
    });
  });
});

describe('history', () => {
  it('pages versions newest first, reads old ones as their own objects, and reverts', async () => {
    for (let i = 0; i < 7; i++) await gql(SAVE, { id: 'h', rows: ['S' + '.'.repeat(i) + 'E'] });
    const history = `query History($after: String) { level(id: "h") { id version history(first: 2, after: $after) {
      edges { node { id levelId version savedAt revertedFrom } } pageInfo { hasNextPage endCursor } } } }`;
    const first = (await gql(history)) as {
      level: {
        history: { edges: { node: Record<string, unknown> }[]; pageInfo: { endCursor: string } };
      };
    };
    expect(first.level.history.edges.map((edge) => edge.node)).toEqual([
      {
        id: '\u0000LevelVersion:h@7',
        levelId: 'h',
        version: 7,
        savedAt: expect.any(String),
        revertedFrom: null,
      },
      {
        id: '\u0000LevelVersion:h@6',
        levelId: 'h',
        version: 6,
        savedAt: expect.any(String),
        revertedFrom: null,
      },
    ]);
    const rest = (await gql(history, { after: first.level.history.pageInfo.endCursor })) as {
      level: {
        history: { edges: { node: { version: number } }[]; pageInfo: { hasNextPage: boolean } };
      };
    };
    // HISTORY_LIMIT=5: versions 7..3 are kept.
    expect(rest.level.history.edges.map((edge) => edge.node.version)).toEqual([5, 4]);
    expect(rest.level.history.pageInfo.hasNextPage).toBe(true);

    expect(
      await gql(
        '{ old: level(id: "h", version: 4) { id levelId version rows steps } gone: level(id: "h", version: 1) { id } }',
      ),
    ).toEqual({
      old: { id: '\u0000Level:h@4', levelId: 'h', version: 4, rows: ['S...E'], steps: 4 },
      gone: null,
    });

    const revert = `mutation Revert($version: Int!, $expected: Int) {
      revertLevel(id: "h", version: $version, expectedVersion: $expected) {
        __typename
        ... on Level { id version rows }
        ... on RevertError { message code }
        ... on VersionConflict { currentVersion }
      } }`;
    expect(await gql(revert, { version: 1 })).toEqual({
      revertLevel: {
        __typename: 'RevertError',
        message: "level 'h' has no version 1 in its history (it keeps the last 5)",
        code: 'UNKNOWN_VERSION',
      },
    });
    expect(await gql(revert, { version: 4, expected: 6 })).toEqual({
      revertLevel: { __typename: 'VersionConflict', currentVersion: 7 },
    });
    expect(await gql(revert, { version: 4, expected: 7 })).toEqual({
      revertLevel: { __typename: 'Level', id: 'h', version: 8, rows: ['S...E'] },
    });
    expect(
      await gql(
        '{ level(id: "h") { history(first: 1) { edges { node { version revertedFrom } } } } }',
      ),
    ).toEqual({ level: { history: { edges: [{ node: { version: 8, revertedFrom: 4 } }] } } });
  });
});

describe('live changes over Server-Sent Events', () => {
  it('tells subscribers of one level and of all levels each save, revert and delete', async () => {
    const client = createClient({ url: server.url });
    const subscribe = (query: string) => {
      const events: Array<Record<string, unknown>> = [];
      const iterator = client.iterate<Record<string, unknown>>({ query });
      const reading = (async () => {
        for await (const event of iterator) events.push(event.data!);
      })();
      return { events, stop: () => iterator.return?.(), reading };
    };
    const one = subscribe('subscription { levelChanged(id: "live") { id version kind } }');
    const all = subscribe('subscription { levelsChanged { id version kind } }');
    try {
      // The subscriptions are open once a change made after them reaches them.
      const wait = async (what: () => boolean) => {
        for (let tries = 0; !what(); tries++) {
          if (tries > 500) throw new Error('no event');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      for (let tries = 0; all.events.length === 0; tries++) {
        if (tries > 100) throw new Error('the subscription did not open');
        // Other rows each time: a save of the current rows tells no one.
        await gql(SAVE, { id: 'ping', rows: [tries % 2 ? 'S.E' : 'SE'] });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const seen = all.events.length;
      await gql(SAVE, { id: 'live', rows: ['SE'] });
      await gql(SAVE, { id: 'live', rows: ['S.E'] });
      await gql('mutation { revertLevel(id: "live", version: 1) { __typename } }');
      await gql(SAVE, { id: 'other', rows: ['SE'] });
      await gql('mutation { deleteLevel(id: "live") }');
      await wait(() => one.events.length >= 4 && all.events.length >= seen + 5);
      expect(one.events).toEqual([
        { levelChanged: { id: 'live', version: 1, kind: 'SAVED' } },
        { levelChanged: { id: 'live', version: 2, kind: 'SAVED' } },
        { levelChanged: { id: 'live', version: 3, kind: 'REVERTED' } },
        { levelChanged: { id: 'live', version: 3, kind: 'DELETED' } },
      ]);
      expect(all.events.slice(seen)).toEqual([
        { levelsChanged: { id: 'live', version: 1, kind: 'SAVED' } },
        { levelsChanged: { id: 'live', version: 2, kind: 'SAVED' } },
        { levelsChanged: { id: 'live', version: 3, kind: 'REVERTED' } },
        { levelsChanged: { id: 'other', version: 1, kind: 'SAVED' } },
        { levelsChanged: { id: 'live', version: 3, kind: 'DELETED' } },
      ]);
      // Failed writes tell nobody.
      await gql(SAVE, { id: 'other', rows: ['SS'] });
      await gql(SAVE, { id: 'other', rows: ['S.E'], expected: 5 });
      await gql(SAVE, { id: 'last', rows: ['SE'] });
      await wait(() => all.events.length >= seen + 6);
      expect(all.events.slice(seen + 5)).toEqual([
        { levelsChanged: { id: 'last', version: 1, kind: 'SAVED' } },
      ]);
    } finally {
      await one.stop();
      await all.stop();
      client.dispose();
    }
  });
});
