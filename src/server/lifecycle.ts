// The process around the server: one instance, or a primary supervising several (cluster.ts);
// it listens for the stop signals (stop-signals.ts) before it starts, says the start text, and
// on SIGTERM or SIGINT (or, started by npm, npm gone) stops the server gracefully and answers
// the exit code. A second signal during the shutdown exits at once.
import type { ServerConfig } from '../config.js';
import { type RunningServer, startServer } from './app.js';
import {
  instanceCount,
  instancesProblem,
  isInstanceWorker,
  leaveCluster,
  superviseInstances,
} from './cluster.js';
import { OPEN_WRITES_WARNING, startupLines } from './start-text.js';
import { describeStop, startedByNpm, watchStopSignals } from './stop-signals.js';

/**
 * Runs the server until SIGTERM or SIGINT (or, started by npm, until npm is gone), then shuts
 * it down gracefully and ends the process (exitNow): exit code 0 after a clean shutdown, 1 when
 * it (or an instance) did not stop cleanly. Resolves with 1 when the server could not start;
 * an instance of several resolves with its exit code, and ends by itself.
 */
export async function serve(
  config: ServerConfig,
  log: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  logError: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<number> {
  if (!isInstanceWorker()) {
    const problem = instancesProblem(config);
    if (problem !== undefined) {
      logError(`labyrinth server: ${problem}`);
      return 1;
    }
    // Said once, by the primary: not again by each instance it starts.
    if (instanceCount(config) > 1) {
      if (config.writeToken === undefined) logError(OPEN_WRITES_WARNING);
      return exitNow(await superviseInstances(config, log, logError));
    }
  }
  // Listen for the signals before anything else: a process manager may signal the moment the
  // process has said it is listening, and a signal before the handler exists would kill the
  // process outright, with no clean shutdown. (Writing the "listening" line wakes the reader,
  // which often runs before this process gets the CPU back.) An instance's primary watches
  // npm; the instance goes with its primary.
  const stopSignals = watchStopSignals({
    npmParent: !isInstanceWorker() && startedByNpm(),
    fromPrimary: isInstanceWorker(),
  });
  let server: RunningServer;
  try {
    server = await startServer(config, log);
  } catch (error) {
    stopSignals.dispose();
    logError(`labyrinth server: cannot start: ${messageOf(error)}`);
    return 1;
  }
  if (config.writeToken === undefined && !isInstanceWorker()) logError(OPEN_WRITES_WARNING);
  for (const line of startupLines(config, server.url)) log(line);
  const reason = await stopSignals.first;
  // A second signal (not the echo of the first) means "now": skip the rest of the shutdown.
  stopSignals.onAgain((again) => {
    logError(`labyrinth server: ${again} during shutdown: exiting now`);
    process.exit(1);
  });
  log(`${describeStop(reason)}: finishing requests in flight, then closing the database`);
  try {
    await server.stop();
  } catch (error) {
    stopSignals.dispose();
    logError(`labyrinth server: shutdown failed: ${messageOf(error)}`);
    return isInstanceWorker() ? 1 : exitNow(1);
  }
  stopSignals.dispose();
  log('stopped');
  if (isInstanceWorker()) {
    // An instance ends by itself once it has left the cluster: its primary answers the leaving
    // over IPC, and an instance gone before that answer made the primary's send fail (EPIPE,
    // uncaught: the primary exited 1). A copy of its stop comes over IPC, not as a signal.
    leaveCluster();
    return 0;
  }
  return exitNow(0);
}

/**
 * Ends the process at once with `code`, once what it wrote has gone out. Left to end by itself,
 * Node closes its signal handlers and only then tears down its heap and threads: a signal in
 * between (npm's copy of a terminal's Ctrl-C, which may come that late on a busy machine, and
 * which stop-signals.ts would ignore) finds none and kills the process, and npm then exits by
 * SIGINT where the server had stopped cleanly. process.exit skips that teardown: the handlers
 * last until the process is gone.
 */
async function exitNow(code: number): Promise<never> {
  const flushed = (stream: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => stream.write('', () => resolve()));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
