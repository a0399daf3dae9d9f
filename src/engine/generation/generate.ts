// generateLevel (docs/generation.md): from untrusted input to the rows of a level, deterministically.
//
// The steps, each drawing from one seeded Prng in this order (so an option used by a later
// step never changes what an earlier step made: terrain never moves a wall):
// 1. the "42" (no randomness), 2. the carver, then joinComponents, 3. locked sections for
// keys, 4. the shape, 5. features: S/E, keys and doors, gates, terrain.
// Steps 2-4 change walls; asked for, every change is recorded as a carving step
// (carving-steps.ts). Step 5 draws on the glyphs and never changes a wall.
import { type Result, fail, mapResult, ok } from '../result.js';
import { CARVERS } from './algorithms/index.js';
import { CarvingSteps, type PhaseSteps } from './carving-steps.js';
import { placeFeatures } from './features.js';
import { canvasRows, drawWalls } from './glyph-layout.js';
import { lockSections } from './locked-sections.js';
import {
  type GenerationFailure,
  type GenerationInput,
  type GenerationRequest,
  parseGenerationInput,
} from './options.js';
import { layPattern42, pattern42TooSmallWarning } from './pattern42.js';
import { Prng } from './prng.js';
import { applyShape } from './shapes.js';
import { joinComponents } from './spanning.js';
import { WallGrid } from './wall-grid.js';

export {
  ALGORITHMS,
  SHAPES,
  GENERATION_LIMITS,
  OPTION_NAMES,
  GENERATION_ERROR_CODES,
} from './options.js';
export { CARVING_PHASES, encodeSteps, decodeSteps } from './carving-steps.js';
export type { CarvingPhase, PhaseSteps } from './carving-steps.js';
export type {
  Algorithm,
  Shape,
  GenerationOptions,
  MazeCell,
  GenerationErrorCode,
  GenerationFailure,
  GenerationInput,
} from './options.js';

/** A generated level: its rows, and what was made differently from what was asked. */
export interface GeneratedLevel {
  readonly rows: string[];
  readonly warnings: string[];
}

export type GenerateResult = Result<GeneratedLevel, GenerationFailure>;

export interface GeneratedMaze {
  readonly grid: WallGrid;
  readonly rows: string[];
  readonly warnings: string[];
}

/**
 * The whole pipeline on a checked request; the grid is returned too, for tests. With
 * `steps`, every wall change is recorded there, in order, by phase (nothing else differs).
 */
export function generateMaze(
  request: GenerationRequest,
  steps: CarvingSteps | null = null,
): Result<GeneratedMaze, GenerationFailure> {
  const { width, height, seed, options } = request;
  const rng = new Prng(seed);
  const grid = new WallGrid(width, height);
  const warnings: string[] = [];

  if (options.pattern42 && !layPattern42(grid)) {
    warnings.push(pattern42TooSmallWarning(width, height));
  }
  if (steps !== null) grid.record(steps);
  const entry = options.entry.y * width + options.entry.x;
  const exit = options.exit.y * width + options.exit.x;
  for (const [name, cell] of [
    ['entry', entry],
    ['exit', exit],
  ] as const) {
    if (grid.isPattern(cell)) {
      return fail('ON_PATTERN', `${name} ${grid.describe(cell)} is a cell of the 42 pattern`);
    }
  }

  steps?.begin('carve');
  CARVERS[options.algorithm](grid, rng);
  steps?.begin('join');
  joinComponents(grid, rng);

  let sections = null;
  steps?.begin('keys');
  if (options.keys > 0) {
    const locked = lockSections(grid, rng, entry, exit, options.keys, options.shape === 'braid');
    if (!locked.ok) return locked;
    sections = locked.value;
  }

  steps?.begin('shape');
  warnings.push(...applyShape(grid, rng, options.shape, sections?.section ?? null));

  const canvas = drawWalls(grid);
  const placed = placeFeatures(canvas, grid, rng, {
    entry,
    exit,
    sections,
    gates: options.gates,
    terrain: options.terrain,
  });
  if (!placed.ok) return placed;
  return ok({ grid, rows: canvasRows(canvas), warnings });
}

/**
 * A new level from `width` x `height` maze cells, a seed and options (docs/generation.md), straight from
 * untrusted input: every mistake is a failure with a code and a message (limits, codes and
 * texts in options.ts), never an exception. The same input gives the same rows on every machine and every run.
 */
export function generateLevel(input: GenerationInput): GenerateResult {
  const parsed = parseGenerationInput(input);
  if (!parsed.ok) return parsed;
  return mapResult(generateMaze(parsed.value), ({ rows, warnings }) => ({ rows, warnings }));
}

/** A generated level with the steps that carved it (docs/generation.md, "Carving steps"). */
export interface CarvedLevel extends GeneratedLevel {
  /** Maze cells across and down. */
  readonly width: number;
  readonly height: number;
  /** Every wall change, in order (carving-steps.ts: one integer a step). */
  readonly steps: Int32Array;
  /** The passes that changed walls, each with its steps, in order. */
  readonly phases: readonly PhaseSteps[];
}

/**
 * `generateLevel` with its carving steps: the same input gives the same rows and warnings, and
 * the steps replayed on a closed grid give exactly the walls of those rows.
 */
export function generateCarving(input: GenerationInput): Result<CarvedLevel, GenerationFailure> {
  const parsed = parseGenerationInput(input);
  if (!parsed.ok) return parsed;
  const recorder = new CarvingSteps();
  const { width, height } = parsed.value;
  return mapResult(generateMaze(parsed.value, recorder), ({ rows, warnings }) => ({
    rows,
    warnings,
    width,
    height,
    steps: recorder.steps(),
    phases: recorder.phases(),
  }));
}
