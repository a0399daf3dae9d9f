// What a resize would cut off: the cells other than floor outside the part of the level kept,
// counted by kind and said in words ("S, E, 2 keys, 1 door and 14 walls"); '' when nothing is.
import { glyphKind, type GlyphKind } from './glyphs.js';
import type { Anchor, Grid } from './grid.js';

/** The kinds in the order they are said, each with its name for one and for more. */
const KINDS: readonly (readonly [GlyphKind, string, string])[] = [
  ['start', 'S', 'S'],
  ['exit', 'E', 'E'],
  ['key', 'key', 'keys'],
  ['door', 'door', 'doors'],
  ['gate', 'gate', 'gates'],
  ['terrain', 'cost cell', 'cost cells'],
  ['wall', 'wall', 'walls'],
  ['unknown', 'other cell', 'other cells'],
];

/** The cells other than floor a resize to width × height at `anchor` would cut off, by kind. */
export function lostCells(
  grid: Grid,
  width: number,
  height: number,
  anchor: Anchor,
): Map<GlyphKind, number> {
  // Cut, then grown back at the same anchor: the cells cut off come back as floor.
  const back = grid.resized(width, height, anchor).resized(grid.width, grid.height, anchor);
  const counts = new Map<GlyphKind, number>();
  for (let row = 0; row < grid.height; row++) {
    for (let col = 0; col < grid.width; col++) {
      const glyph = grid.get(row, col);
      if (glyph === back.get(row, col)) continue;
      const kind = glyphKind(glyph);
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  }
  return counts;
}

/** What a resize would cut off, in words ("S, 2 keys and 5 walls"); '' when nothing. */
export function cutOff(grid: Grid, width: number, height: number, anchor: Anchor): string {
  if (width >= grid.width && height >= grid.height) return '';
  const counts = lostCells(grid, width, height, anchor);
  const parts: string[] = [];
  for (const [kind, one, more] of KINDS) {
    const count = counts.get(kind) ?? 0;
    if (count === 0) continue;
    parts.push(
      kind === 'start' || kind === 'exit'
        ? count === 1
          ? one
          : `${count} ${more}`
        : `${count} ${count === 1 ? one : more}`,
    );
  }
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
