// The GraphQL HTTP app: schema, masked errors, request limits and health endpoints. It is a
// fetch handler, so tests call `app.fetch(...)` in-process and server.ts mounts it on
// node:http.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { type YogaServerInstance, createYoga } from 'graphql-yoga';
import type { LevelService } from '../service/level-service.js';
import { type Context, createContext } from './context.js';
import { useRequestBodyLimit } from './plugins/use-body-limit.js';
import { type Budget, useBudget } from './plugins/use-budget.js';
import { useEditor } from './plugins/use-editor.js';
import { useMetrics } from './plugins/use-metrics.js';
import { answersWithin, useReadiness } from './plugins/use-readiness.js';
import { schema } from './schema.js';

/** The limits every request is held to; documented in docs/graphql.md. */
export const LIMITS = {
  /** Bytes of a request body; a larger one answers 413. */
  maxRequestBodyBytes: 1024 * 1024,
  /** Nesting of selections (`levels { edges { node { path { row } } } }` is 5). */
  maxDepth: 8,
  /** Aliases in one operation. */
  maxAliases: 15,
  /**
   * graphql-armor's static cost: 1 per scalar field, 2 per object field plus 1.5x its
   * selections, times a literal `first` argument. It bounds the shape of a query; the work and
   * the response are priced by the budget (plugins/use-budget.ts). A `levels(first: 100)` page
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
export const DEFAULT_BUDGET: Budget = { maxSolveCost: 100_000_000, maxResponseBytes: 16_000_000 };
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
}

export type App = YogaServerInstance<Record<string, never>, Context>;

export function createApp(service: LevelService, options: AppOptions = {}): App {
  const readyTimeoutMs = options.readyTimeoutMs ?? 2000;
  return createYoga<Record<string, never>, Context>({
    schema,
    context: ({ request }) =>
      createContext(
        service,
        AbortSignal.any([
          request.signal,
          AbortSignal.timeout(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
        ]),
      ),
    graphqlEndpoint: '/graphql',
    graphiql: { title: 'Labyrinth levels' },
    landingPage: false,
    logging: options.logging ?? true,
    // Internal errors answer "Unexpected error." with no stack, even with NODE_ENV=development.
    maskedErrors: { isDev: false },
    // The body limit is our plugin below: Yoga's streams every body through a counter.
    maxRequestBodySize: false,
    healthCheckEndpoint: '/health',
    plugins: [
      EnvelopArmorPlugin({
        // Fragments count as if written inline, not as extra levels.
        maxDepth: { n: LIMITS.maxDepth, flattenFragments: true },
        maxAliases: { n: LIMITS.maxAliases },
        costLimit: { maxCost: LIMITS.maxCost, flattenFragments: true },
        maxTokens: { n: LIMITS.maxTokens },
        maxDirectives: { n: LIMITS.maxDirectives },
      }),
      useMetrics(service.metrics.registry, '/graphql', options.logRequest),
      useEditor(),
      useBudget(options.budget ?? DEFAULT_BUDGET),
      useReadiness(
        async () =>
          !options.isDraining?.() &&
          (await answersWithin(() => service.store.ping(), readyTimeoutMs)),
      ),
      // Last: it wraps whichever request parser the plugins before it have chosen.
      useRequestBodyLimit(LIMITS.maxRequestBodyBytes),
    ],
  });
}
