// What every walk from S can do (docs/rules.md: unreachable, neededKeys, shortestWalks), from
// one breadth-first search over all the (cell, keys held) states a walk can reach, a key layer
// at a time (reach-layers.ts). E is terminal: its states are reached but never left.
//
// - Reached cells: a cell is reached when any of its states is.
// - Shortest walks: a state's count is the number of move sequences that reach it in its
//   distance, the sum of the counts of the states one move closer (BFS finishes a distance
//   before it starts the next, so a count is complete when its state is expanded). Counts
//   saturate at WALK_COUNT_LIMIT. E's distance is the least over its layers, its count the sum
//   over the layers at that distance.
// - Needed keys: needs[state] = the keys that every walk to the state used to open a door
//   (the meet over all walks of the keys their moves needed: needs(start) = none,
//   needs(s') = AND over moves s -> s' of needs(s) | the keys the move needed). A key is
//   needed exactly when every walk to E opens one of its doors: a walk that never does is
//   still a walk when the key's cell is read as floor, and one with the key's cell as floor
//   never opens its doors. The BFS gives each state a first value; a value that shrinks after
//   its state was expanded goes on a worklist that passes the change on (a value only loses
//   bits, at most 4, so this ends) before the next layer starts. Layer 0 holds no key: its
//   needs are all none, and its loop keeps none.
import { EXIT, KEY_LETTERS, START } from '../level/glyphs.js';
import type { Level } from '../level/level.js';
import {
  EXPANDED_WALKS,
  type Exits,
  Seeds,
  WALL_GLYPH_CODE,
  WALK_COUNT_LIMIT,
  exitNeeds,
  exitWalks,
  passOnNeeds,
} from './reach-layers.js';
import { exploreFirstLayer } from './reach-first-layer.js';
import { exploreLayer } from './reach-key-layer.js';
import { type SearchGrid, searchGridOf } from './search-grid.js';
import { scratchInt32, scratchUint8 } from './workspace.js';

export { WALK_COUNT_LIMIT };

export interface Reach {
  /** Level cells (row * width + col) that are not walls and that no walk stands on, in order. */
  readonly unreachable: Int32Array;
  /** Letters of the keys without which E can't be reached, alphabetical; none when E can't be. */
  readonly neededKeys: readonly string[];
  /** Move sequences that reach E in the fewest steps, up to WALK_COUNT_LIMIT; null when none. */
  readonly shortestWalks: number | null;
  /** Cells but S, E and walls with exactly one neighbour (inside the map) that is not a wall. */
  readonly deadEnds: number;
}

// Module constants, not bindings imported (reach-layers.ts says why).
const WALL_CODE = WALL_GLYPH_CODE;
const EXPANDED = EXPANDED_WALKS;
const LIMIT = WALK_COUNT_LIMIT;
const FOUR_WALLS = WALL_CODE * 0x01010101;
const START_CODE = START.charCodeAt(0);
const EXIT_CODE = EXIT.charCodeAt(0);

export function reach(level: Level): Reach {
  const grid = searchGridOf(level);
  const { cellCount, layerCount, stride, moveOffset, glyphs, entryMoves, start, exit } = grid;
  const stateCount = cellCount * layerCount;
  // Layer 0's walks values start as its glyphs (reach-layers.ts), the others' with their first
  // seed.
  const walks = scratchInt32('reach.walks', stateCount);
  walks.set(glyphs);
  const queue = scratchInt32('reach.queue', cellCount);
  // The glyphs, a wall where a walk stood (reach-layers.ts), then walls to a whole word.
  const seenBytes = (cellCount + 3) & ~3;
  const seen = scratchUint8('reach.seen', seenBytes);
  seen.set(glyphs);
  seen.fill(WALL_CODE, cellCount, seenBytes);
  const exits: Exits = new Int32Array(2 * layerCount + 1).fill(-1);
  exits[2 * layerCount] = 0;
  walks[start] = -1;
  queue[0] = start;
  const seeds =
    layerCount === 1
      ? null
      : new Seeds(
          cellCount,
          glyphs,
          new Uint8Array(layerCount),
          scratchInt32('reach.seeds', stateCount),
          scratchInt32('reach.seedDistance', stateCount),
          scratchInt32('reach.seedCount', stateCount),
          scratchUint8('reach.seedNeeds', stateCount),
        );
  const exitFrom =
    seeds === null
      ? exploreWithoutKeys(stride, start, exit, glyphs, entryMoves, walks, seen, queue, exits)
      : exploreFirstLayer(
          cellCount,
          stride,
          start,
          exit,
          glyphs,
          entryMoves,
          walks,
          seen,
          queue,
          seeds,
          exits,
        );
  // E's count: expanded without its moves in layer 0 of a level without keys, pending (never
  // expanded) in exploreFirstLayer.
  exitFound(seen, exits, exit, 0, exitFrom, seeds === null ? walks[exit] - EXPANDED : -walks[exit]);
  if (seeds === null) return answers(grid, seen, exits, walks);
  seeds.ready[0] = 1;
  const order = scratchInt32('reach.order', cellCount);
  for (let keys = 1; keys < layerCount; keys++) {
    const seedCount = seedsOfLayer(seeds, keys, cellCount, walks, order);
    if (seedCount === 0) continue;
    const base = keys * cellCount;
    const heldTwice = keys * 257;
    const exitState = base + exit;
    const waiting = exploreLayer(
      keys,
      base,
      heldTwice,
      cellCount,
      stride,
      exitState,
      glyphs,
      entryMoves,
      walks,
      seen,
      queue,
      seeds,
      order,
      seedCount,
      exits,
    );
    exitFound(seen, exits, exit, keys, exits[2 * keys], exitWalks(walks[exitState]));
    passOnNeeds(
      keys,
      base,
      heldTwice,
      cellCount,
      moveOffset,
      exitState,
      glyphs,
      entryMoves,
      walks,
      seeds,
      queue,
      waiting,
    );
  }
  return answers(grid, seen, exits, walks);
}

