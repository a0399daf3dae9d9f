// The real server process: `node dist/src/server.js` (built by `npm test` before vitest runs)
// on a free port with a temporary SQLite file, driven over HTTP by a GraphQL client with the
// codegen typed documents; stopped with SIGTERM mid-request, restarted, and checked for the
// levels and versions it stored.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/service/run.js';
import {
  CopyLevelDocument,
  CrusadePlanDocument,
  DeleteLevelDocument,
  GenerateLevelDocument,
  ImportMazeDocument,
  LevelDocument,
  LevelMazeDocument,
  LevelsByIdDocument,
  LevelsDocument,
  LoadLevelDocument,
  NameLevelDocument,
  SearchLevelsDocument,
} from '../gql/graphql.js';
import { splitCost } from '../support/cost.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'dist/src/server.js');

interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly base: string;
  readonly output: () => string;
  readonly exited: Promise<number | NodeJS.Signals | null>;
}

/**
 * Starts the built server on a free port (PORT=0) and waits for its "listening" line; `args`
 * runs another entry point instead (the CLI's `serve`).
 */
async function startServer(dataDir: string, args = [entry]): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
  delete env.DATABASE_URL; // the default store: SQLite in DATA_DIR
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'pipe' });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  // The exit code, or the signal that ended the process.
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line:\n${output}`)), 15_000);
    const look = () => {
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+\/graphql)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', look);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, url, base: url.replace(/\/graphql$/, ''), output: () => output, exited };
}

async function stop(server: ServerProcess): Promise<number | NodeJS.Signals | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** Waits until `text` appears in the server's output. */
async function waitForOutput(server: ServerProcess, text: string): Promise<void> {
  for (let waited = 0; !server.output().includes(text); waited += 10) {
    if (waited > 10_000) throw new Error(`no "${text}" in:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Posts `body` so that it arrives after the server has begun shutting down. With `Expect:
 * 100-continue` the server answers "continue" once it has the request's headers; only then is
 * SIGTERM sent, and the body once the server says it is finishing the requests in flight.
 */
function postAfterSigterm(
  current: ServerProcess,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(current.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text: withoutCost(text) }));
    });
    req.on('continue', () => {
      current.child.kill('SIGTERM');
      waitForOutput(current, 'SIGTERM: finishing requests in flight').then(
        () => req.end(body),
        reject,
      );
    });
    req.flushHeaders();
  });
}

/** A JSON answer's text without its price (`extensions.cost`); any other text as it is. */
function withoutCost(text: string): string {
  try {
    return JSON.stringify(splitCost(JSON.parse(text) as unknown).body);
  } catch {
    return text;
  }
}

const dataDirs: string[] = [];
const servers: ServerProcess[] = [];

/** A server of its own, on a new SQLite file: each test stands alone. */
async function newServer(dataDir?: string): Promise<ServerProcess> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'labyrinth-e2e-')));
  if (dataDir === undefined) dataDirs.push(dir);
  const server = await startServer(dir);
  servers.push(server);
  return server;
}

/** Stores the sample levels the restart test reads back: the same requests as the first test. */
async function storeSample(client: GraphQLClient): Promise<void> {
  await client.request(LoadLevelDocument, { id: 'intro', rows: ['S.#', '...', '#.E'] });
  await client.request(LoadLevelDocument, { id: 'bad', rows: ['S.', 'x.'] });
  await client.request(LoadLevelDocument, { id: 'room', rows: ['S..', '...', '..E'] });
  await client.request(LoadLevelDocument, { id: 'room', rows: ['S.', '.E'] });
  await client.request(LoadLevelDocument, { id: 'gone', rows: ['SE'] });
  await client.request(DeleteLevelDocument, { id: 'gone' });
  await client.request(GenerateLevelDocument, {
    id: 'maze',
    input: { width: 6, height: 4, seed: 2024, algorithm: 'PRIM', shape: 'IMPERFECT' },
  });
  const { level: maze } = await client.request(LevelMazeDocument, { id: 'maze' });
  await client.request(ImportMazeDocument, { id: 'copy', text: maze!.maze!.text });
}

