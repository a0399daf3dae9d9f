// The answer to a request that is refused (request-errors.ts), in the one place that knows
// what each protocol asks for (docs/graphql.md, "Request errors"):
//
// - `application/json` and `application/graphql-response+json`: the error's status (the
//   highest of several), its headers, and `{"errors": [...]}` without `data`.
// - `text/event-stream` (GraphQL over SSE, the graphql-sse protocol's distinct connections
//   mode): a refusal of the request itself (a syntax or validation error, a limit, a bad
//   variable, a missing token: what the same request would get again) is reported on an
//   accepted stream, as that protocol's PROTOCOL.md says validation errors MUST be: 200, a
//   `next` event carrying the errors, then `complete`; graphql-sse's client shows them, where
//   a 4xx would be a network error it retries five times and then reports without the body.
//   A refusal that is about the moment, not the request (429: this client holds too many
//   streams; 5xx: the server is full, the store out of reach, the deadline passed), is that
//   status with its Retry-After and the errors as JSON, no stream: GraphQL over HTTP's answer
//   to a request the server forbids for now; graphql-sse's client and the editor try again
//   later, with their backoff, and a plain EventSource gives up rather than loop. Headers of
//   an error (Retry-After, WWW-Authenticate, Allow) go only with its status: none on a 200.
//
// The format is the one Yoga would answer the request in: a JSON type if Accept names one (or
// `*/*`), else the event stream; an Accept with neither answers JSON.
import type { GraphQLError } from 'graphql';
import type { HttpExtension } from '../schema/request-errors.js';

export type ErrorFormat =
  'application/json' | 'application/graphql-response+json' | 'text/event-stream';

/** Whether the type `asked` (from Accept, maybe with wildcards) covers `type`. */
function covers(asked: string, type: string): boolean {
  const [askedMain, askedSub] = asked.split('/');
  const [main, sub] = type.split('/');
  return (askedMain === '*' || askedMain === main) && (askedSub === '*' || askedSub === sub);
}

/**
 * The format Yoga answers `accept` in (its result processors' choice, for a plain result):
 * the first JSON type the header covers (`application/json` where one entry covers both),
 * else the event stream, else none. Entries with a charset other than UTF-8 do not count.
 */
export function errorFormat(accept: string | null | undefined): ErrorFormat | undefined {
  const asked = (accept || '*/*')
    .replace(/\s/g, '')
    .toLowerCase()
    .split(',')
    .filter((entry) => {
      const charset = entry.split(';').find((param) => param.startsWith('charset='));
      return charset === undefined || charset === 'charset=utf-8';
    })
    .map((entry) => entry.split(';')[0]);
  for (const type of asked) {
    if (covers(type, 'application/json')) return 'application/json';
    if (covers(type, 'application/graphql-response+json')) {
      return 'application/graphql-response+json';
    }
  }
  return asked.some((type) => covers(type, 'text/event-stream')) ? 'text/event-stream' : undefined;
}

export interface ErrorAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

function httpOf(error: GraphQLError): Partial<HttpExtension> {
  return (error.extensions?.http ?? {}) as Partial<HttpExtension>;
}

/** An error as the client sees it: no `http` (it is the answer's status) or `unexpected`. */
function shown(error: GraphQLError): unknown {
  const json = error.toJSON();
  if (json.extensions === undefined) return json;
  const { http: _http, unexpected: _unexpected, ...extensions } = json.extensions;
  const { extensions: _all, ...rest } = json;
  return Object.keys(extensions).length > 0 ? { ...rest, extensions } : rest;
}

/**
 * The status, headers and body of a refusal, in `format`: the highest status of the errors
 * (one without any is a 500 when it is internal, else a 400) and all of their headers.
 */
export function errorAnswer(
  errors: readonly GraphQLError[],
  format: ErrorFormat,
  extensions?: Record<string, unknown>,
): ErrorAnswer {
  let status = 0;
  const headers: Record<string, string> = {};
  for (const error of errors) {
    const http = httpOf(error);
    if (http.status !== undefined && http.status > status) status = http.status;
    Object.assign(headers, http.headers);
  }
  if (status === 0) {
    status = errors.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR') ? 500 : 400;
  }
  const result = JSON.stringify({ errors: errors.map(shown), ...(extensions && { extensions }) });
  if (format !== 'text/event-stream' || isForNow(status)) {
    const type = format === 'text/event-stream' ? 'application/json' : format;
    return {
      status,
      headers: { 'Content-Type': `${type}; charset=utf-8`, ...headers },
      body: result,
    };
  }
  return {
    status: 200,
    // As Yoga's own event streams: no transformation by proxies, never cached.
    headers: {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      'Content-Encoding': 'none',
    },
    // The comment first, as Yoga's streams begin (some browsers wait for a first chunk).
    body: `:\n\nevent: next\ndata: ${result}\n\nevent: complete\ndata:\n\n`,
  };
}

/**
 * Whether a refusal of this status is about the moment (too many requests, the server's
 * fault), not the request: asked as an event stream, it keeps its status.
 */
export function isForNow(status: number): boolean {
  return status === 429 || status >= 500;
}

interface FetchAPI {
  readonly Response: typeof Response;
}

/** A refusal as a fetch Response, in the format the request accepts. */
export function errorResponse(
  request: Request,
  errors: GraphQLError | readonly GraphQLError[],
  fetchAPI: FetchAPI,
  format: ErrorFormat = errorFormat(request.headers.get('accept')) ?? 'application/json',
  extensions?: Record<string, unknown>,
): Response {
  const list = Array.isArray(errors) ? errors : [errors as GraphQLError];
  const answer = errorAnswer(list, format, extensions);
  return new fetchAPI.Response(answer.body, { status: answer.status, headers: answer.headers });
}
