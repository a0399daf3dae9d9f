// LevelAnswers: what a stored Level and a checked LevelDraft both answer about their rows (the
// rows, their size, and every answer of the service's table), defined once. Both types
// implement it and inherit its fields, so a client writes one fragment for both.
import {
  ANSWERS,
  ANSWER_NAMES,
  isPromise,
  rowWidth,
  type AnswerKind,
  type StoredLevel,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { plainLevel } from '../loaders.js';
import { rethrowRefusal } from '../request-errors.js';
import { MazeExport } from './maze.js';
import { PositionRef } from './position.js';

/** The GraphQL type of each kind of answer (answers.ts). */
const ANSWER_TYPES = {
  count: 'Int',
  positions: [PositionRef],
  rows: ['String'],
  moves: 'String',
  letters: ['String'],
  maze: MazeExport,
} as const satisfies Record<AnswerKind, unknown>;

export const LevelAnswers = builder.interfaceRef<StoredLevel>('LevelAnswers').implement({
  description:
    'What a level answers about its rows, stored (Level) or only checked (LevelDraft): each ' +
    'answer computed once per version (or per checked rows). The answers about the walk ' +
    'from S to E (steps … cheapestRender, shortestWalks) are null when E cannot be reached.',
  fields: (t) => ({
    rows: t.exposeStringList('rows', { description: 'The level, one string a row.' }),
    width: t.int({
      description: 'Length of a row in characters (code points).',
      resolve: (level) => rowWidth(level.rows[0]),
    }),
    height: t.int({
      description: 'The number of rows.',
      resolve: (level) => level.rows.length,
    }),
  }),
});

// One nullable field per answer of the table, resolved through the service's memo.
for (const name of ANSWER_NAMES) {
  const { kind, description, nullable } = ANSWERS[name];
  builder.interfaceField(LevelAnswers, name, (t) =>
    t.field({
      // Each kind's type matches its values (AnswerKinds); Pothos cannot follow the loop.
      type: ANSWER_TYPES[kind] as 'Int',
      nullable: nullable as true,
      description,
      resolve: (level, _args, context) => {
        const value = context.service.answer(plainLevel(level), name, context.signal);
        return (isPromise(value) ? value.catch(rethrowRefusal) : value) as number;
      },
    }),
  );
}
