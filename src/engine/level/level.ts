/** A validated level (docs/rules.md). Every glyph in `rows` is a known ASCII glyph. */
export interface Level {
  readonly rows: readonly string[];
  readonly height: number;
  readonly width: number;
  /** Cell index (row * width + col) of S and of E. */
  readonly start: number;
  readonly exit: number;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** The length of a row in glyphs: lengths and columns count code points (docs/rules.md). */
export function rowWidth(row: string): number {
  // Without surrogates every UTF-16 unit is a code point.
  if (!SURROGATE.test(row)) return row.length;
  let width = 0;
  for (const _glyph of row) width++;
  return width;
}

/** A position on the map: [row, col], row 0 at the top. */
export type Position = readonly [row: number, col: number];

export function positionOf(level: Pick<Level, 'width'>, cell: number): Position {
  return [Math.floor(cell / level.width), cell % level.width];
}

/** Converts a walk given as cell indices into positions. */
export function toPositions(level: Pick<Level, 'width'>, cells: ArrayLike<number>): Position[] {
  const positions: Position[] = new Array(cells.length);
  for (let i = 0; i < cells.length; i++) positions[i] = positionOf(level, cells[i]);
  return positions;
}
