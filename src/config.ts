// The server's configuration from the environment, checked with one zod schema: every
// variable, its default and the exact text of its error live here. An empty variable counts
// as unset, as shells and process managers often export empty values.
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * How long node:http waits for a request to arrive: its headers, and all of it. A body of the
 * largest size taken (1 MiB) arrives in 30 s at 35 KB/s; node's own 300 s kept a slow
 * sender's connection and its buffers for five minutes.
 */
export const DEFAULT_HTTP_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_HTTP_REQUEST_TIMEOUT_MS = 30_000;

/** The arrival timeouts of `config`, defaults filled in: [headers, whole request] in ms. */
export function arrivalTimeouts(config: ServerConfig): [number, number] {
  const request = config.httpRequestTimeoutMs ?? DEFAULT_HTTP_REQUEST_TIMEOUT_MS;
  return [
    config.httpHeadersTimeoutMs ?? Math.min(DEFAULT_HTTP_HEADERS_TIMEOUT_MS, request),
    request,
  ];
}

/** Thrown for bad configuration: reported in one line, exit code 1. */
export class ConfigError extends Error {}

export interface ServerConfig {
  /** 0 picks a free port (the log line names it). */
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  /** Solver worker threads; 0 solves everything inline (on the event loop). */
  readonly solverThreads?: number;
  /** How much the solver threads yield to the event loop (0 to 19). */
  readonly solverNice?: number;
  /** A request's budget (docs/graphql.md, "Budgets"). */
  readonly maxSolveCost?: number;
  readonly maxResponseBytes?: number;
  /** The crusade budget: the cost of the rotating-rooms plays a request may ask for. */
  readonly maxCrusadeCost?: number;
  /** Each query's and mutation's deadline (subscriptions have none). */
  readonly requestTimeoutMs?: number;
  /** How long node:http waits for a request's headers, and for all of it (body included). */
  readonly httpHeadersTimeoutMs?: number;
  readonly httpRequestTimeoutMs?: number;
  /** Subscriptions open at once, at most. */
  readonly maxSubscriptions?: number;
  /** Bytes the memo of answers may hold. */
  readonly memoMaxBytes?: number;
  /** One JSON line per request on stdout. */
  readonly logRequests?: boolean;
  /** Versions of each level kept in its history. */
  readonly historyLimit?: number;
  /** PostgreSQL: connections of each instance's pool, and a statement's longest run. */
  readonly pgPoolMax?: number;
  readonly pgStatementTimeoutMs?: number;
  /** PostgreSQL: the listener's direct connection (default DATABASE_URL); see docs/deploy.md. */
  readonly pgListenUrl?: string;
  /** Server processes on this machine (node:cluster); 'auto': one per core. */
  readonly instances?: number | 'auto';
  /** After this long, shutdown closes the connections still open and gives up waiting. */
  readonly shutdownTimeoutMs?: number;
  /** The address to listen on (default 127.0.0.1: this machine only). */
  readonly host?: string;
  /** Browser origins other than the server's own that may call the API (`*`: any). */
  readonly corsOrigins?: readonly string[];
  /**
   * Host names the server answers to (`Host` header; `*`: any). Default: the loopback names
   * when HOST is a loopback address, any otherwise (plugins/use-allowed-hosts.ts).
   */
  readonly allowedHosts?: readonly string[];
  /** When set, every mutation needs `Authorization: Bearer <token>`. Never logged. */
  readonly writeToken?: string;
  /** GraphiQL at /graphql for browsers (default on). */
  readonly graphiql?: boolean;
  /** Schema introspection (default on). */
  readonly introspection?: boolean;
}

/** A TCP port given as text; `name` is how the user wrote it (PORT, --port). */
const portText = (name: string) =>
  z
    .string()
    .refine((text) => /^\d+$/.test(text) && Number(text) <= 65535, {
      error: (issue) =>
        `${name} must be a whole number from 0 to 65535, got '${String(issue.input)}'`,
    })
    .transform(Number);

/** A whole number from `min`, given as text. */
const wholeText = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
      error: (issue) =>
        `${name} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}, got '${String(issue.input)}'`,
    })
    .transform(Number);

/** A number of instances, or `auto`. */
export const instancesText = (name: string) =>
  z
    .string()
    .refine(
      (text) => text === 'auto' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 256),
      {
        error: (issue) =>
          `${name} must be a whole number from 1 to 256 or 'auto', got '${String(issue.input)}'`,
      },
    )
    .transform((text): number | 'auto' => (text === 'auto' ? 'auto' : Number(text)));

const onOff = (name: string) =>
  z
    .enum(['0', '1', 'true', 'false'], {
      error: (issue) => `${name} must be 0, 1, true or false, got '${String(issue.input)}'`,
    })
    .transform((text) => text === '1' || text === 'true');

/** A host name or an IP address, as `server.listen` takes it. */
const hostText = z.string().refine((text) => isIP(text) !== 0 || HOST_NAME.test(text), {
  error: (issue) => `HOST must be an IP address or a host name, got '${String(issue.input)}'`,
});
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * Comma-separated origins, each exactly as a browser sends it in `Origin` (scheme, host and
 * port, no path), so that a match is a plain string comparison; `*` allows any origin.
 */
const originsText = z
  .string()
  .transform((text) => text.split(',').map((origin) => origin.trim()))
  .refine((origins) => origins.every((origin) => origin === '*' || isOrigin(origin)), {
    error: (issue) =>
      `CORS_ORIGINS must be origins like https://example.com or http://localhost:3000 ` +
      `(scheme, host and port only), separated by commas, or *; got '${String(issue.input)}'`,
  });

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

