// The generator's only source of randomness: sfc32 (Chris Doty-Humphrey's "Small Fast
// Chaotic" generator, 4 x 32-bit words of state) seeded from one 32-bit seed by splitmix32.
//
// Seeding, exactly: splitmix32 starts from `seed` and its first four outputs are sfc32's
// words a, b, c, d (in that order); then the first 12 sfc32 outputs are discarded so that
// nearby seeds give unrelated streams. Everything is 32-bit integer arithmetic
// (`Math.imul`, `>>>`, `| 0`), so the stream is the same on every machine and every run.
// Never use `Math.random` in generation: the same input must give the same level.

/** splitmix32: the state advances by the golden-ratio constant; the output is a mix of it. */
function splitmix32(state: number): { next: number; output: number } {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  z ^= z >>> 15;
  return { next, output: z >>> 0 };
}

/** Largest bound `below` accepts: u32 * bound stays an exact double (< 2^53). */
const MAX_BOUND = 1 << 21;
const TWO_POW_32 = 4294967296;

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `seed` is an integer 0..4294967295 (other numbers are reduced to 32 bits). */
  constructor(seed: number) {
    let state = seed | 0;
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      const step = splitmix32(state);
      state = step.next;
      words.push(step.output | 0);
    }
    [this.a, this.b, this.c, this.d] = words;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next sfc32 output, an integer 0..2^32-1. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) + t;
    this.c |= 0;
    return t >>> 0;
  }

  /**
   * An integer 0..bound-1, as floor(u32 * bound / 2^32): one draw, exact in doubles; its
   * bias (at most bound / 2^32) is far below anything a maze can show.
   */
  below(bound: number): number {
    if (!(bound >= 1 && bound <= MAX_BOUND) || bound !== Math.floor(bound)) {
      throw new RangeError(`Prng.below: bound must be an integer 1..${MAX_BOUND}, got ${bound}`);
    }
    return Math.floor((this.nextUint32() * bound) / TWO_POW_32);
  }

  /** True with probability 1/2. */
  coin(): boolean {
    return this.nextUint32() < 0x80000000;
  }

  /** A number in [0, 1) with 32 random bits. */
  fraction(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Shuffles `items[0..length)` in place (Fisher-Yates, from the end). */
  shuffle(items: { length: number; [index: number]: number }, length = items.length): void {
    for (let i = length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const item = items[i];
      items[i] = items[j];
      items[j] = item;
    }
  }

  /**
   * A partial Fisher-Yates shuffle from the front, taken lazily: yields up to `count` items of
   * `items[0..length)` in random order, drawing `below(length - i)` just before item i (so
   * also for the last one). A caller may draw for other things between items, or stop early:
   * an item not taken costs no draw. Reorders `items`.
   */
  *partialShuffle(
    items: { length: number; [index: number]: number },
    count: number,
    length = items.length,
  ): Generator<number, void, undefined> {
    for (let i = 0; i < Math.min(count, length); i++) {
      const j = i + this.below(length - i);
      const item = items[j];
      items[j] = items[i];
      items[i] = item;
      yield item;
    }
  }
}
