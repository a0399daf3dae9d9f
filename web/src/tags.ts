// The level list's tag filter (panels/levels.tsx): `levels(tag:)` keeps the levels carrying
// exactly that tag, so what is typed is matched here first against the tags seen in the list,
// case-insensitively and trimmed; a part of a tag picks the known tags that contain it.

/** The tag asked for (null: no filter) and the known tags the text matched, best first. */
export interface TagChoice {
  readonly tag: string | null;
  readonly matches: readonly string[];
}

/**
 * What a typed tag asks for: a known tag equal to it (case and spaces aside), else the known
 * tags containing it (those starting with it first, then alphabetically; the first is asked),
 * else the text itself, lower-cased (the server compares tags case-folded).
 */
export function chooseTag(typed: string, known: Iterable<string>): TagChoice {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return { tag: null, matches: [] };
  const tags = [...new Set(known)];
  if (tags.includes(wanted)) return { tag: wanted, matches: [wanted] };
  const matches = tags
    .filter((tag) => tag.toLowerCase().includes(wanted))
    .sort((a, b) => {
      const starts = Number(b.startsWith(wanted)) - Number(a.startsWith(wanted));
      return starts || (a < b ? -1 : a > b ? 1 : 0);
    });
  return { tag: matches[0] ?? wanted, matches };
}
