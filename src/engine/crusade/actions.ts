// The planner's actions packed in one integer, so that lines of them live in typed arrays:
// WAIT, or cell * 2 + 0 for a quarter turn LEFT (counter-clockwise), + 1 for RIGHT (clockwise).
import { TURNED_LEFT, TURNED_RIGHT } from './rooms.js';
import type { CrusadeCommand } from './simulator.js';

export const WAIT = -1;

/** The quarter turn LEFT of room `cell`. */
export function leftTurn(cell: number): number {
  return cell * 2;
}

/** The quarter turn RIGHT of room `cell`. */
export function rightTurn(cell: number): number {
  return cell * 2 + 1;
}

/** The room an action turns (not for WAIT). */
export function actionCell(action: number): number {
  return action >> 1;
}

/** The type room type `room` becomes under a turn `action` (not WAIT). */
export function turnedBy(action: number, room: number): number {
  return (action & 1) === 0 ? TURNED_LEFT[room] : TURNED_RIGHT[room];
}

/** The turn of room `cell` one step from `room` toward `target` (LEFT when both are as short). */
export function turnToward(cell: number, room: number, target: number): number {
  return TURNED_RIGHT[room] === target && TURNED_LEFT[room] !== target
    ? rightTurn(cell)
    : leftTurn(cell);
}

/** Plays an action on `rooms` in place (WAIT changes nothing; the caller checked it is legal). */
export function applyAction(rooms: Int8Array, action: number): void {
  if (action === WAIT) return;
  const cell = actionCell(action);
  rooms[cell] = turnedBy(action, rooms[cell]);
}

/** The action as the simulator's and the protocol's command. */
export function actionCommand(action: number, width: number): CrusadeCommand {
  if (action === WAIT) return { kind: 'WAIT' };
  const cell = actionCell(action);
  const rotation = (action & 1) === 0 ? 'LEFT' : 'RIGHT';
  return { kind: 'ROTATE', x: cell % width, y: (cell / width) | 0, rotation };
}
