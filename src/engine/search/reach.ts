// What every walk from S can do (docs/rules.md: unreachable, neededKeys, shortestWalks), from
// one breadth-first search over all the (cell, keys held) states a walk can reach. E is
// terminal: its states are reached but never left.
//
// - Reached cells: a cell is reached when any of its states is.
// - Shortest walks: a state's count is the number of move sequences that reach it in its
//   distance, the sum of the counts of the states one move closer (BFS finishes a distance
//   before it starts the next, so a count is complete when its state is expanded). Counts
//   saturate at WALK_COUNT_LIMIT.
// - Needed keys: needs[state] = the keys that every walk to the state used to open a door
//   (the meet over all walks of the keys their moves needed: needs(start) = none,
//   needs(s') = AND over moves s -> s' of needs(s) | the keys the move needed). A key is
//   needed exactly when every walk to E opens one of its doors: a walk that never does is
//   still a walk when the key's cell is read as floor, and one with the key's cell as floor
//   never opens its doors. The BFS gives each state a first value; a value that shrinks after
//   its state was expanded goes on a worklist that passes the change on (a value only loses
//   bits, at most 4, so this ends).
//
// The searches' loops are functions of their own that take arrays (fewest-steps.ts says why:
// V8 compiles them once in a cold process), and a level with one key layer gets a loop without
// keys or needs.
import { KEY_LETTERS, WALL } from '../level/glyphs.js';
import type { Level } from '../level/level.js';
import { type SearchGrid, canEnter, keysNeededToEnter, searchGridOf } from './search-grid.js';
import { scratchInt32, scratchUint8 } from './workspace.js';

/** Shortest walks are counted up to this (docs/rules.md: shortestWalks). */
export const WALK_COUNT_LIMIT = 1_000_000;

export interface Reach {
  /** Level cells (row * width + col) that are not walls and that no walk stands on, in order. */
  readonly unreachable: Int32Array;
  /** Letters of the keys without which E can't be reached, alphabetical; none when E can't be. */
  readonly neededKeys: readonly string[];
  /** Move sequences that reach E in the fewest steps, up to WALK_COUNT_LIMIT; null when none. */
  readonly shortestWalks: number | null;
}

/** Bit of a needs byte: the state waits on the worklist (layer bits use the low 4 bits). */
const ON_WORKLIST = 1 << 7;
const WALL_CODE = WALL.charCodeAt(0);

export function reach(level: Level): Reach {
  const grid = searchGridOf(level);
  const { cellCount, layerCount, moveOffset, glyphs, entryNeeds, keysGiven, start, exit } = grid;
  const stateCount = cellCount * layerCount;
  // walks[state]: 0 = not reached; -n = reached by n walks, not expanded yet (its count may
  // still grow); +n = expanded. Every move changes row + col by one, so a state's distance has
  // the parity of its cell: a move never joins two states at the same distance. A state the
  // expansion of distance d reaches again is therefore either expanded (distance < d) or at
  // distance d + 1 (negative: this move is one more shortest walk to it). E's states are never
  // expanded: they count as expanded once the distance after theirs begins.
  const walks = scratchInt32('reach.walks', stateCount).fill(0, 0, stateCount);
  const queue = scratchInt32('reach.queue', stateCount);
  // E's states, one per key layer at most: exits[0] = how many were reached, then each one's
  // state and distance.
  const exits = new Int32Array(1 + 2 * layerCount);
  walks[start] = -1;
  queue[0] = start;
  if (layerCount === 1) {
    exploreWithoutKeys(moveOffset, glyphs, entryNeeds, exit, walks, queue, exits);
    return answers(grid, walks, exits, null);
  }
  // needs[state] is written when the state is reached; the queue keeps the keys beside each
  // state so that a pop needs no division.
  const needs = scratchUint8('reach.needs', stateCount);
  const queueKeys = scratchUint8('reach.queueKeys', stateCount);
  needs[start] = 0;
  queueKeys[0] = 0;
  const waiting = explore(
    cellCount,
    moveOffset,
    glyphs,
    entryNeeds,
    keysGiven,
    exit,
    walks,
    needs,
    queue,
    queueKeys,
    exits,
  );
  passOnNeeds(cellCount, moveOffset, glyphs, entryNeeds, keysGiven, exit, needs, queue, waiting);
  return answers(grid, walks, exits, needs);
}

