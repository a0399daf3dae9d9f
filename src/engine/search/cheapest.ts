// Cheapest walk from S to E (docs/rules.md: cheapest, cheapestPath): among walks of minimum total
// entry cost, the one with fewest steps, and among those the first move sequence
// (up < right < down < left).
//
// 1. Dijkstra over (cell, keys held) states ordered by (cost, steps), with a bucket queue:
//    entry costs are 1–9, so a ring of 16 buckets indexed by cost holds every pending entry,
//    and a bucket never receives entries while it is being emptied. Every state in bucket c
//    therefore has its final (cost, steps) before the bucket is emptied, whatever the order.
// 2. Going back from the optimal goals marks the states that lie on some optimal walk: a
//    state is on one if a move from it reaches such a state at exactly (cost + entry, steps + 1).
// 3. From S, always take the first direction (up, right, down, left) that stays on an optimal
//    walk. All optimal walks have the same length, so this greedy walk is the first of them.
import type { Level } from '../level/level.js';
import type { Route } from './route.js';
import { type SearchGrid, canEnter, levelCell, searchGridOf } from './search-grid.js';
import { scratchInt32, scratchUint8 } from './workspace.js';

const UNREACHED = 0x7fffffff;
const RING = 16; // > the largest entry cost (9), so pending buckets never wrap onto each other
const NOT_SETTLED = 0;
const SETTLED = 1;
const ON_OPTIMAL_WALK = 2;

/** Whether each key layer's costs and marks are set, for the search under way. */
const readyLayers = new Uint8Array(16);
/** The first entry of each bucket's list (-1: empty), for the search under way. */
const bucketHeads = new Int32Array(RING);

export function cheapestRoute(level: Level): Route | null {
  const grid = searchGridOf(level);
  const { cellCount, layerCount, moveOffset, glyphs, entryNeeds, keysGiven, entryCost } = grid;
  const { start, exit } = grid;
  const stateCount = cellCount * layerCount;
  const costTo = scratchInt32('cheapest.cost', stateCount);
  const stepsTo = scratchInt32('cheapest.steps', stateCount);
  const mark = scratchUint8('cheapest.mark', stateCount);
  // Step 2's stack: each state goes on it at most once.
  const stack = scratchInt32('cheapest.stack', stateCount);
  // A key layer's costs and marks are set the first time a walk enters it (`settle`): a layer
  // no walk reaches costs nothing. Layer 0 holds S.
  const ready = readyLayers.fill(0);
  ready[0] = 1;
  costTo.fill(UNREACHED, 0, cellCount);
  mark.fill(NOT_SETTLED, 0, cellCount);
  costTo[start] = 0;
  stepsTo[start] = 0;
  const goalCost = settle(grid, costTo, stepsTo, mark, ready);
  if (goalCost < 0) return null;

  // The optimal goal states: E in any key layer, at the least cost, then the fewest steps.
  let goalSteps = UNREACHED;
  // (A layer no walk entered holds another search's marks.)
  for (let layer = 0; layer < layerCount; layer++) {
    const goal = layer * cellCount + exit;
    if (ready[layer] === 1 && mark[goal] === SETTLED && costTo[goal] === goalCost)
      goalSteps = Math.min(goalSteps, stepsTo[goal]);
  }
  // Step 2 starts from them.
  let top = 0;
  for (let layer = 0; layer < layerCount; layer++) {
    const goal = layer * cellCount + exit;
    if (
      ready[layer] === 1 &&
      mark[goal] === SETTLED &&
      costTo[goal] === goalCost &&
      stepsTo[goal] === goalSteps
    ) {
      mark[goal] = ON_OPTIMAL_WALK;
      stack[top++] = goal;
    }
  }
  markOptimalWalks(grid, costTo, stepsTo, mark, ready, stack, top);

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

/**
 * Step 1: Dijkstra from S (costTo[start] = 0, stepsTo[start] = 0), until the bucket of E's
 * cost is emptied; returns E's least cost, or -1 when no walk reaches it. A function of its
 * own, its state in locals: nothing a closure shares, which V8 keeps in a context object and
 * loads on every use. A move reads the cell's glyph and its entryMoves (search-grid.ts): the
 * keys it needs (low byte) and gives (high byte); a move into a layer no walk entered yet
 * sets that layer's costs and marks first. Every move a later step makes from a settled state
 * was made here, so the later steps only read layers that are set.
 */
function settle(
  grid: SearchGrid,
  costTo: Int32Array,
  stepsTo: Int32Array,
  mark: Uint8Array,
  ready: Uint8Array,
): number {
  const { cellCount, layerCount, stride, glyphs, entryMoves, entryCost, start, exit } = grid;
  // Bucket entries as linked lists in a pool: a state is pushed once per improvement (at most
  // 4 times, one per incoming move). Few states are ever reached in most key layers, so the
  // pool starts at one layer's size and doubles when it must (through the scratch pool, so
  // the next search starts at its size).
  let entryState = scratchInt32('cheapest.entryState', cellCount + 1);
  let entryNext = scratchInt32('cheapest.entryNext', cellCount + 1);
  const bucketHead = bucketHeads.fill(-1);
  entryState[0] = start;
  entryNext[0] = -1;
  bucketHead[0] = 0;
  let entries = 1;
  let pending = 1;
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
      const keys = layerCount === 1 ? 0 : (state / cellCount) | 0;
      const cell = state - keys * cellCount;
      if (cell === exit) {
        goalCost = cost; // E is terminal: never expanded
        continue;
      }
      const nextSteps = stepsTo[state] + 1;
      for (let direction = 0; direction < 4; direction++) {
        const next =
          direction === 0
            ? cell - stride
            : direction === 1
              ? cell + 1
              : direction === 2
                ? cell + stride
                : cell - 1;
        const glyph = glyphs[next];
        const move = entryMoves[(glyph << 2) | direction];
        // Not allowed: a wall, a gate against its arrow, a door whose key is not held.
        if ((move & ~keys & 0xff) !== 0) continue;
        const nextKeys = keys | (move >> 8);
        const nextBase = nextKeys * cellCount;
        if (ready[nextKeys] === 0) {
          costTo.fill(UNREACHED, nextBase, nextBase + cellCount);
          mark.fill(NOT_SETTLED, nextBase, nextBase + cellCount);
          ready[nextKeys] = 1;
        }
        const nextState = nextBase + next;
        if (mark[nextState] !== NOT_SETTLED) continue;
        const nextCost = cost + entryCost[glyph];
        const known = costTo[nextState];
        if (nextCost < known || (nextCost === known && nextSteps < stepsTo[nextState])) {
          costTo[nextState] = nextCost;
          stepsTo[nextState] = nextSteps;
          if (entries === entryState.length) {
            const grownState = scratchInt32('cheapest.entryState', entries * 2);
            const grownNext = scratchInt32('cheapest.entryNext', entries * 2);
            grownState.set(entryState.subarray(0, entries));
            grownNext.set(entryNext.subarray(0, entries));
            entryState = grownState;
            entryNext = grownNext;
          }
          const nextBucket = nextCost & (RING - 1);
          entryState[entries] = nextState;
          entryNext[entries] = bucketHead[nextBucket];
          bucketHead[nextBucket] = entries++;
          pending++;
        }
      }
    }
  }
  return goalCost;
}

