// Cheapest walk from S to E (docs/rules.md: cheapest, cheapestPath): among walks of minimum total
// entry cost, the one with fewest steps, and among those the first move sequence
// (up < right < down < left).
//
// 1. Dijkstra over (cell, keys held) states ordered by (cost, steps), with a bucket queue:
//    entry costs are 1–9, so a ring of 16 buckets indexed by cost holds every pending entry,
//    and a bucket never receives entries while it is being emptied. Every state in bucket c
//    therefore has its final (cost, steps) before the bucket is emptied, whatever the order.
// 2. Walking the settle order backwards marks the states that lie on some optimal walk: a
//    state is on one if a move from it reaches such a state at exactly (cost + entry, steps + 1).
// 3. From S, always take the first direction (up, right, down, left) that stays on an optimal
//    walk. All optimal walks have the same length, so this greedy walk is the first of them.
import type { Level } from '../level/level.js';
import type { Route } from './route.js';
import { canEnter, levelCell, searchGridOf } from './search-grid.js';
import { scratchInt32, scratchUint8 } from './workspace.js';

const UNREACHED = 0x7fffffff;
const RING = 16; // > the largest entry cost (9), so pending buckets never wrap onto each other
const NOT_SETTLED = 0;
const SETTLED = 1;
const ON_OPTIMAL_WALK = 2;

export function cheapestRoute(level: Level): Route | null {
  const grid = searchGridOf(level);
  const { cellCount, layerCount, moveOffset, glyphs, entryNeeds, keysGiven, entryCost } = grid;
  const { start, exit } = grid;
  const stateCount = cellCount * layerCount;
  const costTo = scratchInt32('cheapest.cost', stateCount).fill(UNREACHED, 0, stateCount);
  const stepsTo = scratchInt32('cheapest.steps', stateCount);
  const mark = scratchUint8('cheapest.mark', stateCount).fill(NOT_SETTLED, 0, stateCount);
  const settleOrder = scratchInt32('cheapest.order', stateCount);
  // Bucket entries as linked lists in a pool: a state is pushed once per improvement (at most
  // 4 times, one per incoming move). Few states are ever reached in most key layers, so the
  // pool starts at one layer's size and doubles when it must.
  let entryState = scratchInt32('cheapest.entryState', cellCount + 1);
  let entryNext = scratchInt32('cheapest.entryNext', cellCount + 1);
  const bucketHead = new Int32Array(RING).fill(-1);
  let entries = 0;
  let pending = 0;
  const push = (cost: number, state: number): void => {
    if (entries === entryState.length) {
      // Grown through the scratch pool, so the next search starts at this size.
      const grownState = scratchInt32('cheapest.entryState', entries * 2);
      const grownNext = scratchInt32('cheapest.entryNext', entries * 2);
      grownState.set(entryState.subarray(0, entries));
      grownNext.set(entryNext.subarray(0, entries));
      entryState = grownState;
      entryNext = grownNext;
    }
    const bucket = cost & (RING - 1);
    entryState[entries] = state;
    entryNext[entries] = bucketHead[bucket];
    bucketHead[bucket] = entries++;
    pending++;
  };

  costTo[start] = 0;
  stepsTo[start] = 0;
  push(0, start);
  let settled = 0;
  let goalCost = -1;
  for (let cost = 0; pending > 0 && goalCost < 0; cost++) {
    const bucket = cost & (RING - 1);
    let entry = bucketHead[bucket];
    bucketHead[bucket] = -1;
    for (; entry !== -1; entry = entryNext[entry]) {
      pending--;
      const state = entryState[entry];
      if (mark[state] !== NOT_SETTLED || costTo[state] !== cost) continue; // stale entry
      mark[state] = SETTLED;
      settleOrder[settled++] = state;
      const keys = layerCount === 1 ? 0 : Math.floor(state / cellCount);
      const cell = state - keys * cellCount;
      if (cell === exit) {
        goalCost = cost; // E is terminal: never expanded
        continue;
      }
      const nextSteps = stepsTo[state] + 1;
      for (let direction = 0; direction < 4; direction++) {
        const next = cell + moveOffset[direction];
        if (!canEnter(glyphs, entryNeeds, next, direction, keys)) continue;
        const nextState = (keys | keysGiven[glyphs[next]]) * cellCount + next;
        if (mark[nextState] !== NOT_SETTLED) continue;
        const nextCost = cost + entryCost[glyphs[next]];
        const known = costTo[nextState];
        if (nextCost < known || (nextCost === known && nextSteps < stepsTo[nextState])) {
          costTo[nextState] = nextCost;
          stepsTo[nextState] = nextSteps;
          push(nextCost, nextState);
        }
      }
    }
  }
  if (goalCost < 0) return null;

  // The optimal goal states: E in any key layer, at the least cost, then the fewest steps.
  let goalSteps = UNREACHED;
  for (let layer = 0; layer < layerCount; layer++) {
    const goal = layer * cellCount + exit;
    if (mark[goal] === SETTLED && costTo[goal] === goalCost)
      goalSteps = Math.min(goalSteps, stepsTo[goal]);
  }
  for (let layer = 0; layer < layerCount; layer++) {
    const goal = layer * cellCount + exit;
    if (mark[goal] === SETTLED && costTo[goal] === goalCost && stepsTo[goal] === goalSteps) {
      mark[goal] = ON_OPTIMAL_WALK;
    }
  }

  // A move continues an optimal walk when it lands on a marked state at exactly its distance.
  const continuesOptimally = (
    state: number,
    keys: number,
    cell: number,
    direction: number,
  ): number => {
    const next = cell + moveOffset[direction];
    if (!canEnter(glyphs, entryNeeds, next, direction, keys)) return -1;
    const nextState = (keys | keysGiven[glyphs[next]]) * cellCount + next;
    return mark[nextState] === ON_OPTIMAL_WALK &&
      costTo[nextState] === costTo[state] + entryCost[glyphs[next]] &&
      stepsTo[nextState] === stepsTo[state] + 1
      ? nextState
      : -1;
  };

  for (let i = settled - 1; i >= 0; i--) {
    const state = settleOrder[i];
    const keys = layerCount === 1 ? 0 : Math.floor(state / cellCount);
    const cell = state - keys * cellCount;
    if (cell === exit) continue;
    for (let direction = 0; direction < 4; direction++) {
      if (continuesOptimally(state, keys, cell, direction) >= 0) {
        mark[state] = ON_OPTIMAL_WALK;
        break;
      }
    }
  }

  const cells = new Int32Array(goalSteps + 1);
  let state = start;
  cells[0] = levelCell(grid, start);
  for (let i = 1; i <= goalSteps; i++) {
    const keys = layerCount === 1 ? 0 : Math.floor(state / cellCount);
    const cell = state - keys * cellCount;
    let next = -1;
    for (let direction = 0; direction < 4 && next < 0; direction++) {
      next = continuesOptimally(state, keys, cell, direction);
    }
    state = next;
    cells[i] = levelCell(grid, state % cellCount);
  }
  return { steps: goalSteps, cost: goalCost, cells };
}
