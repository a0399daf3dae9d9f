// The loops of reach.ts: a breadth-first search of one key layer at a time. A move only ever
// adds keys, and a layer's bits are its keys, so every move out of layer L goes to a higher
// layer: searched in increasing order, a layer's ways in from below (its seeds: the states where
// a walk picks up a key) are all known before it starts, and its search stays inside its own
// cells, a state being its cell plus the layer's base. Each seed joins the layer's search at
// its distance, so the layer's queue still holds one distance after the other.
// A state's walks value says all the search knows of it, so that a move reads one number before
// it knows whether to go on (a layer starts as a copy of the glyphs, natively):
//   1..127  not reached: the glyph of its cell (a wall, WALL_CODE, is never reached);
//   0       a seed, until its layer starts (Seeds).
// Reached, in layer 0 (no needs to keep):
//   -n      reached by n walks in its distance, not expanded yet (its count may still grow);
//   n + EXPANDED  expanded, by n walks (E never is: the loops close it, and the caller reads
//                 its count, once the distance after its own begins).
// Reached, in the layers above, packed with the needs, so that the move that finds nothing to
// do (the most common: onto a state expanded with no fewer needs) reads nothing else:
//   REACHED | n << COUNT_SHIFT | ONE_WAY? | EXPANDED_BIT? | ON_WORKLIST? | needs
// Every move changes row + col by one, so a move never joins two states at the same distance: a
// state reached again while distance d is expanded is either expanded or at distance d + 1 (this
// move is one more shortest walk to it).
// The search also counts dead ends (docs/rules.md: deadEnds, a fact of the layout): expanding a
// cell reads its four neighbours, and a cell with three walls around it is one. `seen` (a copy of
// the glyphs) turns each cell a walk stands on into a wall the first time, so a cell expanded in
// several layers counts once, and what is left of it is the cells no walk reached (reach.ts).
// Each loop is a function of its own taking arrays and the numbers it needs, so that nothing
// before its loop reads an array or computes (fewest-steps.ts and reach.ts say why).
import { WALL } from '../level/glyphs.js';

// The loops read these as module constants, not exported: V8 folds those into the compiled
// code, where an exported binding is loaded from its cell on every use (bench: 1.3x slower).
/** Shortest walks are counted up to this (docs/rules.md: shortestWalks). */
const LIMIT = 1_000_000;
/** Added to the walk count of an expanded state of layer 0: above every glyph code (ASCII). */
const EXPANDED = 128;
const WALL_CODE = 35;
// A packed walks value (layers above 0): REACHED | walks << COUNT_SHIFT | the flags | needs.
/** Reached: above every glyph code. */
const REACHED = 1 << 7;
/** The cell is a gate: one move in, from the cell before it. */
const ONE_WAY = 1 << 6;
const EXPANDED_BIT = 1 << 5;
/** Waits on the worklist (its needs shrank after it was expanded). */
const ON_WORKLIST = 1 << 4;
/** The keys (layer bits) every walk to the state used to open a door. */
const NEEDS_MASK = 0xf;
const COUNT_SHIFT = 8;
/** The least packed value with more walks than LIMIT (LIMIT twice still fits an int32). */
const CAPPED = (LIMIT + 1) << COUNT_SHIFT;
/** The bit of an entryNeeds value a closed way needs (search-grid.ts: NEVER_HELD). */
const CLOSED_WAY = 1 << 7;

export const WALK_COUNT_LIMIT = LIMIT;
export const EXPANDED_WALKS = EXPANDED;
export const WALL_GLYPH_CODE = WALL_CODE;
/** The packed walks value's fields, for reach-key-layer.ts (which keeps them as its constants). */
export const PACKED = {
  reached: REACHED,
  oneWay: ONE_WAY,
  expandedBit: EXPANDED_BIT,
  onWorklist: ON_WORKLIST,
  needsMask: NEEDS_MASK,
  countShift: COUNT_SHIFT,
  closedWay: CLOSED_WAY,
} as const;
if (WALL_CODE !== WALL.charCodeAt(0)) throw new Error('WALL_CODE is not the code of WALL');

