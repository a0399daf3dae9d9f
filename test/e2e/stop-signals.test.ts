// A copy of the stop signal that comes after the shutdown is done (stop-signals.ts dispose) is
// ignored: before, it found no handler and killed the process as it exited cleanly (CI: an
// instance of `--instances 2` stopped by the terminal's Ctrl-C, then killed by its primary's
// copy of it, made the primary exit 1). A copy that comes late (npm's, on a loaded machine;
// a primary's, now sent over IPC) is still not a second signal.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const stopSignals = fileURLToPath(
  new URL('../../dist/src/server/stop-signals.js', import.meta.url),
);

/** A process that stops on `signal`, shuts down, then gets `signal` again: its exit and output. */
function stopThenSignalAgain(
  signal: NodeJS.Signals,
): Promise<[number | null, string | null, string]> {
  const script = `
    const { watchStopSignals } = await import(${JSON.stringify(stopSignals)});
    const keep = setInterval(() => {}, 1000);
    const signals = watchStopSignals();
    setTimeout(() => process.kill(process.pid, ${JSON.stringify(signal)}), 50);
    await signals.first;
    console.log('stopping');
    signals.dispose();
    process.kill(process.pid, ${JSON.stringify(signal)});
    setTimeout(() => { console.log('stopped'); clearInterval(keep); }, 50);
  `;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      (_error, stdout) => resolve([child.exitCode, child.signalCode, stdout]),
    );
  });
}

describe('a stop signal after the shutdown', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s again is ignored: the process exits 0',
    async (signal) => {
      expect(await stopThenSignalAgain(signal)).toEqual([0, null, 'stopping\nstopped\n']);
    },
  );
});

/**
 * A process watching with `options` that gets SIGINT, then, `late` ms after, `copy` (a signal
 * to itself or a message as from its primary), then a real second SIGINT: what it printed.
 */
function firstThenCopyThenAgain(
  options: { npmParent?: boolean; fromPrimary?: boolean },
  copy: 'SIGINT' | 'graceful',
): Promise<string> {
  const script = `
    const { watchStopSignals, ECHO_MS } = await import(${JSON.stringify(stopSignals)});
    const keep = setInterval(() => {}, 1000);
    const signals = watchStopSignals(${JSON.stringify(options)});
    const late = ECHO_MS * 1.5;
    process.kill(process.pid, 'SIGINT');
    const reason = await signals.first;
    console.log('stopping on ' + reason.signal);
    signals.onAgain((signal) => console.log('again ' + signal));
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    await wait(late);
    if (${JSON.stringify(copy)} === 'SIGINT') process.kill(process.pid, 'SIGINT');
    else process.send('copy');
    await wait(late);
    if (${JSON.stringify(options.fromPrimary === true)}) process.send('now');
    else process.kill(process.pid, 'SIGINT');
    await wait(late);
    signals.dispose();
    clearInterval(keep);
    process.disconnect();
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // The child asks; the test answers as its primary would (cluster.ts).
    child.on('message', (asked) => {
      child.send(
        asked === 'copy'
          ? { labyrinthStop: 'graceful', signal: 'SIGINT' }
          : { labyrinthStop: 'now', signal: 'SIGINT' },
      );
    });
    child.on('error', reject);
    child.on('close', () => resolve(output));
  });
}

describe.concurrent('a copy of the first signal that comes late', () => {
  it('counts as a second signal without npm as the parent', async () => {
    expect(await firstThenCopyThenAgain({}, 'SIGINT')).toBe(
      'stopping on SIGINT\nagain SIGINT\nagain SIGINT\n',
    );
  });

  it("is npm's copy with npm as the parent: only the next one is a second signal", async () => {
    expect(await firstThenCopyThenAgain({ npmParent: true }, 'SIGINT')).toBe(
      'stopping on SIGINT\nagain SIGINT\n',
    );
  });

  it("is the primary's graceful stop for an instance: only its 'now' is a second one", async () => {
    expect(await firstThenCopyThenAgain({ fromPrimary: true }, 'graceful')).toBe(
      'stopping on SIGINT\nagain SIGINT\n',
    );
  });
});

/**
 * The server (`node dist/src/server.js`) stopped by SIGTERM, then sent SIGINT again and again
 * from the moment it says "stopped" until it is gone: its exit and output.
 */
async function stopThenHammer(): Promise<[number | null, string | null, string]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-hammer-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
    for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
    const server = fileURLToPath(new URL('../../dist/src/server.js', import.meta.url));
    const child = spawn(process.execPath, [server], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let hammer: NodeJS.Timeout | undefined;
    const exited = new Promise<[number | null, string | null]>((resolve) =>
      child.on('exit', (code, signal) => resolve([code, signal])),
    );
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      if (output.includes('listening on ') && !output.includes('SIGTERM: ')) child.kill('SIGTERM');
      if (hammer === undefined && output.split('\n').includes('stopped')) {
        hammer = setInterval(() => child.kill('SIGINT'), 0);
      }
    });
    const [code, signal] = await exited;
    clearInterval(hammer);
    return [code, signal, output];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('the server after "stopped"', () => {
  // Left to end by itself, Node closed its signal handlers before tearing down its heap and
  // threads, and a signal then killed it: npm's late copy of a Ctrl-C made npm exit by SIGINT.
  it('is not killed by a signal while it exits: it exits 0', async () => {
    const [code, signal, output] = await stopThenHammer();
    expect([code, signal], output).toEqual([0, null]);
  });
});
