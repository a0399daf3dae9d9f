// The glyph table (docs/rules.md): the one source of truth for what each glyph means. Parsing,
// movement and costs are all derived from it.

/**
 * The four moves, a direction being its index: the tie-break order up < right < down < left
 * (docs/rules.md) is also the bit order of a cell's wall mask in the wall model and the hex format
 * (bit 0 north, 1 east, 2 south, 3 west: docs/generation.md), so levels and mazes share one set.
 */
export const NORTH = 0; // up
export const EAST = 1; // right
export const SOUTH = 2; // down
export const WEST = 3; // left
export const DIRECTIONS = [NORTH, EAST, SOUTH, WEST] as const;
export type Direction = (typeof DIRECTIONS)[number];
/** A move as a letter (walkLevel's `moves`: up, right, down, left), indexed by direction. */
export const MOVE_LETTERS = ['U', 'R', 'D', 'L'] as const;
/** Row and column deltas, indexed by direction. */
export const ROW_STEP = [-1, 0, 1, 0] as const;
export const COL_STEP = [0, 1, 0, -1] as const;

/** The direction facing `direction` (north <-> south, east <-> west). */
export const opposite = (direction: number): Direction => ((direction + 2) & 3) as Direction;

export type GlyphKind = 'wall' | 'floor' | 'start' | 'exit' | 'terrain' | 'gate' | 'key' | 'door';

export interface GlyphRule {
  readonly glyph: string;
  readonly kind: GlyphKind;
  readonly walkable: boolean;
  /** Cost of a move onto this glyph (cheapest); 0 for walls, which can't be entered. */
  readonly entryCost: number;
  /** Gates only: the one direction (index into DIRECTIONS) a move must have to enter. */
  readonly gateDirection?: number;
  /** Keys and doors: 0 for a/A … 3 for d/D. */
  readonly keyIndex?: number;
}

export const KEY_LETTERS = ['a', 'b', 'c', 'd'] as const;
export const DOOR_LETTERS = ['A', 'B', 'C', 'D'] as const;
export const GATE_GLYPHS = ['^', '>', 'v', '<'] as const; // indexed like DIRECTIONS

export const START = 'S';
export const EXIT = 'E';
export const WALL = '#';
export const PATH_MARK = '*';

function buildTable(): ReadonlyMap<string, GlyphRule> {
  const rules: GlyphRule[] = [
    { glyph: WALL, kind: 'wall', walkable: false, entryCost: 0 },
    { glyph: '.', kind: 'floor', walkable: true, entryCost: 1 },
    { glyph: START, kind: 'start', walkable: true, entryCost: 1 },
    { glyph: EXIT, kind: 'exit', walkable: true, entryCost: 1 },
  ];
  for (let digit = 1; digit <= 9; digit++) {
    rules.push({ glyph: String(digit), kind: 'terrain', walkable: true, entryCost: digit });
  }
  GATE_GLYPHS.forEach((glyph, gateDirection) =>
    rules.push({ glyph, kind: 'gate', walkable: true, entryCost: 1, gateDirection }),
  );
  KEY_LETTERS.forEach((glyph, keyIndex) =>
    rules.push({ glyph, kind: 'key', walkable: true, entryCost: 1, keyIndex }),
  );
  DOOR_LETTERS.forEach((glyph, keyIndex) =>
    rules.push({ glyph, kind: 'door', walkable: true, entryCost: 1, keyIndex }),
  );
  return new Map(rules.map((rule) => [rule.glyph, rule]));
}

export const GLYPHS: ReadonlyMap<string, GlyphRule> = buildTable();

/** The rule of a glyph by its UTF-16 code unit (every known glyph is ASCII). */
export const GLYPH_BY_CODE: ReadonlyArray<GlyphRule | undefined> = (() => {
  const table: Array<GlyphRule | undefined> = new Array(128).fill(undefined);
  for (const rule of GLYPHS.values()) table[rule.glyph.charCodeAt(0)] = rule;
  return table;
})();
