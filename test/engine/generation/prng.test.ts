import { describe, expect, it } from 'vitest';
import { Prng } from '../../../src/engine/generation/prng.js';

describe('Prng (sfc32 seeded by splitmix32)', () => {
  it('gives the documented stream: pinned first outputs', () => {
    const first = (seed: number): number[] => {
      const rng = new Prng(seed);
      return Array.from({ length: 5 }, () => rng.nextUint32());
    };
    expect(first(0)).toEqual([548183886, 1097162541, 2219297441, 1664216021, 3479288465]);
    expect(first(42)).toEqual([3825871779, 1851418855, 1383259262, 890322987, 2796912455]);
    expect(first(4294967295)).toEqual([2246433216, 2156899173, 2040853526, 3823104220, 1358629326]);
  });

  it('matches the well-known JavaScript sfc32 and splitmix32, with 12 outputs dropped', () => {
    // The widely copied reference versions (bryc/code, "PRNGs"), written out independently.
    const splitmix32 = (seed: number) => () => {
      seed = (seed + 0x9e3779b9) | 0;
      let t = seed ^ (seed >>> 16);
      t = Math.imul(t, 0x21f0aaad);
      t = t ^ (t >>> 15);
      t = Math.imul(t, 0x735a2d97);
      return (t ^ (t >>> 15)) >>> 0;
    };
    const sfc32 = (a: number, b: number, c: number, d: number) => () => {
      a |= 0;
      b |= 0;
      c |= 0;
      d |= 0;
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      return t >>> 0;
    };
    for (const seed of [0, 1, 7, 123456789, 4294967295]) {
      const words = splitmix32(seed);
      const reference = sfc32(words(), words(), words(), words());
      for (let i = 0; i < 12; i++) reference();
      const rng = new Prng(seed);
      for (let i = 0; i < 1000; i++) expect(rng.nextUint32()).toBe(reference());
    }
  });

  it('below(n) stays in 0..n-1 and reaches both ends', () => {
    const rng = new Prng(5);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = rng.below(7);
      expect(value >= 0 && value < 7 && Number.isInteger(value)).toBe(true);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(() => rng.below(0)).toThrow(RangeError);
    expect(() => rng.below(2.5)).toThrow(RangeError);
  });

  it('shuffle is a seeded permutation', () => {
    const shuffled = (seed: number): number[] => {
      const items = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
      new Prng(seed).shuffle(items);
      return items;
    };
    expect(shuffled(3)).toEqual(shuffled(3));
    expect([...shuffled(3)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(shuffled(3)).not.toEqual(shuffled(4));
  });

  it('partialShuffle draws below(length - i) for item i, lazily, and no more than it yields', () => {
    const items = [10, 11, 12, 13, 14, 15];
    const rng = new Prng(8);
    const reference = new Prng(8);
    const expected = [...items];
    const taken: number[] = [];
    for (const item of rng.partialShuffle(items, 4)) {
      // The textbook loop, one item at a time, with a draw of the caller's in between.
      const i = taken.length;
      const j = i + reference.below(expected.length - i);
      [expected[i], expected[j]] = [expected[j], expected[i]];
      expect(item).toBe(expected[i]);
      expect(rng.below(100)).toBe(reference.below(100));
      taken.push(item);
      if (taken.length === 3) break;
    }
    expect(taken.length).toBe(3);
    expect(items).toEqual(expected);
    // Stopping early left both streams at the same place.
    expect(rng.nextUint32()).toBe(reference.nextUint32());
    expect([...new Prng(2).partialShuffle([1, 2, 3], 5)].sort()).toEqual([1, 2, 3]);
    expect([...new Prng(2).partialShuffle([1, 2, 3, 4], 2, 3)].length).toBe(2);
  });
});
