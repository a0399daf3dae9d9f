// Every documented way of starting the server, as real processes, stops when the process it
// started is signalled, and leaves nothing behind: `npm start`, `npm run labyrinth -- serve`,
// `labyrinth serve` (the package's bin, as `npm link` installs it) and `node dist/src/server.js`,
// with one instance and with `--instances 2`. What a process manager does (SIGTERM or SIGINT to
// that process), what Ctrl-C in a terminal does (SIGINT to the whole process group: the server
// gets it from the terminal and again from npm), and npm killed outright (the server, started
// by npm, notices and stops). Before: `npm run labyrinth -- serve` left the server running on
// SIGTERM (npm's shell died, node was adopted by PID 1), and Ctrl-C under `npm start` exited 1
// ("SIGINT during shutdown") or killed the server with no shutdown at all.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, symlink } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../harness/embedded-postgres.js';
import { maskedUrl } from '../../src/server/start-text.js';
import { databaseOnServer, runStatement } from '../support/postgres-url.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const groups: number[] = [];
const database = `labyrinth_start_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
let bin = '';

beforeAll(async () => {
  await runStatement(`create database ${database}`);
  databaseUrl = databaseOnServer(database);
  // The bin as `npm link` (or a global install) makes it: a symlink to dist/src/cli.js, which
  // npm makes executable.
  const binDir = await mkdtemp(join(tmpdir(), 'labyrinth-bin-'));
  dirs.push(binDir);
  await chmod(join(root, 'dist/src/cli.js'), 0o755);
  bin = join(binDir, 'labyrinth');
  await symlink(join(root, 'dist/src/cli.js'), bin);
});

afterAll(async () => {
  // A failed test may leave a server behind: end what this file started, by process group.
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone: the test passed
    }
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  await runStatement(`drop database if exists ${database} with (force)`);
});

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Whether any process of the group is still there (the started one and all it started). */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

async function groupGone(group: number): Promise<boolean> {
  // A wait, not a measure: a server that noticed npm is gone takes a poll and a shutdown.
  for (let i = 0; i < 200 && groupAlive(group); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !groupAlive(group);
}

const FORMS = {
  'npm start': (args: string[]) => ['npm', 'start', '--', ...args],
  'npm run labyrinth -- serve': (args: string[]) => [
    'npm',
    'run',
    'labyrinth',
    '--',
    'serve',
    ...args,
  ],
  'labyrinth serve (the bin)': (args: string[]) => [bin, 'serve', ...args],
  'node dist/src/server.js': (args: string[]) => [process.execPath, 'dist/src/server.js', ...args],
} as const;
type Form = keyof typeof FORMS;

interface Started {
  readonly child: ChildProcess;
  readonly port: number;
  readonly dataDir: string;
  output(): string;
  stdout(): string;
  readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts the server one way, on a port given as --port (PORT says 0, so --port must win). */
async function start(form: Form, instances: 1 | 2): Promise<Started> {
  const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-start-'));
  dirs.push(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
  env.LOG_REQUESTS = '0';
  delete env.DATABASE_URL;
  // As a process manager or a shell starts it: not from inside an npm script (npm test).
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  if (instances === 2) env.DATABASE_URL = databaseUrl;
  const args = ['--port', String(port), ...(instances === 2 ? ['--instances', '2'] : [])];
  const [command, ...rest] = FORMS[form](args);
  // Its own process group, as a terminal's job has: Ctrl-C signals the group.
  const child = spawn(command, rest, { cwd: root, env, stdio: 'pipe', detached: true });
  groups.push(child.pid!);
  let output = '';
  let stdout = '';
  child
    .stdout!.setEncoding('utf8')
    .on('data', (text: string) => ((output += text), (stdout += text)));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('exit', (code, signal) => resolve([code, signal])),
  );
  const ready = `listening on http://127.0.0.1:${port}/graphql`;
  await new Promise<void>((resolve, reject) => {
    const look = () => {
      if (stdout.split('\n').filter((line) => line === ready).length === instances) resolve();
    };
    child.stdout!.on('data', look);
    void exited.then(() => reject(new Error(`${form} exited:\n${output}`)));
  });
  return { child, port, dataDir, output: () => output, stdout: () => stdout, exited };
}

/** The lines each instance prints once it listens (the warning goes to stderr). */
function startupLines(started: Started, instances: 1 | 2): string[] {
  const base = `http://127.0.0.1:${started.port}`;
  return [
    `store:    ${instances === 1 ? `SQLite ${join(started.dataDir, 'levels.sqlite')}` : `PostgreSQL ${maskedUrl(databaseUrl)}`}`,
    `editor:   ${base}/`,
    `GraphiQL: ${base}/graphql`,
    `listening on ${base}/graphql`,
  ];
}

