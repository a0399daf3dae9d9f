// The server's configuration from the environment: one table, VARIABLES, says for each
// variable its name, the config key it sets, how its text is read (and the exact text of its
// error), its default and its line in docs/deploy.md ("Every variable"). The zod schema, the
// typed ServerConfig (a field with a default is always set) and that docs table are all made
// from it (test/config-docs.test.ts checks the docs; `npm run docs:config` rewrites them). An
// empty variable counts as unset, as shells and process managers often export empty values.
// A default owned by a lower layer (a budget, the memo's size) is that layer's constant, so
// every default is written once; the server applies none of its own.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import {
  hostText,
  hostsText,
  instancesText,
  onOff,
  originsText,
  portText,
  tokenText,
  wholeText,
} from './config-parsers.js';
import { DEFAULT_BUDGET, DEFAULT_REQUEST_TIMEOUT_MS } from './graphql/http/yoga.js';
import { DEFAULT_RESPONSE_CACHE_MAX_BYTES } from './graphql/http/plugins/use-response-cache.js';
import {
  DEFAULT_HISTORY_LIMIT,
  DEFAULT_MAX_SUBSCRIPTIONS,
  DEFAULT_MAX_SUBSCRIPTIONS_PER_CLIENT,
  DEFAULT_MEMO_MAX_BYTES,
  DEFAULT_PG_POOL_MAX,
  DEFAULT_SOLVER_NICE,
} from './service/index.js';

/**
 * How long node:http waits for a request to arrive: its headers, and all of it. A body of the
 * largest size taken (1 MiB) arrives in 30 s at 35 KB/s; node's own 300 s kept a slow
 * sender's connection and its buffers for five minutes.
 */
export const DEFAULT_HTTP_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_HTTP_REQUEST_TIMEOUT_MS = 30_000;

/** This machine only, unless HOST says otherwise. */
export const DEFAULT_HOST = '127.0.0.1';

/** Thrown for bad configuration: reported in one line, exit code 1. */
export class ConfigError extends Error {}

/** One environment variable of the server. */
interface Variable {
  readonly env: string;
  /** The ServerConfig field it sets. */
  readonly key: string;
  /** Reads its text (never empty: empty is unset); the refusal's text is what the user sees. */
  readonly parse: z.ZodType<unknown, string>;
  /**
   * Its value when unset: a value, or one made from the fields before it in the table. None:
   * the field stays undefined (and is optional in ServerConfig).
   */
  readonly default?: unknown;
  /** The docs table's "default" cell, when the value alone does not say it. */
  readonly shownDefault?: string;
  /** The docs table's "meaning" cell. */
  readonly doc: string;
}

/** The fields of the configuration read so far (a computed default reads them). */
type Earlier = Readonly<Record<string, unknown>>;

/** Server processes the configuration asks for: INSTANCES, `auto` being one per core. */
export function instanceCount(config: { readonly instances: number | 'auto' }): number {
  return config.instances === 'auto' ? availableParallelism() : config.instances;
}

