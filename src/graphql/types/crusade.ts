// The rotating-rooms puzzle (docs/crusade.md): `crusadePlan` plays a level file given as text with
// the planner, turn by turn, and answers every command it gave. The play is priced before it
// starts (the crusade budget, plugins/use-budget.ts), runs in a solver thread (or a turn at a
// time on the event loop without one) and stops at the request's deadline.
import {
  CRUSADE_LEVEL_ERROR_CODES,
  crusadeCostOfText,
  planCrusade,
  type CrusadeLevelErrorCode,
  type CrusadePlayResult,
  type CrusadeTurn,
} from '../../service/index.js';
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
  values: { WON: { description: 'Indy reached the exit.' }, LOST: {} },
});

const CrusadeIndy = builder.objectRef<CrusadeTurn['indy']>('CrusadeIndy').implement({
  description: "Indy's room and the side he entered it from.",
  fields: (t) => ({
    x: t.exposeInt('x'),
    y: t.exposeInt('y'),
    pos: t.exposeString('pos', { description: 'TOP, LEFT or RIGHT.' }),
  }),
});

const CrusadeTurnRef = builder.objectRef<CrusadeTurn>('CrusadeTurn').implement({
  fields: (t) => ({
    turn: t.exposeInt('turn', { description: 'From 0.' }),
    command: t.exposeString('command', {
      description: 'The answer as the protocol writes it: "X Y LEFT", "X Y RIGHT" or "WAIT".',
    }),
    indy: t.field({ type: CrusadeIndy, resolve: (turn) => turn.indy }),
  }),
});

const CrusadePlan = builder.objectRef<CrusadePlayResult>('CrusadePlan').implement({
  description: 'The game played to its end with the planner.',
  fields: (t) => ({
    outcome: t.field({ type: CrusadeOutcome, resolve: (plan) => plan.outcome }),
    reason: t.string({
      nullable: true,
      description: 'Why Indy lost; null when he won.',
      resolve: (plan) => plan.reason ?? null,
    }),
    turns: t.field({ type: [CrusadeTurnRef], resolve: (plan) => [...plan.turns] }),
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
    args: { level: t.arg.string({ required: true }) },
    // A text that is not a level costs nothing: the field answers its CrusadeLevelError.
    extensions: priceByWork<{ level: string }>(({ level }) => ({
      solve: 0,
      responseBytes: 0,
      crusade: crusadeCostOfText(level),
    })),
    errors: {
      types: [CrusadeLevelError],
      directResult: true,
      union: { name: 'CrusadePlanResult' },
    },
    resolve: async (_root, { level }, { service, signal }) => {
      const result = await planCrusade(level, { pool: service.pool, signal }).catch(rethrowRefusal);
      if (!result.ok) throw new CrusadeLevelError(result.error);
      return result.value;
    },
  }),
);
