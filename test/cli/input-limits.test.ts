// The built CLI as a real process, given more input than it takes: endless standard input
// (`< /dev/zero`), a file over the limit, a crusade line that never ends, crusade turns that
// never end (short lines, 64 MiB in all). Each is read only up to the limit, counted while
// reading, and ends with one line on stderr and exit code 1, its peak resident memory under
// 256 MiB (before, `run - < /dev/zero` grew without end, 2.3 GB in 10 s, and
// `crusade < /dev/zero` hung).
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChildProcess, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { builtCli as cli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'labyrinth-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A process that did not stop (as before the limits) would go on reading /dev/zero.
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

// Loaded into each CLI process (--require): as it exits, it writes its peak resident memory
// (getrusage's maxrss, KiB on Linux) to the file named by the variable.
const reportPeak = join(dir, 'report-peak.cjs');
writeFileSync(
  reportPeak,
  "process.on('exit', () => require('node:fs').writeFileSync(" +
    'process.env.LABYRINTH_PEAK_FILE, String(process.resourceUsage().maxRSS)));\n',
);
let runs = 0;

/** The bound: a few hundred MB resident whatever arrives (about 124 MB measured). */
const PEAK_MIB = 256;

/**
 * Standard input that goes on as long as the process reads it: `head`, then `repeat` again
 * and again. It ends after `upTo` bytes, far past any limit, so that a process that takes it
 * all (a limit gone) ends too, and fails the test with its exit code instead of a timeout.
 */
interface Endless {
  readonly head: string;
  readonly repeat: string;
  readonly upTo: number;
}

/** Writes `endless` to `stdin` until the process stops reading (closes the pipe). */
function feed(stdin: Writable, { head, repeat, upTo }: Endless): void {
  const block = Buffer.from(repeat.repeat(Math.max(1, Math.floor((256 * 1024) / repeat.length))));
  let written = 0;
  let closed = false;
  stdin.on('error', () => (closed = true)); // EPIPE: the process has stopped reading
  stdin.on('close', () => (closed = true));
  const more = (): void => {
    while (!closed && written < upTo) {
      written += block.length;
      if (!stdin.write(block)) {
        stdin.once('drain', more);
        return;
      }
    }
    if (!closed) stdin.end();
  };
  written += Buffer.byteLength(head);
  stdin.write(head);
  more();
}

/**
 * Runs the CLI with stdin read from `input`: a path (e.g. /dev/zero), text, or endless lines.
 */
async function labyrinth(
  args: string[],
  input: { path: string } | { text: string } | { endless: Endless },
): Promise<Ended> {
  const fd = 'path' in input ? openSync(input.path, 'r') : undefined;
  const peakFile = join(dir, `peak-${++runs}`);
  const child = spawn(process.execPath, ['--require', reportPeak, cli, ...args], {
    stdio: [fd ?? 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, LABYRINTH_PEAK_FILE: peakFile },
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  if (fd !== undefined) closeSync(fd);
  if ('endless' in input) feed(child.stdin!, input.endless);
  else if ('text' in input) child.stdin!.end(input.text);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const ended = await new Promise<Ended>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  // Whatever arrived, the process stayed small.
  const peakKiB = Number(readFileSync(peakFile, 'utf8'));
  expect(peakKiB).toBeGreaterThan(0);
  expect(peakKiB / 1024).toBeLessThan(PEAK_MIB);
  return ended;
}

const TOO_LARGE = (name: string) => `${name} is larger than 64 MiB, the most an input may be`;

describe('standard input and files over 64 MiB', () => {
  it.each([['run'], ['solve'], ['maze']])(
    '%s - < /dev/zero stops at the limit with one line',
    async (command) => {
      expect(await labyrinth([command, '-'], { path: '/dev/zero' })).toEqual({
        code: 1,
        stdout: '',
        stderr: `labyrinth ${command}: ${TOO_LARGE('stdin')}\n`,
      });
    },
  );

  it('refuses a file one byte over the limit, and /dev/zero named as a file', async () => {
    const file = join(dir, 'big.json');
    writeFileSync(file, '');
    truncateSync(file, 64 * 1024 * 1024 + 1); // sparse: nothing is written
    expect(await labyrinth(['run', file], { text: '' })).toEqual({
      code: 1,
      stdout: '',
      stderr: `labyrinth run: ${TOO_LARGE(file)}\n`,
    });
    expect(await labyrinth(['run', '/dev/zero'], { text: '' })).toEqual({
      code: 1,
      stdout: '',
      stderr: `labyrinth run: ${TOO_LARGE('/dev/zero')}\n`,
    });
  });
});

describe('labyrinth crusade', () => {
  it('stops at a line over 64 KiB: crusade < /dev/zero', async () => {
    expect(await labyrinth(['crusade'], { path: '/dev/zero' })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'labyrinth crusade: line 1 is longer than 65536 bytes\n',
    });
  });

  it('stops at 64 MiB in all, every line short and valid: endless turns', async () => {
    // Only valid lines can get there: the bot stops at the first bad line, and reading waits
    // while 1024 lines are ahead of it. Each turn is Indy's line and no rocks, padded with
    // spaces to 1 KiB a line (a 10-byte turn would take millions of answers to reach 64 MiB).
    const head = ['5 3', '0 0 -3 0 0', '0 0 2 0 0', '0 0 -3 0 0', '2', ''].join('\n');
    const line = (text: string) => `${text.padEnd(1023)}\n`;
    const turn = line('2 0 TOP') + line('0');
    const limit = 64 * 1024 * 1024;
    const ended = await labyrinth(['crusade'], {
      endless: { head, repeat: turn, upTo: 4 * limit },
    });
    expect([ended.code, ended.stderr]).toEqual([
      1,
      'labyrinth crusade: the input is larger than 64 MiB, the most an input may be\n',
    ]);
    // The turns before the limit were answered, one line each, and none far past it.
    const answers = ended.stdout.split('\n').slice(0, -1);
    expect(answers.filter((answer) => !/^(\d+ \d+ (LEFT|RIGHT)|WAIT)$/.test(answer))).toEqual([]);
    expect(answers.length).toBeGreaterThanOrEqual(Math.floor((limit - head.length) / turn.length));
    expect(answers.length).toBeLessThan((limit + 1024 * 1024) / turn.length);
  });

  it('answers the turns before the long line, then stops', async () => {
    const game = ['5 3', '0 0 -3 0 0', '0 0 2 0 0', '0 0 -3 0 0', '2', '2 0 TOP', '0'];
    const ended = await labyrinth(['crusade'], {
      text: `${game.join('\n')}\n${'7'.repeat(100_000)}\n0\n`,
    });
    expect(ended).toEqual({
      code: 1,
      stdout: '2 1 LEFT\n',
      stderr: 'labyrinth crusade: line 8 is longer than 65536 bytes\n',
    });
  });
});