/**
 * The breadth-first search over every state with keys, counting walks and giving needs their
 * first values. Returns how many states wait on the worklist, which lives at the front of
 * `queue`: the states on it are distinct (ON_WORKLIST) and expanded, so there are fewer of them
 * than states popped, and the worklist never reaches the part of the queue still to be read.
 */
function explore(
  cellCount: number,
  moveOffset: Int32Array,
  glyphs: Uint8Array,
  entryNeeds: Uint8Array,
  keysGiven: Uint8Array,
  exit: number,
  walks: Int32Array,
  needs: Uint8Array,
  queue: Int32Array,
  queueKeys: Uint8Array,
  exits: Int32Array,
): number {
  let head = 0;
  let tail = 1;
  let waiting = 0;
  // The queue holds one distance after the other: those before `distanceEnd` are at `distance`.
  let distance = 0;
  let distanceEnd = 1;
  let exitsOpen = 0;
  while (head < tail) {
    if (head === distanceEnd) {
      distance++;
      distanceEnd = tail;
      for (; exitsOpen < exits[0]; exitsOpen++) {
        const exitState = exits[1 + 2 * exitsOpen];
        walks[exitState] = -walks[exitState];
      }
    }
    const keys = queueKeys[head];
    const state = queue[head++];
    const cell = state - keys * cellCount;
    const count = -walks[state];
    walks[state] = count;
    const carried = needs[state] & ~ON_WORKLIST;
    for (let direction = 0; direction < 4; direction++) {
      const next = cell + moveOffset[direction];
      if (!canEnter(glyphs, entryNeeds, next, direction, keys)) continue;
      const nextKeys = keys | keysGiven[glyphs[next]];
      const nextState = nextKeys * cellCount + next;
      const needed = carried | keysNeededToEnter(glyphs, entryNeeds, next, direction);
      const known = walks[nextState];
      if (known === 0) {
        walks[nextState] = -count;
        needs[nextState] = needed;
        if (next === exit) {
          const found = exits[0]++;
          exits[1 + 2 * found] = nextState;
          exits[2 + 2 * found] = distance + 1;
        } else {
          queueKeys[tail] = nextKeys;
          queue[tail++] = nextState;
        }
        continue;
      }
      if (known < 0) {
        const sum = known - count;
        walks[nextState] = sum > -WALK_COUNT_LIMIT ? sum : -WALK_COUNT_LIMIT;
      }
      const held = needs[nextState];
      if ((held & ~needed & ~ON_WORKLIST) !== 0) {
        needs[nextState] = held & (needed | ON_WORKLIST);
        // Expanded already: pass the change on later.
        if (known > 0 && next !== exit && (held & ON_WORKLIST) === 0) {
          needs[nextState] |= ON_WORKLIST;
          queue[waiting++] = nextState;
        }
      }
    }
  }
  return waiting;
}

/** Passes on the needs that shrank after their state was expanded (the worklist of `explore`). */
function passOnNeeds(
  cellCount: number,
  moveOffset: Int32Array,
  glyphs: Uint8Array,
  entryNeeds: Uint8Array,
  keysGiven: Uint8Array,
  exit: number,
  needs: Uint8Array,
  worklist: Int32Array,
  waiting: number,
): void {
  while (waiting > 0) {
    const state = worklist[--waiting];
    needs[state] &= ~ON_WORKLIST;
    const keys = Math.floor(state / cellCount);
    const cell = state - keys * cellCount;
    const carried = needs[state];
    for (let direction = 0; direction < 4; direction++) {
      const next = cell + moveOffset[direction];
      if (!canEnter(glyphs, entryNeeds, next, direction, keys)) continue;
      const nextState = (keys | keysGiven[glyphs[next]]) * cellCount + next;
      const needed = carried | keysNeededToEnter(glyphs, entryNeeds, next, direction);
      const held = needs[nextState];
      if ((held & ~needed & ~ON_WORKLIST) === 0) continue;
      needs[nextState] = held & (needed | ON_WORKLIST);
      // Distinct and expanded, like the worklist of `explore`: never more than the queue held.
      if (next !== exit && (held & ON_WORKLIST) === 0) {
        needs[nextState] |= ON_WORKLIST;
        worklist[waiting++] = nextState;
      }
    }
  }
}

