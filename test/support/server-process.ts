// A real server process for tests that talk to it over HTTP: `node dist/src/server.js` (built
// by `npm test` before vitest runs) on a free port (PORT=0) with its own temporary SQLite
// directory (or the DATABASE_URL given), ready once it prints its "listening on" line.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'dist/src/server.js');

export interface ServerProcess {
  readonly child: ChildProcess;
  /** http://127.0.0.1:PORT/graphql, as the server printed it. */
  readonly url: string;
  /** The same without /graphql. */
  readonly base: string;
  /** stdout and stderr so far. */
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  /** SIGTERM, then the data directory is removed; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the built server with `env` added to this process's environment; `enter`, a command
 * line that runs a program elsewhere (a namespace: private-mount.ts), goes before it.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv = {},
  enter: readonly string[] = [],
): Promise<ServerProcess> {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-server-'));
  // The default store, SQLite in DATA_DIR, unless `env` names a DATABASE_URL.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const childEnv: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    ...env,
  };
  const command = [...enter, process.execPath, entry];
  const child = spawn(command[0], command.slice(1), { cwd: root, env: childEnv, stdio: 'pipe' });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line:\n${output}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /^listening on (http:\/\/\S+:\d+\/graphql)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  let url: string;
  try {
    url = await listening;
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    child,
    url,
    base: url.replace(/\/graphql$/, ''),
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
