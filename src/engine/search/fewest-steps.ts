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
  const { cellCount, layerCount, moveOffset, entryNeeds, keysGiven, start, exit } = grid;
  const stateCount = cellCount * layerCount;
  // parent[state] = the state it was first reached from; -1 = not reached yet.
  const parent = scratchInt32('bfs.parent', stateCount);
  const queue = scratchInt32('bfs.queue', stateCount);
  // The keys held in each queued state, kept beside it so a pop needs no division.
  const queueKeys = scratchUint8('bfs.queueKeys', stateCount);
  parent.fill(-1, 0, stateCount);

  parent[start] = start;
  queue[0] = start;
  queueKeys[0] = 0;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const keys = queueKeys[head];
    const state = queue[head++];
    const cell = state - keys * cellCount;
    for (let direction = 0; direction < 4; direction++) {
      const next = cell + moveOffset[direction];
      if (!canEnter(entryNeeds, next, direction, keys)) continue;
      const nextKeys = keys | keysGiven[next];
      const nextState = nextKeys * cellCount + next;
      if (parent[nextState] !== -1) continue;
      parent[nextState] = state;
      // E is terminal: the walk ends the first time it gets there.
      if (next === exit) return routeFromParents(grid, parent, nextState);
      queueKeys[tail] = nextKeys;
      queue[tail++] = nextState;
    }
  }
  return null;
}
