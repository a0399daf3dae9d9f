// The editor's wait before reopening its stream of live changes: doubling, bounded, spread.
import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_DELAY_MS, reconnectDelayMs } from '../../web/src/backoff.js';

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
