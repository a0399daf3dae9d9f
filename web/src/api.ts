// The editor's only way to the server: the public GraphQL API at /graphql, with the typed
// documents of ./gql (codegen.ts), each sent as its hash. Queries and mutations are POSTs with
// fetch; live changes are a subscription over Server-Sent Events (graphql-sse, distinct
// connections mode).
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

/**
 * What names a document in a request: its sha256 hash only (the server knows the editor's
 * documents from their manifest, docs/graphql.md "Persisted documents"), or its text.
 */
export function documentParams(
  document: { readonly __meta__?: Record<string, unknown>; toString(): string },
  byText = false,
): { query?: string; extensions?: Record<string, unknown> } {
  const hash = document.__meta__?.hash as string | undefined;
  if (byText || hash === undefined) return { query: document.toString() };
  return {
    extensions: { persistedQuery: { version: 1, sha256Hash: hash.replace(/^sha256:/, '') } },
  };
}

export async function request<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
  signal?: AbortSignal,
): Promise<Result> {
  const first = await send(document, variables, false, signal);
  // A server that does not know the document by its hash: once more with its text.
  const { response, body } = first.body.errors?.some(
    (error) => error.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND',
  )
    ? await send(document, variables, true, signal)
    : first;
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

async function send<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
  byText: boolean,
  signal?: AbortSignal,
): Promise<{
  response: Response;
  body: { data?: Result | null; errors?: readonly GraphQLErrorBody[] };
}> {
  let response: Response;
  try {
    response = await fetch(ENDPOINT, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...authHeaders(),
      },
      body: JSON.stringify({ ...documentParams(document, byText), variables }),
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
  return { response, body };
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
  return openLiveStream(documentParams(document), variables, handlers, {
    url: new URL(ENDPOINT, location.href).href,
    headers: authHeaders,
  });
}
