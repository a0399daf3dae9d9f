// A level's name and tags (saved with each version), and how `levels(search:, tag:)` matches
// them: the rules of docs/graphql.md ("Names, tags and search") have their one home here, and
// every store (memory, SQLite, PostgreSQL) uses them, so all answer alike.
import { type Failure, type Result, fail, ok } from '../engine/result.js';

/** What a version carries besides its rows. */
export interface LevelLabels {
  /** Null when the level has no name. */
  readonly name: string | null;
  /** Distinct, in code-unit order (a set: the order a client sent them in is not kept). */
  readonly tags: readonly string[];
}

export const NO_LABELS: LevelLabels = Object.freeze({ name: null, tags: Object.freeze([]) });

/**
 * The labels a write gives: a field left out (undefined) keeps the current version's value.
 * Already normalised (normalizeLabels).
 */
export interface LabelsWrite {
  readonly name?: string | null;
  readonly tags?: readonly string[];
}

export const LABEL_LIMITS = {
  /** Characters (code points) of a name, after trimming. */
  nameLength: 100,
  tagsPerLevel: 20,
  /** Characters (code points) of a tag, after case folding. */
  tagLength: 32,
  /** Characters (code points) of a search text. */
  searchLength: 256,
} as const;

export const LABEL_ERROR_CODES = ['INVALID_NAME', 'INVALID_TAGS'] as const;
export type LabelErrorCode = (typeof LABEL_ERROR_CODES)[number];

/**
 * Caseless form of a text, for search and tags: NFC, then lower, upper and lower case again
 * (JavaScript's locale-independent Unicode mappings), the final sigma read as σ, then NFC.
 * Every case variant of a text folds to the same string ("Straße", "STRASSE" and "strasse" all
 * give "strasse"; "ẞ" too), and folding is done character by character, so a text that
 * contains another still does once both are folded. Close to Unicode full case folding
 * (CaseFolding.txt C+F); test/service/level-labels.test.ts checks it over every code point.
 */
export function foldCase(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replaceAll('ς', 'σ')
    .normalize('NFC');
}

/** Characters a name may not hold: control characters (newline, tab, NUL…) and lone surrogates. */
const NAME_REFUSED = /[\p{Cc}\p{Cs}]/u;
/** A tag: letters, marks, digits, `-`, `_` and `.` of any script. */
const TAG_PATTERN = /^[\p{L}\p{M}\p{N}_.-]+$/u;

