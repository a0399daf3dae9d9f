// `npm start`: the GraphQL API on node:http (README.md). Reads the environment (src/config.ts:
// PORT [4000], HOST [127.0.0.1], DATA_DIR [./data], DATABASE_URL, ...) and the options of
// `labyrinth serve` (cli/serve-options.ts); / serves the editor, /graphql GraphiQL, /health and
// /ready answer; SIGTERM or SIGINT finishes the requests in flight, cuts the open subscription
// streams, closes the database and exits 0 (stop-signals.ts: which signals count, and npm).
import { type Server, createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { type AddressInfo, isIPv6 } from 'node:net';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  instanceCount,
  instancesProblem,
  isInstanceWorker,
  leaveCluster,
  superviseInstances,
} from './cluster.js';
import { serveConfig, serveHelp } from './cli/serve-options.js';
import { ConfigError, type ServerConfig, arrivalTimeouts } from './config.js';
import { LIMITS, createApp } from './graphql/yoga.js';
import { allowedHostNames } from './graphql/plugins/use-allowed-hosts.js';
import { defaultEditorDir } from './graphql/plugins/use-editor.js';
import { answerClientErrors, httpServerOptions, nodeListener } from './graphql/node-listener.js';
import { serveGraphqlWs } from './graphql/graphql-ws.js';
import { OpenResponses } from './graphql/open-responses.js';
import {
  LevelService,
  ServiceMetrics,
  SolverPool,
  SQLITE_FILE_NAME,
  openEvents,
  openStore,
  usesPostgres,
  type LevelEvents,
} from './service/index.js';
import { describeStop, startedByNpm, watchStopSignals } from './stop-signals.js';
import { UsageError, oneLine } from './cli/command.js';
import { editorManifestPath, readManifest } from './graphql/plugins/use-persisted-documents.js';

/** After this long, shutdown closes the connections still open and gives up waiting. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

export interface RunningServer {
  readonly url: string;
  /** Stops accepting, lets the requests in flight finish, then closes the database. */
  stop(): Promise<void>;
}

export async function startServer(
  config: ServerConfig,
  log?: (line: string) => void,
): Promise<RunningServer> {
  const storeConfig = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgPoolMax: config.pgPoolMax,
    pgStatementTimeoutMs: config.pgStatementTimeoutMs,
    pgListenUrl: config.pgListenUrl,
  };
  const store = await openStore(storeConfig);
  let events: LevelEvents;
  try {
    events = await openEvents(storeConfig, (status, detail) =>
      log?.(JSON.stringify({ time: new Date().toISOString(), msg: `listener ${status}`, detail })),
    );
  } catch (error) {
    await store.close();
    throw error;
  }
  const threads = config.solverThreads;
  const pool = threads > 0 ? new SolverPool({ threads, nice: config.solverNice }) : undefined;
  const metrics = new ServiceMetrics({ processMetrics: true });
  if (pool) metrics.watchPool(pool);
  const service = new LevelService(store, {
    pool,
    metrics,
    memoMaxBytes: config.memoMaxBytes,
    historyLimit: config.historyLimit,
    maxSubscriptions: config.maxSubscriptions,
    maxSubscriptionsPerClient: config.maxSubscriptionsPerClient,
    events,
  });
  let draining = false;
  const app = createApp(service, {
    isDraining: () => draining,
    budget: {
      maxSolveCost: config.maxSolveCost,
      maxResponseBytes: config.maxResponseBytes,
      maxCrusadeCost: config.maxCrusadeCost,
    },
    requestTimeoutMs: config.requestTimeoutMs,
    logRequest: config.logRequests ? log : undefined,
    writeToken: config.writeToken,
    corsOrigins: config.corsOrigins,
    allowedHosts: allowedHostNames(config.host, config.allowedHosts),
    graphiql: config.graphiql,
    introspection: config.introspection,
    responseCacheMaxBytes: config.responseCacheMaxBytes,
    persistedDocuments: {
      manifest: readManifest(editorManifestPath()),
      persistedOnly: config.persistedOnly,
    },
  });
  const server = createServer(httpServerOptions(...arrivalTimeouts(config)), nodeListener(app));
  answerClientErrors(server);
  const responses = new OpenResponses(server);
  // graphql-ws on the same port and path; each operation goes through the app as a request.
  const sockets = serveGraphqlWs(server, app, {
    path: '/graphql',
    maxPayload: LIMITS.maxRequestBodyBytes,
  });
  const closeAll = async (): Promise<void> => {
    await pool?.close();
    await events.close();
    await store.close();
  };
  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    await sockets.close();
    await closeAll();
    throw error;
  }
  const { address, port } = server.address() as AddressInfo;

  let stopping: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    draining = true;
    // WebSocket clients are told the server goes away (1001) and reconnect, as after a cut stream.
    await sockets.close();
    // The requests in flight finish (and their solver tasks), then the pool and the store close.
    const cut = await closeGracefully(server, responses, SHUTDOWN_TIMEOUT_MS);
    if (cut > 0) {
      log?.(`ended ${cut} subscription stream${cut === 1 ? '' : 's'} (clients reconnect)`);
    }
    await app.dispose();
    await closeAll();
  };
  return {
    // The address actually bound, so that the URL works whatever `localhost` resolves to.
    url: `http://${isIPv6(address) ? `[${address}]` : address}:${port}/graphql`,
    stop: () => (stopping ??= stop()),
  };
}