/** The walks and the needs of E's state in layer `keys` above 0 (its packed walks value). */
export function exitWalks(value: number): number {
  return value >> COUNT_SHIFT;
}
export function exitNeeds(value: number): number {
  return value & NEEDS_MASK;
}

/**
 * The ways into layers not searched yet, at most one per state, with their distance, their walk
 * count and their needs (the AND over the moves that reach them), kept apart from the layer's
 * own values until it starts. A layer's walks values are its glyphs from its first seed on.
 */
export class Seeds {
  length = 0;
  constructor(
    readonly cellCount: number,
    readonly glyphs: Uint8Array,
    /** Whether a layer's walks values are set yet, by layer. */
    readonly ready: Uint8Array,
    /** The seed states, in the order they were first reached. */
    readonly states: Int32Array,
    readonly distance: Int32Array,
    readonly count: Int32Array,
    readonly needs: Uint8Array,
  ) {}

  /** A move that picks up a key: into `state` at `distance`, by `count` walks needing `needs`. */
  add(walks: Int32Array, state: number, distance: number, count: number, needs: number): void {
    const layer = (state / this.cellCount) | 0;
    if (this.ready[layer] === 0) {
      walks.set(this.glyphs, layer * this.cellCount);
      this.ready[layer] = 1;
    }
    if (walks[state] !== 0) {
      walks[state] = 0;
      this.states[this.length++] = state;
      this.distance[state] = distance;
      this.count[state] = count;
      this.needs[state] = needs;
      return;
    }
    this.needs[state] &= needs;
    // A key cell gives one key: every move into a seed comes from the one layer without it, in
    // the order of that layer's search, so the first was at the least distance.
    if (distance === this.distance[state]) {
      this.count[state] = Math.min(LIMIT, this.count[state] + count);
    }
  }
}

/**
 * Where E was reached, per layer: exits[2 * layer] = E's distance in the layer (-1: not
 * reached); exits[2 * layer + 1] = its walk count. Then, last, the dead ends among the cells
 * layer 0 expanded.
 */
export type Exits = Int32Array;

/**
 * Passes on the needs that shrank after their state was expanded (the worklist of
 * `exploreLayer`), inside the layer and to the seeds of the layers above. Every state of the
 * layer a move from an expanded state allows is reached (the layer's search is done).
 */
export function passOnNeeds(
  keys: number,
  base: number,
  heldTwice: number,
  cellCount: number,
  moveOffset: Int32Array,
  exitState: number,
  glyphs: Uint8Array,
  entryMoves: Uint16Array,
  walks: Int32Array,
  seeds: Seeds,
  worklist: Int32Array,
  waiting: number,
): void {
  while (waiting > 0) {
    const state = worklist[--waiting];
    const value = walks[state] & ~ON_WORKLIST;
    walks[state] = value;
    const cell = state - base;
    const carried = value & NEEDS_MASK;
    for (let direction = 0; direction < 4; direction++) {
      const next = cell + moveOffset[direction];
      const move = entryMoves[(glyphs[next] << 2) | direction];
      const beyond = move & ~heldTwice;
      if (beyond !== 0) {
        if ((beyond & 0xff) === 0)
          seeds.needs[(keys | (beyond >> 8)) * cellCount + next] &= carried;
        continue;
      }
      const nextState = base + next;
      const known = walks[nextState];
      const shrunk = known & NEEDS_MASK & ~(carried | (move & 0xff));
      if (shrunk === 0) continue;
      let changed = known & ~shrunk;
      // Distinct and expanded, like the worklist of `exploreLayer`: never more than it held.
      if (nextState !== exitState && (known & ON_WORKLIST) === 0) {
        changed |= ON_WORKLIST;
        worklist[waiting++] = nextState;
      }
      walks[nextState] = changed;
    }
  }
}

/** Walk counts a packed walks value (layers above 0) adds `count` to, up to LIMIT. */
export function addWalks(value: number, count: number): number {
  const sum = value + (count << COUNT_SHIFT);
  return sum < CAPPED ? sum : (LIMIT << COUNT_SHIFT) | (value & 0xff);
}
