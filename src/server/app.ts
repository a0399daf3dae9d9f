// The server of one process, wired: the config opens the store, the events and the solver
// pool, they make the LevelService, the service the GraphQL app (Yoga), and the app is mounted
// on node:http with graphql-ws on the same port and path. stop() drains it and closes all.
import { type Server, createServer } from 'node:http';
import { type AddressInfo, isIPv6 } from 'node:net';
import { type ServerConfig, arrivalTimeouts } from '../config.js';
import { LIMITS, createApp } from '../graphql/http/yoga.js';
import { allowedHostNames } from '../graphql/http/plugins/use-allowed-hosts.js';
import {
  answerClientErrors,
  httpServerOptions,
  nodeListener,
} from '../graphql/http/node-listener.js';
import { serveGraphqlWs } from '../graphql/http/graphql-ws.js';
import { OpenResponses } from '../graphql/http/open-responses.js';
import {
  editorManifestPath,
  readManifest,
} from '../graphql/http/plugins/use-persisted-documents.js';
import {
  LevelService,
  ServiceMetrics,
  SolverPool,
  openEvents,
  openStore,
  type LevelEvents,
} from '../service/index.js';
import { closeGracefully } from './graceful-close.js';

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
    const cut = await closeGracefully(server, responses);
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

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
