import { describe, expect, it } from 'vitest';
import {
  ORIENTATIONS,
  ROOM_TYPE_COUNT,
  SIDES,
  TURNS,
  turnRoom,
  wayOut,
} from '../../../src/engine/crusade/rooms.js';

// The room table of docs/crusade.md, restated here by hand so that the code's table is checked against the text.
const RULES: Record<number, [string, string, string, number, number]> = {
  0: ['—', '—', '—', 0, 0],
  1: ['down', 'down', 'down', 1, 1],
  2: ['—', 'right', 'left', 3, 3],
  3: ['down', '—', '—', 2, 2],
  4: ['left', '—', 'down', 5, 5],
  5: ['right', 'down', '—', 4, 4],
  6: ['—', 'right', 'left', 9, 7],
  7: ['down', '—', 'down', 6, 8],
  8: ['—', 'down', 'down', 7, 9],
  9: ['down', 'down', '—', 8, 6],
  10: ['left', '—', '—', 13, 11],
  11: ['right', '—', '—', 10, 12],
  12: ['—', '—', 'down', 11, 13],
  13: ['—', 'down', '—', 12, 10],
};
const AS_WAY = { '—': 'NONE', down: 'DOWN', left: 'LEFT', right: 'RIGHT' } as const;

describe('rooms: the room table of docs/crusade.md', () => {
  for (let type = 0; type < ROOM_TYPE_COUNT; type++) {
    it(`type ${type}: every entry side, both rotations`, () => {
      const [top, left, right, turnedLeft, turnedRight] = RULES[type];
      expect(SIDES.map((side) => wayOut(type, side))).toEqual([
        AS_WAY[top as keyof typeof AS_WAY],
        AS_WAY[left as keyof typeof AS_WAY],
        AS_WAY[right as keyof typeof AS_WAY],
      ]);
      expect(turnRoom(type, 'LEFT')).toBe(turnedLeft);
      expect(turnRoom(type, 'RIGHT')).toBe(turnedRight);
    });
  }

  it('a locked room (negative type) leads the same way as its type', () => {
    expect(wayOut(-4, 'TOP')).toBe('LEFT');
    expect(wayOut(-4, 'RIGHT')).toBe('DOWN');
    expect(wayOut(-13, 'LEFT')).toBe('DOWN');
  });

  it('LEFT and RIGHT undo each other', () => {
    for (let type = 0; type < ROOM_TYPE_COUNT; type++) {
      expect(turnRoom(turnRoom(type, 'LEFT'), 'RIGHT')).toBe(type);
      expect(turnRoom(turnRoom(type, 'RIGHT'), 'LEFT')).toBe(type);
    }
  });

  it('quarter turns between types: 0, 1 or 2, and -1 across families', () => {
    const turns = (from: number, to: number) => TURNS[from * ROOM_TYPE_COUNT + to];
    expect(turns(6, 6)).toBe(0);
    expect(turns(6, 7)).toBe(1);
    expect(turns(6, 9)).toBe(1);
    expect(turns(6, 8)).toBe(2);
    expect(turns(10, 12)).toBe(2);
    expect(turns(2, 3)).toBe(1);
    expect(turns(4, 5)).toBe(1);
    expect(turns(2, 4)).toBe(-1);
    expect(turns(1, 0)).toBe(-1);
    expect(ORIENTATIONS.map((types) => types.length)).toEqual([
      1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4,
    ]);
    expect(ORIENTATIONS[7]).toEqual([7, 6, 8, 9]);
  });
});
