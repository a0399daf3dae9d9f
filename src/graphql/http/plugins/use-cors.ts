// CORS: which other web origins may call the API from a browser and read its answers
// (docs/graphql.md, "Security"). By default none: a page is served only its own origin's
// answers. CORS_ORIGINS lists the others, each answered with exactly its own origin (or `*`
// when the list is `*`); never with credentials, since the API takes no cookies (the write
// token is a header that a page must be given explicitly). Yoga's built-in CORS reflects any
// Origin with `Access-Control-Allow-Credentials: true`, so it is turned off (`cors: false`).
import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { errorResponse } from '../error-response.js';
import { createRequestError } from '../../schema/request-errors.js';

const ALLOWED_METHODS = 'GET, POST, OPTIONS';
/** Request headers a page may send: JSON bodies, the write token, the response format. */
const ALLOWED_HEADERS = 'Accept, Authorization, Content-Type';

/** Whether `origin` (an Origin header) is the request's own origin. */
export function isSameOrigin(origin: string, request: Request): boolean {
  try {
    // The host only: behind a TLS proxy the request reaches us as http:, its origin is https:.
    return new URL(origin).host === new URL(request.url).host;
  } catch {
    return false;
  }
}

/** Whether a page of `origin` may call the API: its own origin, or one of CORS_ORIGINS. */
export function isAllowedOrigin(
  origin: string,
  request: Request,
  allowed: readonly string[],
): boolean {
  return allowed.includes('*') || allowed.includes(origin) || isSameOrigin(origin, request);
}

export function useCors(allowed: readonly string[]): Plugin {
  const anyOrigin = allowed.includes('*');
  /** The Access-Control-Allow-Origin for a request from another origin, if it is allowed. */
  const allowOrigin = (origin: string | null): string | undefined => {
    if (origin === null) return undefined;
    if (anyOrigin) return '*';
    return allowed.includes(origin) ? origin : undefined;
  };
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      if (request.method !== 'OPTIONS') return;
      const origin = request.headers.get('origin');
      if (origin !== null && !isAllowedOrigin(origin, request, allowed)) {
        endResponse(errorResponse(request, forbiddenOrigin(origin), fetchAPI));
        return;
      }
      const headers: Record<string, string> = { allow: ALLOWED_METHODS };
      const allowedOrigin = allowOrigin(origin);
      if (allowedOrigin !== undefined) {
        headers['access-control-allow-origin'] = allowedOrigin;
        headers['access-control-allow-methods'] = ALLOWED_METHODS;
        headers['access-control-allow-headers'] = ALLOWED_HEADERS;
        headers['access-control-max-age'] = '600';
      }
      endResponse(new fetchAPI.Response(null, { status: 204, headers }));
    },
    onResponse({ request, response }) {
      // Answers depend on Origin when other origins are allowed: caches must keep them apart.
      if (allowed.length > 0) response.headers.append('vary', 'Origin');
      const allowedOrigin = allowOrigin(request.headers.get('origin'));
      if (allowedOrigin === undefined || request.method === 'OPTIONS') return;
      response.headers.set('access-control-allow-origin', allowedOrigin);
      response.headers.set('access-control-expose-headers', 'Retry-After');
    },
  };
}

/** A page of a foreign origin refused (preflights here, requests in use-csrf.ts). */
export function forbiddenOrigin(origin: string): GraphQLError {
  return createRequestError(
    `requests from the web origin ${JSON.stringify(origin.slice(0, 100))} are not allowed: ` +
      'the server takes browser requests from its own origin and those listed in CORS_ORIGINS',
    { extensions: { code: 'FORBIDDEN_ORIGIN', http: { status: 403 } } },
  );
}