/** Every variable, in the order of the docs table; a computed default follows what it reads. */
export const VARIABLES = [
  {
    env: 'PORT',
    key: 'port',
    parse: portText('PORT'),
    default: 4000,
    doc: 'the HTTP port; `0` takes a free one (the log line names it)',
  },
  {
    env: 'HOST',
    key: 'host',
    parse: hostText,
    default: DEFAULT_HOST,
    doc: 'the address to listen on: this machine only by default; `0.0.0.0` (or `::`) for every interface',
  },
  {
    env: 'DATA_DIR',
    key: 'dataDir',
    parse: z.string(),
    default: './data',
    doc: 'where the SQLite database `levels.sqlite` lives (created when missing)',
  },
  {
    env: 'DATABASE_URL',
    key: 'databaseUrl',
    parse: z.string(),
    doc: '`postgres://…` or `postgresql://…` stores levels in PostgreSQL instead',
  },
  {
    env: 'LABYRINTH_WRITE_TOKEN',
    key: 'writeToken',
    parse: tokenText,
    doc:
      'when set, every mutation needs `Authorization: Bearer <token>` (at least 16 characters ' +
      'of letters, digits and `-._~+/=`); unset, anyone may write',
  },
  {
    env: 'CORS_ORIGINS',
    key: 'corsOrigins',
    parse: originsText,
    default: [] as readonly string[],
    shownDefault: 'unset: same origin only',
    doc:
      'other web origins whose pages may call the API, comma-separated ' +
      '(`https://levels.example,http://localhost:3000`), or `*` for any',
  },
  {
    env: 'ALLOWED_HOSTS',
    key: 'allowedHosts',
    parse: hostsText,
    // Made from HOST by plugins/use-allowed-hosts.ts (allowedHostNames).
    shownDefault: 'loopback names when `HOST` is loopback, else any',
    doc:
      'host names (or IP addresses) requests may name in `Host`, comma-separated, no ports ' +
      '(`levels.example,10.0.0.5`), or `*` for any (graphql.md, [Security](graphql.md#security))',
  },
  {
    env: 'GRAPHIQL',
    key: 'graphiql',
    parse: onOff('GRAPHIQL'),
    default: true,
    doc: '`0` turns GraphiQL off',
  },
  {
    env: 'INTROSPECTION',
    key: 'introspection',
    parse: onOff('INTROSPECTION'),
    default: true,
    doc: '`0` refuses `__schema` and `__type` (`INTROSPECTION_DISABLED`); `__typename` still works',
  },
  {
    env: 'PERSISTED_ONLY',
    key: 'persistedOnly',
    parse: onOff('PERSISTED_ONLY'),
    default: false,
    doc:
      "`1` runs only the editor's own documents, sent as their hash, and refuses any other " +
      '(`PERSISTED_QUERY_ONLY`; graphql.md, [Persisted documents](graphql.md#persisted-documents))',
  },
  {
    env: 'INSTANCES',
    key: 'instances',
    parse: instancesText('INSTANCES'),
    default: 1 as number | 'auto',
    doc:
      'server processes on one port (node:cluster), PostgreSQL only; `auto`: one per core ' +
      '(see [Starting and stopping](#starting-and-stopping))',
  },
  {
    env: 'SOLVER_THREADS',
    key: 'solverThreads',
    parse: wholeText('SOLVER_THREADS', 0),
    // Each instance its share of the cores (cluster.ts passes it on to the instances).
    default: (earlier: Earlier) =>
      Math.max(
        1,
        Math.floor(
          availableParallelism() / instanceCount(earlier as { instances: number | 'auto' }),
        ),
      ),
    shownDefault:
      "the machine's cores (`os.availableParallelism()`), divided among its `INSTANCES` (at least 1)",
    doc: 'worker threads that solve big levels; `0` solves everything on the event loop (for comparison)',
  },
  {
    env: 'SOLVER_NICE',
    key: 'solverNice',
    parse: wholeText('SOLVER_NICE', 0, 19),
    default: DEFAULT_SOLVER_NICE,
    doc:
      'how much the solver threads yield the cores to the event loop (a nice value, 0 to 19; ' +
      'Linux): small requests are answered first ([benchmarks.md](benchmarks.md))',
  },
  {
    env: 'MAX_SOLVE_COST',
    key: 'maxSolveCost',
    parse: wholeText('MAX_SOLVE_COST', 1),
    default: DEFAULT_BUDGET.maxSolveCost,
    doc: "a request's solve budget, in search states (graphql.md, [Budgets](graphql.md#budgets))",
  },
  {
    env: 'MAX_RESPONSE_BYTES',
    key: 'maxResponseBytes',
    parse: wholeText('MAX_RESPONSE_BYTES', 1),
    default: DEFAULT_BUDGET.maxResponseBytes,
    doc: "a request's response budget, in bytes (graphql.md, [Budgets](graphql.md#budgets))",
  },
  {
    env: 'MAX_CRUSADE_COST',
    key: 'maxCrusadeCost',
    parse: wholeText('MAX_CRUSADE_COST', 1),
    default: DEFAULT_BUDGET.maxCrusadeCost as number,
    doc: "a request's budget of rotating-rooms plays, in rooms x rooms x (rocks + 1) (graphql.md, [Budgets](graphql.md#budgets))",
  },
  {
    env: 'REQUEST_TIMEOUT_MS',
    key: 'requestTimeoutMs',
    parse: wholeText('REQUEST_TIMEOUT_MS', 1),
    default: DEFAULT_REQUEST_TIMEOUT_MS,
    doc: "each query's and mutation's deadline; subscriptions have none (graphql.md, [Deadlines](graphql.md#deadlines))",
  },
  {
    env: 'HTTP_REQUEST_TIMEOUT_MS',
    key: 'httpRequestTimeoutMs',
    parse: wholeText('HTTP_REQUEST_TIMEOUT_MS', 1),
    default: DEFAULT_HTTP_REQUEST_TIMEOUT_MS,
    doc:
      'how long a whole request, body included, may take to arrive (a 1 MiB body at 35 KB/s); ' +
      "past it, 408 `REQUEST_TIMEOUT`. A subscription's stream is not cut: its request has arrived",
  },
  {
    env: 'HTTP_HEADERS_TIMEOUT_MS',
    key: 'httpHeadersTimeoutMs',
    parse: wholeText('HTTP_HEADERS_TIMEOUT_MS', 1),
    // node:http refuses a headers timeout longer than the whole request's.
    default: (earlier: Earlier) =>
      Math.min(DEFAULT_HTTP_HEADERS_TIMEOUT_MS, earlier.httpRequestTimeoutMs as number),
    shownDefault: `\`${DEFAULT_HTTP_HEADERS_TIMEOUT_MS}\` (or \`HTTP_REQUEST_TIMEOUT_MS\` when shorter)`,
    doc: "how long a request's headers may take to arrive; past it, 408 `REQUEST_TIMEOUT`",
  },
  {
    env: 'MEMO_MAX_BYTES',
    key: 'memoMaxBytes',
    parse: wholeText('MEMO_MAX_BYTES', 1),
    default: DEFAULT_MEMO_MAX_BYTES,
    shownDefault: `\`${DEFAULT_MEMO_MAX_BYTES}\` (${DEFAULT_MEMO_MAX_BYTES / 2 ** 20} MiB)`,
    doc: 'what the memo of answers may hold',
  },
  {
    env: 'RESPONSE_CACHE_MAX_BYTES',
    key: 'responseCacheMaxBytes',
    parse: wholeText('RESPONSE_CACHE_MAX_BYTES', 0),
    default: DEFAULT_RESPONSE_CACHE_MAX_BYTES,
    shownDefault: `\`${DEFAULT_RESPONSE_CACHE_MAX_BYTES}\` (${DEFAULT_RESPONSE_CACHE_MAX_BYTES / 2 ** 20} MiB)`,
    doc: 'what the response cache may hold of answers, as JSON; `0`: no response cache (graphql.md, [Caching](graphql.md#caching))',
  },
  {
    env: 'MAX_SUBSCRIPTIONS',
    key: 'maxSubscriptions',
    parse: wholeText('MAX_SUBSCRIPTIONS', 1),
    default: DEFAULT_MAX_SUBSCRIPTIONS,
    doc: 'subscriptions open at once; one more answers 503 `SERVICE_BUSY` (graphql.md, [Live changes](graphql.md#live-changes))',
  },
  {
    env: 'MAX_SUBSCRIPTIONS_PER_CLIENT',
    key: 'maxSubscriptionsPerClient',
    parse: wholeText('MAX_SUBSCRIPTIONS_PER_CLIENT', 1),
    default: DEFAULT_MAX_SUBSCRIPTIONS_PER_CLIENT,
    doc: 'subscriptions one client (one remote address of a connection) may have open at once; one more is refused `TOO_MANY_SUBSCRIPTIONS` (429). Behind a proxy every client has its address: raise it there (graphql.md, [Live changes](graphql.md#live-changes))',
  },
  {
    env: 'LOG_REQUESTS',
    key: 'logRequests',
    parse: onOff('LOG_REQUESTS'),
    default: true,
    doc: 'one JSON line per request on stdout; `0` for none',
  },
  {
    env: 'HISTORY_LIMIT',
    key: 'historyLimit',
    parse: wholeText('HISTORY_LIMIT', 1),
    default: DEFAULT_HISTORY_LIMIT,
    doc: 'versions of each level kept in its history',
  },
  {
    env: 'PG_POOL_MAX',
    key: 'pgPoolMax',
    parse: wholeText('PG_POOL_MAX', 1),
    default: DEFAULT_PG_POOL_MAX,
    doc: "PostgreSQL connections of each instance's pool",
  },
  {
    env: 'PG_STATEMENT_TIMEOUT_MS',
    key: 'pgStatementTimeoutMs',
    parse: wholeText('PG_STATEMENT_TIMEOUT_MS', 1),
    doc: 'the longest a statement may run on PostgreSQL',
  },
  {
    env: 'PG_LISTEN_URL',
    key: 'pgListenUrl',
    parse: z.string(),
    // The store uses DATABASE_URL when it is unset (storage/open-store.ts).
    shownDefault: '`DATABASE_URL`',
    doc:
      'the direct connection (not through a transaction pooler) each instance LISTENs on for ' +
      "other instances' writes, and migrates on at start",
  },
] as const satisfies readonly Variable[];