/**
 * Where E was found in layer `layer`: the loops give the distance of the finding move (-1: not
 * found), E's distance is one more; and E stood on.
 */
function exitFound(
  seen: Uint8Array,
  exits: Exits,
  exit: number,
  layer: number,
  from: number,
  walks: number,
): void {
  if (from < 0) return;
  seen[exit] = WALL_CODE;
  exits[2 * layer] = from + 1;
  exits[2 * layer + 1] = walks;
}

/**
 * `exploreFirstLayer` for a level without key layers (most levels): no move picks up a key that
 * opens a door, so none leaves the layer. A loop of its own, so that what V8 learns running it
 * on such levels is never thrown away by a level with keys, nor the other way round. E is
 * queued like any cell, and expanded without its moves: its count is then complete (the moves
 * of the distance before it are all made) and no later move adds to it.
 */
function exploreWithoutKeys(
  stride: number,
  start: number,
  exit: number,
  glyphs: Uint8Array,
  entryMoves: Uint16Array,
  walks: Int32Array,
  seen: Uint8Array,
  queue: Int32Array,
  exits: Exits,
): number {
  let deadEnds = 0;
  let head = 0;
  let tail = 1;
  let distance = 0;
  let distanceEnd = 1;
  // The distance E's finding move came from (-1: not found). A local, and nothing after the
  // loop but its return, nor before it but constants (the caller reads S): V8 compiles code
  // that has not run yet into a bail-out, the first call's first lines run before the function
  // has a feedback vector, and the function is compiled while its first call runs (the loop on
  // the stack, and the whole). Kept, that code bailed out at the end of every solve (bench:
  // open300 1.4x), or at the first line, which left the loop in its on-stack-replacement code
  // for good (open300 1.45x in about half the processes).
  let exitFrom = -1;
  // The queue runs out at the end of a distance: the loop ends there.
  for (;;) {
    if (head === distanceEnd) {
      exits[exits.length - 1] += deadEnds;
      deadEnds = 0;
      if (head === tail) break;
      distance++;
      distanceEnd = tail;
    }
    const cell = queue[head++];
    const count = -walks[cell];
    walks[cell] = count + EXPANDED;
    seen[cell] = WALL_CODE;
    if (cell === exit) {
      exitFrom = distance - 1;
      continue;
    }
    // The four moves written out in the loop, each direction a constant (as a loop over the
    // four, the search took 1.5x as long; as calls of a function answering what the move met,
    // 1.1x: callgrind, open300). A move onto a state not reached (its walks value is its glyph)
    // reaches it when the glyph's rule allows; a refused one onto a wall counts a wall of the
    // cell; a move onto a state reached at distance + 1 by another move adds its walks when the
    // rule allows (a gate lets only one direction in).
    let walls = 0;
    let next = cell - stride;
    let known = walks[next];
    if (known < EXPANDED) {
      if (known > 0) {
        if (entryMoves[known << 2] === 0) {
          walks[next] = -count;
          queue[tail++] = next;
        } else walls += known === WALL_CODE ? 1 : 0;
      } else if (entryMoves[glyphs[next] << 2] === 0) {
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    next = cell + 1;
    known = walks[next];
    if (known < EXPANDED) {
      if (known > 0) {
        if (entryMoves[(known << 2) | 1] === 0) {
          walks[next] = -count;
          queue[tail++] = next;
        } else walls += known === WALL_CODE ? 1 : 0;
      } else if (entryMoves[(glyphs[next] << 2) | 1] === 0) {
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    next = cell + stride;
    known = walks[next];
    if (known < EXPANDED) {
      if (known > 0) {
        if (entryMoves[(known << 2) | 2] === 0) {
          walks[next] = -count;
          queue[tail++] = next;
        } else walls += known === WALL_CODE ? 1 : 0;
      } else if (entryMoves[(glyphs[next] << 2) | 2] === 0) {
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    next = cell - 1;
    known = walks[next];
    if (known < EXPANDED) {
      if (known > 0) {
        if (entryMoves[(known << 2) | 3] === 0) {
          walks[next] = -count;
          queue[tail++] = next;
        } else walls += known === WALL_CODE ? 1 : 0;
      } else if (entryMoves[(glyphs[next] << 2) | 3] === 0) {
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    // S is no dead end; E is not expanded this far.
    deadEnds += (walls === 3 ? 1 : 0) & (cell !== start ? 1 : 0);
  }
  return exitFrom;
}

/**
 * The seeds of layer `keys`, in `order` sorted by distance, their walks values back to their
 * glyphs (so the layer's search meets them only when it gets there itself); returns how many.
 */
function seedsOfLayer(
  seeds: Seeds,
  keys: number,
  cellCount: number,
  walks: Int32Array,
  order: Int32Array,
): number {
  const first = keys * cellCount;
  let count = 0;
  for (let i = 0; i < seeds.length; i++) {
    const state = seeds.states[i];
    if (state < first || state >= first + cellCount) continue;
    walks[state] = seeds.glyphs[state - first];
    order[count++] = state;
  }
  const distance = seeds.distance;
  order.subarray(0, count).sort((a, b) => distance[a] - distance[b]);
  return count;
}

function answers(grid: SearchGrid, seen: Uint8Array, exits: Exits, walks: Int32Array): Reach {
  const { level, stride, cellCount, glyphs } = grid;
  const cells = scratchInt32('reach.unreachable', level.width * level.height);
  const words = new Uint32Array(seen.buffer, seen.byteOffset, (cellCount + 3) >> 2);
  const count = unreachedCells(words, seen, stride, level.width, cells);
  // The search counted the dead ends it expanded; the others were never reached.
  let deadEnds = exits[exits.length - 1];
  for (let i = 0; i < count; i++) {
    const cell = cells[i];
    const row = (cell / level.width) | 0;
    const padded = (row + 1) * stride + cell - row * level.width + 1;
    deadEnds += isDeadEnd(glyphs, stride, padded) ? 1 : 0;
  }
  return {
    unreachable: cells.slice(0, count),
    neededKeys: neededKeysOf(grid, exits, walks),
    shortestWalks: shortestWalksOf(exits),
    deadEnds,
  };
}

/**
 * The cells of `seen` that are not walls (no walk stood on them), as level indices in order: four
 * cells a word, most of them all walls.
 */
function unreachedCells(
  words: Uint32Array,
  seen: Uint8Array,
  stride: number,
  width: number,
  cells: Int32Array,
): number {
  let count = 0;
  for (let word = 0; word < words.length; word++) {
    if (words[word] === FOUR_WALLS) continue;
    for (let cell = word * 4; cell < word * 4 + 4; cell++) {
      if (seen[cell] === WALL_CODE) continue;
      // Never a padding cell: the padding is walls.
      const row = ((cell / stride) | 0) - 1;
      cells[count++] = row * width + (cell - (row + 1) * stride) - 1;
    }
  }
  return count;
}

/** Whether an open padded cell is a dead end: not S or E, one neighbour that is not `#`. */
function isDeadEnd(glyphs: Uint8Array, stride: number, cell: number): boolean {
  const glyph = glyphs[cell];
  if (glyph === START_CODE || glyph === EXIT_CODE) return false;
  const open =
    +(glyphs[cell - stride] !== WALL_CODE) +
    +(glyphs[cell + 1] !== WALL_CODE) +
    +(glyphs[cell + stride] !== WALL_CODE) +
    +(glyphs[cell - 1] !== WALL_CODE);
  return open === 1;
}

/** The keys every walk to E opened a door of: the AND of the needs of E's reached states. */
function neededKeysOf(grid: SearchGrid, exits: Exits, walks: Int32Array): string[] {
  // Layer 0's needs are none (its loop keeps no needs).
  if (exits[0] >= 0) return [];
  let needed = 0xff;
  let reached = false;
  for (let keys = 1; keys < grid.layerCount; keys++) {
    if (exits[2 * keys] < 0) continue;
    reached = true;
    needed &= exitNeeds(walks[keys * grid.cellCount + grid.exit]);
  }
  if (!reached) return [];
  const letters = grid.layerKeys
    .filter((_key, bit) => (needed >> bit) & 1)
    .map((key) => KEY_LETTERS[key]);
  return letters.sort();
}

/** The walks of E's states at its least distance. */
function shortestWalksOf(exits: Exits): number | null {
  let best = -1;
  let count = 0;
  for (let layer = 0; 2 * layer + 1 < exits.length; layer++) {
    const distance = exits[2 * layer];
    if (distance < 0) continue;
    if (best < 0 || distance < best) {
      best = distance;
      count = 0;
    }
    if (distance === best) count = Math.min(WALK_COUNT_LIMIT, count + exits[2 * layer + 1]);
  }
  return best < 0 ? null : count;
}
