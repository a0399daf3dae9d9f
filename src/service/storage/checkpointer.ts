// The SQLite log's checkpoints, off the event loop. In WAL mode every commit appends to the log
// and, once it holds 1000 pages, the connection that commits copies the log into the database
// and fsyncs both (SQLite's auto-checkpoint): on the server's one connection, that would be
// the event loop, every thousand pages or so, each fsync tens of ms. Instead the server's connection never checkpoints by itself until the log is far larger
// (SAFETY_PAGES, should this thread fail), and a thread of its own, with a connection of its
// own, checkpoints (PASSIVE: it waits for no reader or writer) after writes, at most every
// CHECKPOINT_EVERY_MS.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The least time between two checkpoints while writes go on. */
export const CHECKPOINT_EVERY_MS = 200;

/**
 * The main connection's own auto-checkpoint (pages of the log), a bound should the thread not
 * keep up or fail: 40 MB of 4 KiB pages, where SQLite's default is 1000 (4 MB).
 */
export const SAFETY_PAGES = 10_000;

// CommonJS, evaluated: better-sqlite3 is found from here (workerData.module), wherever the
// server runs from, with or without dist/.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { timeout: workerData.timeoutMs });
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  let answer;
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    answer = { log: result.log, checkpointed: result.checkpointed };
  } catch (error) {
    answer = { error: String(error && error.message) };
  }
  parentPort.postMessage(answer);
});
`;

export interface CheckpointResult {
  /** Pages in the log, and how many of them are in the database now (-1: not in WAL mode). */
  readonly log: number;
  readonly checkpointed: number;
}

/** Checkpoints the log of the database `file` in a thread of its own, as writes ask. */
export class Checkpointer {
  private worker: Worker | undefined;
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private lastAt = -Infinity;
  private closed = false;
  private readonly waiting: Array<(result: CheckpointResult | undefined) => void> = [];

  constructor(
    private readonly file: string,
    private readonly timeoutMs: number,
  ) {}

  /** A write has committed: a checkpoint comes soon (at most one every CHECKPOINT_EVERY_MS). */
  wrote(): void {
    if (this.closed) return;
    if (this.running || this.timer !== undefined) {
      this.again = true;
      return;
    }
    const wait = this.lastAt + CHECKPOINT_EVERY_MS - performance.now();
    if (wait <= 0) {
      this.start();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, wait);
    this.timer.unref();
  }

  /** The next checkpoint's result, once it has run (tests); undefined if closed first. */
  next(): Promise<CheckpointResult | undefined> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private start(): void {
    if (this.closed) return;
    this.running = true;
    this.again = false;
    this.thread().postMessage('checkpoint');
  }

  private thread(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(THREAD, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.file,
        timeoutMs: this.timeoutMs,
      },
    });
    worker.unref();
    worker.on('message', (result: CheckpointResult | { error: string }) => {
      this.running = false;
      this.lastAt = performance.now();
      const done = 'error' in result ? undefined : result;
      for (const resolve of this.waiting.splice(0)) resolve(done);
      if (this.again) this.wrote();
    });
    // A thread that fails leaves the checkpoints to the main connection (SAFETY_PAGES).
    worker.on('error', () => {
      this.worker = undefined;
      this.running = false;
    });
    this.worker = worker;
    return worker;
  }

  /** Stops the thread (its connection closed first, so that the last to close is the main one). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const resolve of this.waiting.splice(0)) resolve(undefined);
    const worker = this.worker;
    this.worker = undefined;
    if (worker === undefined) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