beforeAll(() => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
});

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) await stop(server);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('serves GraphQL, health, readiness and GraphiQL on the port it names', async () => {
    const server = await newServer();
    const client = new GraphQLClient(server.url);

    expect(
      await client.request(LoadLevelDocument, { id: 'intro', rows: ['S.#', '...', '#.E'] }),
    ).toEqual({
      loadLevel: {
        __typename: 'Level',
        id: 'intro',
        version: 1,
        rows: ['S.#', '...', '#.E'],
        steps: 4,
      },
    });
    expect(await client.request(LoadLevelDocument, { id: 'bad', rows: ['S.', 'x.'] })).toEqual({
      loadLevel: {
        __typename: 'LevelValidationError',
        message: "unknown glyph 'x' at row 1, col 0",
        code: 'UNKNOWN_GLYPH',
        row: 1,
        col: 0,
      },
    });
    await client.request(LoadLevelDocument, { id: 'room', rows: ['S..', '...', '..E'] });
    await client.request(LoadLevelDocument, { id: 'room', rows: ['S.', '.E'] });
    await client.request(LoadLevelDocument, { id: 'gone', rows: ['SE'] });
    expect(await client.request(DeleteLevelDocument, { id: 'gone' })).toEqual({
      deleteLevel: true,
    });

    const generated = await client.request(GenerateLevelDocument, {
      id: 'maze',
      input: { width: 6, height: 4, seed: 2024, algorithm: 'PRIM', shape: 'IMPERFECT' },
    });
    expect(generated.generateLevel).toMatchObject({
      __typename: 'GeneratedLevel',
      level: { id: 'maze', version: 1 },
      warnings: [],
    });
    const { level: maze } = await client.request(LevelMazeDocument, { id: 'maze' });
    expect(
      await client.request(ImportMazeDocument, { id: 'copy', text: maze!.maze!.text }),
    ).toMatchObject({ importMaze: { __typename: 'ImportedMaze', level: { version: 1 } } });
    const { crusadePlan } = await client.request(CrusadePlanDocument, {
      level: readFileSync(join(root, 'test/fixtures/crusade/broken_well.in'), 'utf8'),
    });
    expect(crusadePlan).toMatchObject({ __typename: 'CrusadePlan', outcome: 'WON', reason: null });

    const health = await fetch(`${server.base}/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${server.base}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    const graphiql = await fetch(server.url, { headers: { accept: 'text/html' } });
    expect(graphiql.status).toBe(200);
    expect(await graphiql.text()).toContain('<title>Labyrinth levels</title>');
  });

  it('answers the worked example exactly as run() does', async () => {
    const client = new GraphQLClient((await newServer()).url);
    await client.request(LoadLevelDocument, { id: 'intro', rows: ['S.#', '...', '#.E'] });
    const { level } = await client.request(LevelDocument, { id: 'intro' });
    expect([
      'ok',
      level!.steps,
      level!.path!.map(({ row, col }) => [row, col]),
      level!.render,
    ]).toEqual(
      run([
        ['load', 'intro', ['S.#', '...', '#.E']],
        ['solve', 'intro'],
        ['path', 'intro'],
        ['render', 'intro'],
      ]),
    );
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const current = await newServer();
    const client = new GraphQLClient(current.url);
    await client.request(LoadLevelDocument, { id: 'intro', rows: ['S.#', '...', '#.E'] });
    await client.request(LoadLevelDocument, { id: 'room', rows: ['S..', '...', '..E'] });
    await client.request(LoadLevelDocument, { id: 'room', rows: ['S.', '.E'] });
    const body = JSON.stringify({
      query: 'query ($ids: [ID!]!) { levelsById(ids: $ids) { id version steps } }',
      variables: { ids: ['intro', 'room'] },
    });
    const answer = postAfterSigterm(current, body);
    expect(await answer).toEqual({
      status: 200,
      text: JSON.stringify({
        data: {
          levelsById: [
            { id: 'intro', version: 1, steps: 4 },
            { id: 'room', version: 2, steps: 2 },
          ],
        },
      }),
    });
    expect(await current.exited).toBe(0);
    // One JSON line per request (its operation, status, outcome, time; never the rows), and
    // the server's own lines.
    const lines = current.output().trimEnd().split('\n');
    const requests = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
    expect(requests).toHaveLength(4);
    for (const logged of requests) {
      expect(Object.keys(logged).sort()).toEqual(
        ['durationMs', 'method', 'msg', 'operation', 'outcome', 'status', 'time'].sort(),
      );
      expect(logged).toMatchObject({ msg: 'request', method: 'POST', status: 200, outcome: 'ok' });
    }
    expect(current.output()).not.toContain('S.#');
    // (The warning goes to stderr, so its place among the stdout lines is not fixed.)
    const warning =
      'labyrinth server: warning: writes are open to everyone: set LABYRINTH_WRITE_TOKEN to require a token for mutations';
    expect(lines).toContain(warning);
    expect(lines.filter((line) => !line.startsWith('{') && line !== warning).join('\n')).toMatch(
      /^store: {4}SQLite \/\S+\/levels\.sqlite\neditor: {3}http:\/\/127\.0\.0\.1:\d+\/\nGraphiQL: http:\/\/127\.0\.0\.1:\d+\/graphql\nlistening on http:\/\/127\.0\.0\.1:\d+\/graphql\nSIGTERM: finishing requests in flight, then closing the database\nstopped$/,
    );
  });

  it('answers the requests in flight on SIGTERM, then cuts the open subscription streams', async () => {
    const current = await newServer();
    const client = new GraphQLClient(current.url);
    await client.request(LoadLevelDocument, { id: 'intro', rows: ['S.#', '...', '#.E'] });
    const stream = await fetch(current.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { levelsChanged { id version kind } }' }),
    });
    let events = '';
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async (): Promise<'ended' | 'cut'> => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return 'ended';
          events += value;
        }
      } catch {
        return 'cut';
      }
    })();
    // The stream is open once it carries a save.
    await client.request(LoadLevelDocument, { id: 'intro', rows: ['S..', '...', '#.E'] });
    while (!events.includes('"version":2')) await new Promise((resolve) => setTimeout(resolve, 10));

    const answer = postAfterSigterm(
      current,
      JSON.stringify({ query: '{ level(id: "intro") { version steps } }' }),
    );
    expect(await answer).toEqual({
      status: 200,
      text: JSON.stringify({ data: { level: { version: 2, steps: 4 } } }),
    });
    // Cut, not completed: a client takes it as a lost connection and reconnects.
    expect(await reading).toBe('cut');
    expect(events).not.toContain('event: complete');
    expect(await current.exited).toBe(0);
    const lines = current.output().split('\n');
    const from = lines.indexOf('SIGTERM: finishing requests in flight, then closing the database');
    expect(lines.slice(from + 1).filter((line) => !line.startsWith('{'))).toEqual([
      'ended 1 subscription stream (clients reconnect)',
      'stopped',
      '',
    ]);
  });

  it('finds the levels and their versions after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-e2e-'));
    dataDirs.push(dataDir);
    const first = await newServer(dataDir);
    await storeSample(new GraphQLClient(first.url));
    expect(await stop(first), first.output()).toBe(0);

    const server = await newServer(dataDir);
    const client = new GraphQLClient(server.url);
    const { levels } = await client.request(LevelsDocument, { first: 10 });
    expect(levels.edges.map((edge) => edge.node)).toEqual([
      { id: 'copy', version: 1 },
      { id: 'intro', version: 1 },
      { id: 'maze', version: 1 },
      { id: 'room', version: 2 },
    ]);
    // The generated level comes back as it was stored, and its maze file with it.
    const { level: maze } = await client.request(LevelMazeDocument, { id: 'maze' });
    const { level: copy } = await client.request(LevelMazeDocument, { id: 'copy' });
    expect(maze!.maze).not.toBeNull();
    expect(copy!.maze).toEqual(maze!.maze);
    expect(levels.pageInfo.hasNextPage).toBe(false);
    expect(await client.request(LevelsByIdDocument, { ids: ['room', 'gone', 'bad'] })).toEqual({
      levelsById: [{ id: 'room', version: 2, steps: 2 }, null, null],
    });
    // Versions go on from where they were, also for a deleted id.
    expect(await client.request(LoadLevelDocument, { id: 'room', rows: ['SE'] })).toEqual({
      loadLevel: { __typename: 'Level', id: 'room', version: 3, rows: ['SE'], steps: 1 },
    });
    expect(await client.request(LoadLevelDocument, { id: 'gone', rows: ['SE'] })).toMatchObject({
      loadLevel: { version: 2 },
    });
    expect(await stop(server), server.output()).toBe(0);
  });

  it('keeps names and tags across a restart, and searches and copies with them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-e2e-names-'));
    dataDirs.push(dataDir);
    const first = await newServer(dataDir);
    const before = new GraphQLClient(first.url);
    const named = { id: 'hall', rows: ['S.#', '...', '#.E'], name: 'Great Hall', tags: ['Boss'] };
    // What saving it answers, before the restart and again after it (no new version).
    const hallV1 = {
      loadLevel: {
        __typename: 'Level',
        id: 'hall',
        version: 1,
        name: 'Great Hall',
        tags: ['boss'],
      },
    };
    expect(await before.request(NameLevelDocument, named)).toEqual(hallV1);
    await before.request(NameLevelDocument, { id: 'cellar', rows: ['SE'], name: 'Dark Cellar' });
    expect(await stop(first), first.output()).toBe(0);

    const server = await newServer(dataDir);
    const client = new GraphQLClient(server.url);
    const found = await client.request(SearchLevelsDocument, { search: 'HALL' });
    expect(found.levels.edges.map((edge) => edge.node)).toEqual([
      { id: 'hall', version: 1, name: 'Great Hall', tags: ['boss'] },
    ]);
    // The same save again is version 1 still; a copy takes the name and tags along.
    expect(await client.request(NameLevelDocument, { id: 'hall', rows: named.rows })).toEqual(
      hallV1,
    );
    expect(
      await client.request(CopyLevelDocument, { from: 'hall', to: 'hall-2', expectedVersion: 0 }),
    ).toEqual({
      copyLevel: {
        __typename: 'Level',
        id: 'hall-2',
        version: 1,
        rows: named.rows,
        name: 'Great Hall',
        tags: ['boss'],
      },
    });
    const boss = await client.request(SearchLevelsDocument, { tag: 'boss', first: 1 });
    expect(boss.levels.edges.map((edge) => edge.node.id)).toEqual(['hall']);
    expect(boss.levels.pageInfo.hasNextPage).toBe(true);
    const next = await client.request(SearchLevelsDocument, {
      tag: 'boss',
      after: boss.levels.pageInfo.endCursor,
    });
    expect(next.levels.edges.map((edge) => edge.node.id)).toEqual(['hall-2']);
    expect(
      (await client.request(SearchLevelsDocument, { search: 'c' })).levels.edges.map(
        (edge) => edge.node.id,
      ),
    ).toEqual(['cellar']);
    expect(await stop(server), server.output()).toBe(0);
  });

  it('runs the same way as `labyrinth serve`, stopping on SIGINT', async () => {
    const cliDir = await mkdtemp(join(tmpdir(), 'labyrinth-e2e-cli-'));
    try {
      const cli = await startServer(cliDir, [
        join(root, 'dist/src/cli.js'),
        'serve',
        '--port',
        '0',
        '--data-dir',
        cliDir,
      ]);
      const client = new GraphQLClient(cli.url);
      expect(await client.request(LoadLevelDocument, { id: 'cli', rows: ['SE'] })).toMatchObject({
        loadLevel: { __typename: 'Level', version: 1, steps: 1 },
      });
      expect(existsSync(join(cliDir, 'levels.sqlite'))).toBe(true);
      cli.child.kill('SIGINT');
      expect(await cli.exited, cli.output()).toBe(0);
      expect(cli.output()).toContain('SIGINT: finishing requests in flight');
    } finally {
      await rm(cliDir, { recursive: true, force: true });
    }
  });
});
