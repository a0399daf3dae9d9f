// Fewest moves from S to E (docs/rules.md: steps, path): breadth-first search over
// (cell, keys held) states. Expanding neighbours in the order up, right, down, left and
// keeping the first parent found gives, among the shortest walks, the one whose move sequence
// comes first — the tie-break of docs/rules.md.
//
// One number per state says all a move needs to know of it. In a level without key layers
// (most levels) it is a byte: the glyph (its code, 1..127) of the cell until the state is
// reached, then REACHED | the direction of the move that first reached it, which names its
// parent (route.ts routeFromMoves); a glyph's rule tables read every code from REACHED up as
// closed, so a move reads the byte and one table entry. With key layers a move may come from
// another layer: the number is the glyph until the state is reached, then ~(the state it was
// first reached from), which is negative. A key layer's numbers start as a copy of the glyphs
// (natively), made the first time a walk enters the layer: a layer no walk reaches costs
// nothing, and no state is reset to "not reached" before a search but those of the layers it
// enters.
import type { Level } from '../level/level.js';
import {
  REACHED as REACHED_MOVE,
  type Route,
  START_MOVE,
  routeFromMoves,
  routeFromParents,
} from './route.js';
import { searchGridOf } from './search-grid.js';
import { scratchInt32, scratchUint8 } from './workspace.js';

// A module constant, not the binding imported (route.ts says why).
const REACHED = REACHED_MOVE;

/** Whether each key layer's numbers are set, for the search under way (reset before it). */
const readyLayers = Uint8Array.of(1, ...new Array<number>(15).fill(0));

export function fewestSteps(level: Level): Route | null {
  const grid = searchGridOf(level);
  const { cellCount, layerCount, stride, glyphs, entryNeeds, entryMoves, start, exit } = grid;
  if (layerCount === 1) {
    const moves = scratchUint8('bfs.moves', cellCount);
    const queue = scratchInt32('bfs.queue', cellCount);
    moves.set(glyphs);
    moves[start] = START_MOVE;
    queue[0] = start;
    const goal = grid.walled
      ? searchWithoutBranches(stride, exit, grid.entryOpen, moves, queue)
      : searchWithoutKeys(stride, exit, entryNeeds, moves, queue);
    return goal < 0 ? null : routeFromMoves(grid, moves, goal);
  }
  const stateCount = cellCount * layerCount;
  const parent = scratchInt32('bfs.parent', stateCount);
  const queue = scratchInt32('bfs.queue', stateCount);
  // Layer 0: S's is the only layer a walk is in before it moves.
  parent.set(glyphs);
  parent[start] = ~start;
  queue[0] = start;
  // The keys held in each queued state, kept beside it so a pop needs no division.
  const queueKeys = scratchUint8('bfs.queueKeys', stateCount);
  queueKeys[0] = 0;
  // Whether a layer's numbers are set, by layer: layer 0's are.
  const ready = readyLayers.fill(0, 1);
  const goal = search(cellCount, stride, exit, glyphs, entryMoves, parent, queue, queueKeys, ready);
  return goal < 0 ? null : routeFromParents(grid, parent, goal);
}

/**
 * The search itself, apart from what comes before and after it: a cold process runs it first
 * in the interpreter until V8 compiles its loop (on-stack replacement), and compiled code that
 * meets an operation it never saw run is thrown away (deoptimised). With the route built by
 * the caller, the loop's code has seen almost everything it does by the time it is compiled
 * (bench: `cold`). The four moves are written out, each direction a constant, so what V8
 * learns of a move in one direction does not serve the others: from S in a top left corner,
 * the first moves up and left into new states may come after V8 compiled the loop, which is
 * then compiled again, once, in the first solve of a process. A move reads its state's
 * number; when the state is not reached, the glyph's entryMoves (search-grid.ts) says whether
 * the move may enter it, and whether it picks up a key (`pickUp`).
 */
function search(
  cellCount: number,
  stride: number,
  exit: number,
  glyphs: Uint8Array,
  entryMoves: Uint16Array,
  parent: Int32Array,
  queue: Int32Array,
  queueKeys: Uint8Array,
  ready: Uint8Array,
): number {
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const keys = queueKeys[head];
    const state = queue[head++];
    const exitState = keys * cellCount + exit;
    const from = ~state;
    const heldTwice = keys * 257;
    let next = state - stride;
    let known = parent[next];
    if (known >= 0) {
      const move = entryMoves[known << 2] & ~heldTwice;
      if (move === 0) {
        parent[next] = from;
        if (next === exitState) return next;
        queueKeys[tail] = keys;
        queue[tail++] = next;
      } else if ((move & 0xff) === 0) {
        tail = pickUp(cellCount, glyphs, parent, queue, queueKeys, ready, tail, from, next, move);
      }
    }
    next = state + 1;
    known = parent[next];
    if (known >= 0) {
      const move = entryMoves[(known << 2) | 1] & ~heldTwice;
      if (move === 0) {
        parent[next] = from;
        if (next === exitState) return next;
        queueKeys[tail] = keys;
        queue[tail++] = next;
      } else if ((move & 0xff) === 0) {
        tail = pickUp(cellCount, glyphs, parent, queue, queueKeys, ready, tail, from, next, move);
      }
    }
    next = state + stride;
    known = parent[next];
    if (known >= 0) {
      const move = entryMoves[(known << 2) | 2] & ~heldTwice;
      if (move === 0) {
        parent[next] = from;
        if (next === exitState) return next;
        queueKeys[tail] = keys;
        queue[tail++] = next;
      } else if ((move & 0xff) === 0) {
        tail = pickUp(cellCount, glyphs, parent, queue, queueKeys, ready, tail, from, next, move);
      }
    }
    next = state - 1;
    known = parent[next];
    if (known >= 0) {
      const move = entryMoves[(known << 2) | 3] & ~heldTwice;
      if (move === 0) {
        parent[next] = from;
        if (next === exitState) return next;
        queueKeys[tail] = keys;
        queue[tail++] = next;
      } else if ((move & 0xff) === 0) {
        tail = pickUp(cellCount, glyphs, parent, queue, queueKeys, ready, tail, from, next, move);
      }
    }
  }
  return -1;
}

