// Generated levels (docs/generation.md): the `generateLevel` mutation, its input and its result. The
// engine checks every value and words every error; this file only maps GraphQL's enums and
// input onto the engine's options.
import {
  sizeOfGeneration,
  ALGORITHMS,
  GENERATION_LIMITS,
  SHAPES,
  GENERATE_ERROR_CODES,
  type GenerateErrorCode,
  type MadeLevel,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { LevelRef, writeLevel } from '../loaders.js';
import { priceByLevels } from '../pricing.js';
import {
  ClientError,
  EXPECTED_VERSION,
  LEVEL_ID,
  VersionConflictError,
  clientErrorType,
} from './errors.js';
import { NAME_ARG, TAGS_ARG } from './labels.js';

/** The engine's generation error: bad input or a maze the options can't make. */
export class GenerationError extends ClientError<GenerateErrorCode> {
  override name = 'GenerationError';
}

/** The object type of a made level: the stored level and the warnings of making it. */
export function madeLevelType(name: string, description: string, warningsDescription: string) {
  return builder.objectRef<MadeLevel>(name).implement({
    description,
    fields: (t) => ({
      level: t.field({
        type: LevelRef,
        description: 'The level as stored.',
        resolve: (made) => made.level,
      }),
      warnings: t.stringList({
        description: warningsDescription,
        resolve: (made) => [...made.warnings],
      }),
    }),
  });
}

clientErrorType(GenerationError, {
  name: 'GenerationError',
  codeEnum: 'GenerationErrorCode',
  description: 'The input cannot make a level (the message says which value and why).',
  codes: GENERATE_ERROR_CODES,
  codeDescription:
    'Which input value is wrong (INVALID_<NAME> for each input), or why the options cannot make ' +
    'a level (ENTRY_EQUALS_EXIT, ON_PATTERN, NO_ROOM); INVALID_ID, LEVEL_TOO_LARGE, ' +
    "INVALID_NAME and INVALID_TAGS are the service's own.",
});

/** `growing-tree` is GROWING_TREE in GraphQL (docs/generation.md: upper snake case). */
function enumValues<T extends string>(
  names: readonly T[],
  text: Readonly<Record<T, string>>,
): Record<string, { value: T; description: string }> {
  return Object.fromEntries(
    names.map((name) => [
      name.toUpperCase().replaceAll('-', '_'),
      { value: name, description: text[name] },
    ]),
  );
}

/** Each algorithm's texture (docs/generation.md). */
const ALGORITHM_TEXT: Readonly<Record<(typeof ALGORITHMS)[number], string>> = {
  backtracker:
    'Recursive backtracker (randomised depth-first search): long winding corridors, few dead ' +
    'ends.',
  'growing-tree':
    'A list of active cells; each step takes the newest (probability 1/2) or a random one: ' +
    'between backtracker and Prim.',
  prim: 'Simplified Prim: a random frontier cell joins the tree: many short dead ends.',
  kruskal: 'Randomised Kruskal: walls in random order, each opened when it joins two pieces.',
  wilson: 'Loop-erased random walks: a uniform spanning tree.',
  'aldous-broder': 'One random walk, opening the wall into each new cell: also uniform.',
  'hunt-and-kill': 'Random walk until stuck, then hunt row by row for a cell next to the maze.',
  eller: 'Row by row, with sets of joined cells; the last row joins all sets.',
  sidewinder: 'Runs along a row, each closed by one opening north; the top row is one corridor.',
  'binary-tree':
    'Each cell opens north or east: the top row and the east column are straight corridors.',
};

const SHAPE_TEXT: Readonly<Record<(typeof SHAPES)[number], string>> = {
  perfect: 'One route between any two cells.',
  imperfect: 'Extra loops.',
  braid: 'At most 2 dead ends.',
};

const MazeAlgorithm = builder.enumType('MazeAlgorithm', {
  description: 'How the maze is carved.',
  values: enumValues(ALGORITHMS, ALGORITHM_TEXT),
});

const MazeShape = builder.enumType('MazeShape', {
  description:
    'PERFECT: one route between any two cells; IMPERFECT: extra loops; BRAID: at most 2 dead ends.',
  values: enumValues(SHAPES, SHAPE_TEXT),
});

const MazeCellInput = builder.inputType('MazeCellInput', {
  description: 'A maze cell: x is the column, y the row, both from 0.',
  fields: (t) => ({
    x: t.int({ required: true, description: 'The column, from 0 at the left.' }),
    y: t.int({ required: true, description: 'The row, from 0 at the top.' }),
  }),
});

export const GenerateLevelInput = builder.inputType('GenerateLevelInput', {
  description:
    'A maze of width x height cells, drawn as (2*height+1) x (2*width+1) glyphs. The same ' +
    'input gives the same level everywhere. Unset options take their defaults.',
  fields: (t) => ({
    width: t.int({ required: true, description: `Cells, 1 to ${GENERATION_LIMITS.maxSize}.` }),
    height: t.int({ required: true, description: `Cells, 1 to ${GENERATION_LIMITS.maxSize}.` }),
    // Float: GraphQL's Int stops at 2^31-1, the seed goes to 2^32-1 (it must be whole).
    seed: t.float({
      required: true,
      description: `A whole number from 0 to ${GENERATION_LIMITS.maxSeed}.`,
    }),
    algorithm: t.field({ type: MazeAlgorithm, description: 'Default BACKTRACKER.' }),
    shape: t.field({ type: MazeShape, description: 'Default PERFECT.' }),
    pattern42: t.boolean({
      description:
        'Close cells in the middle to draw a "42" (default false); a maze under 9x7 cells ' +
        'is made without it, with a warning.',
    }),
    entry: t.field({ type: MazeCellInput, description: 'Where S goes; default (0,0).' }),
    exit: t.field({
      type: MazeCellInput,
      description: 'Where E goes; default (width-1, height-1).',
    }),
    terrain: t.float({ description: 'Fraction 0 to 1 of floors turned into terrain 2-9.' }),
    gates: t.int({ description: 'Number of one-way gates (default 0).' }),
    keys: t.int({
      description: `Key and door pairs, 0 to ${GENERATION_LIMITS.maxKeys}; every door is needed.`,
    }),
  }),
});

export const GeneratedLevel = madeLevelType(
  'GeneratedLevel',
  'The level stored as the next version of its id.',
  'What was made differently from what was asked (e.g. no room for the "42").',
);

builder.mutationField('generateLevel', (t) =>
  t.field({
    type: GeneratedLevel,
    description:
      'Generates a level and stores it (with `name` and `tags`) as the next version of `id`; ' +
      'a GenerationError or a VersionConflict changes nothing.',
    args: {
      id: t.arg.id({ required: true, ...LEVEL_ID }),
      input: t.arg({ type: GenerateLevelInput, required: true, description: 'What to make.' }),
      expectedVersion: t.arg.int(EXPECTED_VERSION),
      name: t.arg.string(NAME_ARG),
      tags: t.arg.stringList(TAGS_ARG),
    },
    // The most the generated level can cost (service/answers.ts).
    extensions: priceByLevels<{ input: { width?: unknown; height?: unknown; keys?: unknown } }>(
      ({ input }) => ({ stored: [], made: [sizeOfGeneration(input)] }),
    ),
    errors: {
      types: [GenerationError, VersionConflictError],
      directResult: true,
      union: {
        name: 'GenerateLevelResult',
        description: 'The level made and stored, or why nothing was stored.',
      },
    },
    resolve: (_root, { id, input, expectedVersion, name, tags }, context) => {
      const { width, height, seed, ...options } = input;
      // Unset and null options alike take the engine's defaults.
      return writeLevel(
        context,
        id,
        (service) =>
          service.generate(id, { width, height, seed, options }, { expectedVersion, name, tags }),
        GenerationError,
      );
    },
  }),
);
