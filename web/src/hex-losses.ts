// What a level loses in the A-Maze-ing hex wall format (docs/generation.md): the file holds the
// walls, S and E only, so terrain, keys, doors and one-way gates do not come back from it (an
// import gives floor in their place). The Download warns with these before the file is written,
// and an import says what the level it replaced had that the file could not carry.

/** The glyphs of a level that a hex file cannot hold. */
export interface HexLosses {
  /** Terrain cells (`1`–`9`: even `1`, which costs what floor does, comes back as floor). */
  readonly terrain: number;
  /** One-way gates (`^ > v <`). */
  readonly gates: number;
  /** The key letters, sorted, each once. */
  readonly keys: readonly string[];
  /** The door letters, sorted, each once. */
  readonly doors: readonly string[];
}

export const NO_LOSSES: HexLosses = { terrain: 0, gates: 0, keys: [], doors: [] };

/** What of `rows` a hex file leaves out. */
export function hexLosses(rows: readonly string[]): HexLosses {
  let terrain = 0;
  let gates = 0;
  const keys = new Set<string>();
  const doors = new Set<string>();
  for (const row of rows) {
    for (const glyph of row) {
      if (glyph >= '1' && glyph <= '9') terrain++;
      else if ('^>v<'.includes(glyph)) gates++;
      else if (glyph >= 'a' && glyph <= 'z') keys.add(glyph);
      else if (glyph >= 'A' && glyph <= 'Z' && glyph !== 'S' && glyph !== 'E') doors.add(glyph);
    }
  }
  return { terrain, gates, keys: [...keys].sort(), doors: [...doors].sort() };
}

export const losesNothing = (losses: HexLosses): boolean =>
  losses.terrain === 0 &&
  losses.gates === 0 &&
  losses.keys.length === 0 &&
  losses.doors.length === 0;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "259 terrain cells, keys a b, doors A B" ('' when nothing is lost). */
export function lossList(losses: HexLosses): string {
  const parts: string[] = [];
  if (losses.terrain > 0) parts.push(count(losses.terrain, 'terrain cell', 'terrain cells'));
  if (losses.gates > 0) parts.push(count(losses.gates, 'one-way gate', 'one-way gates'));
  if (losses.keys.length > 0) {
    parts.push(`${losses.keys.length === 1 ? 'key' : 'keys'} ${losses.keys.join(' ')}`);
  }
  if (losses.doors.length > 0) {
    parts.push(`${losses.doors.length === 1 ? 'door' : 'doors'} ${losses.doors.join(' ')}`);
  }
  return parts.join(', ');
}

/** The Download's warning: what will not be in the file ('' when nothing is lost). */
export function downloadWarning(losses: HexLosses): string {
  if (losesNothing(losses)) return '';
  return `${lossList(losses)} will not be in the file: a hex maze file holds only the walls, S and E.`;
}

/**
 * After an import: what the drawing it replaced had that the file could not carry ('' when it
 * had none of it); that drawing stays one undo away.
 */
export function importNotice(replaced: HexLosses): string {
  if (losesNothing(replaced)) return '';
  return `the level it replaced had ${lossList(replaced)}: a hex file holds only walls, S and E, so the imported level has none of them (the drawing before is one undo away)`;
}
