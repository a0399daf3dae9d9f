// A level compiled for searching: flat typed arrays over a grid padded with one ring of walls,
// so a move never needs a bounds check. Built once per level and shared by both searches.
import { COL_STEP, DOOR_LETTERS, GLYPH_BY_CODE, KEY_LETTERS, ROW_STEP } from '../level/glyphs.js';
import { type Level, rowWidth } from '../level/level.js';

export interface SearchGrid {
  readonly level: Level;
  /** Padded width (level.width + 2); padded cell = (row + 1) * stride + col + 1. */
  readonly stride: number;
  /** Number of padded cells: the size of one key layer. */
  readonly cellCount: number;
  /** Key layers: 2^(keys that open a door in this level). State id = keysHeld * cellCount + cell. */
  readonly layerCount: number;
  /** The key (0 for a/A … 3 for d/D) of each layer bit: layerKeys[bit]. */
  readonly layerKeys: readonly number[];
  /** Cell offsets of a move, indexed like DIRECTIONS (up, right, down, left). */
  readonly moveOffset: Int32Array;
  /**
   * entryNeeds[cell * 4 + d]: the keys (layer bits) a move in direction d needs to enter the
   * cell, or a bit no walk ever holds when no move in that direction may enter it (walls, the
   * padding, a gate against its arrow, a door whose key is not in the level).
   */
  readonly entryNeeds: Uint8Array;
  /** Keys (as layer bits) picked up by stepping on the cell. */
  readonly keysGiven: Uint8Array;
  /** Cost of a move onto the cell (1–9). */
  readonly entryCost: Uint8Array;
  readonly start: number;
  readonly exit: number;
}

/** A key no walk ever holds: what a closed way needs (layer bits use the low 4 bits). */
const NEVER_HELD = 1 << 7;
const cache = new WeakMap<Level, SearchGrid>();

export function searchGridOf(level: Level): SearchGrid {
  let grid = cache.get(level);
  if (!grid) {
    grid = compile(level);
    cache.set(level, grid);
  }
  return grid;
}

/**
 * Whether a move in `direction` may enter padded cell `next` while holding `keys`, given the
 * grid's `entryNeeds`: the movement rule, compiled once per level (see `compile`). Both
 * searches call it in their inner loops.
 */
export function canEnter(
  entryNeeds: Uint8Array,
  next: number,
  direction: number,
  keys: number,
): boolean {
  return (entryNeeds[(next << 2) | direction] & ~keys) === 0;
}

/**
 * The keys (layer bits) a move that `canEnter` allows needed: its door's key, or none. (What
 * a move needs is all it may need, so once the move is allowed this is the needs itself.)
 */
export function keysNeededToEnter(entryNeeds: Uint8Array, next: number, direction: number): number {
  return entryNeeds[(next << 2) | direction];
}

export function paddedCell(grid: Pick<SearchGrid, 'stride'>, row: number, col: number): number {
  return (row + 1) * grid.stride + col + 1;
}

/** The level cell index (row * width + col) of a padded cell. */
export function levelCell(grid: SearchGrid, padded: number): number {
  const row = Math.floor(padded / grid.stride) - 1;
  return row * grid.level.width + (padded % grid.stride) - 1;
}

/**
 * The keys (0 for a/A … 3 for d/D) whose key and door are both in the level: only they change
 * where a walk can go, so only they get a layer bit (a key without a door adds no states, a
 * door without a key never opens).
 */
export function layeredKeys(rows: readonly string[]): number[] {
  const keys: number[] = [];
  for (let key = 0; key < KEY_LETTERS.length; key++) {
    const has = (glyph: string) => rows.some((row) => row.includes(glyph));
    if (has(KEY_LETTERS[key]) && has(DOOR_LETTERS[key])) keys.push(key);
  }
  return keys;
}

/** The cells and key layers of a valid level's search space, from its rows (no parsing). */
export function searchSizeOf(rows: readonly string[]): { cells: number; layers: number } {
  return {
    cells: rows.length * rowWidth(rows[0]),
    layers: 1 << layeredKeys(rows).length,
  };
}

function compile(level: Level): SearchGrid {
  const { rows, width, height } = level;
  const stride = width + 2;
  const cellCount = stride * (height + 2);

  const layerBit = new Int32Array(4);
  const keys = layeredKeys(rows);
  keys.forEach((key, bit) => (layerBit[key] = 1 << bit));
  const layerCount = 1 << keys.length;

  // The movement rule (docs/rules.md): walls can't be entered (the padding neither: it stays
  // NEVER_HELD), a gate only by a move along its arrow, a door only with its key.
  const entryNeeds = new Uint8Array(cellCount * 4).fill(NEVER_HELD);
  const keysGiven = new Uint8Array(cellCount);
  const entryCost = new Uint8Array(cellCount);
  for (let r = 0; r < height; r++) {
    const row = rows[r];
    for (let c = 0; c < width; c++) {
      const rule = GLYPH_BY_CODE[row.charCodeAt(c)]!;
      const cell = (r + 1) * stride + c + 1;
      entryCost[cell] = rule.entryCost;
      if (rule.kind === 'key') keysGiven[cell] = layerBit[rule.keyIndex!];
      if (!rule.walkable) continue;
      // A door whose key is not in the level never opens (its key has no layer bit).
      const needs = rule.kind !== 'door' ? 0 : layerBit[rule.keyIndex!] || NEVER_HELD;
      for (let direction = 0; direction < 4; direction++) {
        if (rule.kind !== 'gate' || rule.gateDirection === direction) {
          entryNeeds[(cell << 2) | direction] = needs;
        }
      }
    }
  }
  const moveOffset = Int32Array.from(ROW_STEP, (dr, d) => dr * stride + COL_STEP[d]);
  return {
    level,
    stride,
    cellCount,
    layerCount,
    layerKeys: keys,
    moveOffset,
    entryNeeds,
    keysGiven,
    entryCost,
    start: paddedCell({ stride }, Math.floor(level.start / width), level.start % width),
    exit: paddedCell({ stride }, Math.floor(level.exit / width), level.exit % width),
  };
}
