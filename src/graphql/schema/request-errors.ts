// Request errors: the one vocabulary of refusals (docs/graphql.md, "Request errors"). Every
// refusal is a GraphQL error made by createRequestError, with a code of RequestErrorCode and,
// when it stops the whole request, the HTTP status (and headers) it answers with, as Yoga
// spells them: `{ extensions: { code, http: { status, headers } } }`. error-response.ts
// turns such errors into the answer each protocol asks for. Typed results (ClientError) are
// for mistakes a mutation or field reports; these are for the request itself.
import { type ASTNode, type GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import {
  ServiceBusyError,
  TooManyClientSubscriptionsError,
  TooManyEditsError,
  storeFault,
} from '../../service/index.js';

/**
 * Every `extensions.code` a request error has, in the order of the table in docs/graphql.md
 * (a test checks that the table lists exactly these). The three GRAPHQL_ and OPERATION_ codes
 * are graphql-js's and Yoga's own; the others are made here.
 */
export const REQUEST_ERROR_CODES = [
  'BAD_REQUEST',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_HASH_MISMATCH',
  'PERSISTED_QUERY_ONLY',
  'QUERY_TOO_NESTED',
  'QUERY_TOO_DEEP',
  'TOO_MANY_ALIASES',
  'QUERY_TOO_COSTLY',
  'TOO_MANY_TOKENS',
  'TOO_MANY_DIRECTIVES',
  'TOO_EXPENSIVE',
  'INTROSPECTION_DISABLED',
  'UNAUTHENTICATED',
  'FORBIDDEN_ORIGIN',
  'FORBIDDEN_HOST',
  'NOT_FOUND',
  'NOT_ACCEPTABLE',
  'REQUEST_TIMEOUT',
  'EXPECTATION_FAILED',
  'REQUEST_ENTITY_TOO_LARGE',
  'SUBSCRIPTION_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'TOO_MANY_SUBSCRIPTIONS',
  'TOO_MANY_EDITS',
  'SERVICE_BUSY',
  'TIMEOUT',
  'DATABASE_UNAVAILABLE',
  'STORE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
] as const;

export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[number];

/** How a request error is answered over HTTP when it stops the request. */
export interface HttpExtension {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RequestErrorOptions {
  readonly extensions: {
    readonly code: RequestErrorCode;
    /** Absent: the error is about one field, or a status is chosen for it (400). */
    readonly http?: HttpExtension;
    /** More facts for the client (TOO_EXPENSIVE's `cost`, `limit`, `budget`). */
    readonly [fact: string]: unknown;
  };
  /** Where in the document (a validation rule's field). */
  readonly nodes?: ASTNode | readonly ASTNode[];
}

/** The one constructor of request errors, in Yoga's style (its `createGraphQLError`). */
export function createRequestError(message: string, options: RequestErrorOptions): GraphQLError {
  const { code, http, ...facts } = options.extensions;
  return createGraphQLError(message, {
    nodes: options.nodes,
    // The code first: answers read `{ code, ...facts }`, as they did before.
    extensions: { code, ...facts, ...(http && { http }) },
  });
}

/** A value the client sent that the field cannot use (the rest of the request goes on). */
export function badInput(message: string): GraphQLError {
  return createRequestError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** What Yoga answers for any internal error; the details go to the server's log only. */
export function internalError(): GraphQLError {
  return createRequestError('Unexpected error.', {
    extensions: { code: 'INTERNAL_SERVER_ERROR', http: { status: 500 } },
  });
}

/** The error a request gets when the service could not answer in time or is full. */
export function serviceRefusal(error: unknown): GraphQLError | undefined {
  if (error instanceof ServiceBusyError) {
    return createRequestError(`${error.message}: try again shortly`, {
      extensions: {
        code: 'SERVICE_BUSY',
        http: { status: 503, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
      },
    });
  }
  if (error instanceof TooManyClientSubscriptionsError) {
    return createRequestError(`${error.message}: end one of them first`, {
      extensions: {
        code: 'TOO_MANY_SUBSCRIPTIONS',
        http: { status: 429, headers: { 'Retry-After': '5' } },
      },
    });
  }
  if (error instanceof TooManyEditsError) {
    return createRequestError(error.message, {
      extensions: {
        code: 'TOO_MANY_EDITS',
        http: { status: 429, headers: { 'Retry-After': '1' } },
      },
    });
  }
  if (
    error instanceof DOMException &&
    (error.name === 'TimeoutError' || error.name === 'AbortError')
  ) {
    return createRequestError('the request took longer than its deadline allows', {
      extensions: { code: 'TIMEOUT', http: { status: 504 } },
    });
  }
  return undefined;
}

/**
 * The error a request gets when the store failed it (unavailable.ts): the database out of
 * reach is DATABASE_UNAVAILABLE, a store that cannot write (a full disk, a read-only data
 * directory or database) STORE_UNAVAILABLE; both 503, to try again, never a masked bug.
 */
export function storeRefusal(error: unknown): GraphQLError | undefined {
  switch (storeFault(error)) {
    case 'UNREACHABLE':
      return createRequestError('the database cannot be reached now: try again shortly', {
        extensions: {
          code: 'DATABASE_UNAVAILABLE',
          http: { status: 503, headers: { 'Retry-After': '2' } },
        },
      });
    case 'CANNOT_WRITE':
      return createRequestError(
        'the level store cannot write now (its disk is full, or it is read-only): nothing was ' +
          'changed; try again later',
        {
          extensions: {
            code: 'STORE_UNAVAILABLE',
            http: { status: 503, headers: { 'Retry-After': '30' } },
          },
        },
      );
    case undefined:
      return undefined;
  }
}

/** Throws a refusal of the service (see serviceRefusal) as its GraphQL error. */
export function rethrowRefusal(error: unknown): never {
  throw serviceRefusal(error) ?? error;
}

/**
 * A mutation without the write token, or with a wrong one (the same answer, so that a guess
 * learns nothing): HTTP 401 with `WWW-Authenticate`, as RFC 9110 asks; `nodes`: where.
 */
export function unauthenticated(nodes?: ASTNode): GraphQLError {
  return createRequestError(
    'mutations on this server need its write token: send the header ' +
      "'Authorization: Bearer <token>' with the value of LABYRINTH_WRITE_TOKEN",
    {
      extensions: {
        code: 'UNAUTHENTICATED',
        http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="labyrinth"' } },
      },
      nodes,
    },
  );
}
