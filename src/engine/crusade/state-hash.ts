// The search's state keys and the set of states known to fail. A key is 64 bits in two 32-bit
// lanes, Zobrist-like: a fixed random key per (room, type), per Indy's place and per a rock's
// place, and a state's key is their sum. The rooms' part is kept up to date as rooms turn, so
// keying a state costs one pass over Indy and the rocks, not over the grid.
import { moverSlots } from './mover.js';
import { ROOM_TYPE_COUNT } from './rooms.js';
import type { Moved } from './simulator.js';

/** Deterministic 32-bit xorshift, for the keys. */
function xorshift(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s | 0;
  };
}

export class StateHash {
  private readonly roomKeyLo: Int32Array;
  private readonly roomKeyHi: Int32Array;
  private readonly indyKeyLo: Int32Array;
  private readonly indyKeyHi: Int32Array;
  private readonly rockKeyLo: Int32Array;
  private readonly rockKeyHi: Int32Array;
  /** The rooms' key: set by `hashRooms`, kept by `turnRoom`. */
  roomsLo = 0;
  roomsHi = 0;
  /** The key `hashState` computed last. */
  lo = 0;
  hi = 0;

  /** Keys for a grid of `size` rooms; the same for every planner of that size. */
  constructor(size: number) {
    const next = xorshift(0x2545f491);
    const keys = (n: number) => Int32Array.from({ length: n }, next);
    this.roomKeyLo = keys(size * ROOM_TYPE_COUNT);
    this.roomKeyHi = keys(size * ROOM_TYPE_COUNT);
    this.indyKeyLo = keys(moverSlots(size));
    this.indyKeyHi = keys(moverSlots(size));
    this.rockKeyLo = keys(moverSlots(size));
    this.rockKeyHi = keys(moverSlots(size));
  }

  /** Computes the rooms' key afresh. Empty and locked rooms never turn: they are left out. */
  hashRooms(rooms: Int8Array): void {
    this.roomsLo = 0;
    this.roomsHi = 0;
    for (let cell = 0; cell < rooms.length; cell++) {
      const room = rooms[cell];
      if (room > 0) {
        this.roomsLo = (this.roomsLo + this.roomKeyLo[cell * ROOM_TYPE_COUNT + room]) | 0;
        this.roomsHi = (this.roomsHi + this.roomKeyHi[cell * ROOM_TYPE_COUNT + room]) | 0;
      }
    }
  }

  /** Room `cell` turns from type `old` to type `room`. */
  turnRoom(cell: number, old: number, room: number): void {
    const at = cell * ROOM_TYPE_COUNT;
    this.roomsLo = (this.roomsLo - this.roomKeyLo[at + old] + this.roomKeyLo[at + room]) | 0;
    this.roomsHi = (this.roomsHi - this.roomKeyHi[at + old] + this.roomKeyHi[at + room]) | 0;
  }

  /** The key of the rooms as they are with `state`'s Indy and rocks, into `lo` and `hi`. */
  hashState(state: Moved): void {
    let lo = (this.roomsLo + this.indyKeyLo[state.indy]) | 0;
    let hi = (this.roomsHi + this.indyKeyHi[state.indy]) | 0;
    for (let i = 0; i < state.rockCount; i++) {
      lo = (lo + this.rockKeyLo[state.rocks[i]]) | 0;
      hi = (hi + this.rockKeyHi[state.rocks[i]]) | 0;
    }
    this.lo = lo;
    this.hi = hi;
  }
}

/** A set of 64-bit state keys (two int lanes), open addressing; `clear` is O(1) by stamps. */
export class StateSet {
  private lo = new Int32Array(1 << 12);
  private hi = new Int32Array(1 << 12);
  private used = new Int32Array(1 << 12);
  private stamp = 1;
  private count = 0;

  clear(): void {
    this.stamp++;
    this.count = 0;
  }

  has(lo: number, hi: number): boolean {
    const mask = this.used.length - 1;
    for (let i = lo & mask; this.used[i] === this.stamp; i = (i + 1) & mask) {
      if (this.lo[i] === lo && this.hi[i] === hi) return true;
    }
    return false;
  }

  add(lo: number, hi: number): void {
    if ((this.count + 1) * 2 > this.used.length) this.grow();
    const mask = this.used.length - 1;
    let i = lo & mask;
    while (this.used[i] === this.stamp) {
      if (this.lo[i] === lo && this.hi[i] === hi) return;
      i = (i + 1) & mask;
    }
    this.used[i] = this.stamp;
    this.lo[i] = lo;
    this.hi[i] = hi;
    this.count++;
  }

  private grow(): void {
    const { lo, hi, used, stamp } = this;
    this.lo = new Int32Array(lo.length * 2);
    this.hi = new Int32Array(lo.length * 2);
    this.used = new Int32Array(lo.length * 2);
    this.stamp = 1;
    this.count = 0;
    for (let i = 0; i < used.length; i++) if (used[i] === stamp) this.add(lo[i], hi[i]);
  }
}
