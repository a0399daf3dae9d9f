// A layer above 0 of reach.ts's search (reach-layers.ts says how the layers go and what a
// packed walks value holds): a file of its own, so that each file stays under 400 lines.
import { type Exits, PACKED, type Seeds, WALL_GLYPH_CODE, addWalks } from './reach-layers.js';

// Module constants, not bindings imported (reach-layers.ts says why).
const WALL_CODE = WALL_GLYPH_CODE;
const REACHED = PACKED.reached;
const ONE_WAY = PACKED.oneWay;
const EXPANDED_BIT = PACKED.expandedBit;
const ON_WORKLIST = PACKED.onWorklist;
const NEEDS_MASK = PACKED.needsMask;
const COUNT_SHIFT = PACKED.countShift;
const CLOSED_WAY = PACKED.closedWay;

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
    // The four moves written out, each direction a constant, each a block a `break` leaves
    // (as a loop over the four, keys300 took 1.33x the instructions: callgrind).
    up: {
      const nextState = state - stride;
      const known = walks[nextState];
      if (known < REACHED) {
        // Not reached yet: `known` is its glyph.
        if (known === WALL_CODE) {
          walls++;
          break up;
        }
        const move = entryMoves[known << 2];
        const beyond = move & ~heldTwice;
        if (beyond !== 0) {
          // Not allowed, or a move onto a key not held yet: into the layer of the keys it adds.
          if ((beyond & 0xff) === 0) {
            const next = cell - stride;
            seeds.add(
              walks,
              (keys | (beyond >> 8)) * cellCount + next,
              distance + 1,
              count,
              carried,
            );
          }
          break up;
        }
        // A one-way gate lets in the moves of one direction only: this one (the cell before
        // the gate is the only way in, so no other move ever enters it while it waits).
        const oneWay = entryMoves[(known << 2) | 1] & CLOSED_WAY;
        walks[nextState] =
          REACHED | (count << COUNT_SHIFT) | (oneWay !== 0 ? ONE_WAY : 0) | carried | (move & 0xff);
        if (nextState === exitState) exitFrom = distance;
        else queue[tail++] = cell - stride;
        break up;
      }
      if ((known & NEEDS_MASK & ~carried) === 0) {
        // Needs no move from here can shrink: one more shortest walk when it waits at
        // distance + 1 (every move changes row + col by one, so it is not at this distance).
        if ((known & (EXPANDED_BIT | ONE_WAY)) === 0) walks[nextState] = addWalks(known, count);
        break up;
      }
      const next = cell - stride;
      const move = entryMoves[glyphs[next] << 2];
      // Not allowed (in the layer, only a gate refuses a move onto a cell some move reached).
      if ((move & ~heldTwice) !== 0) break up;
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
    right: {
      const nextState = state + 1;
      const known = walks[nextState];
      if (known < REACHED) {
        // Not reached yet: `known` is its glyph.
        if (known === WALL_CODE) {
          walls++;
          break right;
        }
        const move = entryMoves[(known << 2) | 1];
        const beyond = move & ~heldTwice;
        if (beyond !== 0) {
          // Not allowed, or a move onto a key not held yet: into the layer of the keys it adds.
          if ((beyond & 0xff) === 0) {
            const next = cell + 1;
            seeds.add(
              walks,
              (keys | (beyond >> 8)) * cellCount + next,
              distance + 1,
              count,
              carried,
            );
          }
          break right;
        }
        // A one-way gate lets in the moves of one direction only: this one (the cell before
        // the gate is the only way in, so no other move ever enters it while it waits).
        const oneWay = entryMoves[(known << 2) | 2] & CLOSED_WAY;
        walks[nextState] =
          REACHED | (count << COUNT_SHIFT) | (oneWay !== 0 ? ONE_WAY : 0) | carried | (move & 0xff);
        if (nextState === exitState) exitFrom = distance;
        else queue[tail++] = cell + 1;
        break right;
      }
      if ((known & NEEDS_MASK & ~carried) === 0) {
        // Needs no move from here can shrink: one more shortest walk when it waits at
        // distance + 1 (every move changes row + col by one, so it is not at this distance).
        if ((known & (EXPANDED_BIT | ONE_WAY)) === 0) walks[nextState] = addWalks(known, count);
        break right;
      }
      const next = cell + 1;
      const move = entryMoves[(glyphs[next] << 2) | 1];
      // Not allowed (in the layer, only a gate refuses a move onto a cell some move reached).
      if ((move & ~heldTwice) !== 0) break right;
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
    down: {
      const nextState = state + stride;
      const known = walks[nextState];
      if (known < REACHED) {
        // Not reached yet: `known` is its glyph.
        if (known === WALL_CODE) {
          walls++;
          break down;
        }
        const move = entryMoves[(known << 2) | 2];
        const beyond = move & ~heldTwice;
        if (beyond !== 0) {
          // Not allowed, or a move onto a key not held yet: into the layer of the keys it adds.
          if ((beyond & 0xff) === 0) {
            const next = cell + stride;
            seeds.add(
              walks,
              (keys | (beyond >> 8)) * cellCount + next,
              distance + 1,
              count,
              carried,
            );
          }
          break down;
        }
        // A one-way gate lets in the moves of one direction only: this one (the cell before
        // the gate is the only way in, so no other move ever enters it while it waits).
        const oneWay = entryMoves[(known << 2) | 3] & CLOSED_WAY;
        walks[nextState] =
          REACHED | (count << COUNT_SHIFT) | (oneWay !== 0 ? ONE_WAY : 0) | carried | (move & 0xff);
        if (nextState === exitState) exitFrom = distance;
        else queue[tail++] = cell + stride;
        break down;
      }
      if ((known & NEEDS_MASK & ~carried) === 0) {
        // Needs no move from here can shrink: one more shortest walk when it waits at
        // distance + 1 (every move changes row + col by one, so it is not at this distance).
        if ((known & (EXPANDED_BIT | ONE_WAY)) === 0) walks[nextState] = addWalks(known, count);
        break down;
      }
      const next = cell + stride;
      const move = entryMoves[(glyphs[next] << 2) | 2];
      // Not allowed (in the layer, only a gate refuses a move onto a cell some move reached).
      if ((move & ~heldTwice) !== 0) break down;
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
    left: {
      const nextState = state - 1;
      const known = walks[nextState];
      if (known < REACHED) {
        // Not reached yet: `known` is its glyph.
        if (known === WALL_CODE) {
          walls++;
          break left;
        }
        const move = entryMoves[(known << 2) | 3];
        const beyond = move & ~heldTwice;
        if (beyond !== 0) {
          // Not allowed, or a move onto a key not held yet: into the layer of the keys it adds.
          if ((beyond & 0xff) === 0) {
            const next = cell - 1;
            seeds.add(
              walks,
              (keys | (beyond >> 8)) * cellCount + next,
              distance + 1,
              count,
              carried,
            );
          }
          break left;
        }
        // A one-way gate lets in the moves of one direction only: this one (the cell before
        // the gate is the only way in, so no other move ever enters it while it waits).
        const oneWay = entryMoves[(known << 2) | 0] & CLOSED_WAY;
        walks[nextState] =
          REACHED | (count << COUNT_SHIFT) | (oneWay !== 0 ? ONE_WAY : 0) | carried | (move & 0xff);
        if (nextState === exitState) exitFrom = distance;
        else queue[tail++] = cell - 1;
        break left;
      }
      if ((known & NEEDS_MASK & ~carried) === 0) {
        // Needs no move from here can shrink: one more shortest walk when it waits at
        // distance + 1 (every move changes row + col by one, so it is not at this distance).
        if ((known & (EXPANDED_BIT | ONE_WAY)) === 0) walks[nextState] = addWalks(known, count);
        break left;
      }
      const next = cell - 1;
      const move = entryMoves[(glyphs[next] << 2) | 3];
      // Not allowed (in the layer, only a gate refuses a move onto a cell some move reached).
      if ((move & ~heldTwice) !== 0) break left;
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
