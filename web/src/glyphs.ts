// The glyphs of a level (docs/rules.md) as the editor shows them: names, palette groups and
// colours. Each key and its door share a colour; the letter is drawn too, so colour is never
// the only clue.

export interface GlyphInfo {
  readonly glyph: string;
  readonly name: string;
}

export const PALETTE: readonly GlyphInfo[] = [
  { glyph: '#', name: 'wall' },
  { glyph: '.', name: 'floor' },
  { glyph: 'S', name: 'start' },
  { glyph: 'E', name: 'exit' },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((cost) => ({ glyph: String(cost), name: `terrain ${cost}` })),
  { glyph: '^', name: 'gate up' },
  { glyph: '>', name: 'gate right' },
  { glyph: 'v', name: 'gate down' },
  { glyph: '<', name: 'gate left' },
  ...['a', 'b', 'c', 'd'].map((key) => ({ glyph: key, name: `key ${key}` })),
  ...['A', 'B', 'C', 'D'].map((door) => ({ glyph: door, name: `door ${door}` })),
];

const NAMES = new Map(PALETTE.map((info) => [info.glyph, info.name]));

export function glyphName(glyph: string): string {
  return NAMES.get(glyph) ?? `unknown glyph '${glyph}'`;
}

export function isGlyph(glyph: string): boolean {
  return NAMES.has(glyph);
}

/** Key and door colours, a to d: distinct for the common colour blindnesses (Okabe-Ito). */
export const KEY_COLOURS: Readonly<Record<string, string>> = {
  a: '#d55e00',
  b: '#0072b2',
  c: '#b8860b',
  d: '#cc79a7',
};

/** The letter's colour on a key (and on its door): readable on KEY_COLOURS. */
export const KEY_TEXT: Readonly<Record<string, string>> = {
  a: '#fff',
  b: '#fff',
  c: '#000',
  d: '#000',
};

export const COLOURS = {
  wall: '#2b3340',
  /** Walls closed on every side (the "42" of a generated maze, walls 3 cells thick). */
  solid: '#6d3fa8',
  selection: '#0a58ca',
  floor: '#f7f5ef',
  gridLine: '#d9d4c7',
  start: '#1b7f3b',
  exit: '#b3261e',
  gate: '#3d4a5c',
  path: '#0057d9',
  cheapest: '#e07b00',
  error: '#d0021b',
  cursor: '#111111',
} as const;

/** Terrain shading: cost 1 (floor-like) to 9 (darkest), readable digits on each. */
export function terrainColour(cost: number): string {
  // From a pale sand to a dark olive: lightness falls with the cost.
  const lightness = 88 - (cost - 1) * 6.5;
  return `hsl(45 45% ${lightness}%)`;
}

export const GATE_DIRECTIONS: Readonly<Record<string, readonly [number, number]>> = {
  '^': [-1, 0],
  '>': [0, 1],
  v: [1, 0],
  '<': [0, -1],
};

/** The kind of a glyph: how the palette and the grid draw it (one place for both). */
export type GlyphKind =
  'wall' | 'floor' | 'terrain' | 'gate' | 'start' | 'exit' | 'key' | 'door' | 'unknown';

export function glyphKind(glyph: string): GlyphKind {
  if (glyph === '#') return 'wall';
  if (glyph === '.') return 'floor';
  if (glyph >= '1' && glyph <= '9') return 'terrain';
  if (glyph in GATE_DIRECTIONS) return 'gate';
  if (glyph === 'S') return 'start';
  if (glyph === 'E') return 'exit';
  if (glyph >= 'a' && glyph <= 'd') return 'key';
  if (glyph >= 'A' && glyph <= 'D') return 'door';
  return 'unknown';
}
