// The GraphQL HTTP app: schema, masked errors, request limits and health endpoints, GraphiQL,
// and who may call it (write token, CORS, cross-site requests). It is a fetch handler, so
// tests call `app.fetch(...)` in-process and server.ts mounts it on node:http.
import type { IncomingMessage } from 'node:http';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { type YogaServerInstance, createYoga, maskError } from 'graphql-yoga';
import { storeFaultsInOneLine } from './logger.js';
import { storeRefusal } from '../schema/request-errors.js';
import { DEFAULT_MAX_CRUSADE_COST, type LevelService } from '../../service/index.js';
import { type Context, createContext } from '../schema/context.js';
import { useRequestBodyLimit } from './plugins/use-body-limit.js';
import { guardHooks } from './plugins/guard-hooks.js';
import { useAllowedHosts } from './plugins/use-allowed-hosts.js';
import { useArgumentChecks } from '../execution/use-argument-checks.js';
import { useApolloMultipart } from './plugins/use-apollo-multipart.js';
import { type Budget, useBudget } from '../execution/use-budget.js';
import { useClientErrors } from './plugins/use-client-errors.js';
import { useCors } from './plugins/use-cors.js';
import { useCsrfPrevention } from './plugins/use-csrf.js';
import { requestDeadline } from '../schema/deadline.js';
import { useDeadline } from '../execution/use-deadline.js';
import { useGraphiQL } from './plugins/use-graphiql.js';
import { useLimits } from '../execution/use-limits.js';
import { useSubscriptionLimits } from './plugins/use-subscription-limits.js';
import { useEditor } from './plugins/use-editor.js';
import { useMetrics } from './plugins/use-metrics.js';
import { useNoIntrospection } from '../execution/use-no-introspection.js';
import { useNotFound } from './plugins/use-not-found.js';
import {
  type PersistedDocumentsOptions,
  usePersistedDocuments,
} from './plugins/use-persisted-documents.js';
import { answersWithin, useReadiness } from './plugins/use-readiness.js';
import {
  DEFAULT_RESPONSE_CACHE_MAX_BYTES,
  useResponseCache,
} from './plugins/use-response-cache.js';
import { useWriteToken } from './plugins/use-write-token.js';
import { schema } from '../schema/schema.js';

/** The limits every request is held to; documented in docs/graphql.md. */
export const LIMITS = {
  /** Bytes of a request body; a larger one answers 413. */
  maxRequestBodyBytes: 1024 * 1024,
  /** Brackets (`{`, `[`, `(`) open at once in a document, checked before it is parsed. */
  maxNesting: 64,
  /** Nesting of selections (`levels { edges { node { path { row } } } }` is 5). */
  maxDepth: 8,
  /** Nesting of a query that asks for `__schema`: GraphiQL's introspection query is 15 deep. */
  maxIntrospectionDepth: 15,
  /** Aliases in one operation. */
  maxAliases: 15,
  /**
   * graphql-armor's static cost: 1 per scalar field, 2 per object field plus 1.5x its
   * selections, times a literal `first` argument. It bounds the shape of a query; the work and
   * the response are priced by the budget (../execution/use-budget.ts). A `levels(first: 100)` page
   * selecting every field, `maze` with all of its own, costs 14,618.75 (a test checks it fits).
   */
  maxCost: 20_000,
  /** Lexical tokens in the document (send big levels as variables: they are not counted). */
  maxTokens: 2000,
  maxDirectives: 50,
} as const;

/**
 * The default budget of a request (docs/graphql.md, "Budgets"): every answer of two
 * 1000x1000 levels with four keys fits (two searches of 16 million states each, per level),
 * eight do not; and their responses (about 3 MB each: rows and two renders) fit while
 * thousands of copies of a long path do not.
 */
export const DEFAULT_BUDGET: Budget = {
  maxSolveCost: 100_000_000,
  maxResponseBytes: 16_000_000,
  // The rotating-rooms plays (service/crusade.ts): every level file, any 20x20 level with up
  // to 11 rocks.
  maxCrusadeCost: DEFAULT_MAX_CRUSADE_COST,
};
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface AppOptions {
  readonly budget?: Budget;
  /** Each request's deadline: past it, its solver tasks are cancelled and it answers TIMEOUT. */
  readonly requestTimeoutMs?: number;
  /** One JSON line per request (none when unset). */
  readonly logRequest?: (line: string) => void;
  /** Yoga's logger (masked errors are logged with their stack there); tests turn it off. */
  readonly logging?: boolean;
  /** While true, /ready answers 503 (the server is shutting down). */
  readonly isDraining?: () => boolean;
  /** How long /ready waits for the store before it answers 503. */
  readonly readyTimeoutMs?: number;
  /** When set, mutations need `Authorization: Bearer <writeToken>` (else anyone may write). */
  readonly writeToken?: string;
  /** Web origins other than the server's own whose pages may call the API (`*`: any). */
  readonly corsOrigins?: readonly string[];
  /**
   * The host names (as URL.hostname spells them) requests may name in `Host`; undefined: any
   * (plugins/use-allowed-hosts.ts; the server passes its default, allowedHostNames).
   */
  readonly allowedHosts?: readonly string[];
  /** GraphiQL for browsers at /graphql (default true). */
  readonly graphiql?: boolean;
  /** Schema introspection (default true). */
  readonly introspection?: boolean;
  /**
   * Documents a request may name by hash (the editor's manifest), and whether only those run
   * (plugins/use-persisted-documents.ts). Default: no manifest, any document.
   */
  readonly persistedDocuments?: PersistedDocumentsOptions;
  /**
   * Bytes of answers the response cache may hold (plugins/use-response-cache.ts); 0: none.
   * Default DEFAULT_RESPONSE_CACHE_MAX_BYTES.
   */
  readonly responseCacheMaxBytes?: number;
}

