// The carving steps of a generation (docs/generation.md, "Carving steps"): every wall the wall
// model opened or closed, in order, recorded by `WallGrid.setWall` itself, so the steps cannot
// differ from the walls the level got. Replayed on a grid with every wall closed (the "42"
// cells closed for good), they give exactly the final walls.
//
// A step is one integer: 2 * wall + (1 opened, 0 closed), where wall = 2 * cell + (0 the east
// wall of the cell, 1 its south wall) and cell = y * width + x is the cell west or north of the
// wall. In text (`encodeSteps`), each step is 3 characters of the base64url alphabet, most
// significant first: a 250x250 maze has fewer than 64^3 / 4 = 65,536 cells.
import { EAST, WEST } from '../level/glyphs.js';

/** The passes that change walls, in the order they run (generate.ts). */
export const CARVING_PHASES = ['carve', 'join', 'keys', 'shape'] as const;
export type CarvingPhase = (typeof CARVING_PHASES)[number];

/** A pass and its steps: `count` steps from index `start`. */
export interface PhaseSteps {
  readonly phase: CarvingPhase;
  readonly start: number;
  readonly count: number;
}

/** The steps of one generation as they are recorded. */
export class CarvingSteps {
  private data = new Int32Array(1024);
  private size = 0;
  private readonly starts = new Int32Array(CARVING_PHASES.length);

  get length(): number {
    return this.size;
  }

  /** From now on steps belong to `phase` (phases begin in CARVING_PHASES order). */
  begin(phase: CarvingPhase): void {
    const index = CARVING_PHASES.indexOf(phase);
    for (let later = index; later < CARVING_PHASES.length; later++) this.starts[later] = this.size;
  }

  /** The wall between `cell` and its neighbour `next` in `direction` became open or closed. */
  wallChanged(cell: number, direction: number, next: number, open: boolean): void {
    const first = cell < next ? cell : next;
    const south = direction !== EAST && direction !== WEST ? 1 : 0;
    if (this.size === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.size++] = (((first << 1) | south) << 1) | (open ? 1 : 0);
  }

  /** The steps, in order. */
  steps(): Int32Array {
    return this.data.slice(0, this.size);
  }

  /** Each phase with its steps, in order (a phase that changed nothing has count 0). */
  phases(): PhaseSteps[] {
    return CARVING_PHASES.map((phase, index) => {
      const start = this.starts[index];
      const end = index + 1 < CARVING_PHASES.length ? this.starts[index + 1] : this.size;
      return { phase, start, count: end - start };
    });
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE_OF[ALPHABET.charCodeAt(i)] = i;
const ASCII = new TextDecoder();
const CODES = Uint8Array.from(ALPHABET, (letter) => letter.charCodeAt(0));

/** The largest step 3 characters can hold. */
export const MAX_STEP = 64 ** 3 - 1;

/** Steps as text: 3 base64url characters each, most significant first. */
export function encodeSteps(steps: ArrayLike<number>): string {
  const codes = new Uint8Array(steps.length * 3);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (!(step >= 0 && step <= MAX_STEP)) throw new RangeError(`step ${step} does not fit`);
    codes[3 * i] = CODES[step >> 12];
    codes[3 * i + 1] = CODES[(step >> 6) & 63];
    codes[3 * i + 2] = CODES[step & 63];
  }
  // ASCII is UTF-8: one decode of the bytes (a 250x250 maze: about 1 ms; building the text
  // from char codes costs about 30 times as much).
  return ASCII.decode(codes);
}

/** The steps of `encodeSteps`'s text; null when it is not such a text. */
export function decodeSteps(text: string): Int32Array | null {
  if (text.length % 3 !== 0) return null;
  const steps = new Int32Array(text.length / 3);
  for (let i = 0; i < steps.length; i++) {
    let step = 0;
    for (let k = 0; k < 3; k++) {
      const code = text.charCodeAt(3 * i + k);
      const value = code < 128 ? VALUE_OF[code] : -1;
      if (value < 0) return null;
      step = (step << 6) | value;
    }
    steps[i] = step;
  }
  return steps;
}
