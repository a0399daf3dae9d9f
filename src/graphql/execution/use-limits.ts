// The static limits of an operation (graphql-armor: depth, aliases, cost, tokens, directives),
// each refusal a 400 with its own `extensions.code` (docs/graphql.md, "Limits"). They hold for
// introspection and `__typename` too: armor leaves `__schema` out of depth and cost and
// `__typename` out of aliases by default, which let a 29-level introspection query or any
// number of `__typename` aliases through. Introspection is counted whole against its own depth
// limit, deep enough for the full introspection query of GraphiQL and graphql-js (15).
// Nesting is refused before the document is parsed: graphql-js parses recursively, and a list
// literal nested 2000 deep overflowed its stack (a 500, which the parser's cache then kept).
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { GraphQLError } from 'graphql';
import type { Plugin, YogaInitialContext } from 'graphql-yoga';
import { type RequestErrorCode, createRequestError } from '../schema/request-errors.js';

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

/**
 * How deep `{`, `[` and `(` nest in a GraphQL document, outside strings and comments; it stops
 * counting once past `limit`. One pass, no recursion, whatever the text.
 */
export function deepestNesting(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  // From sign to sign by a native regex scan: a 1 MB operation name costs the event loop about
  // 1 ms so, against about 27 ms char by char.
  const signs = /[{}[\]()#"]/g;
  for (let match = signs.exec(text); match !== null; match = signs.exec(text)) {
    const i = match.index;
    const char = text[i];
    if (char === '{' || char === '[' || char === '(') {
      depth++;
      if (depth > limit) return depth;
      deepest = Math.max(deepest, depth);
    } else if (char === '}' || char === ']' || char === ')') {
      depth = Math.max(0, depth - 1);
    } else if (char === '#') {
      signs.lastIndex = lineEnd(text, i + 1);
    } else {
      const end = text.startsWith('"""', i) ? blockStringEnd(text, i + 3) : stringEnd(text, i + 1);
      signs.lastIndex = end + 1;
    }
  }
  return deepest;
}

/** The index of the line break that ends a comment begun before `from` (or the text's end). */
function lineEnd(text: string, from: number): number {
  const breaks = /[\n\r]/g;
  breaks.lastIndex = from;
  return breaks.exec(text)?.index ?? text.length;
}

/** The index of the quote that ends a string begun before `from` (or the text's end). */
function stringEnd(text: string, from: number): number {
  const stops = /[\\"\n]/g;
  stops.lastIndex = from;
  for (let match = stops.exec(text); match !== null; match = stops.exec(text)) {
    if (text[match.index] !== '\\') return match.index;
    stops.lastIndex = match.index + 2;
  }
  return text.length;
}

/** The index of the last quote of the `"""` that ends a block string begun before `from`. */
function blockStringEnd(text: string, from: number): number {
  for (let at = from; ;) {
    const quotes = text.indexOf('"""', at);
    if (quotes === -1) return text.length;
    // `\"""` is an escaped triple quote, inside the string.
    if (text[quotes - 1] !== '\\' || quotes - 1 < from) return quotes + 2;
    at = quotes + 3;
  }
}

/**
 * How deep `{` and `[` nest in a JSON text, outside strings; it stops counting once past
 * `limit`. One pass, no recursion; strings are skipped with indexOf, so a 1 MB level's rows
 * cost well under a millisecond.
 */
export function deepestJsonNesting(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x5b || char === 0x7b) {
      depth++;
      if (depth > limit) return depth;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d || char === 0x7d) {
      if (depth > 0) depth--;
    } else if (char === 0x22) {
      i = jsonStringEnd(text, i + 1);
    }
  }
  return deepest;
}

/** The index of the quote that ends a JSON string begun before `from` (or the text's end). */
function jsonStringEnd(text: string, from: number): number {
  for (let at = from; ;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return text.length;
    let slashes = 0;
    while (quote - slashes - 1 >= from && text.charCodeAt(quote - slashes - 1) === 0x5c) slashes++;
    if (slashes % 2 === 0) return quote;
    at = quote + 1;
  }
}
