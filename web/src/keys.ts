// Key tests and key maps for the COMMANDS table (commands.ts), and what counts as a text
// field (whose keys are its own).
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

const NOT_TEXT = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'];

/** A text field: keys go to it (a checkbox, a radio button or a button is not one). */
export function isTextField(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  if (!element?.tagName) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return tag === 'input' && !NOT_TEXT.includes(element.type ?? 'text');
}