/**
 * Where the levels are kept, as the start-up lines say it: the SQLite file (relative to the
 * current directory when inside it), or the PostgreSQL URL with its password masked.
 */
export function storeDescription(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  cwd: string = process.cwd(),
): string {
  if (!usesPostgres(config)) {
    const file = resolve(cwd, config.dataDir, SQLITE_FILE_NAME);
    const inside = relative(cwd, file);
    const shown = inside.startsWith('..') || isAbsolute(inside) ? file : `.${sep}${inside}`;
    return `SQLite ${shown}`;
  }
  return `PostgreSQL ${maskedUrl(config.databaseUrl!.trim())}`;
}

/** A database URL without its secrets: the password, and a `password` parameter. */
export function maskedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '(DATABASE_URL, not shown: it is not a URL)';
  }
  if (url.password !== '') url.password = '***';
  for (const key of [...url.searchParams.keys()]) {
    if (/pass/i.test(key)) url.searchParams.set(key, '***');
  }
  return url.toString().replace(/%2A%2A%2A/g, '***');
}

/** What the server says once it listens: where the store is, the editor and GraphiQL. */
export function startupLines(config: ServerConfig, graphqlUrl: string): string[] {
  const base = graphqlUrl.replace(/graphql$/, '');
  const editorBuilt = existsSync(join(defaultEditorDir(), 'index.html'));
  return [
    `store:    ${storeDescription(config)}`,
    `editor:   ${editorBuilt ? base : 'not built (npm run build)'}`,
    config.graphiql === false
      ? `GraphQL:  ${graphqlUrl} (GraphiQL off: GRAPHIQL=0)`
      : `GraphiQL: ${graphqlUrl}`,
    `listening on ${graphqlUrl}`,
  ];
}

const OPEN_WRITES_WARNING =
  'labyrinth server: warning: writes are open to everyone: set LABYRINTH_WRITE_TOKEN to ' +
  'require a token for mutations';

/**
 * Runs the server until SIGTERM or SIGINT (or, started by npm, until npm is gone), then shuts
 * it down gracefully. Resolves with the process exit code: 0 after a clean shutdown, 1 when it
 * could not start or stop cleanly.
 */
export async function serve(
  config: ServerConfig,
  log: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  logError: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<number> {
  if (!isInstanceWorker()) {
    const problem = instancesProblem(config);
    if (problem !== undefined) {
      logError(`labyrinth server: ${problem}`);
      return 1;
    }
    // Said once, by the primary: not again by each instance it starts.
    if (instanceCount(config) > 1) {
      if (config.writeToken === undefined) logError(OPEN_WRITES_WARNING);
      return superviseInstances(config, log, logError);
    }
  }
  // Listen for the signals before anything else: a process manager may signal the moment the
  // process has said it is listening, and a signal before the handler exists would kill the
  // process outright, with no clean shutdown. (Writing the "listening" line wakes the reader,
  // which often runs before this process gets the CPU back.) An instance's primary watches
  // npm; the instance goes with its primary.
  const stopSignals = watchStopSignals({
    npmParent: !isInstanceWorker() && startedByNpm(),
    fromPrimary: isInstanceWorker(),
  });
  let server: RunningServer;
  try {
    server = await startServer(config, log);
  } catch (error) {
    stopSignals.dispose();
    logError(`labyrinth server: cannot start: ${messageOf(error)}`);
    return 1;
  }
  if (config.writeToken === undefined && !isInstanceWorker()) logError(OPEN_WRITES_WARNING);
  for (const line of startupLines(config, server.url)) log(line);
  const reason = await stopSignals.first;
  // A second signal (not the echo of the first) means "now": skip the rest of the shutdown.
  stopSignals.onAgain((again) => {
    logError(`labyrinth server: ${again} during shutdown: exiting now`);
    process.exit(1);
  });
  log(`${describeStop(reason)}: finishing requests in flight, then closing the database`);
  try {
    await server.stop();
  } catch (error) {
    stopSignals.dispose();
    logError(`labyrinth server: shutdown failed: ${messageOf(error)}`);
    return 1;
  }
  stopSignals.dispose();
  log('stopped');
  leaveCluster();
  return 0;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * `server.close()` stops accepting connections and waits for the open ones; a kept-alive
 * connection becomes idle once its request is answered, so idle ones are closed as they
 * appear, and subscription streams are cut once nothing else is being answered
 * (open-responses.ts). Past the timeout, everything still open is closed. Answers how many
 * streams were cut.
 */
async function closeGracefully(
  server: Server,
  responses: OpenResponses,
  timeoutMs: number,
): Promise<number> {
  const closed = new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
  let cut = 0;
  const tidy = () => {
    server.closeIdleConnections();
    cut += responses.cutStreamsWhenAlone();
  };
  const sweep = setInterval(tidy, 50);
  const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
  tidy();
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return cut;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Run when started as the entry point (`node dist/src/server.js`, `npm start`), not when
// imported. The same options as `labyrinth serve`: `npm start -- --port 4001`.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const help = serveHelp(args);
  if (help !== undefined) {
    process.stdout.write(help);
  } else {
    let config: ServerConfig | undefined;
    try {
      config = serveConfig(args);
    } catch (error) {
      if (!(error instanceof UsageError || error instanceof ConfigError)) throw error;
      process.stderr.write(`labyrinth server: ${oneLine(messageOf(error))}\n`);
      process.exitCode = 1;
    }
    if (config !== undefined) process.exitCode = await serve(config);
  }
}
