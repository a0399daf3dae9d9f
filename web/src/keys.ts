// Key tests and key maps for the COMMANDS table (commands.ts).
import type { Move } from './play/play.js';

export const mod = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey;
export const plain = (event: KeyboardEvent) => !event.ctrlKey && !event.metaKey && !event.altKey;
export const ctrl =
  (letter: string, shift = false) =>
  (event: KeyboardEvent) =>
    mod(event) && event.key.toLowerCase() === letter && event.shiftKey === shift;

/** Play mode's moves: the arrows and W A S D. */
export const MOVES: Record<string, Move> = {
  ArrowUp: 'U',
  ArrowRight: 'R',
  ArrowDown: 'D',
  ArrowLeft: 'L',
  w: 'U',
  d: 'R',
  s: 'D',
  a: 'L',
  W: 'U',
  D: 'R',
  S: 'D',
  A: 'L',
};

export const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowRight: [0, 1],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
};
