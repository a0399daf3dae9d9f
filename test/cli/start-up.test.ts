// What the built CLI loads to answer a batch or a level: the engine and the in-memory service,
// not the database drivers, the worker pool, the metrics or the GraphQL server (each is loaded
// by what uses it: opening a store, starting a pool, serving). A module loaded for nothing is
// start-up time every `labyrinth run` pays.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'labyrinth-start-up-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Hooks that write down every module a process loads, one file URL or path a line: the ES
 * modules as they are resolved (in the hooks' own thread), the CommonJS ones at exit.
 */
const HOOKS = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.LOADED_LOG, resolved.url + '\\n');
  return resolved;
}
`;
const REGISTER = `
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(${JSON.stringify('file://' + join(dir, 'hooks.mjs'))});
const require = createRequire(import.meta.url);
process.on('exit', () => {
  appendFileSync(process.env.LOADED_LOG, Object.keys(require.cache).join('\\n') + '\\n');
});
`;
writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
writeFileSync(join(dir, 'register.mjs'), REGISTER);

/**
 * What a CLI command loaded: its modules (file URLs and paths, as logged) and the packages
 * among them (node_modules/NAME, a scope with its name).
 */
async function loadedBy(args: readonly string[], stdin: string) {
  const log = join(dir, `loaded-${args[0]}.log`);
  writeFileSync(log, '');
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      'node',
      ['--import', join(dir, 'register.mjs'), builtCli, ...args],
      { env: { ...process.env, LOADED_LOG: log } },
      (error, out, err) => (error ? reject(new Error(err || error.message)) : resolve(out)),
    );
    child.stdin!.end(stdin);
  });
  expect(stdout).not.toBe('');
  const modules = readFileSync(log, 'utf8').split('\n');
  const names = modules.flatMap((line) => {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line);
    return match ? [match[1]] : [];
  });
  return { modules, packages: [...new Set(names)].sort() };
}

/** What a batch or a solve never needs. */
const SERVER_ONLY = [
  'better-sqlite3',
  'kysely',
  'pg',
  'piscina',
  'graphql',
  'graphql-yoga',
  '@pothos/core',
  'ws',
  'prom-client',
];

describe('the CLI loads what its command uses', () => {
  it('labyrinth run: no database driver, worker pool, metrics or GraphQL', async () => {
    const { modules, packages } = await loadedBy(
      ['run', '-'],
      JSON.stringify([
        ['load', 'a', ['S.#', '...', '#.E']],
        ['solve', 'a'],
        ['generate', 'g', 5, 5, 1],
        ['cheapest', 'g'],
      ]),
    );
    // The log sees what is loaded: the module that runs the batch is in it.
    expect(modules.some((module) => module.endsWith('/dist/src/service/run.js'))).toBe(true);
    expect(packages.filter((name) => SERVER_ONLY.includes(name))).toEqual([]);
  });

  it('labyrinth solve: the same', async () => {
    const { modules, packages } = await loadedBy(['solve', '-'], 'S.#\n...\n#.E\n');
    expect(modules.some((module) => module.endsWith('/dist/src/cli/solve.js'))).toBe(true);
    expect(packages.filter((name) => SERVER_ONLY.includes(name))).toEqual([]);
  });
});
