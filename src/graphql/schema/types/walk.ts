// Walking a level yourself: `walkLevel(rows, moves)` plays the moves from S by the rules of
// docs/rules.md and answers where the walk went (a Walk), storing nothing.
import {
  POSITION_WEIGHT,
  sizeOfWalk,
  MAX_WALK_MOVES,
  parseMoves,
  type LoadErrorCode,
  type WalkAnswer,
  type Failure,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { checkArgs } from '../argument-checks.js';
import { priceByWork } from '../pricing.js';
import { badInput } from '../request-errors.js';
import { LevelValidationError } from './errors.js';
import { PositionRef } from './position.js';

const Walk = builder.objectRef<WalkAnswer>('Walk').implement({
  description: 'Where a walk of `walkLevel` went, move by move, by the rules of a level.',
  fields: (t) => ({
    positions: t.field({
      type: [PositionRef],
      description: 'Every position of the walk, S first (one more than `steps`).',
      resolve: (walk) => walk.positions,
    }),
    keys: t.exposeStringList('keys', {
      description: 'The keys held at the end, in alphabetical order (keys without a door too).',
    }),
    steps: t.exposeInt('steps', { description: 'The moves made.' }),
    reachedExit: t.exposeBoolean('reachedExit', {
      description: 'Whether the walk reached E (it ends there: later moves are ignored).',
    }),
    blockedAt: t.exposeInt('blockedAt', {
      nullable: true,
      description:
        'The index (from 0) of the first move that was not allowed: the walk stopped before ' +
        'it. Null when every move was made, or E was reached first.',
    }),
  }),
});

builder.queryField('walkLevel', (t) =>
  t.field({
    type: Walk,
    description:
      `Walks \`moves\` (the letters U R D L, at most ${MAX_WALK_MOVES}) from S on \`rows\`, by ` +
      'the rules of a level, storing nothing. The walk stops before the first move that is not ' +
      'allowed (`blockedAt`) or when it reaches E (later moves are ignored). Another letter, or ' +
      'a longer text, is a BAD_USER_INPUT error; invalid rows answer the LevelValidationError a ' +
      'save would get.',
    args: {
      rows: t.arg.stringList({
        required: true,
        description: 'The level, one string a row (validated as a save would be).',
      }),
      moves: t.arg.string({
        required: true,
        description: `Up, right, down and left as U, R, D and L; at most ${MAX_WALK_MOVES} letters.`,
      }),
    },
    // Positions are priced as if every move were made (S and one per move), before anything
    // runs. Bad moves are not priced: the field answers BAD_USER_INPUT.
    extensions: {
      ...priceByWork<{ rows: string[]; moves: string }>(({ rows, moves }, asked) => {
        const size = sizeOfWalk(rows, moves);
        if (size === null) throw new Error('bad moves');
        return {
          solve: size.states,
          // {"row":R,"col":C}, at least one digit each, and a comma.
          responseBytes: asked('Walk', 'positions') * size.positions * (20 + POSITION_WEIGHT),
        };
      }),
      // Moves over the limit or with another letter: refused before anything runs.
      ...checkArgs<{ moves: string }>(({ moves }) => {
        const parsed = parseMoves(moves);
        if (!parsed.ok) throw badInput(parsed.error.message);
      }),
    },
    errors: {
      types: [LevelValidationError],
      directResult: true,
      union: {
        name: 'WalkLevelResult',
        description: 'The walk, or why the rows are not a valid level.',
      },
    },
    resolve: (_root, { rows, moves }, context) => {
      const walked = context.service.walk(rows, moves);
      if (walked.ok) return walked.value;
      const { error } = walked;
      if (error.code === 'MOVES_TOO_LONG' || error.code === 'UNKNOWN_MOVE') {
        throw badInput(error.message);
      }
      // Any other failure is the rows' validation error.
      throw new LevelValidationError(error as Failure<LoadErrorCode>);
    },
  }),
);
