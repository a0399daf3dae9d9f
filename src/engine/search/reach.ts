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
import { KEY_LETTERS, WALL } from '../level/glyphs.js';
import type { Level } from '../level/level.js';
import { canEnter, keysNeededToEnter, searchGridOf } from './search-grid.js';
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
  const limit = WALK_COUNT_LIMIT; // a local: the loop reads it on every count
  // walks[state]: 0 = not reached; -n = reached by n walks, not expanded yet (its count may
  // still grow); +n = expanded. Every move changes row + col by one, so a state's distance has
  // the parity of its cell: a move never joins two states at the same distance. A state the
  // expansion of distance d reaches again is therefore either expanded (distance < d) or at
  // distance d + 1 (negative: this move is one more shortest walk to it). E's states are never
  // expanded: they count as expanded once the distance after theirs begins.
  const walks = scratchInt32('reach.walks', stateCount).fill(0, 0, stateCount);
  // Without keys no move needs one, and needs stay empty (written when a state is reached).
  const keyed = layerCount > 1;
  const needs = scratchUint8('reach.needs', keyed ? stateCount : 0);
  const queue = scratchInt32('reach.queue', stateCount);
  const queueKeys = scratchUint8('reach.queueKeys', stateCount);
  let worklist = scratchInt32('reach.worklist', 64);
  let waiting = 0;
  const wait = (state: number): void => {
    if (waiting === worklist.length) {
      const grown = scratchInt32('reach.worklist', waiting * 2);
      grown.set(worklist.subarray(0, waiting));
      worklist = grown;
    }
    needs[state] |= ON_WORKLIST;
    worklist[waiting++] = state;
  };
  // E's states (one per key layer at most), reached but never expanded, and their distances.
  const exitStates: number[] = [];
  const exitDistances: number[] = [];

  walks[start] = -1;
  if (keyed) needs[start] = 0;
  queue[0] = start;
  queueKeys[0] = 0;
  let head = 0;
  let tail = 1;
  // The queue holds one distance after the other: those before `distanceEnd` are at `distance`.
  let distance = 0;
  let distanceEnd = 1;
  let exitsOpen = 0;
  while (head < tail) {
    if (head === distanceEnd) {
      distance++;
      distanceEnd = tail;
      for (; exitsOpen < exitStates.length; exitsOpen++) {
        walks[exitStates[exitsOpen]] = -walks[exitStates[exitsOpen]];
      }
    }
    const keys = queueKeys[head];
    const state = queue[head++];
    const cell = state - keys * cellCount;
    const count = -walks[state];
    walks[state] = count;
    const carried = keyed ? needs[state] & ~ON_WORKLIST : 0;
    for (let direction = 0; direction < 4; direction++) {
      const next = cell + moveOffset[direction];
      if (!canEnter(glyphs, entryNeeds, next, direction, keys)) continue;
      const nextKeys = keys | keysGiven[glyphs[next]];
      const nextState = nextKeys * cellCount + next;
      const known = walks[nextState];
      if (known === 0) {
        walks[nextState] = -count;
        if (keyed)
          needs[nextState] = carried | keysNeededToEnter(glyphs, entryNeeds, next, direction);
        if (next === exit) {
          exitStates.push(nextState);
          exitDistances.push(distance + 1);
        } else {
          queueKeys[tail] = nextKeys;
          queue[tail++] = nextState;
        }
        continue;
      }
      if (known < 0) {
        const sum = known - count;
        walks[nextState] = sum > -limit ? sum : -limit;
      }
      if (!keyed) continue;
      const needed = carried | keysNeededToEnter(glyphs, entryNeeds, next, direction);
      const held = needs[nextState];
      if ((held & ~needed & ~ON_WORKLIST) !== 0) {
        needs[nextState] = held & (needed | ON_WORKLIST);
        // Expanded already: pass the change on later.
        if (known > 0 && next !== exit && (held & ON_WORKLIST) === 0) wait(nextState);
      }
    }
  }

  // Pass on the needs that shrank after their state was expanded.
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
      if (next !== exit && (held & ON_WORKLIST) === 0) wait(nextState);
    }
  }

  return {
    unreachable: unreachableCells(level, grid.stride, cellCount, layerCount, walks),
    neededKeys: neededKeysOf(exitStates, needs, grid.layerKeys),
    shortestWalks: shortestWalksOf(exitStates, exitDistances, walks),
  };
}

/** The cells but walls none of whose states (one per key layer) was reached. */
function unreachableCells(
  level: Level,
  stride: number,
  cellCount: number,
  layerCount: number,
  walks: Int32Array,
): Int32Array {
  const { rows, width, height } = level;
  let count = 0;
  const cells = scratchInt32('reach.unreachable', width * height);
  for (let r = 0; r < height; r++) {
    const row = rows[r];
    const padded = (r + 1) * stride + 1;
    for (let c = 0; c < width; c++) {
      let reached = false;
      for (let state = padded + c; state < cellCount * layerCount && !reached; state += cellCount) {
        reached = walks[state] !== 0;
      }
      if (!reached && row.charCodeAt(c) !== WALL_CODE) cells[count++] = r * width + c;
    }
  }
  return cells.slice(0, count);
}

function neededKeysOf(
  exitStates: readonly number[],
  needs: Uint8Array,
  layerKeys: readonly number[],
): string[] {
  if (exitStates.length === 0) return [];
  let needed = 0xff;
  for (const state of exitStates) needed &= needs[state];
  const letters = layerKeys
    .filter((_key, bit) => (needed >> bit) & 1)
    .map((key) => KEY_LETTERS[key]);
  return letters.sort();
}

function shortestWalksOf(
  exitStates: readonly number[],
  exitDistances: readonly number[],
  walks: Int32Array,
): number | null {
  if (exitStates.length === 0) return null;
  // The counts of the last distance's E states are still negative.
  let count = 0;
  exitStates.forEach((state, i) => {
    if (exitDistances[i] === exitDistances[0]) {
      count = Math.min(WALK_COUNT_LIMIT, count + Math.abs(walks[state]));
    }
  });
  return count;
}
