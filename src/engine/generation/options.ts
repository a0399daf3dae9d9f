// The generator's input (docs/generation.md), checked from untrusted JSON: the names, defaults, limits,
// the error codes and the exact error texts live here.
import { type Failure, type Result, fail, failed, ok } from '../result.js';

export const ALGORITHMS = [
  'backtracker',
  'growing-tree',
  'prim',
  'kruskal',
  'wilson',
  'aldous-broder',
  'hunt-and-kill',
  'eller',
  'sidewinder',
  'binary-tree',
] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

export const SHAPES = ['perfect', 'imperfect', 'braid'] as const;
export type Shape = (typeof SHAPES)[number];

export const GENERATION_LIMITS = {
  /** Width and height in maze cells: the level is (2*height+1) x (2*width+1) glyphs. */
  minSize: 1,
  maxSize: 250,
  maxSeed: 4294967295,
  maxKeys: 4,
  /** One gate per passage at most; a 250x250 maze has fewer passages than this. */
  maxGates: 250 * 250,
} as const;

/** A maze cell: x = column, y = row, both from 0. */
export interface MazeCell {
  readonly x: number;
  readonly y: number;
}

export const OPTION_NAMES = [
  'algorithm',
  'shape',
  'pattern42',
  'entry',
  'exit',
  'terrain',
  'gates',
  'keys',
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];

/** The code of a bad `name` value: INVALID_WIDTH, INVALID_PATTERN42, … */
function invalid<N extends string>(name: N): `INVALID_${Uppercase<N>}` {
  return `INVALID_${name.toUpperCase()}` as `INVALID_${Uppercase<N>}`;
}

/**
 * The codes of every generation failure: one per checked input in the order of the checks
 * (derived from OPTION_NAMES, so a new option gets its code), then the request as a whole
 * (ENTRY_EQUALS_EXIT, ON_PATTERN: entry or exit on a cell of the "42"), then generating
 * (NO_ROOM: the maze has no room for the gates or doors asked for).
 */
export const GENERATION_ERROR_CODES = [
  ...(['width', 'height', 'seed'] as const).map(invalid),
  'INVALID_OPTIONS',
  'UNKNOWN_OPTION',
  ...OPTION_NAMES.map(invalid),
  'ENTRY_EQUALS_EXIT',
  'ON_PATTERN',
  'NO_ROOM',
] as const;
export type GenerationErrorCode = (typeof GENERATION_ERROR_CODES)[number];
/** A generation failure: no place in the input, so `row` and `col` are null. */
export type GenerationFailure = Failure<GenerationErrorCode>;

export interface GenerationOptions {
  readonly algorithm: Algorithm;
  readonly shape: Shape;
  readonly pattern42: boolean;
  readonly entry: MazeCell;
  readonly exit: MazeCell;
  /** Fraction 0..1 of floor glyphs turned into terrain 2-9. */
  readonly terrain: number;
  readonly gates: number;
  readonly keys: number;
}

/**
 * generateLevel's input as it arrives (JSON in `run`, a GraphQL input, CLI flags): nothing in
 * it is trusted until parseGenerationInput has checked it.
 */
export interface GenerationInput {
  readonly width: unknown;
  readonly height: unknown;
  readonly seed: unknown;
  /** Missing or null: every default; so is each missing or null option. */
  readonly options?: unknown;
}

/** A checked input. */
export interface GenerationRequest {
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly options: GenerationOptions;
}

/** How a bad value is named in a message: JSON for plain values, else its kind. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'an object';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function' || typeof value === 'symbol') return `a ${typeof value}`;
  if (typeof value === 'string' && value.length > 40)
    return `${JSON.stringify(value.slice(0, 40))}…`;
  return JSON.stringify(value);
}

/** A checked value, or why it was refused. */
type Checked<T> = Result<T, GenerationFailure>;

function integerIn(
  name: 'width' | 'height' | 'seed' | 'gates' | 'keys',
  value: unknown,
  min: number,
  max: number,
): Checked<number> {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return fail(
      invalid(name),
      `${name} must be an integer from ${min} to ${max}, got ${describe(value)}`,
    );
  }
  return ok(value);
}

function oneOf<T extends string>(
  name: 'algorithm' | 'shape',
  value: unknown,
  names: readonly T[],
): Checked<T> {
  if (typeof value !== 'string' || !(names as readonly string[]).includes(value)) {
    return fail(
      invalid(name),
      `${name} must be one of ${names.join(', ')}, got ${describe(value)}`,
    );
  }
  return ok(value as T);
}