/** `explore` for a level with one key layer: a state is its cell, no move needs a key. */
function exploreWithoutKeys(
  moveOffset: Int32Array,
  glyphs: Uint8Array,
  entryNeeds: Uint8Array,
  exit: number,
  walks: Int32Array,
  queue: Int32Array,
  exits: Int32Array,
): void {
  let head = 0;
  let tail = 1;
  let distance = 0;
  let distanceEnd = 1;
  let exitOpen = true;
  while (head < tail) {
    if (head === distanceEnd) {
      distance++;
      distanceEnd = tail;
      if (exitOpen && exits[0] === 1) {
        walks[exit] = -walks[exit];
        exitOpen = false;
      }
    }
    const cell = queue[head++];
    const count = -walks[cell];
    walks[cell] = count;
    for (let direction = 0; direction < 4; direction++) {
      const next = cell + moveOffset[direction];
      if (!canEnter(glyphs, entryNeeds, next, direction, 0)) continue;
      const known = walks[next];
      if (known === 0) {
        walks[next] = -count;
        if (next === exit) {
          exits[0] = 1;
          exits[1] = next;
          exits[2] = distance + 1;
        } else {
          queue[tail++] = next;
        }
      } else if (known < 0) {
        const sum = known - count;
        walks[next] = sum > -WALK_COUNT_LIMIT ? sum : -WALK_COUNT_LIMIT;
      }
    }
  }
}

function answers(
  grid: SearchGrid,
  walks: Int32Array,
  exits: Int32Array,
  needs: Uint8Array | null,
): Reach {
  return {
    unreachable: unreachableCells(grid, walks),
    neededKeys: needs === null ? [] : neededKeysOf(exits, needs, grid.layerKeys),
    shortestWalks: shortestWalksOf(exits, walks),
  };
}

/** The cells but walls none of whose states (one per key layer) was reached. */
function unreachableCells(grid: SearchGrid, walks: Int32Array): Int32Array {
  const { level, stride, cellCount, layerCount, glyphs } = grid;
  const { width, height } = level;
  const stateCount = cellCount * layerCount;
  let count = 0;
  const cells = scratchInt32('reach.unreachable', width * height);
  for (let r = 0; r < height; r++) {
    const padded = (r + 1) * stride + 1;
    for (let c = 0; c < width; c++) {
      const cell = padded + c;
      if (walks[cell] !== 0 || glyphs[cell] === WALL_CODE) continue;
      let reached = false;
      for (let state = cell + cellCount; state < stateCount && !reached; state += cellCount) {
        reached = walks[state] !== 0;
      }
      if (!reached) cells[count++] = r * width + c;
    }
  }
  return cells.slice(0, count);
}

function neededKeysOf(
  exits: Int32Array,
  needs: Uint8Array,
  layerKeys: readonly number[],
): string[] {
  if (exits[0] === 0) return [];
  let needed = 0xff;
  for (let i = 0; i < exits[0]; i++) needed &= needs[exits[1 + 2 * i]];
  const letters = layerKeys
    .filter((_key, bit) => (needed >> bit) & 1)
    .map((key) => KEY_LETTERS[key]);
  return letters.sort();
}

function shortestWalksOf(exits: Int32Array, walks: Int32Array): number | null {
  if (exits[0] === 0) return null;
  // The counts of the last distance's E states may still be negative.
  let count = 0;
  for (let i = 0; i < exits[0]; i++) {
    if (exits[2 + 2 * i] === exits[2]) {
      count = Math.min(WALK_COUNT_LIMIT, count + Math.abs(walks[exits[1 + 2 * i]]));
    }
  }
  return count;
}
