// How long the page waits before each attempt to reopen its stream of live changes.

/** The longest wait between two attempts, before the random part. */
export const MAX_RECONNECT_DELAY_MS = 10_000;

/**
 * The wait before attempt `retries` (from 0): doubling from 1 s up to 10 s, plus a random 0.3
 * to 3 s so that the pages of a restarted server do not all come back at once. graphql-sse's
 * own backoff doubles without end: after a few minutes of outage a page would wait many minutes
 * more before it heard changes again.
 */
export function reconnectDelayMs(retries: number, random: () => number = Math.random): number {
  return Math.min(1000 * 2 ** retries, MAX_RECONNECT_DELAY_MS) + 300 + Math.floor(random() * 2700);
}

/** The longest Retry-After the page heeds: a server's day-long one is a minute here. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The wait before attempt `retries` after a refusal that said `Retry-After: retryAfterSeconds`
 * (429 TOO_MANY_SUBSCRIPTIONS, 503 SERVICE_BUSY): the backoff, or the server's wait (at most a
 * minute) if longer.
 */
export function retryDelayMs(
  retries: number,
  retryAfterSeconds: number | undefined,
  random: () => number = Math.random,
): number {
  const asked = Math.min((retryAfterSeconds ?? 0) * 1000, MAX_RETRY_AFTER_MS);
  return Math.max(reconnectDelayMs(retries, random), asked);
}
