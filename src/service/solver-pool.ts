// The worker threads that make the sources of big levels and play the rotating-rooms puzzle
// (piscina), so that a long search never holds the event loop. A task's AbortSignal cancels it: piscina terminates the worker
// running it (a search is one synchronous loop: stopping the thread is how to stop it) and
// starts a new one.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import type { CrusadeLevel } from '../engine/crusade/level-file.js';
import type { CrusadePlayResult } from '../engine/crusade/play.js';
import type { SourceName, SourceValue } from './answers.js';
import type { CrusadeTask, SourceTask } from './solver-worker.js';
import { ServiceBusyError } from './service-busy.js';

/**
 * A level is made in a worker when making a source costs at least this many search states
 * (answers.ts SOURCES.cost): measured here, a worker's round trip costs as much as solving
 * about a 100x100 level inline (0.80 vs 0.70 ms), and smaller levels are 1.5 to 4 times
 * cheaper inline (docs/graphql.md, "Solving off the event loop").
 */
export const WORKER_THRESHOLD_STATES = 10_000;

/** The pool's queue is full: a task gets a thread in a moment. */
export class PoolBusyError extends ServiceBusyError {
  override name = 'PoolBusyError';

  constructor(message: string) {
    super(message, 1);
  }
}

export interface SolverPoolOptions {
  /** Worker threads (at least 1). */
  readonly threads: number;
  /** Tasks waiting for a thread before `run` refuses more (PoolBusyError). */
  readonly maxQueue?: number;
  /** How much the threads yield to the event loop (a nice value, 0 to 19; Linux). */
  readonly nice?: number;
}

/**
 * Measured with `npm run bench -- load` (docs/benchmarks.md): 10 keeps small requests' p99 at about 30 ms
 * while big levels are solved; 0 gives the solver threads more of the cores (more big levels
 * answered a second) and small requests a p99 near 50 ms.
 */
export const DEFAULT_SOLVER_NICE = 10;

/** The compiled worker module: beside this file when running from dist/, else dist's copy. */
function workerFile(): string {
  const sibling = fileURLToPath(new URL('./solver-worker.js', import.meta.url));
  if (existsSync(sibling)) return sibling;
  // Running from the TypeScript sources (vitest): `npm test` builds dist/ first.
  return fileURLToPath(new URL('../../dist/src/service/solver-worker.js', import.meta.url));
}

/**
 * piscina loads the worker module with require() before import(). On Node 20 a require() of an
 * ES module instantiates it synchronously, and a thread terminated meanwhile (a task stopped at
 * its deadline, the pool closed at shutdown) aborts the whole process ("FATAL ERROR:
 * v8::Module::IsGraphAsync", seen once in the e2e restart test). Without require(esm) the
 * require() throws at once and piscina takes import(), whose loading a termination can stop.
 */
const WORKER_EXEC_ARGV = process.allowedNodeEnvironmentFlags.has('--experimental-require-module')
  ? [...process.execArgv, '--no-experimental-require-module']
  : process.execArgv;

/**
 * piscina, loaded by the first pool: what imports the service without starting one (the CLI's
 * `run` and `solve`) starts without it.
 */
function loadPiscina(): typeof Piscina {
  const require = createRequire(import.meta.url);
  return (require('piscina') as { Piscina: typeof Piscina }).Piscina;
}

export class SolverPool {
  private readonly piscina: Piscina<SourceTask | CrusadeTask, unknown>;
  private inFlight = 0;
  readonly threads: number;
  readonly maxQueue: number;

  constructor(options: SolverPoolOptions) {
    this.threads = Math.max(1, options.threads);
    this.maxQueue = options.maxQueue ?? this.threads * 32;
    const Pool = loadPiscina();
    this.piscina = new Pool({
      filename: workerFile(),
      execArgv: WORKER_EXEC_ARGV,
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: this.maxQueue,
      // Threads stay up: starting one costs more than most searches.
      idleTimeout: Infinity,
      // Solver threads yield the cores to the event loop (Linux: a nice value per thread, by
      // piscina's optional @napi-rs/nice): small requests are answered at once while the
      // searches take every cycle left.
      niceIncrement: options.nice ?? DEFAULT_SOLVER_NICE,
    });
  }

  /** Tasks waiting for a thread. */
  get queueSize(): number {
    return this.piscina.queueSize;
  }

  /** Threads running a task now. */
  get busyThreads(): number {
    return Math.min(this.threads, this.inFlight);
  }

  async run<S extends SourceName>(
    rows: readonly string[],
    source: S,
    signal?: AbortSignal,
  ): Promise<SourceValue<S>> {
    return (await this.runTask({ rows, source }, 'default', signal)) as SourceValue<S>;
  }

  /**
   * Plays a rotating-rooms level in a thread (solver-worker.ts planCrusade). When `signal`
   * aborts, the thread playing it is terminated (the play stops) and this rejects with the
   * signal's reason.
   */
  async planCrusade(level: CrusadeLevel, signal?: AbortSignal): Promise<CrusadePlayResult> {
    try {
      return (await this.runTask({ level }, 'planCrusade', signal)) as CrusadePlayResult;
    } catch (error) {
      // piscina rejects with an AbortError of its own: the reason says why (TimeoutError…).
      if (signal?.aborted) throw signal.reason;
      throw error;
    }
  }

  private async runTask(
    task: SourceTask | CrusadeTask,
    name: 'default' | 'planCrusade',
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    if (this.queueSize >= this.maxQueue) {
      throw new PoolBusyError(`the solver queue is full (${this.maxQueue} tasks waiting)`);
    }
    this.inFlight++;
    try {
      return await this.piscina.run(task, { signal, name });
    } finally {
      this.inFlight--;
    }
  }

  /** Lets the running tasks finish, then stops the threads. */
  close(): Promise<void> {
    return this.piscina.close();
  }
}
