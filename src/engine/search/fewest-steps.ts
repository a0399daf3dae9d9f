// Fewest moves from S to E (docs/rules.md: steps, path): breadth-first search over
// (cell, keys held) states. Expanding neighbours in the order up, right, down, left and
// keeping the first parent found gives, among the shortest walks, the one whose move sequence
// comes first — the tie-break of docs/rules.md.
import type { Level } from '../level/level.js';
import { type Route, routeFromParents } from './route.js';
import { canEnter, searchGridOf } from './search-grid.js';
import { scratchInt32, scratchUint8 } from './workspace.js';

export function fewestSteps(level: Level): Route | null {
  const grid = searchGridOf(level);
  const stateCount = grid.cellCount * grid.layerCount;
  // parent[state] = the state it was first reached from; -1 = not reached yet.
  const parent = scratchInt32('bfs.parent', stateCount);
  const queue = scratchInt32('bfs.queue', stateCount);
  // The keys held in each queued state, kept beside it so a pop needs no division.
  const queueKeys = scratchUint8('bfs.queueKeys', stateCount);
  parent.fill(-1, 0, stateCount);
  parent[grid.start] = grid.start;
  queue[0] = grid.start;
  queueKeys[0] = 0;
  const { cellCount, moveOffset, glyphs, entryNeeds, keysGiven, exit } = grid;
  const goal =
    grid.layerCount === 1
      ? searchWithoutKeys(moveOffset, glyphs, entryNeeds, exit, parent, queue)
      : search(
          cellCount,
          moveOffset,
          glyphs,
          entryNeeds,
          keysGiven,
          exit,
          parent,
          queue,
          queueKeys,
        );
  return goal < 0 ? null : routeFromParents(grid, parent, goal);
}

/**
 * The search itself, apart from what comes before and after it: a cold process runs it first
 * in the interpreter until V8 compiles its loop (on-stack replacement), and compiled code that
 * meets an operation it never saw run is thrown away (deoptimised). With the route built by
 * the caller, the loop's code has seen everything it does by the time it is compiled, and the
 * first solves of a process keep it (bench: `cold`).
 */
function search(
  cellCount: number,
  moveOffset: Int32Array,
  glyphs: Uint8Array,
  entryNeeds: Uint8Array,
  keysGiven: Uint8Array,
  exit: number,
  parent: Int32Array,
  queue: Int32Array,
  queueKeys: Uint8Array,
): number {
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const keys = queueKeys[head];
    const state = queue[head++];
    const cell = state - keys * cellCount;
    for (let direction = 0; direction < 4; direction++) {
      const next = cell + moveOffset[direction];
      if (!canEnter(glyphs, entryNeeds, next, direction, keys)) continue;
      const nextKeys = keys | keysGiven[glyphs[next]];
      const nextState = nextKeys * cellCount + next;
      if (parent[nextState] !== -1) continue;
      parent[nextState] = state;
      // E is terminal: the walk ends the first time it gets there.
      if (next === exit) return nextState;
      queueKeys[tail] = nextKeys;
      queue[tail++] = nextState;
    }
  }
  return -1;
}

/**
 * `search` for a level with one key layer (no key opens a door in it): no move needs a key or
 * picks one up, so a state is its cell and the queue needs no keys beside it. Most levels are
 * such, and it spares each move two reads and a write.
 */
function searchWithoutKeys(
  moveOffset: Int32Array,
  glyphs: Uint8Array,
  entryNeeds: Uint8Array,
  exit: number,
  parent: Int32Array,
  queue: Int32Array,
): number {
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const cell = queue[head++];
    for (let direction = 0; direction < 4; direction++) {
      const next = cell + moveOffset[direction];
      if (!canEnter(glyphs, entryNeeds, next, direction, 0)) continue;
      if (parent[next] !== -1) continue;
      parent[next] = cell;
      if (next === exit) return next;
      queue[tail++] = next;
    }
  }
  return -1;
}
