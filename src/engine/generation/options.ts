// The generator's input (SPEC §6), checked from untrusted JSON: the names, defaults, limits
// and the exact error texts live here.

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

export interface GenerationRequest {
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly options: GenerationOptions;
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

export type ParsedRequest = { ok: true; request: GenerationRequest } | { ok: false; error: string };

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

/** A rejected value: its message is the error text. */
class Rejection {
  constructor(readonly message: string) {}
}

function integerIn(name: string, value: unknown, min: number, max: number): number | Rejection {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return new Rejection(
      `${name} must be an integer from ${min} to ${max}, got ${describe(value)}`,
    );
  }
  return value;
}

function oneOf<T extends string>(name: string, value: unknown, names: readonly T[]): T | Rejection {
  if (typeof value !== 'string' || !(names as readonly string[]).includes(value)) {
    return new Rejection(`${name} must be one of ${names.join(', ')}, got ${describe(value)}`);
  }
  return value as T;
}

function flag(name: string, value: unknown): boolean | Rejection {
  return typeof value === 'boolean'
    ? value
    : new Rejection(`${name} must be true or false, got ${describe(value)}`);
}

function fraction(name: string, value: unknown): number | Rejection {
  return typeof value === 'number' && value >= 0 && value <= 1
    ? value
    : new Rejection(`${name} must be a number from 0 to 1, got ${describe(value)}`);
}

function mazeCell(
  name: string,
  value: unknown,
  width: number,
  height: number,
): MazeCell | Rejection {
  const isCell =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((key) => key === 'x' || key === 'y') &&
    Number.isInteger((value as { x?: unknown }).x) &&
    Number.isInteger((value as { y?: unknown }).y);
  if (!isCell) {
    return new Rejection(
      `${name} must be a cell {"x": column, "y": row} with integer x and y, got ${describe(value)}`,
    );
  }
  const { x, y } = value as MazeCell;
  if (x < 0 || x >= width || y < 0 || y >= height) {
    return new Rejection(
      `${name} (${x},${y}) is outside the ${width}x${height} maze (x from 0 to ${width - 1}, y from 0 to ${height - 1})`,
    );
  }
  return { x, y };
}

/**
 * Checks `generateLevel`'s input, in this order: width, height, seed, options (unknown names
 * first, then each option in the order of OPTION_NAMES, then entry != exit). `options` may be
 * missing or null, and so may each option (null = the default), which is what a GraphQL input
 * with unset fields gives.
 */
export function parseGenerationInput(input: {
  width: unknown;
  height: unknown;
  seed: unknown;
  options?: unknown;
}): ParsedRequest {
  const { maxSize, minSize, maxSeed, maxKeys, maxGates } = GENERATION_LIMITS;
  const width = integerIn('width', input.width, minSize, maxSize);
  if (width instanceof Rejection) return { ok: false, error: width.message };
  const height = integerIn('height', input.height, minSize, maxSize);
  if (height instanceof Rejection) return { ok: false, error: height.message };
  const seed = integerIn('seed', input.seed, 0, maxSeed);
  if (seed instanceof Rejection) return { ok: false, error: seed.message };

  const raw = input.options ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, error: `options must be an object, got ${describe(raw)}` };
  }
  const given = raw as Record<string, unknown>;
  const unknownName = Object.keys(given).find(
    (name) => !(OPTION_NAMES as readonly string[]).includes(name),
  );
  if (unknownName !== undefined) {
    return {
      ok: false,
      error: `unknown option '${unknownName}' (options are ${OPTION_NAMES.join(', ')})`,
    };
  }
  const value = (name: (typeof OPTION_NAMES)[number]): unknown =>
    Object.hasOwn(given, name) ? given[name] : undefined;

  const checked = {
    algorithm: oneOf('algorithm', value('algorithm') ?? 'backtracker', ALGORITHMS),
    shape: oneOf('shape', value('shape') ?? 'perfect', SHAPES),
    pattern42: flag('pattern42', value('pattern42') ?? false),
    entry: mazeCell('entry', value('entry') ?? { x: 0, y: 0 }, width, height),
    exit: mazeCell('exit', value('exit') ?? { x: width - 1, y: height - 1 }, width, height),
    terrain: fraction('terrain', value('terrain') ?? 0),
    gates: integerIn('gates', value('gates') ?? 0, 0, maxGates),
    keys: integerIn('keys', value('keys') ?? 0, 0, maxKeys),
  };
  for (const name of OPTION_NAMES) {
    const result = checked[name];
    if (result instanceof Rejection) return { ok: false, error: result.message };
  }
  const options = checked as {
    [K in keyof typeof checked]: Exclude<(typeof checked)[K], Rejection>;
  };
  const { entry, exit } = options;
  if (entry.x === exit.x && entry.y === exit.y) {
    return {
      ok: false,
      error: `entry and exit must be different cells, both are (${entry.x},${entry.y})`,
    };
  }
  return { ok: true, request: { width, height, seed, options } };
}