/** Comma-separated host names or IP addresses (IPv6 with or without brackets), or `*`. */
const hostsText = z
  .string()
  .transform((text) => text.split(',').map((host) => host.trim()))
  .refine(
    (hosts) =>
      hosts.every(
        (host) =>
          host === '*' ||
          isIP(host) !== 0 ||
          isIP(host.replace(/^\[(.*)\]$/, '$1')) === 6 ||
          HOST_NAME.test(host),
      ),
    {
      error: (issue) =>
        'ALLOWED_HOSTS must be host names or IP addresses separated by commas (no ports), ' +
        `or *; got '${String(issue.input)}'`,
    },
  );

/**
 * The write token: at least 16 characters a header value can carry without quoting. The error
 * never repeats the value (it is a secret), only its length.
 */
const tokenText = z.string().refine((text) => /^[A-Za-z0-9._~+/=-]{16,}$/.test(text), {
  error: (issue) =>
    'LABYRINTH_WRITE_TOKEN must be at least 16 characters of letters, digits and -._~+/= ' +
    `(got ${String(issue.input).length} characters, not shown)`,
});

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const environment = z.object({
  PORT: z.preprocess(unsetIfEmpty, portText('PORT').default(4000)),
  DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
  DATABASE_URL: optional(z.string()),
  SOLVER_THREADS: optional(wholeText('SOLVER_THREADS', 0)),
  SOLVER_NICE: optional(wholeText('SOLVER_NICE', 0, 19)),
  MAX_SOLVE_COST: optional(wholeText('MAX_SOLVE_COST', 1)),
  MAX_RESPONSE_BYTES: optional(wholeText('MAX_RESPONSE_BYTES', 1)),
  MAX_CRUSADE_COST: optional(wholeText('MAX_CRUSADE_COST', 1)),
  REQUEST_TIMEOUT_MS: optional(wholeText('REQUEST_TIMEOUT_MS', 1)),
  HTTP_HEADERS_TIMEOUT_MS: optional(wholeText('HTTP_HEADERS_TIMEOUT_MS', 1)),
  HTTP_REQUEST_TIMEOUT_MS: optional(wholeText('HTTP_REQUEST_TIMEOUT_MS', 1)),
  MAX_SUBSCRIPTIONS: optional(wholeText('MAX_SUBSCRIPTIONS', 1)),
  MEMO_MAX_BYTES: optional(wholeText('MEMO_MAX_BYTES', 1)),
  LOG_REQUESTS: optional(onOff('LOG_REQUESTS')),
  HISTORY_LIMIT: optional(wholeText('HISTORY_LIMIT', 1)),
  PG_POOL_MAX: optional(wholeText('PG_POOL_MAX', 1)),
  PG_STATEMENT_TIMEOUT_MS: optional(wholeText('PG_STATEMENT_TIMEOUT_MS', 1)),
  PG_LISTEN_URL: optional(z.string()),
  INSTANCES: optional(instancesText('INSTANCES')),
  HOST: z.preprocess(unsetIfEmpty, hostText.default('127.0.0.1')),
  CORS_ORIGINS: optional(originsText),
  ALLOWED_HOSTS: optional(hostsText),
  LABYRINTH_WRITE_TOKEN: optional(tokenText),
  GRAPHIQL: optional(onOff('GRAPHIQL')),
  INTROSPECTION: optional(onOff('INTROSPECTION')),
});

function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new ConfigError(result.error.issues[0].message);
  return result.data;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const vars = parsed(environment.safeParse(env));
  // node:http refuses a headers timeout longer than the whole request's.
  const requestMs = vars.HTTP_REQUEST_TIMEOUT_MS ?? DEFAULT_HTTP_REQUEST_TIMEOUT_MS;
  if (vars.HTTP_HEADERS_TIMEOUT_MS !== undefined && vars.HTTP_HEADERS_TIMEOUT_MS > requestMs) {
    throw new ConfigError(
      `HTTP_HEADERS_TIMEOUT_MS (${vars.HTTP_HEADERS_TIMEOUT_MS}) must not be longer than ` +
        `HTTP_REQUEST_TIMEOUT_MS (${requestMs}): the headers are part of the request`,
    );
  }
  return {
    port: vars.PORT,
    dataDir: vars.DATA_DIR,
    databaseUrl: vars.DATABASE_URL,
    solverThreads: vars.SOLVER_THREADS,
    solverNice: vars.SOLVER_NICE,
    maxSolveCost: vars.MAX_SOLVE_COST,
    maxResponseBytes: vars.MAX_RESPONSE_BYTES,
    maxCrusadeCost: vars.MAX_CRUSADE_COST,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    httpHeadersTimeoutMs: vars.HTTP_HEADERS_TIMEOUT_MS,
    httpRequestTimeoutMs: vars.HTTP_REQUEST_TIMEOUT_MS,
    maxSubscriptions: vars.MAX_SUBSCRIPTIONS,
    memoMaxBytes: vars.MEMO_MAX_BYTES,
    logRequests: vars.LOG_REQUESTS,
    historyLimit: vars.HISTORY_LIMIT,
    pgPoolMax: vars.PG_POOL_MAX,
    pgStatementTimeoutMs: vars.PG_STATEMENT_TIMEOUT_MS,
    pgListenUrl: vars.PG_LISTEN_URL,
    instances: vars.INSTANCES,
    host: vars.HOST,
    corsOrigins: vars.CORS_ORIGINS,
    allowedHosts: vars.ALLOWED_HOSTS,
    writeToken: vars.LABYRINTH_WRITE_TOKEN,
    graphiql: vars.GRAPHIQL,
    introspection: vars.INTROSPECTION,
  };
}

export function parseInstances(text: string, name = 'INSTANCES'): number | 'auto' {
  return parsed(instancesText(name).safeParse(text));
}

export function parsePort(text: string, name = 'PORT'): number {
  return parsed(portText(name).safeParse(text));
}
