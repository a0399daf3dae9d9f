/**
 * A bounded least-recently-used map. Entries carry a weight (e.g. a level's cell count) and
 * the oldest are dropped while the count or the total weight is over its limit.
 */
export class Lru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    /** Called for each entry dropped to keep within the bounds. */
    private readonly onEvict: () => void = () => undefined,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  /** The value of `key`, without counting as a use. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Whether `key` is held (it does not count as a use). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-insert: a Map iterates in insertion order, so the first key is the least recent.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, weight = 1): void {
    const old = this.entries.get(key);
    if (old) {
      this.totalWeight -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.totalWeight <= this.maxWeight) break;
      if (oldest === key) break; // never drop what was just added
      this.entries.delete(oldest);
      this.totalWeight -= entry.weight;
      this.onEvict();
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.totalWeight -= entry.weight;
    }
  }
}
