// The carving steps of a generation as the editor replays them (docs/generation.md, "Carving
// steps"; the server's `generateCarving`). Apart from any view: the glyphs of the grid as walls
// (1) or open (0), from the closed grid (every wall closed, the "42" cells closed for good)
// step by step to the walls of the final rows. Drawing is CarvingView's.

/** What `generateCarving` answers, as the replay needs it. */
export interface CarvingData {
  readonly rows: readonly string[];
  readonly width: number;
  readonly height: number;
  /** 3 base64url characters a step. */
  readonly steps: string;
  /** What was made differently from what was asked (as generateLevel says). */
  readonly warnings?: readonly string[];
  readonly phases: readonly {
    readonly phase: string;
    readonly start: number;
    readonly count: number;
  }[];
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Map([...ALPHABET].map((letter, value) => [letter.charCodeAt(0), value]));

/** The steps of the text; null when it is not 3 base64url characters a step. */
export function decodeSteps(text: string): Int32Array | null {
  if (text.length % 3 !== 0) return null;
  const steps = new Int32Array(text.length / 3);
  for (let i = 0; i < steps.length; i++) {
    let step = 0;
    for (let k = 0; k < 3; k++) {
      const value = VALUE_OF.get(text.charCodeAt(3 * i + k));
      if (value === undefined) return null;
      step = step * 64 + value;
    }
    steps[i] = step;
  }
  return steps;
}

/** The glyph (row-major index in the rows) of the wall a step changes, and whether it opens. */
export function wallOfStep(
  step: number,
  width: number,
): { readonly glyph: number; readonly open: boolean } {
  const wall = step >> 1;
  const cell = wall >> 1;
  const x = cell % width;
  const y = (cell - x) / width;
  const columns = 2 * width + 1;
  const [row, col] = (wall & 1) === 0 ? [2 * y + 1, 2 * x + 2] : [2 * y + 2, 2 * x + 1];
  return { glyph: row * columns + col, open: (step & 1) === 1 };
}

/** The replay of a carving: `done` steps applied to the closed grid. */
export class CarvingReplay {
  readonly columns: number;
  readonly lines: number;
  readonly steps: Int32Array;
  /** 1 where a glyph is a wall now. */
  readonly walls: Uint8Array;
  /** 1 where a glyph is part of the "42" (a wall in a 3x3 block of walls, at the end too). */
  readonly solid: Uint8Array;
  done = 0;

  constructor(readonly carving: CarvingData) {
    const steps = decodeSteps(carving.steps);
    if (!steps) throw new Error('the carving steps are not 3 base64url characters each');
    this.steps = steps;
    this.columns = 2 * carving.width + 1;
    this.lines = 2 * carving.height + 1;
    this.walls = new Uint8Array(this.columns * this.lines).fill(1);
    carving.rows.forEach((row, r) => {
      if (r % 2 === 0) return;
      for (let c = 1; c < this.columns; c += 2) {
        if (row[c] !== '#') this.walls[r * this.columns + c] = 0;
      }
    });
    this.solid = solidGlyphs(carving.rows);
  }

  get total(): number {
    return this.steps.length;
  }

  /** The phase step `index` belongs to (the last one when all are done). */
  phaseAt(index: number): string {
    const { phases } = this.carving;
    for (const phase of phases) {
      if (index < phase.start + phase.count) return phase.phase;
    }
    return phases.length > 0 ? phases[phases.length - 1].phase : '';
  }

  /** Applies the steps up to `target` (at most the total); answers the glyphs they changed. */
  advance(target: number): number[] {
    const end = Math.min(target, this.steps.length);
    const changed: number[] = [];
    for (; this.done < end; this.done++) {
      const { glyph, open } = wallOfStep(this.steps[this.done], this.carving.width);
      this.walls[glyph] = open ? 0 : 1;
      changed.push(glyph);
    }
    return changed;
  }

  /** The glyphs now, `#` for a wall and `.` for the rest (for tests). */
  wallRows(): string[] {
    const rows: string[] = [];
    for (let r = 0; r < this.lines; r++) {
      let row = '';
      for (let c = 0; c < this.columns; c++) row += this.walls[r * this.columns + c] ? '#' : '.';
      rows.push(row);
    }
    return rows;
  }
}

/**
 * The walls of 3x3 blocks of walls in `rows` (render/ground.ts's rule for "solid" walls: the
 * "42"), by glyph index; the same glyphs are walls from the first step to the last.
 */
export function solidGlyphs(rows: readonly string[]): Uint8Array {
  const height = rows.length;
  const width = height > 0 ? rows[0].length : 0;
  const wall = (r: number, c: number) =>
    r >= 0 && c >= 0 && r < height && c < width && rows[r][c] === '#';
  const centres = new Uint8Array(width * height);
  for (let r = 1; r < height - 1; r++) {
    for (let c = 1; c < width - 1; c++) {
      let all = true;
      for (let dr = -1; dr <= 1 && all; dr++) {
        for (let dc = -1; dc <= 1 && all; dc++) all = wall(r + dr, c + dc);
      }
      if (all) centres[r * width + c] = 1;
    }
  }
  const solid = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (!wall(r, c)) continue;
      for (let dr = -1; dr <= 1 && !solid[r * width + c]; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr >= 0 && cc >= 0 && rr < height && cc < width && centres[rr * width + cc]) {
            solid[r * width + c] = 1;
            break;
          }
        }
      }
    }
  }
  return solid;
}
