// The designers' insights (docs/rules.md, Insights) as the page shows them: the server's
// answers from the live check (the unreachable cells as a mask, needed keys, dead ends, shortest walks), the
// cells to mark for them, and which overlays are on. The server gives the dead ends as a count
// and the needed keys as letters; the cells to mark are found here from the same rows, once per
// check (never per frame), by the same definition (test/web/insights.test.ts).
import type { Cell } from './store.js';

/** What the server counts shortest walks up to: a larger count answers this. */
export const WALKS_CAP = 1_000_000;

export interface Insights {
  /** Cells no walk from S stands on, row-major (from the server's mask: every one). */
  readonly unreachable: readonly Cell[];
  readonly neededKeys: readonly string[];
  readonly deadEnds: number;
  /** Move sequences reaching E in `steps` moves, up to WALKS_CAP; null: E unreachable. */
  readonly shortestWalks: number | null;
  /** The cells of the dead ends, found from the rows (the server gives their number). */
  readonly deadEndCells: readonly Cell[];
  /** The cells of the needed keys. */
  readonly neededKeyCells: readonly Cell[];
}

/** The answer fields of a LevelDraft the insights come from. */
export interface InsightFields {
  readonly neededKeys: readonly string[];
  readonly deadEnds: number;
  readonly shortestWalks?: number | null;
  /** One string a row: `1` on an unreachable cell, `0` elsewhere. */
  readonly unreachableMask: readonly string[];
}

export function insightsOf(rows: readonly string[], fields: InsightFields): Insights {
  return {
    unreachable: maskCells(fields.unreachableMask),
    neededKeys: fields.neededKeys,
    deadEnds: fields.deadEnds,
    shortestWalks: fields.shortestWalks ?? null,
    deadEndCells: fields.deadEnds > 0 ? deadEndCells(rows) : [],
    neededKeyCells: fields.neededKeys.length > 0 ? glyphCells(rows, fields.neededKeys) : [],
  };
}

/** The cells marked `1` in a mask (one string a row), row-major. */
export function maskCells(mask: readonly string[]): Cell[] {
  const cells: Cell[] = [];
  for (let row = 0; row < mask.length; row++) {
    const line = mask[row];
    for (let col = line.indexOf('1'); col >= 0; col = line.indexOf('1', col + 1)) {
      cells.push({ row, col });
    }
  }
  return cells;
}

/** "unique solution", "12 shortest walks", "1,000,000 or more shortest walks"; "" when none. */
export function walksText(walks: number | null): string {
  if (walks === null) return '';
  if (walks === 1) return 'unique solution';
  if (walks >= WALKS_CAP) return `${WALKS_CAP.toLocaleString('en-US')} or more shortest walks`;
  return `${walks.toLocaleString('en-US')} shortest walks`;
}

/**
 * The dead ends (docs/rules.md, Insights): cells other than S, E and `#` with exactly one neighbour (up,
 * right, down, left, inside the map) that is not `#`; gates and doors count as open. The rows
 * are those of a valid level (the check answered), so every glyph is one ASCII character: one
 * pass over char codes, on the page's main thread once per check.
 */
export function deadEndCells(rows: readonly string[]): Cell[] {
  const height = rows.length;
  const width = height > 0 ? rows[0].length : 0;
  const wall = new Uint8Array((width + 2) * (height + 2)).fill(1);
  const stride = width + 2;
  for (let row = 0; row < height; row++) {
    const line = rows[row];
    for (let col = 0; col < width; col++) {
      if (line.charCodeAt(col) !== HASH) wall[(row + 1) * stride + col + 1] = 0;
    }
  }
  const cells: Cell[] = [];
  for (let row = 0; row < height; row++) {
    const line = rows[row];
    for (let col = 0; col < width; col++) {
      const code = line.charCodeAt(col);
      if (code === HASH || code === START || code === EXIT) continue;
      const at = (row + 1) * stride + col + 1;
      if (wall[at - stride] + wall[at + 1] + wall[at + stride] + wall[at - 1] === 3) {
        cells.push({ row, col });
      }
    }
  }
  return cells;
}

const HASH = 35;
const START = 83;
const EXIT = 69;

/** The cells holding one of these glyphs, row-major. */
export function glyphCells(rows: readonly string[], glyphs: readonly string[]): Cell[] {
  const wanted = new Set(glyphs);
  const cells: Cell[] = [];
  rows.forEach((line, row) => {
    Array.from(line).forEach((glyph, col) => {
      if (wanted.has(glyph)) cells.push({ row, col });
    });
  });
  return cells;
}

export type InsightLayer = 'unreachable' | 'neededKeys' | 'deadEnds';

/** What the grid draws of the insights: the cells of each overlay that is on. */
export interface InsightMarks {
  readonly unreachable: readonly Cell[];
  readonly neededKeys: readonly Cell[];
  readonly deadEnds: readonly Cell[];
}

/**
 * Which insight overlays are on (the panel's toggles); views subscribe. Dead ends start off:
 * most cells of a maze are in dead-end corridors, and a mark on each hid the maze (the count
 * is always in the panel).
 */
export class InsightLayers {
  private readonly on: Record<InsightLayer, boolean> = {
    unreachable: true,
    neededKeys: true,
    deadEnds: false,
  };
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  shown(layer: InsightLayer): boolean {
    return this.on[layer];
  }

  toggle(layer: InsightLayer): void {
    this.on[layer] = !this.on[layer];
    for (const listener of this.listeners) listener();
  }

  /** The cells to draw for these insights, with the overlays that are off left empty. */
  marks(insights: Insights | null): InsightMarks | null {
    if (!insights) return null;
    return {
      unreachable: this.on.unreachable ? insights.unreachable : [],
      neededKeys: this.on.neededKeys ? insights.neededKeyCells : [],
      deadEnds: this.on.deadEnds ? insights.deadEndCells : [],
    };
  }
}
