// Client mistakes as typed results (the errors plugin). A resolver throws one of these
// classes; a field that lists it in `errors.types` answers it as a member of its result
// union. Anything else thrown is a bug and is masked by Yoga.
import {
  LOAD_ERROR_CODES,
  type LoadError,
  type LoadErrorCode,
} from '../../service/level-service.js';
import { builder } from '../builder.js';

/** A level that failed validation (SPEC §1); `message` is the SPEC's reason text. */
export class LevelValidationError extends Error {
  readonly code: LoadErrorCode;
  readonly row: number | null;
  readonly col: number | null;

  constructor(error: LoadError) {
    super(error.message);
    this.name = 'LevelValidationError';
    this.code = error.code;
    this.row = error.row;
    this.col = error.col;
  }
}

export const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'A mistake in the request that the client can correct.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'What is wrong, in words.' }),
  }),
});

export const LevelErrorCodeEnum = builder.enumType('LevelErrorCode', {
  description:
    'Which validation check failed (INVALID_ID: an id with NUL or a lone surrogate); `message` has the reason text.',
  values: LOAD_ERROR_CODES,
});

builder.objectType(LevelValidationError, {
  name: 'LevelValidationError',
  description: 'The rows are not a valid level; nothing was stored.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    code: t.expose('code', { type: LevelErrorCodeEnum }),
    row: t.exposeInt('row', {
      nullable: true,
      description: 'Row of the offending glyph (0-based), when the error has a position.',
    }),
    col: t.exposeInt('col', {
      nullable: true,
      description: 'Column of the offending glyph (0-based, in code points), when it has one.',
    }),
  }),
});
