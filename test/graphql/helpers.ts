// Shared by the in-process GraphQL tests: an app over an in-memory store whose reads are
// counted, a helper that posts one operation through `app.fetch`, and the app over real HTTP.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeListener } from '../../src/graphql/http/node-listener.js';
import { type App, type AppOptions, createApp } from '../../src/graphql/http/yoga.js';
import type { LevelFilter } from '../../src/service/level-labels.js';
import { LevelService, type LevelServiceOptions } from '../../src/service/level-service.js';
import type { LevelStore, LevelVersion, StoredLevel } from '../../src/service/level-store.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { type Cost, splitCost } from '../support/cost.js';

export { type Cost, splitCost };

/** The in-memory store, counting the reads that reach it. */
export class CountingStore extends MemoryLevelStore implements LevelStore {
  readonly reads = {
    get: 0,
    getMany: 0,
    versions: 0,
    list: 0,
    listVersions: 0,
    idsAsked: [] as string[][],
  };

  override get(id: string): StoredLevel | undefined {
    this.reads.get++;
    return super.get(id);
  }

  override getMany(ids: readonly string[]): Array<StoredLevel | undefined> {
    this.reads.getMany++;
    this.reads.idsAsked.push([...ids]);
    return super.getMany(ids);
  }

  override versions(ids: readonly string[]): Array<number | undefined> {
    this.reads.versions++;
    return super.versions(ids);
  }

  override listVersions(
    afterId: string | null,
    limit: number,
    filter?: LevelFilter,
  ): LevelVersion[] {
    this.reads.listVersions++;
    return super.listVersions(afterId, limit, filter);
  }

  /** Saves as another server would (not through this app's service); answers the level. */
  put(id: string, rows: readonly string[]): StoredLevel {
    const outcome = this.save(id, rows, { historyLimit: 100 });
    if (outcome.kind !== 'saved') throw new Error('a save without expectedVersion conflicted');
    return outcome.level;
  }

  override list(afterId: string | null, limit: number, filter?: LevelFilter): StoredLevel[] {
    this.reads.list++;
    return super.list(afterId, limit, filter);
  }
}

type ReadCounts = Omit<CountingStore['reads'], 'idsAsked'>;

/** What `store.reads` should be: every count 0 but those given, and the ids `getMany` was asked. */
export function expectedReads(
  counts: Partial<ReadCounts>,
  idsAsked: string[][] = [],
): CountingStore['reads'] {
  return { get: 0, getMany: 0, versions: 0, list: 0, listVersions: 0, ...counts, idsAsked };
}

export interface TestApp {
  readonly app: App;
  readonly store: CountingStore;
  readonly service: LevelService;
}

export function makeApp(
  options: { store?: CountingStore; service?: LevelServiceOptions; app?: AppOptions } = {},
): TestApp {
  const store = options.store ?? new CountingStore();
  const service = new LevelService(store, options.service);
  // No response cache unless a test asks for one: the tests that count store reads count the
  // reads of every request (response-cache.test.ts tests the cache).
  const app = createApp(service, { logging: false, responseCacheMaxBytes: 0, ...options.app });
  return { app, store, service };
}

export interface GraphQLResponse {
  readonly status: number;
  readonly body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    extensions?: Record<string, unknown>;
  };
}

const costs = new WeakMap<GraphQLResponse, Cost>();

/** The `extensions.cost` of a response `post` answered (left out of its body). */
export function costOf(response: GraphQLResponse): Cost | undefined {
  return costs.get(response);
}

/**
 * POSTs one operation to /graphql and answers the HTTP status and the parsed JSON body, its
 * cost apart (costOf).
 */
export async function post(
  app: App,
  query: string,
  variables?: Record<string, unknown>,
  init: { signal?: AbortSignal } = {},
): Promise<GraphQLResponse> {
  const response = await app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
    signal: init.signal,
  });
  const { body, cost } = splitCost((await response.json()) as GraphQLResponse['body']);
  const answer = { status: response.status, body };
  if (cost) costs.set(answer, cost);
  return answer;
}

/** The worked example of docs/rules.md level. */
export const INTRO = ['S.#', '...', '#.E'];

/** The app on a real node:http server (as server.ts mounts it), on a free loopback port. */
export interface Listening {
  readonly server: Server;
  readonly port: number;
  /** http://127.0.0.1:PORT/graphql */
  readonly url: string;
  /** Closes every connection, then the server. */
  close(): Promise<void>;
}

export async function listen(app: App): Promise<Listening> {
  const server = createServer(nodeListener(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}/graphql`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
