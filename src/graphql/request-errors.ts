// Request-level refusals: GraphQL errors with a stable `extensions.code` and the HTTP status
// Yoga answers with when the error stops the whole request. Typed results (ClientError) are
// for mistakes a mutation or field reports; these are for the request itself.
import { GraphQLError } from 'graphql';
import { ServiceBusyError, storeFault } from '../service/index.js';

export function requestError(
  code: string,
  message: string,
  status: number,
  extensions: Record<string, unknown> = {},
  headers?: Record<string, string>,
): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code, ...extensions, http: { status, ...(headers && { headers }) } },
  });
}

/** A value the client sent that the field cannot use (the rest of the request goes on). */
export function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The error a request gets when the service could not answer in time or is full. */
export function serviceRefusal(error: unknown): GraphQLError | undefined {
  if (error instanceof ServiceBusyError) {
    return requestError(
      'SERVICE_BUSY',
      `${error.message}: try again shortly`,
      503,
      {},
      { 'Retry-After': String(error.retryAfterSeconds) },
    );
  }
  if (
    error instanceof DOMException &&
    (error.name === 'TimeoutError' || error.name === 'AbortError')
  ) {
    return requestError('TIMEOUT', 'the request took longer than its deadline allows', 504);
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
      return requestError(
        'DATABASE_UNAVAILABLE',
        'the database cannot be reached now: try again shortly',
        503,
        {},
        { 'Retry-After': '2' },
      );
    case 'CANNOT_WRITE':
      return requestError(
        'STORE_UNAVAILABLE',
        'the level store cannot write now (its disk is full, or it is read-only): nothing was ' +
          'changed; try again later',
        503,
        {},
        { 'Retry-After': '30' },
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
 * learns nothing): HTTP 401 with `WWW-Authenticate`, as RFC 9110 asks.
 */
export function unauthenticated(): GraphQLError {
  return requestError(
    'UNAUTHENTICATED',
    'mutations on this server need its write token: send the header ' +
      "'Authorization: Bearer <token>' with the value of LABYRINTH_WRITE_TOKEN",
    401,
    {},
    { 'WWW-Authenticate': 'Bearer realm="labyrinth"' },
  );
}