async function expectStopped(
  started: Started,
  instances: 1 | 2,
  reason: string,
  exit: [number | null, NodeJS.Signals | null],
): Promise<void> {
  expect(await started.exited, started.output()).toEqual(exit);
  // Nothing of it is left: not npm's shell, not the server, not an instance.
  expect(await groupGone(started.child.pid!), started.output()).toBe(true);
  expect(await listening(started.port)).toBe(false);
  const lines = started.output().split('\n');
  const shutdown = `${reason}: finishing requests in flight, then closing the database`;
  expect(
    lines.filter((line) => line === shutdown),
    started.output(),
  ).toHaveLength(instances);
  // Each instance stops cleanly, and so does the primary of two.
  expect(
    lines.filter((line) => line === 'stopped'),
    started.output(),
  ).toHaveLength(instances === 1 ? 1 : 3);
  expect(started.output()).not.toContain('exiting now');
}

describe.concurrent.each(Object.keys(FORMS) as Form[])('%s', (form) => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops cleanly on %s to the process started, and says where everything is',
    async (signal) => {
      const started = await start(form, 1);
      expect(await listening(started.port)).toBe(true);
      const shown = started.stdout().split('\n');
      const from = shown.indexOf(startupLines(started, 1)[0]);
      expect(shown.slice(from, from + 4)).toEqual(startupLines(started, 1));
      started.child.kill(signal); // what a process manager signals
      await expectStopped(started, 1, signal, [0, null]);
    },
  );

  it('stops cleanly on Ctrl-C (SIGINT to the process group)', async () => {
    const started = await start(form, 1);
    process.kill(-started.child.pid!, 'SIGINT');
    await expectStopped(started, 1, 'SIGINT', [0, null]);
  });

  it('stops both instances of --instances 2 on SIGTERM to the process started', async () => {
    const started = await start(form, 2);
    const shown = started.stdout().split('\n');
    expect(shown).toContain('2 instances, 1 solver thread each');
    for (const line of startupLines(started, 2)) {
      expect(shown.filter((one) => one === line)).toHaveLength(2);
    }
    started.child.kill('SIGTERM');
    await expectStopped(started, 2, 'SIGTERM', [0, null]);
  });

  it('stops both instances of --instances 2 on Ctrl-C', async () => {
    const started = await start(form, 2);
    process.kill(-started.child.pid!, 'SIGINT');
    await expectStopped(started, 2, 'SIGINT', [0, null]);
  });

  if (form.startsWith('npm')) {
    it.each([1, 2] as const)(
      'stops by itself when npm is killed outright (%s instances)',
      async (instances) => {
        const started = await start(form, instances);
        const npm = started.child.pid!;
        started.child.kill('SIGKILL'); // npm cannot forward anything
        expect(await started.exited).toEqual([null, 'SIGKILL']);
        const reason = `npm (pid ${npm}, which started this process) is gone`;
        expect(await groupGone(npm), started.output()).toBe(true);
        expect(await listening(started.port)).toBe(false);
        const lines = started.output().split('\n');
        expect(lines, started.output()).toContain(
          instances === 1
            ? `${reason}: finishing requests in flight, then closing the database`
            : `${reason}: stopping 2 instances`,
        );
        expect(lines.filter((line) => line === 'stopped')).toHaveLength(instances === 1 ? 1 : 3);
      },
    );
  }
});

/** Runs a command to its end: its exit code and what it printed. */
function run(
  command: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
    for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the server command line (npm start, node dist/src/server.js)', () => {
  it('refuses an unknown option in one line, before starting', async () => {
    expect(await run(process.execPath, ['dist/src/server.js', '--prot', '4001'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "labyrinth server: unknown option '--prot' (options of labyrinth serve: --port, --data-dir, --instances, --help)\n",
    });
  });

  it('refuses an argument npm start passes on', async () => {
    const result = await run('npm', ['start', '--silent', '--', 'now']);
    expect(result).toMatchObject({
      code: 1,
      stderr: "labyrinth server: unexpected argument 'now' (see labyrinth serve --help)\n",
    });
  });

  it('the bin prints the version (labyrinth --version)', async () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(await run(bin, ['--version'])).toEqual({
      code: 0,
      stdout: `labyrinth ${version}\n`,
      stderr: '',
    });
  });

  it('prints the help of labyrinth serve', async () => {
    const server = await run(process.execPath, ['dist/src/server.js', '--help']);
    const serve = await run(process.execPath, ['dist/src/cli.js', 'serve', '--help']);
    expect(server).toEqual({ code: 0, stdout: serve.stdout, stderr: '' });
    expect(server.stdout).toMatch(/^usage: labyrinth serve \[--port N\]/);
  });
});