/** The operations GraphiQL opens with (docs/graphql.md, "GraphiQL"). */
export function graphiqlExample(writeProtected: boolean): string {
  const token = writeProtected
    ? `#
# Mutations need the server's write token: add it under Headers below, as
# {"Authorization": "Bearer <token>"}.
`
    : '';
  return `# Labyrinth levels. Run an operation with the run button (or Ctrl-Enter); Docs,
# on the left, lists every query and mutation.
#
# Store a level (each store is a new version), then ask for its answers.
${token}
mutation StoreIntro {
  loadLevel(id: "intro", rows: ["S.#", "...", "#.E"]) {
    __typename
    ... on Level { id version }
    ... on Error { message }
  }
}

query IntroAnswers {
  level(id: "intro") {
    version
    steps
    render
    cheapest
  }
}
`;
}

/**
 * The remote address of a request node:http brought (Yoga's node adapter passes its
 * IncomingMessage as `req`); undefined for one called in-process.
 */
function remoteAddress(initial: object): string | undefined {
  return (initial as { req?: IncomingMessage }).req?.socket?.remoteAddress;
}

export type App = YogaServerInstance<Record<string, never>, Context>;

export function createApp(service: LevelService, options: AppOptions = {}): App {
  const readyTimeoutMs = options.readyTimeoutMs ?? 2000;
  const corsOrigins = options.corsOrigins ?? [];
  return createYoga<Record<string, never>, Context>({
    schema,
    context: (initial) =>
      createContext(
        service,
        requestDeadline(initial.request, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
        remoteAddress(initial),
      ),
    graphqlEndpoint: '/graphql',
    // Ours (plugins/use-graphiql.ts, use-cors.ts): Yoga's GraphiQL needs a CDN, its CORS
    // reflects any origin with credentials.
    graphiql: false,
    cors: false,
    // No multipart bodies: no feature takes uploads, and a form may send them cross-site.
    multipart: false,
    landingPage: false,
    logging: options.logging === false ? false : storeFaultsInOneLine(),
    // Internal errors answer "Unexpected error." with no stack, even with NODE_ENV=development.
    maskedErrors: {
      isDev: false,
      // A store that cannot answer or write is said as such (503, try again), not as a bug.
      maskError: (error, message, isDev) => storeRefusal(error) ?? maskError(error, message, isDev),
    },
    // The body limit is our plugin below: Yoga's streams every body through a counter.
    maxRequestBodySize: false,
    healthCheckEndpoint: '/health',
    // Every plugin's HTTP hooks answer their own failures without a stack (guard-hooks.ts).
    plugins: [
      // @defer and @stream, answered over multipart/mixed (or SSE) as the client accepts.
      useDeferStream(),
      // Subscriptions as Apollo's multipart responses, besides SSE and graphql-ws.
      useApolloMultipart(),
      // Security and client errors (docs/graphql.md, "Security").
      useAllowedHosts(options.allowedHosts),
      useCors(corsOrigins),
      options.graphiql !== false &&
        useGraphiQL({
          title: 'Labyrinth levels',
          endpoint: '/graphql',
          defaultQuery: graphiqlExample(options.writeToken !== undefined),
        }),
      useCsrfPrevention(corsOrigins),
      useClientErrors(),
      // A document sent by its hash is read before the limits judge it.
      ...usePersistedDocuments(options.persistedDocuments ?? { manifest: new Map() }),
      // After the document is known by its hash, before any plugin reads a level.
      useResponseCache(service.store, {
        maxBytes: options.responseCacheMaxBytes ?? DEFAULT_RESPONSE_CACHE_MAX_BYTES,
      }),
      useWriteToken(options.writeToken),
      useLimits(LIMITS),
      useSubscriptionLimits(),
      options.introspection === false && useNoIntrospection(),
      service.metrics !== null &&
        useMetrics(service.metrics.registry, '/graphql', options.logRequest),
      useDeadline(),
      useEditor(),
      // Arguments judged before the budget prices them and before anything runs.
      useArgumentChecks(),
      useBudget(options.budget ?? DEFAULT_BUDGET),
      useReadiness(
        async () =>
          !options.isDraining?.() &&
          (await answersWithin(() => service.store.ping(), readyTimeoutMs)),
      ),
      useNotFound('/graphql'),
      // Last: it wraps whichever request parser the plugins before it have chosen.
      useRequestBodyLimit(LIMITS.maxRequestBodyBytes),
    ].map((plugin) => (plugin === false ? plugin : guardHooks(plugin))),
  });
}
