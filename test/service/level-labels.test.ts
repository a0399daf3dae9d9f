// The rules of names, tags and search (src/service/level-labels.ts): exact answers, and the
// case folding checked over every code point.
import { describe, expect, it } from 'vitest';
import {
  foldCase,
  levelFilter,
  levelGrams,
  matchesFilter,
  mergeLabels,
  normalizeLabels,
  normalizeName,
  normalizeTags,
  searchGrams,
} from '../../src/service/level-labels.js';

/** Every code point but the surrogates, as a string. */
function* everyCharacter(): Generator<string> {
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    yield String.fromCodePoint(code);
  }
}

describe('foldCase', () => {
  it.each([
    ['Straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['ẞ', 'ss'],
    ['ΣΟΦΟΣ', 'σοφοσ'],
    ['σοφος', 'σοφοσ'],
    ['\u212A', 'k'],
    ['ﬁle', 'file'],
    ['İ', 'i\u0307'],
    ['ǅ', 'ǆ'],
    // Composed and decomposed forms are one (NFC); accents stay.
    ['E\u0301', 'é'],
    ['é', 'é'],
    ['Ꭰ', 'ꭰ'],
    ['日本', '日本'],
  ])('folds %j to %j', (text, folded) => {
    expect(foldCase(text)).toBe(folded);
  });

  it('gives every case variant of every character the same form, and is idempotent', () => {
    const broken: string[] = [];
    for (const c of everyCharacter()) {
      const folded = foldCase(c);
      if (
        foldCase(folded) !== folded ||
        foldCase(c.toUpperCase()) !== folded ||
        foldCase(c.toLowerCase()) !== folded
      ) {
        broken.push(c);
      }
    }
    expect(broken).toEqual([]);
  });

  it('folds a text character by character (so a text that contains another still does)', () => {
    // NFC joins a letter with its combining marks: checked on characters that compose nothing.
    const broken: string[] = [];
    const sample = [...'aZßẞΣσςİıKﬁǅ日😀 -_'];
    for (const x of sample) {
      for (const y of sample) {
        if (foldCase(x + y) !== foldCase(x) + foldCase(y)) broken.push(x + y);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('names and tags', () => {
  it('trims a name, and takes an empty one as none', () => {
    expect(normalizeName('  The Hall \t')).toEqual({ ok: true, value: 'The Hall' });
    expect(normalizeName('   ')).toEqual({ ok: true, value: null });
    expect(normalizeName('x'.repeat(100))).toEqual({ ok: true, value: 'x'.repeat(100) });
    // Code points, not UTF-16 units: 100 emoji are 100 characters.
    expect(normalizeName('😀'.repeat(100)).ok).toBe(true);
    expect(normalizeName('😀'.repeat(101))).toEqual({
      ok: false,
      error: {
        code: 'INVALID_NAME',
        message: 'a name has at most 100 characters, got 101',
        row: null,
        col: null,
      },
    });
    for (const name of ['a\u0000', 'a\nb', 'a\u007f', 'lone \udc00']) {
      expect(normalizeName(name)).toMatchObject({ ok: false, error: { code: 'INVALID_NAME' } });
    }
    // Format characters (an emoji's zero-width joiner) are not control characters.
    expect(normalizeName('👩\u200d💻')).toEqual({ ok: true, value: '👩\u200d💻' });
  });

  it('folds, dedupes and sorts tags', () => {
    expect(normalizeTags(['Keys', 'boss', 'KEYS', 'Straße', 'world-1.2_b', 'İ'])).toEqual({
      ok: true,
      value: ['boss', 'i\u0307', 'keys', 'strasse', 'world-1.2_b'],
    });
    expect(normalizeTags([])).toEqual({ ok: true, value: [] });
    // 21 names, 20 tags once folded: allowed.
    const many = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(normalizeTags([...many, 'T0']).ok).toBe(true);
    expect(normalizeTags([...many, 't20'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_TAGS', message: 'a level has at most 20 tags, got 21' },
    });
    expect(normalizeTags(['ß'.repeat(16)]).ok).toBe(true);
    // Counted once folded: 17 ß are 34 characters.
    expect(normalizeTags(['ß'.repeat(17)])).toMatchObject({
      ok: false,
      error: { message: `tag "${'ß'.repeat(17)}" has 34 characters, at most 32` },
    });
  });

  it('keeps what a write leaves out, and lets it remove the rest', () => {
    const current = { name: 'Hall', tags: ['boss'] };
    expect(mergeLabels(current, {})).toEqual(current);
    expect(mergeLabels(current, { name: null })).toEqual({ name: null, tags: ['boss'] });
    expect(mergeLabels(current, { tags: [] })).toEqual({ name: 'Hall', tags: [] });
    expect(mergeLabels(undefined, {})).toEqual({ name: null, tags: [] });
    expect(normalizeLabels({ name: null, tags: null })).toEqual({ ok: true, value: {} });
    expect(normalizeLabels({ name: '', tags: [] })).toEqual({
      ok: true,
      value: { name: null, tags: [] },
    });
  });
});

describe('search', () => {
  it('reads a filter: folded, an empty search is none, a bad one is refused', () => {
    expect(levelFilter({ search: 'STRASSE', tag: 'Boss' })).toEqual({
      ok: true,
      value: { search: 'strasse', tag: 'boss' },
    });
    expect(levelFilter({ search: '', tag: null })).toEqual({ ok: true, value: {} });
    expect(levelFilter({ search: 'x'.repeat(256) }).ok).toBe(true);
    expect(levelFilter({ search: 'x'.repeat(257) })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SEARCH' },
    });
    expect(levelFilter({ tag: '' })).toMatchObject({ ok: false, error: { code: 'INVALID_TAGS' } });
  });

  it('matches the id or the name, never across the two', () => {
    const level = { id: 'cave-1', name: 'Dark Hall', tags: ['hard'] };
    expect(matchesFilter(level, { search: 'cave' })).toBe(true);
    expect(matchesFilter(level, { search: 'k h' })).toBe(true);
    expect(matchesFilter(level, { search: '1dark' })).toBe(false);
    expect(matchesFilter(level, { tag: 'hard', search: 'hall' })).toBe(true);
    expect(matchesFilter(level, { tag: 'easy' })).toBe(false);
    expect(matchesFilter({ ...level, name: null }, { search: 'hall' })).toBe(false);
  });

  it('indexes every 1 to 3 characters of the folded id and name', () => {
    expect(levelGrams('Ab', 'Çaß')).toEqual(
      ['a', 'b', 'ab', 'ç', 's', 'ça', 'as', 'ss', 'ças', 'ass'].sort(),
    );
    expect(levelGrams('😀x', null)).toEqual(['x', '😀', '😀x'].sort());
  });

  it('looks a search up by itself up to 3 characters, else by up to 4 pieces and a check', () => {
    expect(searchGrams('ab')).toEqual({ grams: ['ab'], recheck: false });
    expect(searchGrams('abc')).toEqual({ grams: ['abc'], recheck: false });
    expect(searchGrams('abcd')).toEqual({ grams: ['abc', 'bcd'], recheck: true });
    expect(searchGrams('abcdefghij')).toEqual({
      grams: ['abc', 'cde', 'fgh', 'hij'],
      recheck: true,
    });
    expect(searchGrams('😀😀😀😀')).toEqual({ grams: ['😀😀😀'], recheck: true });
  });
});