/**
 * Step 2: marks every settled state a move from which lands on a marked state at exactly
 * (cost + entry, steps + 1), going back from the marked goals (`stack[0, top)`) along such
 * moves: a state is on an optimal walk exactly when such moves lead from it to a goal. Only
 * the states on optimal walks and their neighbours are read, where going forwards over the
 * settle order read every settled state. The state before a move onto a cell held the keys
 * after it, or those but the key the cell gives; E is never left.
 */
function markOptimalWalks(
  grid: SearchGrid,
  costTo: Int32Array,
  stepsTo: Int32Array,
  mark: Uint8Array,
  ready: Uint8Array,
  stack: Int32Array,
  top: number,
): void {
  const { cellCount, layerCount, stride, glyphs, entryMoves, entryCost, exit } = grid;
  while (top > 0) {
    const state = stack[--top];
    const keys = layerCount === 1 ? 0 : (state / cellCount) | 0;
    const cell = state - keys * cellCount;
    const glyph = glyphs[cell];
    const cost = costTo[state] - entryCost[glyph];
    const steps = stepsTo[state] - 1;
    for (let direction = 0; direction < 4; direction++) {
      // The cell a move in `direction` onto `cell` comes from.
      const from =
        direction === 0
          ? cell + stride
          : direction === 1
            ? cell - 1
            : direction === 2
              ? cell - stride
              : cell + 1;
      if (from === exit) continue;
      const move = entryMoves[(glyph << 2) | direction];
      const given = move >> 8;
      for (let option = 0; option < (given === 0 ? 1 : 2); option++) {
        const before = option === 0 ? keys : keys & ~given;
        // Not allowed (a wall's rule refuses every move), or a layer no walk entered.
        if ((move & ~before & 0xff) !== 0 || ready[before] === 0) continue;
        const previous = before * cellCount + from;
        if (mark[previous] !== SETTLED) continue;
        if (costTo[previous] !== cost || stepsTo[previous] !== steps) continue;
        mark[previous] = ON_OPTIMAL_WALK;
        stack[top++] = previous;
      }
    }
  }
}
