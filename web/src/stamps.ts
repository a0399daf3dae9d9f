// Stamps (Tiled's word): a block of cells held for pasting. A stamp turns and mirrors as Tiled's
// do, and its gates turn with it, so that the level means the same: a gate that let you pass
// rightwards lets you pass downwards once the stamp is turned clockwise. Text pastes as a stamp
// only when it is a block of level glyphs. Saved stamps: up to STAMP_SLOTS a level, in the
// browser's localStorage under the level's id (docs/editor.md, "Stamps"), and whether paste is
// transparent, for every level.
import { Grid } from './grid.js';
import { isGlyph } from './glyphs.js';

export type Turn = 'clockwise' | 'anticlockwise' | 'flip-x' | 'flip-y';

/** What each gate becomes (the others stay). */
const GATES: Readonly<Record<Turn, Readonly<Record<string, string>>>> = {
  clockwise: { '^': '>', '>': 'v', v: '<', '<': '^' },
  anticlockwise: { '^': '<', '<': 'v', v: '>', '>': '^' },
  'flip-x': { '<': '>', '>': '<' },
  'flip-y': { '^': 'v', v: '^' },
};

/** The block turned a quarter (clockwise, anticlockwise) or mirrored (left-right, up-down). */
export function turned(block: Grid, turn: Turn): Grid {
  const { width, height } = block;
  const quarter = turn === 'clockwise' || turn === 'anticlockwise';
  const out = Grid.filled(quarter ? height : width, quarter ? width : height);
  const gates = GATES[turn];
  for (let row = 0; row < out.height; row++) {
    for (let col = 0; col < out.width; col++) {
      const [r, c] =
        turn === 'clockwise'
          ? [height - 1 - col, row]
          : turn === 'anticlockwise'
            ? [col, width - 1 - row]
            : turn === 'flip-x'
              ? [row, width - 1 - col]
              : [height - 1 - row, col];
      const glyph = block.get(r, c);
      out.set(row, col, gates[glyph] ?? glyph);
    }
  }
  return out;
}

/**
 * Text as a stamp: a rectangle of rows of level glyphs (docs/rules.md), else why not ("hello
 * world", a stray "0", a sentence selected on the page are refused, never cells).
 */
export function stampOf(text: string): Grid | string {
  const block = Grid.fromText(text);
  if (typeof block === 'string') return block;
  for (let row = 0; row < block.height; row++) {
    for (let col = 0; col < block.width; col++) {
      const glyph = block.get(row, col);
      if (!isGlyph(glyph)) {
        const shown = glyph === ' ' ? 'a space' : `'${glyph}'`;
        return `it is not a block of level glyphs (${shown} at row ${row}, column ${col})`;
      }
    }
  }
  return block;
}

export const STAMP_SLOTS = 9;

/** A level's saved stamps: STAMP_SLOTS slots, each a stamp's rows or empty. */
export type Slots = readonly (readonly string[] | null)[];

/** Where a level's stamps are kept: its id (a level not saved yet: one shared key). */
export function stampsKey(levelId: string): string {
  return `labyrinth.stamps:${levelId.trim() || '(new level)'}`;
}

/** Where whether paste is transparent is kept: one key for every level. */
export const TRANSPARENT_KEY = 'labyrinth.stamps.transparent';

/** The saved stamps of each level, and transparent paste, in localStorage (or any Storage). */
export class SavedStamps {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = local()) {}

  /** Whether paste was left transparent ("1"); anything else, or no storage, is off. */
  transparent(): boolean {
    try {
      return this.storage?.getItem(TRANSPARENT_KEY) === '1';
    } catch {
      return false;
    }
  }

  /** Keeps whether paste is transparent; a browser that refuses forgets it at the next visit. */
  keepTransparent(on: boolean): void {
    try {
      this.storage?.setItem(TRANSPARENT_KEY, on ? '1' : '0');
    } catch {
      // Not kept: the setting holds for this page only.
    }
  }

  /** The level's slots; what is not a block of glyphs reads as an empty slot. */
  slots(levelId: string): Slots {
    const empty = Array<null>(STAMP_SLOTS).fill(null);
    let stored: unknown;
    try {
      stored = JSON.parse(this.storage?.getItem(stampsKey(levelId)) ?? 'null');
    } catch {
      return empty;
    }
    if (!Array.isArray(stored)) return empty;
    return empty.map((_, slot) => {
      const rows: unknown = stored[slot];
      if (!Array.isArray(rows) || !rows.every((row) => typeof row === 'string')) return null;
      return typeof stampOf(rows.join('\n')) === 'string' ? null : (rows as string[]);
    });
  }

  /** Writes a slot (null: forgets it); answers why not (storage full or refused), or null. */
  write(levelId: string, slot: number, rows: readonly string[] | null): string | null {
    const next = this.slots(levelId).map((kept, index) => (index === slot ? rows : kept));
    try {
      if (!this.storage) return 'this browser keeps no local storage';
      this.storage.setItem(stampsKey(levelId), JSON.stringify(next));
      return null;
    } catch (error) {
      return `the browser refused to keep it (${error instanceof Error ? error.message : String(error)})`;
    }
  }
}

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
