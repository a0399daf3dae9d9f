// graphql-ws against the server process (`node dist/src/server.js`, as `npm start` runs it): a
// subscription on the HTTP port and path hears a save made over HTTP, and SIGTERM closes the
// socket with 1001 (going away) and exits 0.
import { createClient } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { splitCost } from '../support/cost.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
});

describe('graphql-ws on the server process', () => {
  it('streams a change saved over HTTP, and is closed with 1001 on SIGTERM', async () => {
    server = await startServerProcess();
    const closed: number[] = [];
    const client = createClient({
      url: server.url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      on: { closed: (event) => closed.push((event as { code: number }).code) },
    });
    const heard = new Promise<unknown>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { levelsChanged { id version kind } }' },
        { next: resolve, error: reject, complete: () => {} },
      );
    });
    // Saved until heard: the subscription starts a moment after the socket opens.
    let version = 0;
    const save = async () => {
      await fetch(server!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `mutation { loadLevel(id: "ws", rows: ["S${'.'.repeat(++version)}E"]) { __typename } }`,
        }),
      });
    };
    const saving = (async () => {
      for (let i = 0; i < 100 && closed.length === 0; i++) {
        await save();
        if (await Promise.race([heard.then(() => true), delay(50).then(() => false)])) return;
      }
    })();
    const event = (await heard) as { data: { levelsChanged: { id: string; kind: string } } };
    await saving;
    expect(splitCost(event).body).toMatchObject({
      data: { levelsChanged: { id: 'ws', kind: 'SAVED' } },
    });
    expect(await server.stop()).toBe(0);
    server = undefined;
    await expect.poll(() => closed).toEqual([1001]);
    await client.dispose();
  });
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
