// Several server processes on one machine and one port (node:cluster): the primary forks N
// workers, each a whole server (its own memo, solver threads and PostgreSQL listener), and
// the connections to the port are shared among them. Only with PostgreSQL: every instance
// sees every other's writes through the database. A worker that dies is replaced; SIGTERM or
// SIGINT to the primary stops every worker gracefully (told over IPC: stop-signals.ts).
import cluster, { type Worker } from 'node:cluster';
import { type ServerConfig, instanceCount } from '../config.js';
import { usesPostgres } from '../service/index.js';
import { type StopMessage, describeStop, startedByNpm, watchStopSignals } from './stop-signals.js';

export { instanceCount };

/** Why the configuration cannot run that many instances; undefined when it can. */
export function instancesProblem(config: ServerConfig): string | undefined {
  const count = instanceCount(config);
  if (count <= 1 || usesPostgres(config)) return undefined;
  return (
    `${count} instances need PostgreSQL (DATABASE_URL): a SQLite file is served by one ` +
    'process, whose solver threads already use every core'
  );
}

/**
 * The primary's part: forks the workers, replaces one that dies, and on SIGTERM or SIGINT
 * (or npm gone, when npm started it) tells each to stop and waits for all of them; after a
 * second signal each instance is told to exit at once. Resolves with the exit code: 1 when an
 * instance did not exit 0.
 */
export async function superviseInstances(
  config: ServerConfig,
  log: (line: string) => void,
  logError: (line: string) => void,
): Promise<number> {
  const count = instanceCount(config);
  // Each instance gets its share of the cores for its solver threads, unless told otherwise
  // (config.ts: the default of SOLVER_THREADS).
  const threads = config.solverThreads;
  const env = { SOLVER_THREADS: String(threads), LABYRINTH_INSTANCE: '1' };
  let stopping = false;
  let failed = false;
  const workers = new Set<Worker>();
  const stopSignals = watchStopSignals({ npmParent: startedByNpm() });
  const fork = (): void => {
    const worker = cluster.fork(env);
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (code !== 0) failed = true;
        return;
      }
      logError(
        `labyrinth server: instance ${worker.process.pid} exited (${signal ?? `code ${code}`}): starting another`,
      );
      fork();
    });
  };
  for (let i = 0; i < count; i++) fork();
  log(`${count} instances, ${threads} solver thread${threads === 1 ? '' : 's'} each`);

  const reason = await stopSignals.first;
  stopping = true;
  log(`${describeStop(reason)}: stopping ${workers.size} instances`);
  const exits = [...workers].map(
    (worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())),
  );
  // An instance that has left the cluster is already stopping; told "now", it gets the signal.
  // (A send that races the instance's leaving fails harmlessly: the callback takes the error.)
  const tell = (message: StopMessage): void => {
    for (const worker of workers) {
      if (worker.isConnected()) worker.send(message, undefined, () => {});
      else if (message.labyrinthStop === 'now') worker.process.kill(message.signal);
    }
  };
  tell({ labyrinthStop: 'graceful', signal: reason.kind === 'signal' ? reason.signal : 'SIGTERM' });
  // Whether that failed is for the instances to say: one told "now" exits 1.
  stopSignals.onAgain((again) => tell({ labyrinthStop: 'now', signal: again }));
  await Promise.all(exits);
  stopSignals.dispose();
  log('stopped');
  return failed ? 1 : 0;
}

export const isInstanceWorker = (): boolean => cluster.isWorker;

/** A worker that has stopped its server leaves the cluster: its IPC channel would keep it up. */
export function leaveCluster(): void {
  if (cluster.isWorker) cluster.worker?.disconnect();
}
