// Names and tags of levels (docs/graphql.md, "Names, tags and search"): `Level.name` and
// `Level.tags`, the `name` and `tags` arguments of the mutations that save a level, and
// `copyLevel`. The rules (limits, case folding, what a search matches) are the service's
// (service/level-labels.ts); `levels(search:, tag:)` is in level.ts with the rest of `levels`.
import {
  sizeOfRows,
  LABEL_LIMITS,
  COPY_ERROR_CODES,
  type CopyErrorCode,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { LevelRef, writeLevel } from '../loaders.js';
import { priceByLevels } from '../pricing.js';
import { ClientError, EXPECTED_VERSION, VersionConflictError, clientErrorType } from './errors.js';

/** The `name` argument of every save. */
export const NAME_ARG = {
  description:
    `The name of the new version: trimmed, at most ${LABEL_LIMITS.nameLength} characters, no ` +
    'control characters; "" removes the name. Null or left out: the current version\'s name ' +
    'is kept. A name it does not take is an INVALID_NAME error, and nothing is stored.',
} as const;

/** The `tags` argument of every save. */
export const TAGS_ARG = {
  description:
    `The tags of the new version: at most ${LABEL_LIMITS.tagsPerLevel}, each 1 to ` +
    `${LABEL_LIMITS.tagLength} letters, digits, "-", "_" or "." (of any script), stored ` +
    'case-folded ("Boss" is "boss", "Straße" is "strasse"), without duplicates, sorted; [] ' +
    "removes them. Null or left out: the current version's tags are kept. Tags it does not " +
    'take are an INVALID_TAGS error, and nothing is stored.',
} as const;

builder.objectFields(LevelRef, (t) => ({
  name: t.exposeString('name', {
    nullable: true,
    description: "This version's name; null when it has none. Saved with each version.",
  }),
  tags: t.stringList({
    description:
      'This version\'s tags: case-folded ("Straße" is "strasse"), sorted, distinct; empty ' +
      'when it has none. Saved with each version.',
    resolve: (level) => [...level.tags],
  }),
}));

/** Why a copy stored nothing (besides a version conflict on the target). */
export class CopyError extends ClientError<CopyErrorCode> {
  override name = 'CopyError';
}

clientErrorType(CopyError, {
  name: 'CopyError',
  codeEnum: 'CopyErrorCode',
  description: 'The level cannot be copied; nothing was stored.',
  codes: COPY_ERROR_CODES,
  codeDescription:
    'UNKNOWN_SOURCE: no level has the id `from` (or it was deleted); SAME_ID: `from` and `to` ' +
    'are the same id; LEVEL_TOO_LARGE: the source is larger than this server now takes; ' +
    'INVALID_ID: an id no level can have.',
});

builder.mutationField('copyLevel', (t) =>
  t.field({
    type: LevelRef,
    description:
      "Saves the rows, name and tags of `from`'s current version as the next version of `to` " +
      '(a new level when there is none; `expectedVersion` is about `to`). Like every save, ' +
      "content equal to `to`'s current version stores nothing and answers that version. A " +
      'CopyError or a VersionConflict changes nothing.',
    args: {
      from: t.arg.id({ required: true, description: 'The level to copy.' }),
      to: t.arg.id({ required: true, description: 'The level the copy is saved as.' }),
      expectedVersion: t.arg.int(EXPECTED_VERSION),
    },
    // A copy stores the source's rows again: it costs what answering them costs.
    extensions: priceByLevels<{ from: string }>(async ({ from }, context) => {
      const source = await context.service.get(from);
      return { stored: [], made: source ? [sizeOfRows(source.rows)] : [] };
    }),
    errors: {
      types: [CopyError, VersionConflictError],
      directResult: true,
      union: {
        name: 'CopyLevelResult',
        description: 'The copy as saved, or why nothing was stored.',
      },
    },
    resolve: (_root, { from, to, expectedVersion }, context) =>
      writeLevel(context, to, (service) => service.copy(from, to, { expectedVersion }), CopyError),
  }),
);
