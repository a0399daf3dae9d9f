// The editor's only way to the server: the public GraphQL API at /graphql, with the typed
// documents of ./gql (codegen.ts). Queries and mutations are POSTs with fetch; live changes
// are a subscription over Server-Sent Events (graphql-sse, distinct connections mode).
import { type LiveStream, type StreamHandlers, openLiveStream } from './live-stream.js';
import type { TypedDocumentString } from './gql/graphql.js';

const ENDPOINT = '/graphql';
const TOKEN_KEY = 'labyrinth.writeToken';

/** The write token is kept for the tab only (sessionStorage): never written to disk for good. */
export function readToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

export function writeToken(token: string): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the token lasts until the page is left.
  }
  currentToken = token;
}

let currentToken = readToken();

function authHeaders(): Record<string, string> {
  return currentToken ? { authorization: `Bearer ${currentToken}` } : {};
}

/** The server wants a (valid) write token: HTTP 401, or an UNAUTHENTICATED error. */
export class UnauthenticatedError extends Error {
  override readonly name = 'UnauthenticatedError';
}

/** A request error the user can read: the server's message, and its code when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface GraphQLErrorBody {
  readonly message?: string;
  readonly extensions?: { readonly code?: string };
}

export async function request<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
  signal?: AbortSignal,
): Promise<Result> {
  let response: Response;
  try {
    response = await fetch(ENDPOINT, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...authHeaders(),
      },
      body: JSON.stringify({ query: document.toString(), variables }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('the server cannot be reached', 'NETWORK');
  }
  const body = (await response.json().catch(() => ({}))) as {
    data?: Result | null;
    errors?: readonly GraphQLErrorBody[];
  };
  const errors = body.errors ?? [];
  if (
    response.status === 401 ||
    errors.some((error) => error.extensions?.code === 'UNAUTHENTICATED')
  ) {
    throw new UnauthenticatedError(errors[0]?.message ?? 'a write token is needed');
  }
  if (errors.length > 0 || body.data == null) {
    const first = errors[0];
    throw new ApiError(
      first?.message ?? `the server answered HTTP ${response.status}`,
      first?.extensions?.code,
    );
  }
  return body.data;
}

/**
 * Calls `onData` with each event of a subscription until closed (live-stream.ts): a broken
 * stream, or one refused for now, is tried again by itself; `onInterrupted` hears when and why,
 * `onReconnected` when it is back (events sent meanwhile are lost); `onError` hears about the
 * streams it gives up on, and why the server refused one for good (an error event, then the end).
 */
export function subscribe<Result, Variables extends Record<string, unknown>>(
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
  handlers: StreamHandlers<Result>,
): LiveStream {
  return openLiveStream(document.toString(), variables, handlers, {
    url: new URL(ENDPOINT, location.href).href,
    headers: authHeaders,
  });
}
