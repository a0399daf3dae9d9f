// The editor's wait before reopening its stream of live changes: doubling, bounded, spread.
import { describe, expect, it } from 'vitest';
import {
  MAX_RECONNECT_DELAY_MS,
  MAX_RETRY_AFTER_MS,
  reconnectDelayMs,
  retryDelayMs,
} from '../../web/src/backoff.js';

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and stops at 10 s, whatever the number of attempts', () => {
    const least = Array.from({ length: 12 }, (_, retries) => reconnectDelayMs(retries, () => 0));
    expect(least).toEqual([
      1300, 2300, 4300, 8300, 10300, 10300, 10300, 10300, 10300, 10300, 10300, 10300,
    ]);
    expect(reconnectDelayMs(999, () => 0)).toBe(MAX_RECONNECT_DELAY_MS + 300);
  });

  it('adds a random 0.3 to 3 s', () => {
    expect(reconnectDelayMs(0, () => 0.999_999)).toBe(1000 + 300 + 2699);
    expect(reconnectDelayMs(50, () => 0.5)).toBe(10_000 + 300 + 1350);
  });
});

describe('retryDelayMs', () => {
  it("waits the longer of the backoff and the server's Retry-After, at most a minute", () => {
    expect(retryDelayMs(0, undefined, () => 0)).toBe(1300);
    expect(retryDelayMs(0, 5, () => 0)).toBe(5000);
    expect(retryDelayMs(3, 5, () => 0)).toBe(8300);
    expect(retryDelayMs(0, 86_400, () => 0)).toBe(MAX_RETRY_AFTER_MS);
  });
});
