// Storage may answer synchronously (the in-memory store, used by `run`) or asynchronously
// (SQLite through Kysely, PostgreSQL). The service is written once over both.
export type MaybePromise<T> = T | Promise<T>;

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as Promise<T> | undefined)?.then === 'function';
}

/** Applies `next` now when `value` is ready, later when it is a promise. */
export function andThen<T, U>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<U>,
): MaybePromise<U> {
  return isPromise(value) ? value.then(next) : next(value);
}

/** For callers that know their store is synchronous (the in-memory one). */
export function expectSync<T>(value: MaybePromise<T>): T {
  if (isPromise(value)) throw new Error('expected a synchronous store');
  return value;
}

/**
 * Runs a generator of steps that may each be a promise: synchronously while every step is
 * ready (SQLite answers at once), asynchronously from the first promise on (PostgreSQL). A
 * step is `yield* step(value)`, which gives the value once it is there.
 */
export function flow<T>(steps: Generator<unknown, T, unknown>): MaybePromise<T> {
  return drive(steps, steps.next());
}

function drive<T>(
  steps: Generator<unknown, T, unknown>,
  next: IteratorResult<unknown, T>,
): MaybePromise<T> {
  while (!next.done) {
    const value = next.value;
    if (isPromise(value)) {
      return value.then(
        (ready) => drive(steps, steps.next(ready)),
        (error: unknown) => drive(steps, steps.throw(error)),
      );
    }
    next = steps.next(value);
  }
  return next.value;
}

/** One step of a `flow`: `const rows = yield* step(run(query))`. */
export function* step<T>(value: MaybePromise<T>): Generator<MaybePromise<T>, T, unknown> {
  return (yield value) as T;
}
