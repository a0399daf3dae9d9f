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
 * Layer 0, from S (walks = the glyphs but walks[start] = -1, queue[0] = start): no key held, so
 * no move needs one, no walk has opened a door, and a state is its cell. A level without key
 * layers is all layer 0; in a level with them, a move onto a key picks it up and seeds a higher
 * layer.
 */
export function exploreFirstLayer(
  cellCount: number,
  stride: number,
  start: number,
  exit: number,
  glyphs: Uint8Array,
  entryMoves: Uint16Array,
  walks: Int32Array,
  seen: Uint8Array,
  queue: Int32Array,
  seeds: Seeds,
  exits: Exits,
): number {
  let deadEnds = 0;
  let head = 0;
  let tail = 1;
  let distance = 0;
  let distanceEnd = 1;
  // As in exploreWithoutKeys (reach.ts): E's finding distance and E once closed are locals.
  let exitFrom = -1;
  let closedExit = -1;
  // The queue runs out at the end of a distance: the loop ends there.
  for (;;) {
    if (head === distanceEnd) {
      exits[exits.length - 1] += deadEnds;
      deadEnds = 0;
      if (head === tail) break;
      distance++;
      distanceEnd = tail;
      if (exitFrom >= 0) closedExit = exit;
    }
    const cell = queue[head++];
    const count = -walks[cell];
    walks[cell] = count + EXPANDED;
    seen[cell] = WALL_CODE;
    // Neighbours that are walls (`#`, the padding too).
    let walls = 0;
    for (let direction = 0; direction < 4; direction++) {
      const next =
        direction === 0
          ? cell - stride
          : direction === 1
            ? cell + 1
            : direction === 2
              ? cell + stride
              : cell - 1;
      const known = walks[next];
      if (known >= EXPANDED) continue;
      if (known === WALL_CODE) {
        walls++;
        continue;
      }
      if (known > 0) {
        // Not reached yet: `known` is its glyph.
        const move = entryMoves[(known << 2) | direction];
        if (move !== 0) {
          // Not allowed, or a move onto a key: into the layer of the keys it gives.
          if ((move & 0xff) === 0) {
            seeds.add(walks, (move >> 8) * cellCount + next, distance + 1, count, 0);
          }
          continue;
        }
        walks[next] = -count;
        if (next === exit) exitFrom = distance;
        else queue[tail++] = next;
      } else if (next !== closedExit && entryMoves[(glyphs[next] << 2) | direction] === 0) {
        // Reached at distance + 1 by another move (a gate lets only one in).
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    // S is no dead end; E is never expanded.
    deadEnds += (walls === 3 ? 1 : 0) & (cell !== start ? 1 : 0);
  }
  return exitFrom;
}

/**
 * A layer above 0 (keys = its bits, holding them; base = keys * cellCount, the first of its
 * states; heldTwice = keys * 257, the keys held in both bytes of an entryMoves value: needs (low)
 * and keys given (high)), from its seeds (sorted by distance in `order`, their walks values back
 * to their glyphs). Its walks values are packed (REACHED and the fields below): a move reads one
 * number to know what its state is, its walks and its needs. The queue holds cells. Returns how
 * many states wait on the worklist at the front of `queue` (their needs shrank after they were
 * expanded): they are distinct (ON_WORKLIST) and expanded, so fewer than the cells popped, and the
 * worklist never reaches the part still to be read.
 */
export function exploreLayer(
  keys: number,
  base: number,
  heldTwice: number,
  cellCount: number,
  stride: number,
  exitState: number,
  glyphs: Uint8Array,
  entryMoves: Uint16Array,
  walks: Int32Array,
  seen: Uint8Array,
  queue: Int32Array,
  seeds: Seeds,
  order: Int32Array,
  seedCount: number,
  exits: Exits,
): number {
  let deadEnds = 0;
  let head = 0;
  let tail = 0;
  let waiting = 0;
  let distance = 0;
  let distanceEnd = 0;
  // E's finding distance, as in exploreFirstLayer; once the distance after E's began, E is
  // marked expanded (no later move adds to its count, and it never goes on the worklist).
  let exitFrom = -1;
  let nextSeed = 0;
  for (;;) {
    if (head === distanceEnd) {
      exits[2 * keys] = exitFrom;
      exits[exits.length - 1] += deadEnds;
      deadEnds = 0;
      walks[exitState] |= exitFrom >= 0 ? EXPANDED_BIT : 0;
      if (head === tail) {
        // Nothing left at this distance: on to the next seed's.
        if (nextSeed === seedCount) break;
        distance = seeds.distance[order[nextSeed]] - 1;
      }
      distance++;
      // The seeds at this distance join the states the layer's own moves reached.
      for (; nextSeed < seedCount; nextSeed++) {
        const seed = order[nextSeed];
        if (seeds.distance[seed] !== distance) break;
        const known = walks[seed];
        const seedNeeds = seeds.needs[seed];
        if (known < REACHED) {
          walks[seed] = REACHED | (seeds.count[seed] << COUNT_SHIFT) | seedNeeds;
          queue[tail++] = seed - base;
          continue;
        }
        let value = known;
        if ((known & EXPANDED_BIT) === 0) value = addWalks(value, seeds.count[seed]);
        const shrunk = known & NEEDS_MASK & ~seedNeeds;
        if (shrunk !== 0) {
          value &= ~shrunk;
          if ((known & (EXPANDED_BIT | ON_WORKLIST)) === EXPANDED_BIT && seed !== exitState) {
            value |= ON_WORKLIST;
            queue[waiting++] = seed;
          }
        }
        walks[seed] = value;
      }
      distanceEnd = tail;
      continue;
    }
    const cell = queue[head++];
    const state = base + cell;
    const value = walks[state];
    walks[state] = value | EXPANDED_BIT;
    const count = value >> COUNT_SHIFT;
    const carried = value & NEEDS_MASK;
    // Walls around the cell, counted when no layer below expanded it.
    let walls = 0;
    const first = seen[cell] !== WALL_CODE;
    seen[cell] = WALL_CODE;
    for (let direction = 0; direction < 4; direction++) {
      const offset =
        direction === 0 ? -stride : direction === 1 ? 1 : direction === 2 ? stride : -1;
      const nextState = state + offset;
      const known = walks[nextState];
      if (known < REACHED) {
        // Not reached yet: `known` is its glyph.
        if (known === WALL_CODE) {
          walls++;
          continue;
        }
        const move = entryMoves[(known << 2) | direction];
        const beyond = move & ~heldTwice;
        if (beyond !== 0) {
          // Not allowed, or a move onto a key not held yet: into the layer of the keys it adds.
          if ((beyond & 0xff) === 0) {
            const next = cell + offset;
            seeds.add(
              walks,
              (keys | (beyond >> 8)) * cellCount + next,
              distance + 1,
              count,
              carried,
            );
          }
          continue;
        }
        // A one-way gate lets in the moves of one direction only: this one (the cell before
        // the gate is the only way in, so no other move ever enters it while it waits).
        const oneWay = entryMoves[(known << 2) | ((direction + 1) & 3)] & CLOSED_WAY;
        walks[nextState] =
          REACHED | (count << COUNT_SHIFT) | (oneWay !== 0 ? ONE_WAY : 0) | carried | (move & 0xff);
        if (nextState === exitState) exitFrom = distance;
        else queue[tail++] = cell + offset;
        continue;
      }
      if ((known & NEEDS_MASK & ~carried) === 0) {
        // Needs no move from here can shrink: one more shortest walk when it waits at
        // distance + 1 (every move changes row + col by one, so it is not at this distance).
        if ((known & (EXPANDED_BIT | ONE_WAY)) === 0) walks[nextState] = addWalks(known, count);
        continue;
      }
      const next = cell + offset;
      const move = entryMoves[(glyphs[next] << 2) | direction];
      // Not allowed (in the layer, only a gate refuses a move onto a cell some move reached).
      if ((move & ~heldTwice) !== 0) continue;
      let changed = (known & EXPANDED_BIT) === 0 ? addWalks(known, count) : known;
      const shrunk = known & NEEDS_MASK & ~(carried | (move & 0xff));
      if (shrunk !== 0) {
        changed &= ~shrunk;
        // Expanded already: pass the change on later.
        if ((known & (EXPANDED_BIT | ON_WORKLIST)) === EXPANDED_BIT && nextState !== exitState) {
          changed |= ON_WORKLIST;
          queue[waiting++] = nextState;
        }
      }
      walks[nextState] = changed;
    }
    // S was expanded in layer 0.
    deadEnds += walls === 3 && first ? 1 : 0;
  }
  return waiting;
}

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
function addWalks(value: number, count: number): number {
  const sum = value + (count << COUNT_SHIFT);
  return sum < CAPPED ? sum : (LIMIT << COUNT_SHIFT) | (value & 0xff);
}