function length(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * A name as stored: trimmed of white space at both ends; empty means no name (null). At most
 * 100 characters, no control characters or lone surrogates.
 */
export function normalizeName(name: string): Result<string | null, Failure<'INVALID_NAME'>> {
  const trimmed = name.trim();
  if (NAME_REFUSED.test(trimmed)) {
    return fail('INVALID_NAME', 'a name may not contain control characters or lone surrogates');
  }
  const size = length(trimmed);
  if (size > LABEL_LIMITS.nameLength) {
    return fail(
      'INVALID_NAME',
      `a name has at most ${LABEL_LIMITS.nameLength} characters, got ${size}`,
    );
  }
  return ok(trimmed === '' ? null : trimmed);
}

/** One tag as stored (and as the `tag` filter is read): case-folded (foldCase). */
export function normalizeTag(tag: string): Result<string, Failure<'INVALID_TAGS'>> {
  const folded = foldCase(tag);
  if (folded === '') return fail('INVALID_TAGS', 'a tag may not be empty');
  if (!TAG_PATTERN.test(folded)) {
    return fail(
      'INVALID_TAGS',
      `tag ${JSON.stringify(tag)} may hold only letters, digits, '-', '_' and '.'`,
    );
  }
  const size = length(folded);
  if (size > LABEL_LIMITS.tagLength) {
    return fail(
      'INVALID_TAGS',
      `tag ${JSON.stringify(tag)} has ${size} characters, at most ${LABEL_LIMITS.tagLength}`,
    );
  }
  return ok(folded);
}

/** Tags as stored: each normalised, duplicates dropped, in code-unit order; at most 20. */
export function normalizeTags(tags: readonly string[]): Result<string[], Failure<'INVALID_TAGS'>> {
  const kept = new Set<string>();
  for (const tag of tags) {
    const normalized = normalizeTag(tag);
    if (!normalized.ok) return normalized;
    kept.add(normalized.value);
  }
  if (kept.size > LABEL_LIMITS.tagsPerLevel) {
    return fail(
      'INVALID_TAGS',
      `a level has at most ${LABEL_LIMITS.tagsPerLevel} tags, got ${kept.size}`,
    );
  }
  return ok([...kept].sort());
}

/**
 * A write's labels as given by a client (null or undefined: keep the current one), checked and
 * normalised.
 */
export function normalizeLabels(given: {
  readonly name?: string | null;
  readonly tags?: readonly string[] | null;
}): Result<LabelsWrite, Failure<LabelErrorCode>> {
  const write: { name?: string | null; tags?: readonly string[] } = {};
  if (given.name != null) {
    const name = normalizeName(given.name);
    if (!name.ok) return name;
    write.name = name.value;
  }
  if (given.tags != null) {
    const tags = normalizeTags(given.tags);
    if (!tags.ok) return tags;
    write.tags = tags.value;
  }
  return ok(write);
}

/** The labels a write leaves: what it gives, else what the current version has (none: NO_LABELS). */
export function mergeLabels(current: LevelLabels | undefined, write: LabelsWrite): LevelLabels {
  return {
    name: write.name !== undefined ? write.name : (current?.name ?? null),
    tags: write.tags ?? current?.tags ?? NO_LABELS.tags,
  };
}

export function sameLabels(a: LevelLabels, b: LevelLabels): boolean {
  return (
    a.name === b.name && a.tags.length === b.tags.length && a.tags.every((t, i) => t === b.tags[i])
  );
}

/** What `levels(search:, tag:)` keeps, normalised (searchFilter); unset fields keep everything. */
export interface LevelFilter {
  /** Folded (foldCase), non-empty: the id or the name contains it. */
  readonly search?: string;
  /** Normalised (normalizeTag): the level carries it. */
  readonly tag?: string;
}

/**
 * The filter of a `levels` query: `search` folded (empty: no search), `tag` normalised. A
 * search longer than any id or name, or with a character no id or name can hold, is refused.
 */
export function levelFilter(given: {
  readonly search?: string | null;
  readonly tag?: string | null;
}): Result<LevelFilter, Failure<'INVALID_SEARCH' | 'INVALID_TAGS'>> {
  const filter: { search?: string; tag?: string } = {};
  if (given.search != null && given.search !== '') {
    if (given.search.includes('\u0000') || /\p{Cs}/u.test(given.search)) {
      return fail('INVALID_SEARCH', "'search' may not contain NUL or lone surrogates");
    }
    const size = length(given.search);
    if (size > LABEL_LIMITS.searchLength) {
      return fail(
        'INVALID_SEARCH',
        `'search' has at most ${LABEL_LIMITS.searchLength} characters, got ${size}`,
      );
    }
    filter.search = foldCase(given.search);
  }
  if (given.tag != null) {
    const tag = normalizeTag(given.tag);
    if (!tag.ok) return tag;
    filter.tag = tag.value;
  }
  return ok(filter);
}

/** Whether a level passes the filter: the plain rule the indexes of the SQL stores answer. */
export function matchesFilter(
  level: { readonly id: string } & LevelLabels,
  filter: LevelFilter,
): boolean {
  if (filter.tag !== undefined && !level.tags.includes(filter.tag)) return false;
  if (filter.search === undefined) return true;
  return (
    foldCase(level.id).includes(filter.search) ||
    (level.name !== null && foldCase(level.name).includes(filter.search))
  );
}

/** Longest substrings kept in the search index, in characters (code points). */
export const GRAM_LENGTH = 3;

/**
 * The search index's entries for a level: every distinct substring of 1 to 3 characters of its
 * folded id and of its folded name (never across the two). A search of 1 to 3 characters is
 * one of them exactly when the id or the name contains it.
 */
export function levelGrams(id: string, name: string | null): string[] {
  const grams = new Set<string>();
  for (const text of name === null ? [id] : [id, name]) {
    const chars = [...foldCase(text)];
    for (let size = 1; size <= GRAM_LENGTH; size++) {
      for (let start = 0; start + size <= chars.length; start++) {
        grams.add(chars.slice(start, start + size).join(''));
      }
    }
  }
  return [...grams].sort();
}

/**
 * The most index entries one search looks up (each is a lookup by key); a match is then checked
 * against the folded id and name.
 */
export const MAX_SEARCH_GRAMS = 4;

/**
 * How a folded search is looked up: the index entries every match has (all of them for a
 * search of up to 3 characters: then it is exact; else up to MAX_SEARCH_GRAMS of its 3-character
 * substrings, spread over it), and whether a match must still be checked against the folded
 * id and name (`levels.search_id`, `search_name`).
 */
export function searchGrams(search: string): { grams: string[]; recheck: boolean } {
  const chars = [...search];
  if (chars.length <= GRAM_LENGTH) return { grams: [search], recheck: false };
  const starts = new Set<number>();
  const last = chars.length - GRAM_LENGTH;
  for (let i = 0; i < MAX_SEARCH_GRAMS; i++) {
    starts.add(Math.round((i * last) / (MAX_SEARCH_GRAMS - 1)));
  }
  const grams = new Set(
    [...starts].map((start) => chars.slice(start, start + GRAM_LENGTH).join('')),
  );
  return { grams: [...grams], recheck: true };
}
