// Checking a level without saving it: `checkLevel` answers a LevelDraft (the answers of the
// rows, memoised by their content) or the LevelValidationError a save would get.
import type { StoredLevel } from '../../../service/index.js';
import { builder } from '../builder.js';
import { priceByLevels } from '../pricing.js';
import { LevelValidationError } from './errors.js';
import { LevelAnswers } from './level-answers.js';

const LevelDraft = builder.objectRef<StoredLevel>('LevelDraft').implement({
  description:
    'Rows checked without being stored, with every answer a Level has. The answers are kept by ' +
    'the rows: saving the same rows later does not solve them again.',
  // Its fields are all LevelAnswers' (rows, size, every answer).
  interfaces: [LevelAnswers],
  fields: () => ({}),
});

builder.queryField('checkLevel', (t) =>
  t.field({
    type: LevelDraft,
    description:
      'Validates rows and answers about them without storing anything: what an editor shows ' +
      'while someone draws.',
    args: {
      rows: t.arg.stringList({ required: true, description: 'The level, one string a row.' }),
    },
    // The draft is checked (and memoised) as the field will find it.
    extensions: priceByLevels<{ rows: string[] }>(({ rows }, context) => {
      const checked = context.service.check(rows);
      return { stored: checked.ok ? [checked.value] : [], made: [] };
    }),
    errors: {
      types: [LevelValidationError],
      directResult: true,
      union: {
        name: 'CheckLevelResult',
        description: 'The answers about the rows, or why they are not a valid level.',
      },
    },
    resolve: (_root, { rows }, context) => {
      const checked = context.service.check(rows);
      if (!checked.ok) throw new LevelValidationError(checked.error);
      return checked.value;
    },
  }),
);
