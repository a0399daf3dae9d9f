// A token bucket per key (a client's address, a session): `rate` a second, up to `burst` at
// once. Buckets that have filled up again are forgotten, so memory follows the busy keys only.
const SWEEP_EVERY = 1_024;

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private takes = 0;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  /** Takes one token of `key` at `now` (ms); false when it has none left. */
  take(key: string, now: number): boolean {
    if (++this.takes % SWEEP_EVERY === 0) this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.rate) / 1000);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Keys with a bucket now (tests). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) * this.rate) / 1000 >= this.burst) {
        this.buckets.delete(key);
      }
    }
  }
}
