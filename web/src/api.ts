// The editor's only way to the server: the public GraphQL API at /graphql, with the typed
// documents of ./gql (codegen.ts). Queries and mutations are POSTs with fetch; live changes
// are a subscription over Server-Sent Events (graphql-sse, distinct connections mode).
import { createClient } from 'graphql-sse';
import { reconnectDelayMs } from './backoff.js';
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

export interface Subscription {
  close(): void;
}

/**
 * Calls `onData` with each event of a subscription until closed. graphql-sse retries a broken
 * stream by itself (a server stopped or restarted): `onInterrupted` hears when it broke, and
 * `onReconnected` when it is back (events sent meanwhile are lost); `onError` hears about the
 * streams it gives up on, and why the server refused one (an error event, then the end).
 */
export function subscribe<Result, Variables extends Record<string, unknown>>(
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
  handlers: {
    readonly onData: (data: Result) => void;
    readonly onInterrupted: () => void;
    readonly onReconnected: () => void;
    readonly onError: (message: string) => void;
  },
): Subscription {
  const { onData, onInterrupted, onReconnected, onError } = handlers;
  const client = createClient({
    url: new URL(ENDPOINT, location.href).href,
    headers: authHeaders,
    retryAttempts: 1000,
    // Called as soon as a stream has broken, before each attempt to open it again.
    retry: (retries) => {
      onInterrupted();
      return new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(retries)));
    },
    on: {
      connected: (reconnected) => {
        if (reconnected) onReconnected();
      },
    },
  });
  const dispose = client.subscribe<Result>(
    { query: document.toString(), variables },
    {
      next: (message) => {
        if (message.data) onData(message.data);
        // A refusal before the subscription started comes as an event (GraphQL over SSE),
        // then the stream completes: say why, as for a stream given up on.
        else if (message.errors?.length) onError(message.errors[0].message);
      },
      error: (error) => onError(error instanceof Error ? error.message : String(error)),
      complete: () => {},
    },
  );
  return {
    close: () => {
      dispose();
      client.dispose();
    },
  };
}
