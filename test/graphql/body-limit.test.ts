// The 1 MiB request body limit, both ways a body can arrive: framed by Content-Length through
// node:http (the header is the check), and counted as it streams (chunked uploads, and
// requests handed to `app.fetch`); a refused body is read up to 8 MiB, so that a client still
// sending it reads the 413 instead of EPIPE.
import { type Server, createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_BYTES } from '../../src/graphql/http/plugins/use-body-limit.js';
import { LIMITS } from '../../src/graphql/http/yoga.js';
import { INTRO, makeApp, splitCost } from './helpers.js';

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
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: splitCost(JSON.parse(text)).body }),
        );
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

  /**
   * Sends a body on a connection that closes after the answer, and answers the status, the
   * Connection header and every error the client saw until the socket closed. The first 64 KiB
   * go at once, the rest once the server has answered or 200 ms later: a server that answers
   * before reading the body and closes the connection makes the rest EPIPE (or ECONNRESET).
   */
  function sendAll(body: Buffer, framed: boolean) {
    return new Promise<{ status: number; connection?: string; text: string; errors: string[] }>(
      (resolve) => {
        const errors: string[] = [];
        let answer = { status: 0, connection: undefined as string | undefined, text: '' };
        const req = request(url, {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            connection: 'close',
            ...(framed ? { 'content-length': body.length } : { 'transfer-encoding': 'chunked' }),
          },
        });
        req.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
        const answered = new Promise<void>((done) =>
          req.on('response', (res) => {
            answer = { status: res.statusCode!, connection: res.headers.connection, text: '' };
            res.setEncoding('utf8').on('data', (chunk: string) => (answer.text += chunk));
            done();
          }),
        );
        req.on('close', () => resolve({ ...answer, errors }));
        req.write(body.subarray(0, 65536));
        void Promise.race([answered, new Promise((wait) => setTimeout(wait, 200))]).then(() => {
          if (!req.destroyed) req.end(body.subarray(65536));
        });
      },
    );
  }

  it.each([
    [1.5, 'with its Content-Length', true],
    [1.5, 'chunked', false],
    [6, 'with its Content-Length', true],
    [6, 'chunked', false],
  ])(
    'answers a %d MiB body sent %s with a 413 the client reads whole',
    async (mib, _how, framed) => {
      const answer = await sendAll(paddedBody(mib * 1024 * 1024), framed);
      expect(answer).toEqual({
        status: 413,
        connection: 'close',
        text: JSON.stringify(TOO_LARGE),
        errors: [],
      });
    },
  );

  it('answers a Content-Length over 8 MiB at once, and closes the connection', async () => {
    // Only the headers are sent: the answer comes before any of the body.
    const answer = await new Promise<{ status: number; connection?: string; body: unknown }>(
      (resolve, reject) => {
        const req = request(url, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': DRAIN_BYTES + 1 },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            resolve({
              status: res.statusCode!,
              connection: res.headers.connection,
              body: splitCost(JSON.parse(text)).body,
            });
            req.destroy();
          });
        });
        req.flushHeaders();
      },
    );
    expect(answer).toEqual({ status: 413, connection: 'close', body: TOO_LARGE });
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
    return { status: response.status, body: splitCost(await response.json()).body };
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
