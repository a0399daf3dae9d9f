// The GraphQL HTTP app: schema, masked errors, request limits and health endpoints. It is a
// fetch handler, so tests call `app.fetch(...)` in-process and server.ts mounts it on
// node:http.
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { type Plugin, type YogaServerInstance, createYoga } from 'graphql-yoga';
import type { LevelService } from '../service/level-service.js';
import { useRequestBodyLimit } from './body-limit.js';
import { type Context, createContext } from './context.js';
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
   * selections, times a literal `first` argument. A `levels(first: 100)` page selecting every
   * field costs 8788: the most one query may ask of the store and the solver.
   */
  maxCost: 10_000,
  /** Lexical tokens in the document (send big levels as variables: they are not counted). */
  maxTokens: 2000,
  maxDirectives: 50,
} as const;

export interface AppOptions {
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
    context: () => createContext(service),
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

/**
 * `/ready`: 200 `{"status":"ready"}` when the store answers, else 503 `{"status":"unavailable"}`
 * (never the database's error text). Yoga's own readiness plugin matches every request against
 * a URLPattern; comparing the path is all this needs and costs nothing on /graphql requests.
 */
function useReadiness(isReady: () => Promise<boolean>): Plugin {
  return {
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname !== '/ready') return;
      return isReady().then((ready) =>
        endResponse(
          fetchAPI.Response.json(
            { status: ready ? 'ready' : 'unavailable' },
            { status: ready ? 200 : 503 },
          ),
        ),
      );
    },
  };
}

/** True when `ping` answers in time; a failing database is "not ready", not an error page. */
async function answersWithin(ping: () => void | Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    const answered = Promise.resolve()
      .then(ping)
      .then(() => true);
    return await Promise.race([answered, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