type Spec = (typeof VARIABLES)[number];
/** The value a variable's entry gives its field. */
type ValueOf<S extends Spec> = z.output<S['parse']>;
type WithDefault = Extract<Spec, { readonly default: unknown }>;

/** The configuration: every field that has a default is set. */
export type ServerConfig = {
  readonly [S in WithDefault as S['key']]: ValueOf<S>;
} & {
  readonly [S in Exclude<Spec, WithDefault> as S['key']]?: ValueOf<S>;
};

const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

/** The zod schema of the environment, made from the table. */
const environment = z.object(
  Object.fromEntries(
    VARIABLES.map(({ env, parse }) => [env, z.preprocess(unsetIfEmpty, parse.optional())]),
  ),
);

function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new ConfigError(result.error.issues[0].message);
  return result.data;
}

/**
 * The configuration from the environment; `options` (the command line's, already read) win
 * over their variables, and the defaults computed from them (SOLVER_THREADS from INSTANCES)
 * follow them.
 */
export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  options: Partial<ServerConfig> = {},
): ServerConfig {
  const vars = parsed(environment.safeParse(env)) as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  const chosen = options as Readonly<Record<string, unknown>>;
  for (const variable of VARIABLES as readonly Variable[]) {
    const given = chosen[variable.key] ?? vars[variable.env];
    const fallback =
      typeof variable.default === 'function'
        ? (variable.default as (earlier: Earlier) => unknown)(config)
        : variable.default;
    const value = given ?? fallback;
    if (value !== undefined) config[variable.key] = value;
  }
  const { httpHeadersTimeoutMs, httpRequestTimeoutMs } = config as {
    httpHeadersTimeoutMs: number;
    httpRequestTimeoutMs: number;
  };
  if (vars.HTTP_HEADERS_TIMEOUT_MS !== undefined && httpHeadersTimeoutMs > httpRequestTimeoutMs) {
    throw new ConfigError(
      `HTTP_HEADERS_TIMEOUT_MS (${httpHeadersTimeoutMs}) must not be longer than ` +
        `HTTP_REQUEST_TIMEOUT_MS (${httpRequestTimeoutMs}): the headers are part of the request`,
    );
  }
  return config as ServerConfig;
}

/** The arrival timeouts of `config`: [headers, whole request] in ms. */
export function arrivalTimeouts(config: ServerConfig): [number, number] {
  return [config.httpHeadersTimeoutMs, config.httpRequestTimeoutMs];
}

/**
 * The rows of docs/deploy.md's "Every variable" table: variable, default, meaning (markdown
 * cells; prettier pads them in the file).
 */
export function configDocsRows(): string[][] {
  return (VARIABLES as readonly Variable[]).map((variable) => [
    `\`${variable.env}\``,
    variable.shownDefault ?? shownValue(variable.default),
    variable.doc,
  ]);
}

function shownValue(value: unknown): string {
  if (value === undefined) return 'unset';
  if (typeof value === 'boolean') return value ? '`1`' : '`0`';
  return `\`${String(value)}\``;
}

export function parseInstances(text: string, name = 'INSTANCES'): number | 'auto' {
  return parsed(instancesText(name).safeParse(text));
}

export function parsePort(text: string, name = 'PORT'): number {
  return parsed(portText(name).safeParse(text));
}
