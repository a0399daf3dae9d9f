// Subscriptions and operations over WebSocket (graphql-ws, the protocol Apollo, urql, Relay and
// GraphiQL use), read by graphql-ws's own client on the server's port and path: the same write
// token, origins and per-client subscription limit as over HTTP (src/graphql/http/graphql-ws.ts).
import { type Client, createClient } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serveGraphqlWs } from '../../src/graphql/http/graphql-ws.js';
import type { AppOptions } from '../../src/graphql/http/yoga.js';
import type { LevelServiceOptions } from '../../src/service/level-service.js';
import { INTRO, makeApp, splitCost, listen } from './helpers.js';

const TOKEN = 'a-long-secret-token.1234';
const open: Array<() => Promise<void>> = [];

async function serve(app: AppOptions = {}, service: LevelServiceOptions = {}) {
  const made = makeApp({ app, service });
  made.store.put('intro', INTRO);
  const http = await listen(made.app);
  const ws = serveGraphqlWs(http.server, made.app, { path: '/graphql', maxPayload: 1024 * 1024 });
  open.push(async () => {
    await ws.close();
    await http.close();
  });
  return { ...made, url: http.url.replace(/^http/, 'ws'), port: http.port };
}

afterAll(async () => {
  for (const close of open) await close();
});

function client(url: string, options: { token?: string; origin?: string } = {}): Client {
  const made = createClient({
    url,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, options.origin ? { origin: options.origin } : {});
      }
    },
    connectionParams: options.token ? { authorization: `Bearer ${options.token}` } : undefined,
    retryAttempts: 0,
  });
  open.push(() => made.dispose() as Promise<void>);
  return made;
}

/** Every result of one operation, or the errors it was refused with. */
function run(
  ws: Client,
  query: string,
  variables: Record<string, unknown> = {},
  until = Infinity,
): Promise<{ results: unknown[]; error?: unknown }> {
  return new Promise((resolve) => {
    const results: unknown[] = [];
    const stop = ws.subscribe(
      { query, variables },
      {
        next: (result) => {
          results.push(splitCost(result).body);
          if (results.length >= until) {
            stop();
            resolve({ results });
          }
        },
        error: (error) => resolve({ results, error }),
        complete: () => resolve({ results }),
      },
    );
  });
}

describe('graphql-ws', () => {
  it('answers a query and a mutation, and streams a subscription', async () => {
    const { url, service } = await serve();
    const ws = client(url);
    expect(await run(ws, '{ level(id: "intro") { steps } }')).toEqual({
      results: [{ data: { level: { steps: 4 } } }],
    });
    const changes = run(ws, 'subscription { levelsChanged { id version kind } }', {}, 1);
    // Once the server holds the subscription, a save is heard.
    await expect.poll(() => service.clientSubscriptions.of('127.0.0.1')).toBe(1);
    expect(
      await run(ws, 'mutation { loadLevel(id: "intro", rows: ["SE"]) { __typename } }'),
    ).toEqual({ results: [{ data: { loadLevel: { __typename: 'Level' } } }] });
    expect(await changes).toEqual({
      results: [{ data: { levelsChanged: { id: 'intro', version: 2, kind: 'SAVED' } } }],
    });
  });

  it('takes mutations only with the write token, given in connectionParams', async () => {
    const { url } = await serve({ writeToken: TOKEN });
    const save = 'mutation { deleteLevel(id: "intro") }';
    const without = await run(client(url), save);
    expect(without.error).toMatchObject([{ extensions: { code: 'UNAUTHENTICATED' } }]);
    expect(await run(client(url, { token: TOKEN }), save)).toEqual({
      results: [{ data: { deleteLevel: true } }],
    });
  });

  it('refuses a page of another origin, as over HTTP', async () => {
    const { url, port } = await serve();
    const stranger = await run(client(url, { origin: 'https://evil.example' }), '{ __typename }');
    expect(stranger.error).toMatchObject([{ extensions: { code: 'FORBIDDEN_ORIGIN' } }]);
    const own = await run(client(url, { origin: `http://127.0.0.1:${port}` }), '{ __typename }');
    expect(own).toEqual({ results: [{ data: { __typename: 'Query' } }] });
  });

  it('counts its subscriptions with the client’s others', async () => {
    const { url, service } = await serve({}, { maxSubscriptionsPerClient: 1 });
    const ws = client(url);
    const first = run(ws, 'subscription { levelsChanged { id } }');
    await expect.poll(() => service.clientSubscriptions.of('127.0.0.1')).toBe(1);
    const second = await run(ws, 'subscription { levelsChanged { id } }');
    expect(second.error).toMatchObject([{ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } }]);
    void first;
  });
});
