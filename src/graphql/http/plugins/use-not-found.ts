// Every path the plugins before this one did not answer, other than the GraphQL endpoint: a 404
// that says where the API is, as JSON with a code like every other refusal (Yoga's own 404 has
// an empty body). /health is Yoga's, answered before any of our plugins.
import type { Plugin } from 'graphql-yoga';
import { errorResponse } from '../error-response.js';
import { createRequestError } from '../../schema/request-errors.js';

export function useNotFound(graphqlEndpoint: string): Plugin {
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname === graphqlEndpoint || url.pathname === `${graphqlEndpoint}/`) return;
      const path = JSON.stringify(url.pathname.slice(0, 100));
      const refusal = createRequestError(
        `nothing is served at ${path}: the API is at ${graphqlEndpoint}, the editor at /`,
        { extensions: { code: 'NOT_FOUND', http: { status: 404 } } },
      );
      endResponse(errorResponse(request, refusal, fetchAPI));
    },
  };
}
