// Every client mistake is a 4xx answer with an `extensions.code` (docs/graphql.md, "Errors"),
// never a 500, and no answer carries an original error, its class name or a stack:
//
// - A GET query string is parsed here: `variables` or `extensions` that are not JSON answer
//   400 BAD_REQUEST naming the parameter (Yoga's parser let JSON.parse throw: a 500).
// - Body properties other than the four of a GraphQL request are ignored, as the
//   GraphQL-over-HTTP draft asks (Yoga answered 400 `Unexpected parameter`).
// - A request that fails before it runs (no `data`: a syntax error, a failed validation, a
//   limit, bad variables, a malformed body) is answered by error-response.ts: 400 unless its
//   error says another 4xx, whatever the JSON type asked for (Yoga answers 200 to
//   `application/json` clients for some), on an accepted event stream for an SSE client
//   (but for a 429 or 5xx, which keep their status: error-response.ts); it gets a code when
//   it has none: BAD_USER_INPUT for variables, else BAD_REQUEST.
// - `originalError` (Yoga puts the JSON parser's error there), `stack` and `exception` are
//   removed from every error's extensions.
// - An Accept header the server cannot answer gets 406 NOT_ACCEPTABLE with a JSON body; a
//   subscription asked for as anything but `text/event-stream` too, before it starts.
// Internal errors (masked as INTERNAL_SERVER_ERROR) and the service's own refusals (503
// SERVICE_BUSY, 504 TIMEOUT) keep their status.
import { GraphQLError } from 'graphql';
import type { ExecutionResult } from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { errorFormat, errorResponse } from '../error-response.js';
import { createRequestError } from '../../schema/request-errors.js';
import { acceptsApolloMultipart } from './use-apollo-multipart.js';

/** Extensions that describe the server's inside, not the client's mistake. */
const HIDDEN_EXTENSIONS = new Set(['originalError', 'stack', 'exception']);

/** The properties of a GraphQL request (GraphQL over HTTP); a body's others are ignored. */
const REQUEST_PROPERTIES = ['query', 'operationName', 'variables', 'extensions'] as const;

interface HttpExtension {
  status?: number;
  spec?: boolean;
  headers?: Record<string, string>;
}

function notAcceptable(message: string): GraphQLError {
  return createRequestError(message, {
    extensions: { code: 'NOT_ACCEPTABLE', http: { status: 406 } },
  });
}

/** Whether `accept` takes an event stream (as Yoga matches it: wildcards count). */
function acceptsEventStream(accept: string | null): boolean {
  return (accept ?? '*/*')
    .toLowerCase()
    .split(',')
    .some((entry) => /^\s*(\*|text)\/(\*|event-stream)\s*(;|$)/.test(entry));
}

export function useClientErrors(): Plugin {
  return {
    onRequestParse({ request, setRequestParser }) {
      if (request.method === 'GET') setRequestParser(parseQueryString);
    },
    onParams({ params, setParams }) {
      const unknown = Object.keys(params).some(
        (key) => !(REQUEST_PROPERTIES as readonly string[]).includes(key),
      );
      if (!unknown || typeof params !== 'object' || params === null) return;
      const known: Record<string, unknown> = {};
      for (const key of REQUEST_PROPERTIES) if (key in params) known[key] = params[key];
      setParams(known as GraphQLParams);
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      // Refused before the subscription starts (nothing to undo): no other format streams.
      const { request } = args.contextValue as { request?: Request };
      const accept = request?.headers.get('accept') ?? null;
      if (request && !acceptsEventStream(accept) && !acceptsApolloMultipart(accept)) {
        setResultAndStopExecution({
          errors: [
            notAcceptable(
              'subscriptions are answered as an event stream: send the header ' +
                "'Accept: text/event-stream' (GraphQL over SSE)",
            ),
          ],
        });
      }
    },
    onResultProcess({ request, result, setResult, resultProcessor, setResultProcessor }) {
      if (Array.isArray(result)) {
        setResult(result.map(cleanResult));
        return;
      }
      const stream = Symbol.asyncIterator in result;
      const cleaned = stream ? undefined : cleanResult(result as ExecutionResult);
      if (cleaned) setResult(cleaned);
      if (resultProcessor === undefined) {
        // No format to answer in. A stream that started is ended (it cannot be sent).
        if (stream) void (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.();
        const refusal = cleaned?.errors?.every((e) => e.extensions?.code === 'NOT_ACCEPTABLE')
          ? cleaned.errors
          : notAcceptable(
              'the Accept header names no format this server answers: accept ' +
                'application/graphql-response+json or application/json',
            );
        setResultProcessor(
          (_final, fetchAPI) => errorResponse(request, refusal, fetchAPI, 'application/json'),
          'application/json',
        );
        return;
      }
      // A refusal: error-response.ts answers (multipart/mixed, which it does not write, aside).
      if (cleaned === undefined || !isRefusal(cleaned)) return;
      const format = errorFormat(request.headers.get('accept'));
      if (format === undefined) return;
      setResultProcessor(
        // The final result, after every plugin's onResultProcess (use-no-introspection.ts).
        (final, fetchAPI) => {
          const { errors = [], extensions } = final as ExecutionResult;
          return errorResponse(request, errors, fetchAPI, format, extensions);
        },
        format,
      );
    },
  };
}

/** Without `data` the request did not run: the whole answer is about the client's request. */
function isRefusal(result: ExecutionResult): boolean {
  return Boolean(result.errors?.length) && (!('data' in result) || result.data === undefined);
}

function cleanResult<T extends ExecutionResult>(result: T): T {
  if (!result.errors?.length) return result;
  const refused = isRefusal(result);
  return { ...result, errors: result.errors.map((error) => cleanError(error, refused)) };
}

function cleanError(error: GraphQLError, refused: boolean): GraphQLError {
  const extensions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error.extensions ?? {})) {
    if (!HIDDEN_EXTENSIONS.has(key)) extensions[key] = value;
  }
  if (refused && extensions.code !== 'INTERNAL_SERVER_ERROR') {
    extensions.code ??= error.message.startsWith('Variable "$') ? 'BAD_USER_INPUT' : 'BAD_REQUEST';
    const http = (extensions.http ?? {}) as HttpExtension;
    const status =
      http.status !== undefined && http.status >= 400 && !http.spec ? http.status : 400;
    extensions.http = { ...http, spec: false, status };
  }
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  });
}

/** Yoga's GET parser, with a 400 for parameters that are not JSON. */
function parseQueryString(request: Request): GraphQLParams {
  const params = new URL(request.url).searchParams;
  return {
    query: params.get('query') || undefined,
    operationName: params.get('operationName') || undefined,
    variables: jsonParameter(params, 'variables'),
    extensions: jsonParameter(params, 'extensions'),
  };
}

function jsonParameter(params: URLSearchParams, name: string): Record<string, unknown> | undefined {
  const text = params.get(name);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw createRequestError(`the query string's '${name}' is not valid JSON`, {
      extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
    });
  }
}
