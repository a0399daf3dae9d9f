// The built CLI writing into a pipe whose reader goes away after the first line, as
// `labyrinth generate … | head -1` does: each command stops quietly, ended by SIGPIPE as Unix
// tools are (a shell says 141), instead of printing `Error: write EPIPE` with its stack.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'labyrinth-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Cut {
  readonly stdout: string;
  readonly code: number | null;
  readonly stderr: string;
}

/**
 * `node cli.js ARGS | head …` in bash with pipefail, so that its status is the CLI's: a process
 * ended by SIGPIPE is 141, as `seq 1000000 | head -1` is.
 */
function piped(args: string[], head: string, stdinFile = '/dev/null'): Promise<Cut> {
  const quoted = [process.execPath, cli, ...args].map((arg) => `'${arg}'`).join(' ');
  const child = spawn('bash', ['-c', `set -o pipefail; ${quoted} < '${stdinFile}' | ${head}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((resolve) => child.on('close', (code) => resolve({ stdout, code, stderr })));
}

/** A generated 250x250 level (501 rows of 501), made by the CLI itself. */
const BIG_ROWS = execFileSync(
  process.execPath,
  [cli, 'generate', '--width', '250', '--height', '250', '--seed', '1'],
  { encoding: 'utf8' },
)
  .trimEnd()
  .split('\n');

function bigLevelFile(): string {
  const file = join(dir, 'big.txt');
  writeFileSync(file, BIG_ROWS.join('\n') + '\n');
  return file;
}

describe('a closed pipe', () => {
  const quietly = (stdout: string | RegExp) => ({
    stdout: typeof stdout === 'string' ? stdout : expect.stringMatching(stdout),
    code: 141,
    stderr: '',
  });

  it('stops generate quietly, with or without --json', async () => {
    const args = ['generate', '--width', '250', '--height', '250', '--seed', '1'];
    expect(await piped(args, 'head -1')).toEqual(quietly(`${'#'.repeat(501)}\n`));
    expect(await piped([...args, '--solution'], 'head -1')).toEqual(
      quietly(`${'#'.repeat(501)}\n`),
    );
    expect(await piped([...args, '--json'], 'head -c 9')).toEqual(quietly('{"rows":['));
  });

  it('stops solve quietly', async () => {
    const file = bigLevelFile();
    expect(await piped(['solve', file], 'head -1')).toEqual(quietly(/^steps: \d+\n$/));
    expect(await piped(['solve', '--cheapest', file], 'head -1')).toEqual(
      quietly(/^cheapest: \d+ \(\d+ steps\)\n$/),
    );
  });

  it('stops run quietly', async () => {
    // One line of JSON, more than a pipe holds.
    const operations = join(dir, 'operations.json');
    writeFileSync(
      operations,
      JSON.stringify([
        ['load', 'big', BIG_ROWS],
        ['render', 'big'],
        ['render', 'big'],
      ]),
    );
    expect(await piped(['run', '-'], 'head -c 8', operations)).toEqual(quietly('["ok",["'));
  });

  it("the status of a pipeline that is not cut is the CLI's own", async () => {
    expect(
      await piped(['generate', '--width', '2', '--height', '1', '--seed', '1'], 'head -1'),
    ).toEqual({ stdout: '#####\n', code: 0, stderr: '' });
  });
});
