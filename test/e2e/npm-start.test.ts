// `npm start` under a process manager: the manager signals the process it started, which is
// npm, not the server. The start script `exec`s node, so npm's shell becomes the server and the
// signal npm forwards reaches it: the server shuts down cleanly and npm exits 0. (Without the
// exec, npm's SIGTERM stopped the shell and left the server running.)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const groups: number[] = [];

afterAll(async () => {
  // A failed test may leave a server behind: end what this test started, by process group.
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone: the test passed
    }
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the server cleanly when npm gets %s',
    async (signal) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-npm-start-'));
      dirs.push(dataDir);
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      // Its own process group, only so that a failure can be cleaned up (afterAll).
      const npm = spawn('npm', ['start'], { cwd: root, env, stdio: 'pipe', detached: true });
      groups.push(npm.pid!);
      let output = '';
      npm.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
      npm.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        npm.on('exit', (code, killedBy) => resolve([code, killedBy])),
      );
      const port = await new Promise<number>((resolve, reject) => {
        const look = () => {
          const match = /^listening on http:\/\/127\.0\.0\.1:(\d+)\/graphql$/m.exec(output);
          if (match) resolve(Number(match[1]));
        };
        npm.stdout.on('data', look);
        void exited.then(() => reject(new Error(`npm start exited:\n${output}`)));
      });
      expect(await listening(port)).toBe(true);

      npm.kill(signal); // npm's own PID: what a process manager signals
      expect(await exited).toEqual([0, null]);
      expect(output).toContain(
        `${signal}: finishing requests in flight, then closing the database`,
      );
      expect(output).toMatch(/^stopped$/m);
      // npm exits after its child, so the server is gone by now, port and all.
      expect(await listening(port)).toBe(false);
    },
  );
});
