// The example script (examples/scripts/make-levels.ts) against a real server: run as
// `npm run make-levels` makes its batch, saves again with the version it read, and reports a
// save someone else made in between instead of overwriting it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../harness/embedded-postgres.js';
import { makeLevels } from '../../examples/scripts/make-levels.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

let url = '';
let child: ChildProcess;
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-script-'));
  child = spawn(process.execPath, [join(root, 'dist/src/server.js')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve) => {
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
  });
});

afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run make-levels', () => {
  it('makes a batch of levels, keeps them when made again, then makes their next versions', async () => {
    const env = { ...process.env, LABYRINTH_URL: url };
    const args = ['run', '--silent', 'make-levels', '--', '--count', '3', '--prefix', 'night'];
    const first = await run('npm', args, { cwd: root, env });
    expect(first.stdout).toMatch(
      /^night-1: version 1, \d+ steps\nnight-2: version 1, \d+ steps\nnight-3: version 1, \d+ steps\n$/,
    );
    const lines = first.stdout.split('\n').filter(Boolean);
    // The same seeds make the same levels: saving them again stores nothing.
    const again = await run('npm', args, { cwd: root, env });
    expect(again.stdout.split('\n').filter(Boolean)).toEqual(
      lines.map((line) => line.replace('version 1', 'version 1 (unchanged)')),
    );
    const bigger = await run('npm', [...args, '--size', '13'], { cwd: root, env });
    expect(bigger.stdout).toMatch(
      /^night-1: version 2, \d+ steps\nnight-2: version 2, \d+ steps\nnight-3: version 2, \d+ steps\n$/,
    );
  });

  it('prints its usage with --help, exit 0', async () => {
    const help = await run('npm', ['run', '--silent', 'make-levels', '--', '--help'], {
      cwd: root,
    });
    expect(help).toEqual({
      stdout:
        'usage: npm run make-levels -- [--count N] [--prefix NAME] [--size N] [--keys N]\n' +
        '  env LABYRINTH_URL (default http://localhost:4000/graphql), LABYRINTH_WRITE_TOKEN\n',
      stderr: '',
    });
  });

  it('names the server it cannot reach, and why, in one line', async () => {
    const free = await freePort();
    const nowhere = `http://127.0.0.1:${free}/graphql`;
    const failed = await run('npm', ['run', '--silent', 'make-levels'], {
      cwd: root,
      env: { ...process.env, LABYRINTH_URL: nowhere },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({
      code: 1,
      stderr: `make-levels: cannot reach ${nowhere} (connection refused): is the server running? (npm start; LABYRINTH_URL names another)\n`,
    });
  });

  it('sends the write token from the environment', async () => {
    const token = 'a-long-enough-token-for-tests';
    const dir = await mkdtemp(join(tmpdir(), 'labyrinth-script-token-'));
    const guarded = spawn(process.execPath, [join(root, 'dist/src/server.js')], {
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dir,
        LOG_REQUESTS: '0',
        LABYRINTH_WRITE_TOKEN: token,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const guardedUrl = await new Promise<string>((resolve) => {
        let output = '';
        guarded.stdout!.setEncoding('utf8').on('data', (text: string) => {
          output += text;
          const match = /listening on (\S+)/.exec(output);
          if (match) resolve(match[1]);
        });
      });
      const args = ['run', '--silent', 'make-levels', '--', '--count', '1', '--prefix', 'guarded'];
      const refused = await run('npm', args, {
        cwd: root,
        env: { ...process.env, LABYRINTH_URL: guardedUrl, LABYRINTH_WRITE_TOKEN: '' },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^make-levels: .*UNAUTHENTICATED/);
      const made = await run('npm', args, {
        cwd: root,
        env: { ...process.env, LABYRINTH_URL: guardedUrl, LABYRINTH_WRITE_TOKEN: token },
      });
      expect(made.stdout).toMatch(/^guarded-1: version 1, \d+ steps\n$/);
    } finally {
      guarded.kill('SIGTERM');
      await new Promise((resolve) => guarded.once('exit', resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports a save made between its read and its write, and overwrites nothing', async () => {
    const client = new GraphQLClient(url);
    // Another client saves right after the script reads the version.
    const racing = new GraphQLClient(url);
    const original = client.request.bind(client);
    let reads = 0;
    client.request = (async (...args: Parameters<GraphQLClient['request']>) => {
      const answer = await (original as (...a: unknown[]) => Promise<unknown>)(...args);
      if (reads++ === 0) {
        await racing.request('mutation { loadLevel(id: "race-1", rows: ["SE"]) { __typename } }');
      }
      return answer;
    }) as GraphQLClient['request'];
    const lines: string[] = [];
    const failures = await makeLevels(
      client,
      { count: 1, prefix: 'race', size: 4, keys: 0 },
      (line) => lines.push(line),
    );
    expect(failures).toBe(1);
    expect(lines).toEqual([
      "race-1: not made: level 'race-1' exists already (version 1), the save expected none",
    ]);
    expect(
      await racing.request<{ level: { rows: string[] } }>('{ level(id: "race-1") { rows } }'),
    ).toEqual({
      level: { rows: ['SE'] },
    });
  });
});
