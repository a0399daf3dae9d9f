// The carving steps of a generation as the service answers them (docs/generation.md,
// "Carving steps"): generateLevel's rows with every wall change as text (carveLevel), and
// their size for the request budget before anything runs (sizeOfCarving).
import {
  GENERATION_LIMITS,
  type CarvedLevel,
  type GenerationFailure,
  type GenerationInput,
  encodeSteps,
  generateCarving,
} from '../engine/generation/generate.js';
import type { LevelLimits } from '../engine/level/parse.js';
import { type Failure, type Result, fail, ok } from '../engine/result.js';

export {
  CARVING_PHASES,
  type CarvingPhase,
  type PhaseSteps,
} from '../engine/generation/generate.js';

/** A generation with its carving steps as text (docs/generation.md, "Carving steps"). */
export interface Carving extends Omit<CarvedLevel, 'steps'> {
  /** `encodeSteps` of the steps: 3 base64url characters a step. */
  readonly steps: string;
  readonly stepCount: number;
}

export type CarvingResult = Result<Carving, GenerationFailure | Failure<'LEVEL_TOO_LARGE'>>;

/**
 * The most steps a generation of `width` x `height` cells can record, for pricing before it
 * runs: every step changes one of the fewer than 2 * cells walls; carving opens cells - 1 of
 * them, keys close at most the walls of 4 boundaries and open as many again, and a shape
 * opens walls still closed (braid closes a few more). 4 * cells bounds that with room to
 * spare (measured: at most 1.67 * cells; test/service/carving.test.ts checks 2 * cells).
 */
export function maxCarvingSteps(width: number, height: number): number {
  return 4 * width * height;
}

/** What a carving of `generateCarving` costs, from its input, before it runs. */
export interface CarvingSize {
  /** The glyphs of the level it makes. */
  readonly glyphs: number;
  /** The most steps it can record (maxCarvingSteps). */
  readonly steps: number;
  /** The JSON of its rows: each row's glyphs, quotes and comma, and the brackets. */
  readonly rowsBytes: number;
}

/** The size of a carving; null when width or height is not one the engine takes. */
export function sizeOfCarving(input: {
  readonly width?: unknown;
  readonly height?: unknown;
}): CarvingSize | null {
  const ok = (n: unknown): n is number =>
    typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= GENERATION_LIMITS.maxSize;
  const { width, height } = input;
  if (!ok(width) || !ok(height)) return null;
  const glyphs = (2 * width + 1) * (2 * height + 1);
  return {
    glyphs,
    steps: maxCarvingSteps(width, height),
    rowsBytes: glyphs + 3 * (2 * height + 1) + 2,
  };
}

/**
 * `generateLevel`'s rows and warnings with the steps that carved them, storing nothing. A
 * level larger than `limits` is refused as a save of it would be (LEVEL_TOO_LARGE).
 */
export function carveLevel(request: GenerationInput, limits: LevelLimits): CarvingResult {
  const carved = generateCarving(request);
  if (!carved.ok) return carved;
  const { steps, ...rest } = carved.value;
  if (rest.rows.length > limits.maxRows || rest.rows[0].length > limits.maxCols) {
    // The text parseLevel gives a save of these rows.
    return fail('LEVEL_TOO_LARGE', `level too large (max ${limits.maxRows}x${limits.maxCols})`);
  }
  return ok({ ...rest, steps: encodeSteps(steps), stepCount: steps.length });
}
