// Apollo's multipart subscriptions over real HTTP, read by Apollo Client's own HttpLink
// (plugins/use-apollo-multipart.ts): each event a `payload` part, heartbeats while quiet.
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTRO, makeApp, splitCost, type Listening, listen } from './helpers.js';

let http: Listening;
let url: string;
const made = makeApp();

beforeAll(async () => {
  made.store.put('intro', INTRO);
  http = await listen(made.app);
  url = http.url;
});

afterAll(() => http.close());

describe("Apollo's multipart subscriptions", () => {
  it('streams each change to Apollo Client as it happens', async () => {
    const client = new ApolloClient({
      link: new HttpLink({ uri: url }),
      cache: new InMemoryCache(),
    });
    const heard: unknown[] = [];
    const twice = new Promise<void>((resolve, reject) => {
      const subscription = client
        .subscribe({
          query: gql`
            subscription {
              levelsChanged {
                id
                version
                kind
              }
            }
          `,
        })
        .subscribe({
          next: (result) => {
            heard.push(splitCost(result).body);
            if (heard.length === 2) {
              subscription.unsubscribe();
              resolve();
            }
          },
          error: reject,
        });
    });
    await expect.poll(() => made.service.clientSubscriptions.of('127.0.0.1')).toBe(1);
    await made.service.load('intro', ['SE']);
    await made.service.load('intro', ['S.E']);
    await twice;
    expect(heard).toEqual([
      {
        data: {
          levelsChanged: { __typename: 'LevelChange', id: 'intro', version: 2, kind: 'SAVED' },
        },
      },
      {
        data: {
          levelsChanged: { __typename: 'LevelChange', id: 'intro', version: 3, kind: 'SAVED' },
        },
      },
    ]);
    // Unsubscribed: the server lets the stream go.
    await expect.poll(() => made.service.clientSubscriptions.of('127.0.0.1')).toBe(0);
  });

  it('answers the parts and the heartbeat as the protocol spells them', async () => {
    const controller = new AbortController();
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'multipart/mixed;boundary="graphql";subscriptionSpec="1.0",application/json',
      },
      body: JSON.stringify({ query: 'subscription { levelsChanged { id version } }' }),
      signal: controller.signal,
    });
    expect([response.status, response.headers.get('content-type')]).toEqual([
      200,
      'multipart/mixed; boundary="graphql"; subscriptionSpec="1.0"',
    ]);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    await expect.poll(() => made.service.clientSubscriptions.of('127.0.0.1')).toBe(1);
    await made.service.load('intro', ['S..E']);
    let text = '';
    while (!text.endsWith('}}}}\r\n--graphql')) text += (await reader.read()).value ?? '';
    controller.abort();
    const part = '\r\nContent-Type: application/json; charset=utf-8\r\n\r\n';
    // A heartbeat first (the headers go out with it), then the event, each closed by the boundary.
    expect(text).toBe(
      `\r\n--graphql${part}{}\r\n--graphql${part}` +
        JSON.stringify({ payload: { data: { levelsChanged: { id: 'intro', version: 4 } } } }) +
        '\r\n--graphql',
    );
  });
});
