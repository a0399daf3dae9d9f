// The carving steps of a generation (docs/generation.md, "Carving steps"): `generateCarving`
// answers what `generateLevel` would store, and every wall change that made it, storing
// nothing, so that a display can animate the carving before anything is saved.
import {
  CARVING_PHASES,
  type Carving,
  type CarvingPhase,
  type Failure,
  type GenerateErrorCode,
  type PhaseSteps,
  sizeOfCarving,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { priceByWork } from '../pricing.js';
import { GenerateLevelInput, GenerationError } from './generation.js';

/** What each pass does. */
const PHASE_TEXT: Readonly<Record<CarvingPhase, string>> = {
  carve: 'The algorithm carves the maze.',
  join: 'Joins the pieces a row carver leaves under the "42".',
  keys: 'Closes the band boundaries, rejoins each band, opens the doors.',
  shape: 'IMPERFECT and BRAID open walls; BRAID may close a few.',
};

const CarvingPhaseName = builder.enumType('CarvingPhaseName', {
  description:
    'The passes that change walls, in the order they run: CARVE (the algorithm), JOIN (joins ' +
    'the pieces a row carver leaves under the "42"), KEYS (closes the band boundaries, ' +
    'rejoins each band, opens the doors), SHAPE (IMPERFECT and BRAID open walls; BRAID may ' +
    'close a few).',
  values: Object.fromEntries(
    CARVING_PHASES.map((phase) => [
      phase.toUpperCase(),
      { value: phase, description: PHASE_TEXT[phase] },
    ]),
  ) as Record<Uppercase<CarvingPhase>, { value: CarvingPhase; description: string }>,
});

const CarvingPhaseRef = builder.objectRef<PhaseSteps>('CarvingPhase').implement({
  description: 'A pass of the generation and its steps: `count` steps from step `start`.',
  fields: (t) => ({
    phase: t.field({
      type: CarvingPhaseName,
      description: 'Which pass.',
      resolve: (phase) => phase.phase,
    }),
    start: t.exposeInt('start', { description: 'The index (from 0) of its first step.' }),
    count: t.exposeInt('count', { description: 'Its steps (0 when it changed nothing).' }),
  }),
});

const CarvingRef = builder.objectRef<Carving>('Carving').implement({
  description:
    'A generated level and the wall changes that carved it, in order. The steps replayed on a ' +
    'grid with every wall closed (the "42" cells closed for good) give exactly the walls of ' +
    '`rows`; the features (S, E, keys, doors, gates, terrain) are drawn afterwards.',
  fields: (t) => ({
    rows: t.exposeStringList('rows', {
      description: 'The rows generateLevel stores for the same input, exactly.',
    }),
    warnings: t.exposeStringList('warnings', {
      description: 'What was made differently from what was asked (as generateLevel says).',
    }),
    width: t.exposeInt('width', { description: 'Maze cells across.' }),
    height: t.exposeInt('height', { description: 'Maze cells down.' }),
    steps: t.exposeString('steps', {
      description:
        'Every wall change, 3 base64url characters each, most significant first: step = ' +
        '2 * wall + (1 opened, 0 closed), wall = 2 * cell + (0 east wall, 1 south wall), ' +
        'cell = y * width + x, the cell west or north of the wall.',
    }),
    stepCount: t.exposeInt('stepCount', { description: 'The steps (a third of the text).' }),
    phases: t.field({
      type: [CarvingPhaseRef],
      description: 'Every pass in order, with its steps (a pass that changed nothing too).',
      resolve: (carving) => [...carving.phases],
    }),
  }),
});

builder.queryField('generateCarving', (t) =>
  t.field({
    type: CarvingRef,
    description:
      'What generateLevel would make of `input` (the same rows and warnings), with the steps ' +
      'that carved it, storing nothing: a display animates the carving, then saves with ' +
      'generateLevel. A GenerationError when the input cannot make a level.',
    args: {
      input: t.arg({ type: GenerateLevelInput, required: true, description: 'What to make.' }),
    },
    // Priced from the size before anything runs: the glyphs made, and for each time they are
    // asked at most sizeOfCarving's steps of 3 characters, and the rows' JSON. A bad size is
    // not priced: the field answers its GenerationError.
    extensions: priceByWork<{ input: { width?: unknown; height?: unknown } }>(
      ({ input }, asked) => {
        const size = sizeOfCarving(input);
        if (size === null) throw new Error('bad size');
        return {
          solve: size.glyphs,
          responseBytes:
            asked('Carving', 'steps') * (3 * size.steps + 2) +
            asked('Carving', 'rows') * size.rowsBytes,
        };
      },
    ),
    errors: {
      types: [GenerationError],
      directResult: true,
      union: {
        name: 'GenerateCarvingResult',
        description: 'The carving, or why the input cannot make a level.',
      },
    },
    resolve: (_root, { input }, context) => {
      const { width, height, seed, ...options } = input;
      const carved = context.service.carve({ width, height, seed, options });
      if (!carved.ok) throw new GenerationError(carved.error as Failure<GenerateErrorCode>);
      return carved.value;
    },
  }),
);
