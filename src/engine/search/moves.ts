// A walk as the letters `walkLevel(moves:)` takes (docs/rules.md): U R D L, one a step.
import { MOVE_LETTERS } from '../level/glyphs.js';
import type { Level } from '../level/level.js';

const [UP, RIGHT, DOWN, LEFT] = MOVE_LETTERS.map((letter) => letter.charCodeAt(0));
const ASCII = new TextDecoder('latin1');

/** The moves between consecutive cells (row * width + col) of a walk, S first: one letter a step. */
export function movesOf(level: Pick<Level, 'width'>, cells: ArrayLike<number>): string {
  const { width } = level;
  const codes = new Uint8Array(Math.max(0, cells.length - 1));
  for (let i = 1; i < cells.length; i++) {
    const delta = cells[i] - cells[i - 1];
    // Rows first: in a level one cell wide, a step of 1 is a step down.
    codes[i - 1] = delta === -width ? UP : delta === width ? DOWN : delta === 1 ? RIGHT : LEFT;
  }
  return ASCII.decode(codes);
}
