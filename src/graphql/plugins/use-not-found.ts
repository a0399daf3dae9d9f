// Every path the plugins before this one did not answer, other than the GraphQL endpoint: a 404
// that says where the API is, as JSON with a code like every other refusal (Yoga's own 404 has
// an empty body). /health is Yoga's, answered before any of our plugins.
import type { Plugin } from 'graphql-yoga';

export function useNotFound(graphqlEndpoint: string): Plugin {
  return {
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname === graphqlEndpoint || url.pathname === `${graphqlEndpoint}/`) return;
      const path = JSON.stringify(url.pathname.slice(0, 100));
      const errors = [
        {
          message: `nothing is served at ${path}: the API is at ${graphqlEndpoint}, the editor at /`,
          extensions: { code: 'NOT_FOUND' },
        },
      ];
      endResponse(fetchAPI.Response.json({ errors }, { status: 404 }));
    },
  };
}
