// A level compiled for searching: flat typed arrays over a grid padded with one ring of walls,
// so a move never needs a bounds check. Built once per level and shared by both searches.
import { COL_STEP, GLYPH_BY_CODE, ROW_STEP } from '../level/glyphs.js';
import type { Level } from '../level/level.js';

export interface SearchGrid {
  readonly level: Level;
  /** Padded width (level.width + 2); padded cell = (row + 1) * stride + col + 1. */
  readonly stride: number;
  /** Number of padded cells: the size of one key layer. */
  readonly cellCount: number;
  /** Key layers: 2^(keys that open a door in this level). State id = keysHeld * cellCount + cell. */
  readonly layerCount: number;
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

export function paddedCell(grid: Pick<SearchGrid, 'stride'>, row: number, col: number): number {
  return (row + 1) * grid.stride + col + 1;
}

/** The level cell index (row * width + col) of a padded cell. */
export function levelCell(grid: SearchGrid, padded: number): number {
  const row = Math.floor(padded / grid.stride) - 1;
  return row * grid.level.width + (padded % grid.stride) - 1;
}

function compile(level: Level): SearchGrid {
  const { rows, width, height } = level;
  const stride = width + 2;
  const cellCount = stride * (height + 2);

  // Only keys whose door is in the level change where you can go, so only they get a layer
  // bit: a key without a door never adds states (keysGiven is 0 for it).
  const keysPresent = new Set<number>();
  const doorsPresent = new Set<number>();
  for (const row of rows) {
    for (let c = 0; c < width; c++) {
      const rule = GLYPH_BY_CODE[row.charCodeAt(c)];
      if (rule?.kind === 'key') keysPresent.add(rule.keyIndex!);
      if (rule?.kind === 'door') doorsPresent.add(rule.keyIndex!);
    }
  }
  const layerBit = new Int32Array(4);
  let layerBits = 0;
  for (let key = 0; key < 4; key++) {
    if (doorsPresent.has(key) && keysPresent.has(key)) layerBit[key] = 1 << layerBits++;
  }

  // The movement rule (SPEC §1): walls can't be entered (the padding neither: it stays
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
      const needs =
        rule.kind !== 'door'
          ? 0
          : keysPresent.has(rule.keyIndex!)
            ? layerBit[rule.keyIndex!]
            : NEVER_HELD;
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
    layerCount: 1 << layerBits,
    moveOffset,
    entryNeeds,
    keysGiven,
    entryCost,
    start: paddedCell({ stride }, Math.floor(level.start / width), level.start % width),
    exit: paddedCell({ stride }, Math.floor(level.exit / width), level.exit % width),
  };
}
