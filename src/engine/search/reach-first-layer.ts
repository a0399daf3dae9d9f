// Layer 0 of reach.ts's search (reach-layers.ts says how the layers go): a file of its own, so
// that each file stays under 400 lines.
import {
  EXPANDED_WALKS,
  type Exits,
  type Seeds,
  WALL_GLYPH_CODE,
  WALK_COUNT_LIMIT,
} from './reach-layers.js';

// Module constants, not bindings imported (reach-layers.ts says why).
const LIMIT = WALK_COUNT_LIMIT;
const EXPANDED = EXPANDED_WALKS;
const WALL_CODE = WALL_GLYPH_CODE;

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
    // The four moves written out, each direction a constant (reach.ts: exploreWithoutKeys). A
    // refused move onto a key not held is a move into the layer of the keys it gives; one onto
    // a wall counts a wall of the cell (`#`, the padding too).
    let walls = 0;
    let next = cell - stride;
    let known = walks[next];
    if (known < EXPANDED) {
      if (known > 0) {
        const move = entryMoves[known << 2];
        if (move === 0) {
          walks[next] = -count;
          if (next === exit) exitFrom = distance;
          else queue[tail++] = next;
        } else if ((move & 0xff) === 0) {
          seeds.add(walks, (move >> 8) * cellCount + next, distance + 1, count, 0);
        } else walls += known === WALL_CODE ? 1 : 0;
      } else if (next !== closedExit && entryMoves[glyphs[next] << 2] === 0) {
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    next = cell + 1;
    known = walks[next];
    if (known < EXPANDED) {
      if (known > 0) {
        const move = entryMoves[(known << 2) | 1];
        if (move === 0) {
          walks[next] = -count;
          if (next === exit) exitFrom = distance;
          else queue[tail++] = next;
        } else if ((move & 0xff) === 0) {
          seeds.add(walks, (move >> 8) * cellCount + next, distance + 1, count, 0);
        } else walls += known === WALL_CODE ? 1 : 0;
      } else if (next !== closedExit && entryMoves[(glyphs[next] << 2) | 1] === 0) {
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    next = cell + stride;
    known = walks[next];
    if (known < EXPANDED) {
      if (known > 0) {
        const move = entryMoves[(known << 2) | 2];
        if (move === 0) {
          walks[next] = -count;
          if (next === exit) exitFrom = distance;
          else queue[tail++] = next;
        } else if ((move & 0xff) === 0) {
          seeds.add(walks, (move >> 8) * cellCount + next, distance + 1, count, 0);
        } else walls += known === WALL_CODE ? 1 : 0;
      } else if (next !== closedExit && entryMoves[(glyphs[next] << 2) | 2] === 0) {
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    next = cell - 1;
    known = walks[next];
    if (known < EXPANDED) {
      if (known > 0) {
        const move = entryMoves[(known << 2) | 3];
        if (move === 0) {
          walks[next] = -count;
          if (next === exit) exitFrom = distance;
          else queue[tail++] = next;
        } else if ((move & 0xff) === 0) {
          seeds.add(walks, (move >> 8) * cellCount + next, distance + 1, count, 0);
        } else walls += known === WALL_CODE ? 1 : 0;
      } else if (next !== closedExit && entryMoves[(glyphs[next] << 2) | 3] === 0) {
        const sum = known - count;
        walks[next] = sum > -LIMIT ? sum : -LIMIT;
      }
    }
    // S is no dead end; E is never expanded.
    deadEnds += (walls === 3 ? 1 : 0) & (cell !== start ? 1 : 0);
  }
  return exitFrom;
}
