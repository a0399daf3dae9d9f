// The rotating-rooms puzzle (docs/crusade.md): `crusadePlan` plays a level file given as text with
// the planner, turn by turn, and answers every command it gave. The play is priced before it
// starts (the crusade budget, execution/use-budget.ts), runs in a solver thread (or a turn at a
// time on the event loop without one) and stops at the request's deadline.
import {
  CRUSADE_LEVEL_ERROR_CODES,
  crusadeCostOfText,
  planCrusade,
  type CrusadeLevelErrorCode,
  type CrusadePlayResult,
  type CrusadeTurn,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { priceByWork } from '../pricing.js';
import { rethrowRefusal } from '../request-errors.js';
import { ClientError, clientErrorType } from './errors.js';

/** The level text can't be read: the code says what is wrong, the message names the line. */
export class CrusadeLevelError extends ClientError<CrusadeLevelErrorCode> {
  override name = 'CrusadeLevelError';
}

clientErrorType(CrusadeLevelError, {
  name: 'CrusadeLevelError',
  codeEnum: 'CrusadeLevelErrorCode',
  description: 'The text is not a rotating-rooms level file.',
  codes: CRUSADE_LEVEL_ERROR_CODES,
  codeDescription:
    'Which line of the level file is wrong (BAD_SIZE, BAD_ROOM_ROW, BAD_EXIT, BAD_INDY, ' +
    'BAD_ROCK_COUNT, BAD_ROCK), or that the text ends before the level does ' +
    '(TEXT_ENDS_EARLY) or goes on after its last rock (UNEXPECTED_TEXT); `message` says what.',
  position: {
    row: 'The line at fault (0-based; the message counts from 1).',
    col: 'Always null: errors name a line, not a column.',
  },
});

const CrusadeOutcome = builder.enumType('CrusadeOutcome', {
  description: 'How the game ended.',
  values: {
    WON: { description: 'Indy reached the exit.' },
    LOST: { description: 'Indy did not reach the exit (`reason` says why).' },
  },
});

const CrusadeIndy = builder.objectRef<CrusadeTurn['indy']>('CrusadeIndy').implement({
  description: "Indy's room and the side he entered it from.",
  fields: (t) => ({
    x: t.exposeInt('x', { description: "The room's column, from 0 at the left." }),
    y: t.exposeInt('y', { description: "The room's row, from 0 at the top." }),
    pos: t.exposeString('pos', { description: 'TOP, LEFT or RIGHT.' }),
  }),
});

const CrusadeTurnRef = builder.objectRef<CrusadeTurn>('CrusadeTurn').implement({
  description: "One turn of the game: where Indy is, and the planner's answer.",
  fields: (t) => ({
    turn: t.exposeInt('turn', { description: 'From 0.' }),
    command: t.exposeString('command', {
      description: 'The answer as the protocol writes it: "X Y LEFT", "X Y RIGHT" or "WAIT".',
    }),
    indy: t.field({
      type: CrusadeIndy,
      description: 'Where Indy is at the start of the turn.',
      resolve: (turn) => turn.indy,
    }),
  }),
});

const CrusadePlan = builder.objectRef<CrusadePlayResult>('CrusadePlan').implement({
  description: 'The game played to its end with the planner.',
  fields: (t) => ({
    outcome: t.field({
      type: CrusadeOutcome,
      description: 'Whether Indy won.',
      resolve: (plan) => plan.outcome,
    }),
    reason: t.string({
      nullable: true,
      description: 'Why Indy lost; null when he won.',
      resolve: (plan) => plan.reason ?? null,
    }),
    turns: t.field({
      type: [CrusadeTurnRef],
      description: 'Every turn played, in order.',
      resolve: (plan) => [...plan.turns],
    }),
    slowestTurnMs: t.exposeFloat('slowestTurnMs', {
      description: 'The longest the planner took to answer one turn, in milliseconds.',
    }),
  }),
});

builder.queryField('crusadePlan', (t) =>
  t.field({
    type: CrusadePlan,
    description:
      'Plays a rotating-rooms level file (W H, the rooms, EX, Indy, the rocks) with the ' +
      'planner, which sees each turn only what a player would.',
    args: {
      level: t.arg.string({ required: true, description: 'The level file, as its text.' }),
    },
    // A text that is not a level costs nothing: the field answers its CrusadeLevelError.
    extensions: priceByWork<{ level: string }>(({ level }) => ({
      solve: 0,
      responseBytes: 0,
      crusade: crusadeCostOfText(level),
    })),
    errors: {
      types: [CrusadeLevelError],
      directResult: true,
      union: {
        name: 'CrusadePlanResult',
        description: 'The game played, or why the text is not a level file.',
      },
    },
    resolve: async (_root, { level }, { service, signal }) => {
      const result = await planCrusade(level, { pool: service.pool, signal }).catch(rethrowRefusal);
      if (!result.ok) throw new CrusadeLevelError(result.error);
      return result.value;
    },
  }),
);
