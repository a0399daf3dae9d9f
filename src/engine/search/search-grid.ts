// A level compiled for searching: its glyphs as bytes over a grid padded with one ring of walls,
// so a move never needs a bounds check, and the movement rule as small tables indexed by glyph.
// Built once per level and shared by every search. Compiling copies the rows' bytes (natively,
// a row at a time) and picks tables of 256 glyph codes (one set per set of keys with a door,
// made once per process): a 300x300 level compiles in about
// 0.2 ms of CPU, where writing four move rules per cell in JavaScript took 1.1-1.4 ms, as much
// as the search itself (bench: `cold`).
import {
  COL_STEP,
  DOOR_LETTERS,
  GLYPH_BY_CODE,
  KEY_LETTERS,
  ROW_STEP,
  WALL,
} from '../level/glyphs.js';
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
  /** The glyph (its character code) of each padded cell; the padding is `#`. */
  readonly glyphs: Uint8Array;
  /**
   * entryNeeds[glyph * 4 + d]: the keys (layer bits) a move in direction d needs to enter a
   * cell of that glyph, or a bit no walk ever holds when no move in that direction may enter
   * it (walls, a gate against its arrow, a door whose key is not in the level).
   */
  readonly entryNeeds: Uint8Array;
  /**
   * entryNeeds and keysGiven in one table, for searches that read both on every move:
   * entryMoves[glyph * 4 + d] = entryNeeds[glyph * 4 + d] | keysGiven[glyph] << 8. A move
   * holding `keys` goes on in its own key layer exactly when `entryMoves[...] & ~(keys * 257)`
   * is 0: allowed, and no key it does not hold yet picked up.
   */
  readonly entryMoves: Uint16Array;
  /**
   * entryOpen[glyph * 4 + d]: 1 when a move in direction d holding no keys may enter a cell of
   * that glyph (entryNeeds is 0), else 0: for a search that adds it instead of branching on it.
   */
  readonly entryOpen: Uint8Array;
  /** Keys (as layer bits) picked up by stepping on a cell of the glyph, by glyph. */
  readonly keysGiven: Uint8Array;
  /** Cost of a move onto a cell of the glyph (1–9), by glyph. */
  readonly entryCost: Uint8Array;
  /** The share of the level's cells that are walls (0 to 1), from a sample of up to 1024. */
  readonly wallShare: number;
  /**
   * Whether wallShare is WALLED_SHARE or more: `steps` then searches a level without keys by its
   * loop without branches (fewest-steps.ts searchWithoutBranches).
   */
  readonly walled: boolean;
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
 * grid's `glyphs` and `entryNeeds`: the movement rule, compiled once per level (see
 * `compile`). Every search and the walk call it.
 */
