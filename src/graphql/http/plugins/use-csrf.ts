// Cross-site request forgery: a page of another site must not run operations here through a
// visitor's browser (which reaches servers on 127.0.0.1 or a private network that the page's
// author cannot). Checked before a request is parsed (docs/graphql.md, "Security"):
//
// 1. POST bodies are JSON (`application/json`, `application/graphql+json`) or a GraphQL document
//    (`application/graphql`). A form or a no-cors fetch can send none of these, so a browser
//    sends such a request to another origin only after a CORS preflight, which use-cors.ts
//    grants only to allowed origins. Forms, multipart and text/plain bodies answer 415.
// 2. A browser request that says where it comes from (`Origin`, or `Sec-Fetch-Site` when the
//    browser sends no Origin, as for an <img> or <script> GET) must come from this server's
//    origin or one of CORS_ORIGINS, else 403. This guards GET, which no preflight does (GET
//    runs queries only: Yoga refuses mutations over GET). Clients that are not browsers (curl,
//    programs) send neither header and are not concerned.
import type { Plugin } from 'graphql-yoga';
import { createRequestError } from '../../schema/request-errors.js';
import { forbiddenOrigin, isAllowedOrigin } from './use-cors.js';

/** The POST content types a request parser takes (matched as Yoga matches them). */
const BODY_TYPES = new Set(['application/json', 'application/graphql+json', 'application/graphql']);

export function useCsrfPrevention(allowedOrigins: readonly string[]): Plugin {
  const anyOrigin = allowedOrigins.includes('*');
  return {
    onRequestParse({ request }) {
      const origin = request.headers.get('origin');
      if (origin !== null) {
        if (!isAllowedOrigin(origin, request, allowedOrigins)) {
          throw forbiddenOrigin(origin);
        }
      } else {
        const site = request.headers.get('sec-fetch-site');
        if ((site === 'cross-site' || site === 'same-site') && !anyOrigin) {
          throw createRequestError(
            'cross-site requests are not allowed: the server takes browser requests from its ' +
              'own origin and those listed in CORS_ORIGINS',
            { extensions: { code: 'FORBIDDEN_ORIGIN', http: { status: 403 } } },
          );
        }
      }
      if (request.method !== 'POST') return;
      const header = request.headers.get('content-type');
      const type = header?.split(',')[0].split(';')[0].trim() ?? '';
      if (!BODY_TYPES.has(type)) {
        throw createRequestError(
          'a POST body must be JSON: send Content-Type: application/json ' +
            (header === null ? '(none was sent)' : `(got ${JSON.stringify(header.slice(0, 60))})`),
          { extensions: { code: 'UNSUPPORTED_MEDIA_TYPE', http: { status: 415 } } },
        );
      }
    },
  };
}
