// The editor's streams of live changes: graphql-sse's client (distinct connections mode), with
// the editor's backoff and what the server said when it refused one. A refusal of the request
// itself (it does not validate, it is too large) comes as the stream's one event, then its end:
// told once, never tried again. One for now (429 TOO_MANY_SUBSCRIPTIONS, 503 SERVICE_BUSY, the
// store out of reach) is that HTTP status with the errors as JSON and a Retry-After: graphql-sse
// takes it for a lost connection and tries again; here, after the backoff or the Retry-After,
// whichever is longer, and the page says why it waits (docs/graphql.md, "Live changes").
import { createClient } from 'graphql-sse';
import { retryDelayMs } from './backoff.js';

/** What a refusal for now said: its status, code and message, and its Retry-After. */
export interface StreamRefusal {
  readonly status: number;
  /** `CODE: message` as the server sent them, or `HTTP status` when it sent no errors. */
  readonly reason: string;
  /** Retry-After in seconds (absent, or not a number of seconds: undefined). */
  readonly retryAfterSeconds: number | undefined;
}

/** Reads the status, first error and Retry-After of an answer that is not a stream. */
export async function readRefusal(response: Response): Promise<StreamRefusal> {
  const body = (await response.json().catch(() => ({}))) as {
    errors?: ReadonlyArray<{ message?: string; extensions?: { code?: string } }>;
  };
  const first = body.errors?.[0];
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    reason:
      first?.message === undefined
        ? `HTTP ${response.status}`
        : `${first.extensions?.code ? `${first.extensions.code}: ` : ''}${first.message}`,
    retryAfterSeconds:
      retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined,
  };
}

export interface StreamHandlers<Result> {
  readonly onData: (data: Result) => void;
  /**
   * The stream broke (the server stopped or restarted: `refusal` undefined) or was refused for
   * now; it is tried again in `delayMs`. Called before each attempt.
   */
  readonly onInterrupted: (refusal: StreamRefusal | undefined, delayMs: number) => void;
  /** The stream is open for the first time: events sent before now were not heard. */
  readonly onConnected?: () => void;
  /** A stream is open again after one or more attempts (events sent meanwhile are lost). */
  readonly onReconnected: () => void;
  /** The stream was refused for good (its one event), or given up on. */
  readonly onError: (message: string) => void;
}

export interface StreamOptions {
  readonly url: string;
  readonly headers: () => Record<string, string>;
  readonly fetchFn?: typeof fetch;
  /** The random part of the backoff (backoff.ts). */
  readonly random?: () => number;
  /** Waits `ms` before the next attempt. */
  readonly wait?: (ms: number) => Promise<void>;
}

export interface LiveStream {
  close(): void;
}

/**
 * Subscribes with `document` (its text, or its hash in `extensions`) until closed (graphql-sse
 * tries a broken stream again by itself).
 */
export function openLiveStream<Result>(
  document: { readonly query?: string; readonly extensions?: Record<string, unknown> },
  variables: Record<string, unknown>,
  handlers: StreamHandlers<Result>,
  options: StreamOptions,
): LiveStream {
  const { onData, onConnected, onInterrupted, onReconnected, onError } = handlers;
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const wait = options.wait ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /** What the last attempt was answered, if it was refused for now. */
  let refusal: StreamRefusal | undefined;
  const client = createClient({
    url: options.url,
    headers: options.headers,
    fetchFn: (async (input: RequestInfo | URL, init?: RequestInit) => {
      refusal = undefined;
      const response = await fetchFn(input, init);
      if (!response.ok) refusal = await readRefusal(response.clone());
      return response;
    }) as typeof fetch,
    retryAttempts: 1000,
    // Called as soon as a stream has broken or been refused, before each attempt to open it.
    retry: (retries) => {
      const delay = retryDelayMs(retries, refusal?.retryAfterSeconds, options.random);
      onInterrupted(refusal, delay);
      return wait(delay);
    },
    on: {
      connected: (reconnected) => {
        if (reconnected) onReconnected();
        else onConnected?.();
      },
    },
  });
  const dispose = client.subscribe<Result>(
    { query: document.query ?? '', extensions: document.extensions, variables },
    {
      next: (message) => {
        if (message.data) onData(message.data);
        // A refusal of the request itself comes as an event (GraphQL over SSE), then the
        // stream completes: say why, as for a stream given up on.
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
