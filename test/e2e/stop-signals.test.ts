// A copy of the stop signal that comes after the shutdown is done (stop-signals.ts dispose) is
// ignored: before, it found no handler and killed the process as it exited cleanly (CI: an
// instance of `--instances 2` stopped by the terminal's Ctrl-C, then killed by its primary's
// copy of it, made the primary exit 1).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const stopSignals = fileURLToPath(new URL('../../dist/src/stop-signals.js', import.meta.url));

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
