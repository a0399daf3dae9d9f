import { describe, expect, it } from 'vitest';
import { newMoved } from '../../../src/engine/crusade/simulator.js';
import { StateHash, StateSet } from '../../../src/engine/crusade/state-hash.js';

describe('StateHash', () => {
  const stateOf = (indy: number, rocks: number[]) => {
    const state = newMoved(4);
    state.indy = indy;
    state.rocks.set(rocks);
    state.rockCount = rocks.length;
    return state;
  };
  const keyOf = (hash: StateHash, indy: number, rocks: number[]) => {
    hash.hashState(stateOf(indy, rocks));
    return [hash.lo, hash.hi];
  };

  it('keeps the rooms key in step as rooms turn, and back', () => {
    const rooms = Int8Array.of(-3, 6, 2, 0);
    const hash = new StateHash(4);
    hash.hashRooms(rooms);
    const before = [hash.roomsLo, hash.roomsHi];
    hash.turnRoom(1, 6, 7);
    rooms[1] = 7;
    const turned = [hash.roomsLo, hash.roomsHi];
    expect(turned).not.toEqual(before);
    hash.hashRooms(rooms);
    expect([hash.roomsLo, hash.roomsHi]).toEqual(turned); // the same as computed afresh
    hash.turnRoom(1, 7, 6);
    expect([hash.roomsLo, hash.roomsHi]).toEqual(before);
  });

  it('tells Indy from a rock, and does not depend on the rocks order', () => {
    const hashed = () => {
      const hash = new StateHash(4);
      hash.hashRooms(Int8Array.of(-3, 6, 2, 0));
      return hash;
    };
    const hash = hashed();
    expect(keyOf(hash, 4, [8])).not.toEqual(keyOf(hash, 8, [4]));
    expect(keyOf(hash, 4, [8, 13])).toEqual(keyOf(hash, 4, [13, 8]));
    expect(keyOf(hash, 4, [8])).toEqual(keyOf(hashed(), 4, [8])); // the keys are fixed: every planner agrees
  });
});

describe('StateSet', () => {
  it('holds 64-bit keys, grows past its first table, and clears', () => {
    const set = new StateSet();
    for (let i = 0; i < 5000; i++) set.add(i * 4096, i); // same low bits: long probe chains
    expect(set.has(4096 * 4999, 4999)).toBe(true);
    expect(set.has(4096 * 4999, 4998)).toBe(false);
    expect(set.has(0, 0)).toBe(true);
    set.clear();
    expect(set.has(0, 0)).toBe(false);
    set.add(0, 0);
    expect(set.has(0, 0)).toBe(true);
  });
});
