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
