// Every client mistake is a 4xx answer with an `extensions.code` (docs/graphql.md, "Errors"),
// never a 500, and no answer carries an original error, its class name or a stack:
//
// - A GET query string is parsed here: `variables` or `extensions` that are not JSON answer
//   400 BAD_REQUEST naming the parameter (Yoga's parser let JSON.parse throw: a 500).
// - A request that fails before it runs (no `data`: a syntax error, a failed validation, a
//   limit, bad variables, a malformed body) answers 400 unless its error says another 4xx,
//   whatever the Accept header (Yoga answers 200 to `application/json` clients for some), and
//   gets a code when it has none: BAD_USER_INPUT for variables, else BAD_REQUEST.
// - `originalError` (Yoga puts the JSON parser's error there), `stack` and `exception` are
//   removed from every error's extensions.
// - An Accept header the server cannot answer gets 406 NOT_ACCEPTABLE with a JSON body.
// Internal errors (masked as INTERNAL_SERVER_ERROR) and the service's own refusals (503
// SERVICE_BUSY, 504 TIMEOUT) keep their status.
import { GraphQLError } from 'graphql';
import type { ExecutionResult } from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { requestError } from '../request-errors.js';

/** Extensions that describe the server's inside, not the client's mistake. */
const HIDDEN_EXTENSIONS = new Set(['originalError', 'stack', 'exception']);

interface HttpExtension {
  status?: number;
  spec?: boolean;
  headers?: Record<string, string>;
}

export function useClientErrors(): Plugin {
  return {
    onRequestParse({ request, setRequestParser }) {
      if (request.method === 'GET') setRequestParser(parseQueryString);
    },
    onResultProcess({ result, setResult, resultProcessor, setResultProcessor }) {
      if (resultProcessor === undefined) {
        setResultProcessor(
          (_result, fetchAPI) =>
            fetchAPI.Response.json(
              {
                errors: [
                  {
                    message:
                      'the Accept header names no format this server answers: accept ' +
                      'application/graphql-response+json or application/json',
                    extensions: { code: 'NOT_ACCEPTABLE' },
                  },
                ],
              },
              { status: 406 },
            ),
          'application/json',
        );
      }
      if (Array.isArray(result)) {
        setResult(result.map(cleanResult));
      } else if (!(Symbol.asyncIterator in result)) {
        setResult(cleanResult(result));
      }
    },
  };
}

function cleanResult<T extends ExecutionResult>(result: T): T {
  if (!result.errors?.length) return result;
  // Without `data` the request did not run: the whole answer is about the client's request.
  const refused = !('data' in result) || result.data === undefined;
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
    throw requestError('BAD_REQUEST', `the query string's '${name}' is not valid JSON`, 400);
  }
}