function flag(name: 'pattern42', value: unknown): Checked<boolean> {
  return typeof value === 'boolean'
    ? ok(value)
    : fail(invalid(name), `${name} must be true or false, got ${describe(value)}`);
}

function fraction(name: 'terrain', value: unknown): Checked<number> {
  return typeof value === 'number' && value >= 0 && value <= 1
    ? ok(value)
    : fail(invalid(name), `${name} must be a number from 0 to 1, got ${describe(value)}`);
}

function mazeCell(
  name: 'entry' | 'exit',
  value: unknown,
  width: number,
  height: number,
): Checked<MazeCell> {
  const isCell =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((key) => key === 'x' || key === 'y') &&
    Number.isInteger((value as { x?: unknown }).x) &&
    Number.isInteger((value as { y?: unknown }).y);
  if (!isCell) {
    return fail(
      invalid(name),
      `${name} must be a cell {"x": column, "y": row} with integer x and y, got ${describe(value)}`,
    );
  }
  const { x, y } = value as MazeCell;
  if (x < 0 || x >= width || y < 0 || y >= height) {
    return fail(
      invalid(name),
      `${name} (${x},${y}) is outside the ${width}x${height} maze (x from 0 to ${width - 1}, y from 0 to ${height - 1})`,
    );
  }
  return ok({ x, y });
}

/**
 * Checks `generateLevel`'s input, in this order: width, height, seed, options (unknown names
 * first, then each option in the order of OPTION_NAMES, then entry != exit). `options` may be
 * missing or null, and so may each option (null = the default), which is what a GraphQL input
 * with unset fields gives.
 */
export function parseGenerationInput(
  input: GenerationInput,
): Result<GenerationRequest, GenerationFailure> {
  const { maxSize, minSize, maxSeed, maxKeys, maxGates } = GENERATION_LIMITS;
  const width = integerIn('width', input.width, minSize, maxSize);
  if (!width.ok) return width;
  const height = integerIn('height', input.height, minSize, maxSize);
  if (!height.ok) return height;
  const seed = integerIn('seed', input.seed, 0, maxSeed);
  if (!seed.ok) return seed;

  const raw = input.options ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return fail('INVALID_OPTIONS', `options must be an object, got ${describe(raw)}`);
  }
  const given = raw as Record<string, unknown>;
  const unknownName = Object.keys(given).find(
    (name) => !(OPTION_NAMES as readonly string[]).includes(name),
  );
  if (unknownName !== undefined) {
    return fail(
      'UNKNOWN_OPTION',
      `unknown option '${unknownName}' (options are ${OPTION_NAMES.join(', ')})`,
    );
  }
  const value = (name: OptionName): unknown =>
    Object.hasOwn(given, name) ? given[name] : undefined;

  const [w, h] = [width.value, height.value];
  const checked = {
    algorithm: oneOf('algorithm', value('algorithm') ?? 'backtracker', ALGORITHMS),
    shape: oneOf('shape', value('shape') ?? 'perfect', SHAPES),
    pattern42: flag('pattern42', value('pattern42') ?? false),
    entry: mazeCell('entry', value('entry') ?? { x: 0, y: 0 }, w, h),
    exit: mazeCell('exit', value('exit') ?? { x: w - 1, y: h - 1 }, w, h),
    terrain: fraction('terrain', value('terrain') ?? 0),
    gates: integerIn('gates', value('gates') ?? 0, 0, maxGates),
    keys: integerIn('keys', value('keys') ?? 0, 0, maxKeys),
  };
  const values: Partial<Record<OptionName, unknown>> = {};
  for (const name of OPTION_NAMES) {
    const result = checked[name];
    if (!result.ok) return failed(result.error);
    values[name] = result.value;
  }
  const options = values as {
    [K in OptionName]: Extract<(typeof checked)[K], { ok: true }>['value'];
  };
  const { entry, exit } = options;
  if (entry.x === exit.x && entry.y === exit.y) {
    return fail(
      'ENTRY_EQUALS_EXIT',
      `entry and exit must be different cells, both are (${entry.x},${entry.y})`,
    );
  }
  return ok({ width: w, height: h, seed: seed.value, options });
}
