// The ids the service takes (docs/rules.md): every store refuses the same ones alike, and the
// memo keys of drafts are ids no stored level can have.
import { createHash } from 'node:crypto';
import { rowWidth } from '../engine/level/level.js';

/** The longest level id, in characters (code points). */
export const MAX_ID_LENGTH = 256;

export const INVALID_ID_MESSAGE = `level id must be well-formed Unicode without NUL characters, at most ${MAX_ID_LENGTH} characters long`;

/**
 * PostgreSQL refuses NUL in text, a lone UTF-16 surrogate does not survive UTF-8, and its
 * primary-key index refuses an id of a few thousand bytes, so such ids are refused on every
 * store alike (and can never be found). 256 characters is the documented limit.
 */
export function isStorableId(id: string): boolean {
  // With the u flag a surrogate pair is one code point, so \p{Cs} matches only lone halves.
  return (
    !id.includes('\u0000') &&
    !/\p{Cs}/u.test(id) &&
    (id.length <= MAX_ID_LENGTH || rowWidth(id) <= MAX_ID_LENGTH)
  );
}

/**
 * Drafts (`check`) share the memo with stored levels under ids that start with NUL: no stored
 * level can have one (isStorableId), so a draft never shadows a level.
 */
const DRAFT_PREFIX = '\u0000draft:';

/** The memo key of a draft: its content, hashed (rows are ASCII once valid). */
export function draftId(rows: readonly string[]): string {
  return DRAFT_PREFIX + createHash('sha256').update(rows.join('\n')).digest('base64url');
}
