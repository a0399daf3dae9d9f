// `npm link` as the README says (into a prefix of this test's own, not the machine's global
// one): it prints no warning, and the linked `labyrinth` runs. With the build in `prepare`,
// npm 11 printed four `npm warn install-scripts` lines: `npm link` installs this package into
// the global tree as a directory dependency, whose `prepare` is an install script that no
// allowScripts policy covers there (package.json's covers only this project's own installs).
// The build is in `postprepare`, which npm ci and npm install run for the project and npm link
// does not look for (it needs no build: the checkout is built by npm ci).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let prefix = '';

afterAll(async () => {
  if (prefix !== '') await rm(prefix, { recursive: true, force: true });
});

describe('npm link', () => {
  it('links the labyrinth command without a warning', async () => {
    prefix = await mkdtemp(join(tmpdir(), 'labyrinth-link-'));
    const env: NodeJS.ProcessEnv = { ...process.env, npm_config_prefix: prefix };
    const linked = await run('npm', ['link', '--offline', '--no-audit', '--no-fund'], {
      cwd: root,
      env,
    });
    expect(linked.stderr).toBe('');
    expect(linked.stdout).toMatch(/^\nadded 1 package in \d+m?s\n$/);
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect((await run(join(prefix, 'bin', 'labyrinth'), ['--version'])).stdout).toBe(
      `labyrinth ${version}\n`,
    );
  });
});
