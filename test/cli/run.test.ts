// The built CLI as a user runs it (npm test builds dist/ first).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBuiltCli } from '../support/cli.js';

describe('labyrinth run', () => {
  it('reads operations from stdin and prints the outputs as one JSON array', async () => {
    const result = await runBuiltCli(['run', '-'], {
      stdin:
        '[["load","intro",["S.#","...","#.E"]],["solve","intro"],["path","intro"],["render","intro"]]',
    });
    expect(result).toEqual({
      code: 0,
      stdout: '["ok",4,[[0,0],[0,1],[1,1],[1,2],[2,2]],["S*#",".**","#.E"]]\n',
      stderr: '',
    });
  });

  it('reads a file, also in the {"ops": [...]} shape of the example file', async () => {
    const file = fileURLToPath(new URL('../fixtures/level-service.json', import.meta.url));
    const { ops, expect: expected } = JSON.parse(
      (await import('node:fs')).readFileSync(file, 'utf8'),
    ) as { ops: unknown[]; expect: unknown[] };
    const dir = mkdtempSync(join(tmpdir(), 'labyrinth-cli-'));
    writeFileSync(join(dir, 'ops.json'), JSON.stringify(ops));
    const plain = await runBuiltCli(['run', join(dir, 'ops.json')]);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).toEqual(expected);
    const wrapped = await runBuiltCli(['run', file]);
    expect(wrapped.stdout).toBe(plain.stdout);
  });

  it('reports bad input in one line on stderr with exit code 1', async () => {
    expect(await runBuiltCli(['run', '-'], { stdin: '[["load", ' })).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(/^labyrinth run: stdin is not valid JSON: [^\n]+\n$/),
    });
    expect(await runBuiltCli(['run', '/no/such/file.json'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'labyrinth run: cannot read /no/such/file.json: no such file or directory (ENOENT)\n',
    });
    expect(await runBuiltCli(['run', '-'], { stdin: '{"x": 1}' })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'labyrinth run: expected a JSON list of operations (or an object with an "ops" list)\n',
    });
    expect(await runBuiltCli(['run'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'labyrinth run: expected one FILE ("-" reads stdin), got 0 (see labyrinth run --help)\n',
    });
    expect(await runBuiltCli(['teleport'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "labyrinth: unknown command 'teleport' (commands: solve, generate, run, maze, crusade, serve; try 'labyrinth --help')\n",
    });
  });
});
