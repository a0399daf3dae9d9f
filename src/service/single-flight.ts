// One piece of work that many waiters share (single flight), cancelled when its last waiter
// leaves: a request that times out or whose client disconnects stops waiting, and the work
// stops only when no other request is waiting for it.

export class Flight<T> {
  private readonly controller = new AbortController();
  private waiters = 0;
  /** The work's outcome; never rejects unhandled (waiters see the error). */
  readonly done: Promise<T>;

  /** Starts `work` at once; it should stop when the signal it is given aborts. */
  constructor(work: (signal: AbortSignal) => Promise<T>) {
    this.done = work(this.controller.signal);
    this.done.catch(() => undefined);
  }

  /** How many callers are waiting (for tests and metrics). */
  get waiting(): number {
    return this.waiters;
  }

  get cancelled(): boolean {
    return this.controller.signal.aborted;
  }

  /**
   * Waits for the shared outcome. When `signal` aborts first, this waiter leaves with the
   * signal's reason; the work is cancelled once no waiter is left.
   */
  join(signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.waiters++;
    return new Promise<T>((resolve, reject) => {
      let waiting = true;
      const leave = (): void => {
        if (!waiting) return;
        waiting = false;
        this.waiters--;
        if (this.waiters === 0) this.controller.abort(signal?.reason);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', leave, { once: true });
      const settle = (): void => {
        signal?.removeEventListener('abort', leave);
        if (!waiting) return;
        waiting = false;
        this.waiters--;
      };
      this.done.then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
  }
}
