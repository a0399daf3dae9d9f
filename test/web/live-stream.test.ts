// The editor's stream of live changes (web/src/live-stream.ts) against a real HTTP server: a
// refusal for now (429 TOO_MANY_SUBSCRIPTIONS, with Retry-After) is waited out, the longer of
// the backoff and the Retry-After, said with its code, and tried again until a place is free;
// a refusal of the request itself (it does not validate) is told once and never tried again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StreamRefusal, openLiveStream } from '../../web/src/live-stream.js';
import { type Listening, listen, makeApp } from '../graphql/helpers.js';

let http: Listening;
let url: string;
/** Every request the server was sent: a client that retries shows here. */
const requests: string[] = [];
const made = makeApp({ service: { maxSubscriptionsPerClient: 1 } });

beforeAll(async () => {
  http = await listen(made.app);
  http.server.on('request', (request) => requests.push(`${request.method} ${request.url}`));
  url = http.url;
});

afterAll(() => http.close());

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

interface Heard {
  readonly data: unknown[];
  readonly interrupted: Array<[StreamRefusal | undefined, number]>;
  readonly errors: string[];
  connected: number;
  reconnected: number;
}

/** The editor's stream, its waits held until `release` (the delays asked are recorded). */
function editorStream(query: string) {
  const heard: Heard = { data: [], interrupted: [], errors: [], connected: 0, reconnected: 0 };
  const waits: Array<() => void> = [];
  const stream = openLiveStream<unknown>(
    { query },
    {},
    {
      onData: (data) => heard.data.push(data),
      onConnected: () => heard.connected++,
      onInterrupted: (refusal, delayMs) => heard.interrupted.push([refusal, delayMs]),
      onReconnected: () => heard.reconnected++,
      onError: (message) => heard.errors.push(message),
    },
    {
      url,
      headers: () => ({}),
      random: () => 0,
      wait: () => new Promise<void>((resolve) => waits.push(resolve)),
    },
  );
  return { heard, waits, stream };
}

describe("the editor's live stream", () => {
  it('waits out a 429 for its Retry-After, says why, and gets the stream once a place is free', async () => {
    const holder = new AbortController();
    const held = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { levelsChanged { id } }' }),
      signal: holder.signal,
    });
    expect(held.status).toBe(200);
    await until(() => made.service.events.subscribers === 1);
    const before = requests.length;
    const { heard, waits, stream } = editorStream('subscription { levelsChanged { id kind } }');
    try {
      await until(() => waits.length === 1 || heard.errors.length > 0);
      // Not given up on (before, the 429 came as an event on a 200 stream, then its end).
      expect(heard.errors).toEqual([]);
      const refusal: StreamRefusal = {
        status: 429,
        reason:
          'TOO_MANY_SUBSCRIPTIONS: this client (127.0.0.1) has 1 subscriptions open, as many ' +
          'as one client may: end one of them first',
        retryAfterSeconds: 5,
      };
      // The Retry-After's 5 s, longer than the first backoff (1.3 s with no random part).
      expect(heard.interrupted).toEqual([[refusal, 5000]]);
      // Tried again while the place is still taken: refused again, the same wait.
      waits[0]();
      await until(() => waits.length === 2);
      expect(heard.interrupted).toEqual([
        [refusal, 5000],
        [refusal, 5000],
      ]);
      expect(requests.slice(before)).toEqual(['POST /graphql', 'POST /graphql']);
      // The place is given back: the next attempt is the stream, and it hears a save.
      holder.abort();
      await until(() => made.service.events.subscribers === 0);
      waits[1]();
      await until(() => heard.reconnected === 1 && made.service.events.subscribers === 1);
      expect((await made.service.load('live', ['S.E'])).ok).toBe(true);
      await until(() => heard.data.length === 1);
      expect(heard.data).toEqual([{ levelsChanged: { id: 'live', kind: 'SAVED' } }]);
      expect(heard.errors).toEqual([]);
      expect(waits).toHaveLength(2);
      // Open after a refusal: that is "again", not "first".
      expect(heard.connected).toBe(0);
    } finally {
      stream.close();
      holder.abort();
    }
  });

  it('says when the stream first opens, once: events from then on are heard', async () => {
    await until(() => made.service.events.subscribers === 0);
    const { heard, stream } = editorStream('subscription { levelsChanged { id kind } }');
    try {
      await until(() => heard.connected === 1);
      expect(made.service.events.subscribers).toBe(1);
      expect((await made.service.load('first', ['S.E'])).ok).toBe(true);
      await until(() => heard.data.length === 1);
      expect(heard.data).toEqual([{ levelsChanged: { id: 'first', kind: 'SAVED' } }]);
      expect([heard.connected, heard.reconnected, heard.interrupted, heard.errors]).toEqual([
        1,
        0,
        [],
        [],
      ]);
    } finally {
      stream.close();
    }
  });

  it('tells a subscription that does not validate once, and does not try it again', async () => {
    await until(() => made.service.events.subscribers === 0);
    const before = requests.length;
    const { heard, waits, stream } = editorStream('subscription { nope }');
    try {
      await until(() => heard.errors.length === 1);
      expect(heard.errors).toEqual(['Cannot query field "nope" on type "Subscription".']);
      expect([heard.interrupted, heard.data, waits.length]).toEqual([[], [], 0]);
      expect(requests.slice(before)).toEqual(['POST /graphql']);
    } finally {
      stream.close();
    }
  });
});
