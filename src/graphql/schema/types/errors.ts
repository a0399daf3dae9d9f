// Client mistakes as typed results (the errors plugin). The service answers a failure
// (`Result`, with a stable code); a resolver throws it as one of the classes below, and a field
// that lists that class in `errors.types` answers it as a member of its result union. Anything
// else thrown is a bug and is masked by Yoga.
import {
  LOAD_ERROR_CODES,
  type LoadErrorCode,
  type VersionConflict,
  type Failure,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { CODE_FIELD, codeValues } from './error-codes.js';

/** A failure the client can correct: the service's code, message and place, as a throwable. */
export abstract class ClientError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly row: number | null;
  readonly col: number | null;

  constructor(failure: Failure<Code>) {
    super(failure.message);
    this.code = failure.code;
    this.row = failure.row;
    this.col = failure.col;
  }
}

export const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'A mistake in the request that the client can correct.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'What is wrong, in words.' }),
  }),
});

export interface ClientErrorTypeOptions<Code extends string> {
  /** The GraphQL type's name. */
  readonly name: string;
  /** The name of its code enum. */
  readonly codeEnum: string;
  readonly description: string;
  readonly codes: readonly Code[];
  readonly codeDescription: string;
  /** Whether the error may have a place: adds nullable `row` and `col`. */
  readonly position?: { readonly row: string; readonly col: string };
}

/**
 * Registers the object type of an error class: `message`, a `code` enum (clients branch on it,
 * never on the text) and, when the error can have a place, `row` and `col`.
 */
export function clientErrorType<Code extends string>(
  errorClass: new (failure: Failure<Code>) => ClientError<Code>,
  options: ClientErrorTypeOptions<Code>,
): void {
  const codeEnum = builder.enumType(options.codeEnum, {
    description: options.codeDescription,
    // Each value with what it means (error-codes.ts).
    values: codeValues(options.codes),
  });
  builder.objectType(errorClass, {
    name: options.name,
    description: options.description,
    interfaces: [ErrorInterface],
    fields: (t) => ({
      code: t.field({ type: codeEnum, ...CODE_FIELD, resolve: (error) => error.code }),
      ...(options.position && {
        row: t.int({
          nullable: true,
          description: options.position.row,
          resolve: (error) => error.row,
        }),
        col: t.int({
          nullable: true,
          description: options.position.col,
          resolve: (error) => error.col,
        }),
      }),
    }),
  });
}

/** A level that failed validation (docs/rules.md); `message` is the reason text of docs/rules.md. */
export class LevelValidationError extends ClientError<LoadErrorCode> {
  override name = 'LevelValidationError';
}

clientErrorType(LevelValidationError, {
  name: 'LevelValidationError',
  codeEnum: 'LevelErrorCode',
  description: 'The rows are not a valid level; nothing was stored.',
  codes: LOAD_ERROR_CODES,
  codeDescription:
    'Which validation check failed (INVALID_ID: an id with NUL or a lone surrogate; ' +
    'INVALID_NAME, INVALID_TAGS: the `name` or `tags` given); `message` has the reason text.',
  position: {
    row: 'Row of the offending glyph (0-based), when the error has a position.',
    col: 'Column of the offending glyph (0-based, in code points), when it has one.',
  },
});

/** What the `id` of a level means, wherever it names one. */
export const LEVEL_ID = {
  description: "The level's id: any text of at most 256 characters without NUL.",
} as const;

/** What the optional `expectedVersion` of every write means (docs/graphql.md, "Safe saves"). */
export const EXPECTED_VERSION = {
  description:
    'Write only if the level is at this version (0: only if there is no level with the id); ' +
    'otherwise nothing changes and the answer is a VersionConflict.',
} as const;

/** A save that expected another version than the current one; nothing was stored. */
export class VersionConflictError extends ClientError<'VERSION_CONFLICT'> {
  override name = 'VersionConflict';
  readonly currentVersion: number | null;

  constructor(conflict: VersionConflict) {
    super(conflict);
    this.currentVersion = conflict.currentVersion;
  }
}

const VersionConflictCode = builder.enumType('VersionConflictCode', {
  description: 'VERSION_CONFLICT: the level was at another version than `expectedVersion`.',
  values: codeValues(['VERSION_CONFLICT']),
});

builder.objectType(VersionConflictError, {
  name: 'VersionConflict',
  description:
    'The level is not at the version the write expected (`expectedVersion`): someone else ' +
    'saved it first. Nothing was stored.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    code: t.field({ type: VersionConflictCode, ...CODE_FIELD, resolve: (error) => error.code }),
    currentVersion: t.int({
      nullable: true,
      description: 'The current version; null when there is no level with the id.',
      resolve: (error) => error.currentVersion,
    }),
  }),
});