export function canEnter(
  glyphs: Uint8Array,
  entryNeeds: Uint8Array,
  next: number,
  direction: number,
  keys: number,
): boolean {
  return (entryNeeds[(glyphs[next] << 2) | direction] & ~keys) === 0;
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

/** Every byte a glyph can be: a table indexed by glyph never reads past its end. */
const GLYPH_CODES = 256;
const WALL_CODE = WALL.charCodeAt(0);
const encoder = new TextEncoder();

interface RuleTables {
  readonly entryNeeds: Uint8Array;
  readonly entryMoves: Uint16Array;
  readonly entryOpen: Uint8Array;
  readonly keysGiven: Uint8Array;
  readonly entryCost: Uint8Array;
}

/**
 * The rule tables for each set of layered keys (at most 16 sets), made once per process: they
 * depend on which keys have a layer bit, not on the level. Shared and never written.
 */
const rulesByKeys = new Map<number, RuleTables>();

function ruleTables(keys: readonly number[]): RuleTables {
  let id = 0;
  for (const key of keys) id |= 1 << key;
  let tables = rulesByKeys.get(id);
  if (tables) return tables;
  const layerBit = new Int32Array(4);
  keys.forEach((key, bit) => (layerBit[key] = 1 << bit));
  // The movement rule (docs/rules.md): walls can't be entered (the padding neither: it is
  // walls), a gate only by a move along its arrow, a door only with its key. Codes that are no
  // glyph stay NEVER_HELD.
  const entryNeeds = new Uint8Array(GLYPH_CODES * 4).fill(NEVER_HELD);
  const keysGiven = new Uint8Array(GLYPH_CODES);
  const entryCost = new Uint8Array(GLYPH_CODES);
  GLYPH_BY_CODE.forEach((rule, code) => {
    if (!rule) return;
    entryCost[code] = rule.entryCost;
    if (rule.kind === 'key') keysGiven[code] = layerBit[rule.keyIndex!];
    if (!rule.walkable) return;
    // A door whose key is not in the level never opens (its key has no layer bit).
    const needs = rule.kind !== 'door' ? 0 : layerBit[rule.keyIndex!] || NEVER_HELD;
    for (let direction = 0; direction < 4; direction++) {
      if (rule.kind !== 'gate' || rule.gateDirection === direction) {
        entryNeeds[(code << 2) | direction] = needs;
      }
    }
  });
  const entryMoves = Uint16Array.from(entryNeeds, (needs, i) => needs | (keysGiven[i >> 2] << 8));
  const entryOpen = Uint8Array.from(entryNeeds, (needs) => (needs === 0 ? 1 : 0));
  tables = { entryNeeds, entryMoves, entryOpen, keysGiven, entryCost };
  rulesByKeys.set(id, tables);
  return tables;
}

/**
 * Copies each row's glyphs into its place in the padded grid. The one loop of compiling, in a
 * function of its own: V8 compiles what gets hot, and this is cheap to compile where all of
 * `compile` took it tens of milliseconds of a background thread in a cold process.
 */
function copyRows(rows: readonly string[], glyphs: Uint8Array, stride: number, width: number) {
  for (let r = 0; r < rows.length; r++) {
    const first = (r + 1) * stride + 1;
    encoder.encodeInto(rows[r], glyphs.subarray(first, first + width));
  }
}

/**
 * From this share of walls on (a maze has about half), a level is `walled`. In a maze whether a
 * move is open is a coin toss to the processor, which guesses each branch of a search before it
 * knows; a loop without branches does more work per move instead. Solving distinct levels (a
 * processor solving one level again and again learns its branches): with walls scattered at
 * random it is the faster from about a fifth of the cells on (300x300; 150x150 from an eighth),
 * and about twice as fast on every algorithm's mazes; on open levels the branching loop is
 * about twice as fast (docs/benchmarks.md).
 */
export const WALLED_SHARE = 0.2;

/** Cells `wallShare` reads at most: enough for its share within a few hundredths. */
const WALL_SAMPLES = 1024;

/**
 * The share of walls among up to WALL_SAMPLES level cells spread evenly over the rows (the
 * padding left out). A loop of its own, for the reason `copyRows` is.
 */
function wallShare(glyphs: Uint8Array, stride: number, width: number, cells: number): number {
  const samples = Math.min(cells, WALL_SAMPLES);
  let walls = 0;
  for (let i = 0; i < samples; i++) {
    const cell = Math.floor((i * cells) / samples);
    const row = (cell / width) | 0;
    if (glyphs[(row + 1) * stride + (cell - row * width) + 1] === WALL_CODE) walls++;
  }
  return walls / samples;
}

function compile(level: Level): SearchGrid {
  const { rows, width, height } = level;
  const stride = width + 2;
  const cellCount = stride * (height + 2);

  // The glyphs, row by row, inside a ring of walls. A valid level's glyphs are all ASCII: one
  // byte each, its character code.
  const glyphs = new Uint8Array(cellCount).fill(WALL_CODE);
  copyRows(rows, glyphs, stride, width);
  const keys = layeredKeys(rows);
  const { entryNeeds, entryMoves, entryOpen, keysGiven, entryCost } = ruleTables(keys);
  const moveOffset = Int32Array.from(ROW_STEP, (dr, d) => dr * stride + COL_STEP[d]);
  const share = wallShare(glyphs, stride, width, width * height);
  return {
    level,
    stride,
    cellCount,
    layerCount: 1 << keys.length,
    layerKeys: keys,
    moveOffset,
    glyphs,
    entryNeeds,
    entryMoves,
    entryOpen,
    keysGiven,
    entryCost,
    wallShare: share,
    walled: share >= WALLED_SHARE,
    start: paddedCell({ stride }, Math.floor(level.start / width), level.start % width),
    exit: paddedCell({ stride }, Math.floor(level.exit / width), level.exit % width),
  };
}
