import { describe, expect, it } from 'vitest';
import {
  WAIT,
  actionCell,
  actionCommand,
  applyAction,
  leftTurn,
  rightTurn,
  turnToward,
  turnedBy,
} from '../../../src/engine/crusade/actions.js';

describe('actions: WAIT or cell * 2 + rotation', () => {
  it('packs a turn of a room and reads it back as a command', () => {
    // Room 7 of a 4-wide grid is (3, 1).
    expect(actionCell(leftTurn(7))).toBe(7);
    expect(actionCell(rightTurn(7))).toBe(7);
    expect(actionCommand(leftTurn(7), 4)).toEqual({ kind: 'ROTATE', x: 3, y: 1, rotation: 'LEFT' });
    expect(actionCommand(rightTurn(7), 4)).toEqual({
      kind: 'ROTATE',
      x: 3,
      y: 1,
      rotation: 'RIGHT',
    });
    expect(actionCommand(WAIT, 4)).toEqual({ kind: 'WAIT' });
  });

  it('turns a room LEFT counter-clockwise and RIGHT clockwise, WAIT leaves it', () => {
    expect(turnedBy(leftTurn(0), 6)).toBe(9);
    expect(turnedBy(rightTurn(0), 6)).toBe(7);
    const rooms = Int8Array.of(-3, 6, 2);
    applyAction(rooms, rightTurn(1));
    applyAction(rooms, leftTurn(2));
    applyAction(rooms, WAIT);
    expect(Array.from(rooms)).toEqual([-3, 7, 3]);
  });

  it('turns toward a target the short way, LEFT when both ways are as short', () => {
    expect(turnToward(5, 6, 7)).toBe(rightTurn(5)); // 6 -> 7 is one turn RIGHT
    expect(turnToward(5, 6, 9)).toBe(leftTurn(5)); // 6 -> 9 is one turn LEFT
    expect(turnToward(5, 6, 8)).toBe(leftTurn(5)); // a half turn: either way, LEFT first
    expect(turnToward(5, 2, 3)).toBe(leftTurn(5)); // 2 -> 3 either way
  });
});
