// The 1 MiB request body limit, both ways a body can arrive: framed by Content-Length through
// node:http (the header is the check), and counted as it streams (chunked uploads, and
// requests handed to `app.fetch`).
import { type Server, createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/graphql/yoga.js';
import { INTRO, makeApp } from './helpers.js';

const TOO_LARGE = {
  errors: [{ message: 'Request body too large', extensions: { code: 'REQUEST_ENTITY_TOO_LARGE' } }],
};
const INTRO_STEPS = { data: { level: { steps: 4 } } };

/** A JSON request for the intro level's steps, padded with whitespace to exactly `bytes`. */
function paddedBody(bytes: number): Buffer {
  const json = JSON.stringify({ query: '{ level(id: "intro") { steps } }' });
  return Buffer.from(json + ' '.repeat(bytes - json.length));
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

describe('over node:http', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const { app, store } = makeApp();
    store.put('intro', INTRO);
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /**
   * Sends `chunks` as the body: with a Content-Length when `framed`, else chunked. Answers the
   * status and JSON the server sent, even when it answers before the body is all sent.
   */
  function send(chunks: Buffer[], framed: boolean): Promise<Answer> {
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    return new Promise((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(framed ? { 'content-length': length } : { 'transfer-encoding': 'chunked' }),
        },
      });
      let answered = false;
      // A server that refuses early may close the connection while the body is still going.
      req.on('error', (error) => answered || reject(error));
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  }

  it('answers a body of exactly 1 MiB with its Content-Length', async () => {
    const answer = await send([paddedBody(LIMITS.maxRequestBodyBytes)], true);
    expect(answer).toEqual({ status: 200, body: INTRO_STEPS });
  });

  it('refuses a Content-Length one byte over 1 MiB', async () => {
    const answer = await send([paddedBody(LIMITS.maxRequestBodyBytes + 1)], true);
    expect(answer).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('answers a chunked body of exactly 1 MiB', async () => {
    const body = paddedBody(LIMITS.maxRequestBodyBytes);
    const answer = await send([body.subarray(0, 1000), body.subarray(1000)], false);
    expect(answer).toEqual({ status: 200, body: INTRO_STEPS });
  });

  // The plugin trusts Content-Length only because node:http delimits the body by it; a request
  // that also says chunked could be read two ways, and node:http refuses it outright.
  it('leaves a request with both Content-Length and chunked to node:http, which refuses it', async () => {
    const { port } = server.address() as AddressInfo;
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
            'Content-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        ),
      );
      socket.on('error', reject);
      socket.once('data', (data) => {
        resolve(String(data).split('\r\n')[0]);
        socket.destroy();
      });
    });
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
  });

  it('refuses a chunked body once it streams past 1 MiB', async () => {
    const body = paddedBody(LIMITS.maxRequestBodyBytes + 1);
    const chunks = Array.from({ length: 17 }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536));
    const answer = await send(chunks, false);
    expect(answer).toEqual({ status: 413, body: TOO_LARGE });
  });
});

describe('through app.fetch (counted as it streams)', () => {
  async function fetchWith(body: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
    const { app, store } = makeApp();
    store.put('intro', INTRO);
    const response = await app.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body.toString('latin1'),
    });
    return { status: response.status, body: await response.json() };
  }

  it('answers a body of exactly 1 MiB', async () => {
    const answer = await fetchWith(paddedBody(LIMITS.maxRequestBodyBytes));
    expect(answer).toEqual({ status: 200, body: INTRO_STEPS });
  });

  it('refuses a body one byte over 1 MiB', async () => {
    const answer = await fetchWith(paddedBody(LIMITS.maxRequestBodyBytes + 1));
    expect(answer).toEqual({ status: 413, body: TOO_LARGE });
  });

  it.each(['-1', '12abc', '10, 10'])('refuses the Content-Length %j', async (header) => {
    const answer = await fetchWith(paddedBody(100), { 'content-length': header });
    expect(answer).toEqual({
      status: 400,
      body: {
        errors: [
          { message: 'Content-Length header is invalid.', extensions: { code: 'BAD_REQUEST' } },
        ],
      },
    });
  });
});
