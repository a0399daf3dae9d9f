// Indy's routes with the rocks left out: which rooms he can still reach the exit through, given
// that each room on the way must be turned before he enters it, one quarter turn a game turn.
//
// Room k of a route (k = 1 for the room Indy enters at the end of this turn) can be turned on
// turns 0 .. k-1 only, so a route works exactly when, for every k, the turns its first k rooms
// need add up to at most k (earliest deadline first meets every deadline then). Indy never comes
// back to a room — from LEFT a room sends him down or right, from RIGHT down or left — so routes
// are paths in a DAG over (room, entry side) and a memoised recursion over it is exact.
import { GONE, moverAt, moverCell, moverSide, moverSlots } from './mover.js';
import { ORIENTATIONS, ROOM_TYPE_COUNT, TURNS, WAY_OUT, NO_WAY } from './rooms.js';
import { rockWay, throughType, type Board } from './simulator.js';

/** More than any route can need (routes are at most W * H ≤ 400 rooms long). */
export const UNREACHABLE = 0x3fff;

/**
 * The spare turns Indy needs on arrival at a room that takes `turns` quarter turns, when the
 * route from the next room needs `after` on arrival there: this room's turns are done before he
 * enters it, and crossing it gives him one more turn.
 */
export function spareNeeded(turns: number, after: number): number {
  return Math.max(turns, turns + after - 1);
}

export class RouteFinder {
  private readonly size: number;
  // Memo of `need` and `cost`, valid where stamped with the current stamp (no clearing).
  private readonly needValue: Int16Array;
  private readonly costValue: Int16Array;
  private readonly memoStamp: Int32Array;
  /** Sides by which the rocks in view would enter rooms, where stamped with rockStamp. */
  private readonly rockWayStamp: Int32Array;
  /** A rock's way, as `rockWay` writes it. */
  private readonly way: Int32Array;
  private stamp = 0;
  private rockStamp = 0;

  /** The route `extract` wrote: its rooms in Indy's order and the type each must have. */
  readonly cells: Int32Array;
  readonly targets: Int8Array;

  constructor(private readonly board: Board) {
    this.size = board.width * board.height;
    this.needValue = new Int16Array(moverSlots(this.size));
    this.costValue = new Int16Array(moverSlots(this.size));
    this.memoStamp = new Int32Array(moverSlots(this.size));
    this.rockWayStamp = new Int32Array(moverSlots(this.size));
    this.way = new Int32Array(this.size);
    this.cells = new Int32Array(this.size + 1);
    this.targets = new Int8Array(this.size + 1);
  }

  /** Forgets `need` and `cost`: to be called whenever the rooms have changed. */
  reset(): void {
    this.stamp++;
  }

  /**
   * The fewest spare turns Indy must have when he arrives by `mover` (before paying for this
   * room's turns) for some route from there to reach the exit in time; UNREACHABLE if none.
   * Also fills `cost`: rooms plus turns of the cheapest route from there, ignoring deadlines.
   */
  need(mover: number): number {
    if (this.memoStamp[mover] === this.stamp) return this.needValue[mover];
    const cell = moverCell(mover);
    const side = moverSide(mover);
    let best = UNREACHABLE;
    let cheapest = UNREACHABLE;
    if (cell === this.board.exitCell) {
      best = 0;
      cheapest = 0;
    } else {
      const room = this.board.rooms[cell];
      if (room < 0) {
        const next = throughType(this.board, -room, cell, side);
        if (next !== GONE && this.need(next) < UNREACHABLE) {
          best = spareNeeded(0, this.needValue[next]);
          cheapest = 1 + this.costValue[next];
        }
      } else {
        const orientations = ORIENTATIONS[room];
        for (let i = 0; i < orientations.length; i++) {
          const type = orientations[i];
          const next = throughType(this.board, type, cell, side);
          if (next === GONE) continue;
          const after = this.need(next);
          if (after >= UNREACHABLE) continue;
          const turns = TURNS[room * ROOM_TYPE_COUNT + type];
          const required = spareNeeded(turns, after);
          if (required < best) best = required;
          const cost = 1 + turns + this.costValue[next];
          if (cost < cheapest) cheapest = cost;
        }
      }
    }
    // Written after the recursion; no route revisits a room, so nothing reads it half-done.
    this.memoStamp[mover] = this.stamp;
    this.needValue[mover] = best;
    this.costValue[mover] = cheapest;
    return best;
  }

  /**
   * Marks the sides by which rocks would enter rooms if nothing turned: a route room may as well
   * be a wall on those sides when that costs Indy nothing.
   */
  markRockWays(rocks: Int32Array, rockCount: number): void {
    this.rockStamp++;
    for (let r = 0; r < rockCount; r++) {
      const length = rockWay(this.board, rocks[r], this.size, this.way);
      for (let i = 0; i < length; i++) this.rockWayStamp[this.way[i]] = this.rockStamp;
    }
  }

  /** How many of the sides the rocks in view come by (markRockWays) `type` walls off. */
  private shutRockSides(cell: number, type: number): number {
    let shut = 0;
    for (let side = 0; side < 3; side++) {
      if (
        this.rockWayStamp[moverAt(cell, side)] === this.rockStamp &&
        WAY_OUT[type * 3 + side] === NO_WAY
      ) {
        shut++;
      }
    }
    return shut;
  }

  /**
   * Writes into `cells`/`targets` a route from `first` (Indy's next room, with one turn to
   * spare: this turn's) and returns its length, the exit not counted. At each room it takes,
   * among the types that keep a route possible, the cheapest way on (rooms plus turns: less time
   * in the rocks' way, more spare turns), then the one needing fewer spare turns, then the one
   * that shuts more of the sides rocks are coming by.
   */
  extract(first: number): number {
    let mover = first;
    let spare = 1;
    let length = 0;
    while (true) {
      const cell = moverCell(mover);
      if (cell === this.board.exitCell) return length;
      const side = moverSide(mover);
      const room = this.board.rooms[cell];
      let target = room;
      let next = GONE;
      if (room < 0) {
        next = throughType(this.board, -room, cell, side);
      } else {
        let bestCost = UNREACHABLE;
        let bestRequired = UNREACHABLE;
        let bestShut = -1;
        let bestTurns = 0;
        const orientations = ORIENTATIONS[room];
        for (let i = 0; i < orientations.length; i++) {
          const type = orientations[i];
          const after = throughType(this.board, type, cell, side);
          if (after === GONE) continue;
          const needAfter = this.need(after);
          if (needAfter >= UNREACHABLE) continue;
          const turns = TURNS[room * ROOM_TYPE_COUNT + type];
          const required = spareNeeded(turns, needAfter);
          if (required > spare) continue;
          const cost = turns + this.costValue[after];
          const shut = this.shutRockSides(cell, type);
          if (
            cost < bestCost ||
            (cost === bestCost &&
              (required < bestRequired || (required === bestRequired && shut > bestShut)))
          ) {
            bestCost = cost;
            bestRequired = required;
            bestShut = shut;
            bestTurns = turns;
            target = type;
            next = after;
          }
        }
        spare -= bestTurns;
      }
      if (next === GONE) return length; // only when `first` itself has no route
      this.cells[length] = cell;
      this.targets[length] = target;
      length++;
      spare++;
      mover = next;
    }
  }
}
