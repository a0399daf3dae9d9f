// The static limits of an operation (graphql-armor: depth, aliases, cost, tokens, directives),
// each refusal a 400 with its own `extensions.code` (docs/graphql.md, "Limits"). They hold for
// introspection and `__typename` too: armor leaves `__schema` out of depth and cost and
// `__typename` out of aliases by default, which let a 29-level introspection query or any
// number of `__typename` aliases through. Introspection is counted whole against its own depth
// limit, deep enough for the full introspection query of GraphiQL and graphql-js (15).
// Nesting is refused before the document is parsed (nesting.ts counts it): graphql-js parses
// recursively, and a list literal nested 2000 deep overflowed its stack (a 500, which the
// parser's cache then kept).
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { GraphQLError } from 'graphql';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import { type RequestErrorCode, createRequestError } from '../schema/request-errors.js';
import { deepestJsonNesting, deepestNesting } from './nesting.js';

export interface OperationLimits {
  /** Brackets open at once in the document's text (`{`, `[`, `(`), checked before parsing. */
  readonly maxNesting: number;
  readonly maxDepth: number;
  /** Depth of a query that asks for `__schema`, its introspection counted whole. */
  readonly maxIntrospectionDepth: number;
  readonly maxAliases: number;
  readonly maxCost: number;
  readonly maxTokens: number;
  readonly maxDirectives: number;
}

/** The codes of the limits, in one place (docs/graphql.md lists them). */
export const LIMIT_CODES = {
  nesting: 'QUERY_TOO_NESTED',
  depth: 'QUERY_TOO_DEEP',
  aliases: 'TOO_MANY_ALIASES',
  cost: 'QUERY_TOO_COSTLY',
  tokens: 'TOO_MANY_TOKENS',
  directives: 'TOO_MANY_DIRECTIVES',
} as const satisfies Record<string, RequestErrorCode>;

/** A limit's refusal: 400 with its code. */
function overLimit(code: RequestErrorCode, message: string): GraphQLError {
  return createRequestError(message, { extensions: { code, http: { status: 400 } } });
}

/**
 * Armor reports a limit with a plain "Syntax Error: …" error; throwing ours instead from its
 * rejection callback stops the request the same way, with a code, a 400 and no false
 * "Syntax Error" (`rename` rewords the message).
 */
function rejectWith(
  code: RequestErrorCode,
  rename: (message: string) => string = (message) => message,
): {
  onReject: Array<(context: unknown, error: GraphQLError) => never>;
  propagateOnRejection: true;
} {
  return {
    onReject: [
      (_context, error) => {
        throw overLimit(code, rename(error.message.replace(/^Syntax Error: /, '')));
      },
    ],
    propagateOnRejection: true,
  };
}

export function useLimits(limits: OperationLimits): Plugin {
  const operations = EnvelopArmorPlugin<YogaInitialContext>({
    // Fragments count as if written inline, not as extra levels.
    maxDepth: {
      n: limits.maxDepth,
      flattenFragments: true,
      // Counted by the introspection limit below.
      ignoreIntrospection: true,
      ...rejectWith(LIMIT_CODES.depth),
    },
    maxAliases: { n: limits.maxAliases, allowList: [], ...rejectWith(LIMIT_CODES.aliases) },
    costLimit: {
      maxCost: limits.maxCost,
      flattenFragments: true,
      ignoreIntrospection: false,
      ...rejectWith(LIMIT_CODES.cost),
    },
    maxTokens: { n: limits.maxTokens, ...rejectWith(LIMIT_CODES.tokens) },
    maxDirectives: { n: limits.maxDirectives, ...rejectWith(LIMIT_CODES.directives) },
    // Suggestions ("Did you mean …?") stay: with introspection on they tell nothing the
    // schema does not; with it off use-no-introspection.ts takes them out.
    blockFieldSuggestion: { enabled: false },
  });
  const introspection = EnvelopArmorPlugin<YogaInitialContext>({
    maxDepth: {
      n: limits.maxIntrospectionDepth,
      flattenFragments: true,
      ignoreIntrospection: false,
      ...rejectWith(LIMIT_CODES.depth, (message) =>
        message.replace(/^Query depth limit/, 'Introspection depth limit'),
      ),
    },
    blockFieldSuggestion: { enabled: false },
    maxTokens: { enabled: false },
    maxDirectives: { enabled: false },
    maxAliases: { enabled: false },
    costLimit: { enabled: false },
  });
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(operations);
      addPlugin(introspection);
    },
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      // A JSON body is parsed whole before any hook sees its variables, and JSON.parse takes
      // 120 ms of the event loop for arrays nested 200,000 deep (400 KB): its nesting is
      // counted first, as the document's is.
      if (requestParser === undefined || request.method !== 'POST') return;
      if (!/json/i.test(request.headers.get('content-type') ?? '')) return;
      const parse = requestParser;
      setRequestParser(async (req) => {
        let text: string;
        try {
          text = await req.text();
        } catch (error) {
          // The body limit's 413 (use-body-limit.ts) goes on as it is.
          if (error instanceof Error && 'extensions' in error) throw error;
          throw createRequestError('POST body sent invalid JSON.', {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        }
        if (deepestJsonNesting(text, limits.maxNesting) > limits.maxNesting) {
          throw overLimit(
            LIMIT_CODES.nesting,
            `the request body nests JSON deeper than ${limits.maxNesting} ({ and [ open at once)`,
          );
        }
        return parse(
          new fetchAPI.Request(req.url, { method: 'POST', headers: req.headers, body: text }),
        );
      });
    },
    onParams({ params }) {
      if (typeof params.query !== 'string') return;
      const nesting = deepestNesting(params.query, limits.maxNesting);
      if (nesting > limits.maxNesting) {
        throw overLimit(
          LIMIT_CODES.nesting,
          `the document nests brackets deeper than ${limits.maxNesting} ({, [ and ( open at once)`,
        );
      }
    },
  };
}
