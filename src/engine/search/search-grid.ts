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
  /** Bit d is set when a move in direction d may enter the cell (0 for walls and the padding). */
  readonly enterableBy: Uint8Array;
  /** Keys (as layer bits) a move onto the cell needs: a door's key. */
  readonly keysNeeded: Uint8Array;
  /** Keys (as layer bits) picked up by stepping on the cell. */
  readonly keysGiven: Uint8Array;
  /** Cost of a move onto the cell (1–9). */
  readonly entryCost: Uint8Array;
  readonly start: number;
  readonly exit: number;
}

const ALL_DIRECTIONS = 0b1111;
/** The key a door needs when its key is not in the level: no walk ever holds it. */
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

  const enterableBy = new Uint8Array(cellCount);
  const keysNeeded = new Uint8Array(cellCount);
  const keysGiven = new Uint8Array(cellCount);
  const entryCost = new Uint8Array(cellCount);
  for (let r = 0; r < height; r++) {
    const row = rows[r];
    for (let c = 0; c < width; c++) {
      const rule = GLYPH_BY_CODE[row.charCodeAt(c)]!;
      const cell = (r + 1) * stride + c + 1;
      entryCost[cell] = rule.entryCost;
      switch (rule.kind) {
        case 'wall':
          break;
        case 'gate':
          enterableBy[cell] = 1 << rule.gateDirection!;
          break;
        case 'door':
          enterableBy[cell] = ALL_DIRECTIONS;
          keysNeeded[cell] = keysPresent.has(rule.keyIndex!)
            ? layerBit[rule.keyIndex!]
            : NEVER_HELD;
          break;
        case 'key':
          enterableBy[cell] = ALL_DIRECTIONS;
          keysGiven[cell] = layerBit[rule.keyIndex!];
          break;
        default:
          enterableBy[cell] = ALL_DIRECTIONS;
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
    enterableBy,
    keysNeeded,
    keysGiven,
    entryCost,
    start: paddedCell({ stride }, Math.floor(level.start / width), level.start % width),
    exit: paddedCell({ stride }, Math.floor(level.exit / width), level.exit % width),
  };
}