/**
 * A move of `search` from a state (`from`: ~state) onto a key it does not hold yet: into the
 * same cell of the layer of the keys it adds (`move`: the keys it gives, but those held, in
 * its high byte), whose numbers are set the first time a walk enters it. The state on the key
 * in the layer without it is never reached, so that layer's number there is the glyph the
 * move read. E is no key: this move never ends the search. Returns the queue's new tail.
 * Every line runs on every call: a move onto a key is rare, and V8 compiles it into `search`
 * with what it learnt running it, so a line that ran only on the first entry into a layer (or
 * only when the state was not reached yet) was compiled in the dark, and threw the compiled
 * search away when it came, a few solves into a cold process (keys300); compiling it again
 * took V8 up to 15 ms. So every call copies the layer's glyphs (all of them the first time,
 * none after) and writes the state and the queue, and moves the tail on only when the state
 * was not reached.
 */
function pickUp(
  cellCount: number,
  glyphs: Uint8Array,
  parent: Int32Array,
  queue: Int32Array,
  queueKeys: Uint8Array,
  ready: Uint8Array,
  tail: number,
  from: number,
  next: number,
  move: number,
): number {
  const layer = (next / cellCount) | 0;
  const keys = layer | (move >> 8);
  const base = keys * cellCount;
  parent.set(glyphs.subarray(0, cellCount * (1 - ready[keys])), base);
  ready[keys] = 1;
  const nextState = next + base - layer * cellCount;
  const known = parent[nextState];
  // All bits when reached already (negative), else none.
  const reached = known >> 31;
  parent[nextState] = (known & reached) | (from & ~reached);
  queueKeys[tail] = keys;
  queue[tail] = nextState;
  return tail + 1 + reached;
}

/**
 * `search` for a level with one key layer (no key opens a door in it): no move needs a key or
 * picks one up, so a state is its cell, its number a byte (`moves`), and the queue needs no
 * keys beside it. Most levels are such. The four moves are written out, each direction a
 * constant: a move reads the byte and, for a state not reached, the glyph's entryNeeds for a
 * move that way. (entryNeeds reads a byte from REACHED up as closed too, but testing the byte
 * first spares most moves on an open level the table read: a fifth of the time on open300.)
 */
function searchWithoutKeys(
  stride: number,
  exit: number,
  entryNeeds: Uint8Array,
  moves: Uint8Array,
  queue: Int32Array,
): number {
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const cell = queue[head++];
    let next = cell - stride;
    let known = moves[next];
    if (known < REACHED && entryNeeds[known << 2] === 0) {
      moves[next] = REACHED;
      if (next === exit) return next;
      queue[tail++] = next;
    }
    next = cell + 1;
    known = moves[next];
    if (known < REACHED && entryNeeds[(known << 2) | 1] === 0) {
      moves[next] = REACHED | 1;
      if (next === exit) return next;
      queue[tail++] = next;
    }
    next = cell + stride;
    known = moves[next];
    if (known < REACHED && entryNeeds[(known << 2) | 2] === 0) {
      moves[next] = REACHED | 2;
      if (next === exit) return next;
      queue[tail++] = next;
    }
    next = cell - 1;
    known = moves[next];
    if (known < REACHED && entryNeeds[(known << 2) | 3] === 0) {
      moves[next] = REACHED | 3;
      if (next === exit) return next;
      queue[tail++] = next;
    }
  }
  return -1;
}

/**
 * `searchWithoutKeys` with no branch on a move, for walled levels (search-grid.ts
 * WALLED_SHARE): each move reads whether it enters its state (`open`: entryOpen of the state's
 * byte, 1 or 0, and 0 for a byte from REACHED up), writes the byte either way (its move, or
 * what it was) and the queue's next slot, and moves the tail on by `open`. In a maze whether a
 * move is open is a coin toss to the processor, which guesses each branch of
 * `searchWithoutKeys` before it knows: a wrong guess costs about as much as a whole move here.
 * On an open level it guesses right, and these writes cost more. The same order of moves and
 * the same first moves, so the same route; E is seen once its byte is a move, after the four
 * moves of the state that reached it.
 */
function searchWithoutBranches(
  stride: number,
  exit: number,
  entryOpen: Uint8Array,
  moves: Uint8Array,
  queue: Int32Array,
): number {
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const cell = queue[head++];
    let next = cell - stride;
    let known = moves[next];
    let open = entryOpen[known << 2];
    moves[next] = known ^ ((known ^ REACHED) & -open);
    queue[tail] = next;
    tail += open;
    next = cell + 1;
    known = moves[next];
    open = entryOpen[(known << 2) | 1];
    moves[next] = known ^ ((known ^ (REACHED | 1)) & -open);
    queue[tail] = next;
    tail += open;
    next = cell + stride;
    known = moves[next];
    open = entryOpen[(known << 2) | 2];
    moves[next] = known ^ ((known ^ (REACHED | 2)) & -open);
    queue[tail] = next;
    tail += open;
    next = cell - 1;
    known = moves[next];
    open = entryOpen[(known << 2) | 3];
    moves[next] = known ^ ((known ^ (REACHED | 3)) & -open);
    queue[tail] = next;
    tail += open;
    if (moves[exit] >= REACHED) return exit;
  }
  return -1;
}
