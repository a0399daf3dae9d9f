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
