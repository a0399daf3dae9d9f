// `npm start`: the GraphQL API on node:http (README.md). Reads the environment (src/config.ts:
// PORT [4000], HOST [127.0.0.1], DATA_DIR [./data], DATABASE_URL, ...); /graphql serves
// GraphiQL, /health and /ready answer; SIGTERM or SIGINT finishes the requests in flight,
// cuts the open subscription streams, closes the database and exits 0.
import { type Server, createServer } from 'node:http';
import { type AddressInfo, isIPv6 } from 'node:net';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  instanceCount,
  instancesProblem,
  isInstanceWorker,
  leaveCluster,
  superviseInstances,
} from './cluster.js';
import { type ServerConfig, configFromEnv } from './config.js';
import { DEFAULT_BUDGET, createApp } from './graphql/yoga.js';
import { allowedHostNames } from './graphql/plugins/use-allowed-hosts.js';
import { answerClientErrors, nodeListener } from './graphql/node-listener.js';
import { OpenResponses } from './graphql/open-responses.js';
import { LevelService } from './service/level-service.js';
import { ServiceMetrics } from './service/metrics.js';
import { SolverPool } from './service/solver-pool.js';
import type { LevelEvents } from './service/events.js';
import { openEvents, openStore } from './service/storage/open-store.js';

/** This machine only, unless HOST says otherwise. */
export const DEFAULT_HOST = '127.0.0.1';

export interface RunningServer {
  readonly url: string;
  /** Stops accepting, lets the requests in flight finish, then closes the database. */
  stop(): Promise<void>;
}

/** Solver threads by default: one per core the process may use. */
export function defaultSolverThreads(): number {
  return availableParallelism();
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
  const threads = config.solverThreads ?? defaultSolverThreads();
  const pool = threads > 0 ? new SolverPool({ threads, nice: config.solverNice }) : undefined;
  const metrics = new ServiceMetrics({ processMetrics: true });
  if (pool) metrics.watchPool(pool);
  const service = new LevelService(store, {
    pool,
    metrics,
    memoMaxBytes: config.memoMaxBytes,
    historyLimit: config.historyLimit,
    maxSubscriptions: config.maxSubscriptions,
    events,
  });
  let draining = false;
  const app = createApp(service, {
    isDraining: () => draining,
    budget: {
      maxSolveCost: config.maxSolveCost ?? DEFAULT_BUDGET.maxSolveCost,
      maxResponseBytes: config.maxResponseBytes ?? DEFAULT_BUDGET.maxResponseBytes,
    },
    requestTimeoutMs: config.requestTimeoutMs,
    logRequest: config.logRequests === false ? undefined : log,
    writeToken: config.writeToken,
    corsOrigins: config.corsOrigins,
    allowedHosts: allowedHostNames(config.host ?? DEFAULT_HOST, config.allowedHosts),
    graphiql: config.graphiql,
    introspection: config.introspection,
  });
  const server = createServer(nodeListener(app));
  answerClientErrors(server);
  const responses = new OpenResponses(server);
  const closeAll = async (): Promise<void> => {
    await pool?.close();
    await events.close();
    await store.close();
  };
  try {
    await listen(server, config.port, config.host ?? DEFAULT_HOST);
  } catch (error) {
    await closeAll();
    throw error;
  }
  const { address, port } = server.address() as AddressInfo;

  let stopping: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    draining = true;
    // The requests in flight finish (and their solver tasks), then the pool and the store close.
    const cut = await closeGracefully(server, responses, config.shutdownTimeoutMs ?? 10_000);
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
 * Runs the server until SIGTERM or SIGINT, then shuts it down gracefully. Resolves with the
 * process exit code: 0 after a clean shutdown, 1 when it could not start or stop cleanly.
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
    if (instanceCount(config) > 1) return superviseInstances(config, log, logError);
  }
  // Listen for the signals before anything else: a process manager may signal the moment the
  // process has said it is listening, and a signal before the handler exists would kill the
  // process outright, with no clean shutdown. (Writing the "listening" line wakes the reader,
  // which often runs before this process gets the CPU back.)
  let onSignal: (received: NodeJS.Signals) => void = () => {};
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    onSignal = (received) => {
      process.off('SIGTERM', onSignal).off('SIGINT', onSignal);
      resolve(received);
    };
    process.on('SIGTERM', onSignal).on('SIGINT', onSignal);
  });
  let server: RunningServer;
  try {
    server = await startServer(config, log);
  } catch (error) {
    process.off('SIGTERM', onSignal).off('SIGINT', onSignal);
    logError(`labyrinth server: cannot start: ${messageOf(error)}`);
    return 1;
  }
  if (config.writeToken === undefined) {
    logError(
      'labyrinth server: warning: writes are open to everyone: set LABYRINTH_WRITE_TOKEN to ' +
        'require a token for mutations',
    );
  }
  log(`listening on ${server.url}`);
  const signal = await signalled;
  // A second signal means "now": skip the rest of the graceful shutdown.
  const exitNow = (again: NodeJS.Signals) => {
    logError(`labyrinth server: ${again} during shutdown: exiting now`);
    process.exit(1);
  };
  process.once('SIGTERM', exitNow).once('SIGINT', exitNow);
  log(`${signal}: finishing requests in flight, then closing the database`);
  try {
    await server.stop();
  } catch (error) {
    logError(`labyrinth server: shutdown failed: ${messageOf(error)}`);
    return 1;
  }
  process.off('SIGTERM', exitNow).off('SIGINT', exitNow);
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

// Run when started as the entry point (`node dist/src/server.js`), not when imported.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let config: ServerConfig;
  try {
    config = configFromEnv();
  } catch (error) {
    process.stderr.write(`labyrinth server: ${messageOf(error)}\n`);
    process.exit(1);
  }
  process.exitCode = await serve(config);
}
