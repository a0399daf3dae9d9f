// The server process's side of security (docs/graphql.md, "Security"): where it listens, what
// it says at start about writes, the write token over real HTTP and kept out of its output.
// The in-process details (CORS, cross-site requests, every mutation) are in
// test/graphql/security.test.ts.
import { connect, createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { splitCost } from '../support/cost.js';

const TOKEN = 'e2e-secret-token-0123456789';
const WARNING =
  'labyrinth server: warning: writes are open to everyone: set LABYRINTH_WRITE_TOKEN to require a token for mutations';

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

async function start(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  servers.push(server);
  return server;
}

/** Whether something accepts connections at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function post(url: string, query: string, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
}

describe('the server process', () => {
  it('listens on 127.0.0.1 only by default, and says that anyone may write', async () => {
    const server = await start();
    const { hostname, port } = new URL(server.url);
    expect(hostname).toBe('127.0.0.1');
    expect(server.output()).toContain(WARNING);
    expect(await accepts('127.0.0.1', Number(port))).toBe(true);
    // Every other address of this machine, IPv6 loopback included, refuses.
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((info) => info !== undefined && info.address !== '127.0.0.1')
      .map((info) => info!.address);
    for (const address of [...new Set(others), '127.0.0.2']) {
      expect(await accepts(address, Number(port)), address).toBe(false);
    }
  });

  it('listens where HOST says, and prints that address', async () => {
    const server = await start({ HOST: '127.0.0.2' });
    const { hostname, port } = new URL(server.url);
    expect(hostname).toBe('127.0.0.2');
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    expect(await accepts('127.0.0.1', Number(port))).toBe(false);
  });

  it('takes mutations only with LABYRINTH_WRITE_TOKEN, and never prints it', async () => {
    const server = await start({ LABYRINTH_WRITE_TOKEN: TOKEN, LOG_REQUESTS: '1' });
    expect(server.output()).not.toContain('warning');
    const store = 'mutation { loadLevel(id: "intro", rows: ["SE"]) { __typename } }';

    const refused = await post(server.url, store);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { errors: unknown[] }).errors).toMatchObject([
      { extensions: { code: 'UNAUTHENTICATED' } },
    ]);
    const wrong = await post(server.url, store, { authorization: `Bearer ${TOKEN}-wrong` });
    expect(wrong.status).toBe(401);
    const stored = await post(server.url, store, { authorization: `Bearer ${TOKEN}` });
    expect(splitCost(await stored.json()).body).toEqual({
      data: { loadLevel: { __typename: 'Level' } },
    });
    // Queries stay open.
    const read = await post(server.url, '{ level(id: "intro") { steps } }');
    expect(splitCost(await read.json()).body).toEqual({ data: { level: { steps: 1 } } });

    // One log line per request, none with the token.
    await expect
      .poll(() =>
        server
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{')),
      )
      .toHaveLength(4);
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toContain(TOKEN);
  });

  it('refuses a bad configuration in one line, without repeating the token', async () => {
    await expect(start({ LABYRINTH_WRITE_TOKEN: 'short secret' })).rejects.toThrow(
      /server exited with 1:\nlabyrinth server: LABYRINTH_WRITE_TOKEN must be at least 16 characters of letters, digits and -\._~\+\/= \(got 12 characters, not shown\)\n$/,
    );
    await expect(start({ HOST: 'not a host' })).rejects.toThrow(
      "labyrinth server: HOST must be an IP address or a host name, got 'not a host'",
    );
  });
});

describe('the Host a request names (DNS rebinding) and requests that make no URL', () => {
  const QUERY = 'GET /graphql?query=%7B__typename%7D HTTP/1.1';
  const TYPENAME = { data: { __typename: 'Query' } };
  const forbidden = (host: string) => ({
    status: 403,
    body: {
      errors: [
        {
          message: `this server does not answer to the host name in ${JSON.stringify(host)}: ALLOWED_HOSTS lists the names it is reached by`,
          extensions: { code: 'FORBIDDEN_HOST' },
        },
      ],
    },
  });
  const answer = async (port: number, line: string, headers: string[], body?: string) => {
    const raw = await rawRequest(port, line, headers, body);
    return { status: raw.status, body: splitCost(JSON.parse(raw.body) as unknown).body };
  };

  it('answers the loopback names only when it listens on loopback', async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    for (const host of [
      'localhost',
      `localhost:${port}`,
      'LocalHost',
      `127.0.0.1:${port}`,
      '[::1]',
    ]) {
      expect(await answer(port, QUERY, [`Host: ${host}`]), host).toEqual({
        status: 200,
        body: TYPENAME,
      });
    }
    // HTTP/1.0 needs no Host: the adapter names the address the request came to.
    expect(await answer(port, 'GET /graphql?query=%7B__typename%7D HTTP/1.0', [])).toEqual({
      status: 200,
      body: TYPENAME,
    });
    // A page of another site whose name now resolves to 127.0.0.1, for every path.
    for (const path of ['/graphql?query=%7B__typename%7D', '/', '/metrics']) {
      expect(await answer(port, `GET ${path} HTTP/1.1`, [`Host: rebound.example:${port}`])).toEqual(
        forbidden(`rebound.example:${port}`),
      );
    }
    const mutation = JSON.stringify({ query: 'mutation { deleteLevel(id: "intro") }' });
    expect(
      await answer(
        port,
        'POST /graphql HTTP/1.1',
        [
          `Host: rebound.example:${port}`,
          `Origin: http://rebound.example:${port}`,
          'Content-Type: application/json',
          `Content-Length: ${mutation.length}`,
        ],
        mutation,
      ),
    ).toEqual(forbidden(`rebound.example:${port}`));
  });

  it('answers the names of ALLOWED_HOSTS and no others', async () => {
    const server = await start({ ALLOWED_HOSTS: 'levels.example, ::1' });
    const port = Number(new URL(server.url).port);
    for (const host of ['levels.example', `LEVELS.example:${port}`, '[::1]']) {
      expect(await answer(port, QUERY, [`Host: ${host}`]), host).toEqual({
        status: 200,
        body: TYPENAME,
      });
    }
    expect(await answer(port, QUERY, [`Host: localhost:${port}`])).toEqual(
      forbidden(`localhost:${port}`),
    );
  });

  it('answers a Host and target that make no URL with 400, not a stack trace', async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    const refused = {
      status: 400,
      body: {
        errors: [
          {
            message:
              "the request's Host header and target do not make a URL: send a host name and a path such as /graphql",
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      },
    };
    const tries: Array<[string, string[]]> = [
      [QUERY, ['Host: a b']],
      [QUERY, ['Host: [zz']],
      [QUERY, ['Host: localhost:99999']],
      ['OPTIONS * HTTP/1.1', ['Host: localhost']],
      ['GET http://localhost/graphql?query=%7B__typename%7D HTTP/1.1', ['Host: localhost']],
    ];
    for (const [line, headers] of tries) {
      expect(await answer(port, line, headers), `${line} ${headers.join()}`).toEqual(refused);
    }
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
  });

  it("answers what node's HTTP parser refuses as JSON with a code", async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    const error = (code: string, message: string) => ({
      errors: [{ message, extensions: { code } }],
    });
    expect(await answer(port, 'GET ! HTTP/1.1', ['Host: localhost'])).toEqual({
      status: 400,
      body: error('BAD_REQUEST', 'the request is not valid HTTP/1.1'),
    });
    expect(
      await answer(port, 'GET /graphql HTTP/1.1', [
        'Host: localhost',
        `X-Big: ${'a'.repeat(20_000)}`,
      ]),
    ).toEqual({
      status: 431,
      body: error(
        'HEADERS_TOO_LARGE',
        'the request headers are larger than the server takes (16 KiB)',
      ),
    });
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
  });

  it('answers what node:http answered bare, or not at all, as JSON with a code', async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    const error = (code: string, message: string) => ({
      errors: [{ message, extensions: { code } }],
    });
    // No Host in HTTP/1.1: node answered a bare 400.
    expect(await answer(port, QUERY, [])).toEqual({
      status: 400,
      body: error('BAD_REQUEST', 'an HTTP/1.1 request needs a Host header'),
    });
    // An expectation other than 100-continue: node answered a bare 417.
    expect(await answer(port, QUERY, ['Host: localhost', 'Expect: foo'])).toEqual({
      status: 417,
      body: error(
        'EXPECTATION_FAILED',
        "the server meets no expectation but '100-continue': send the request without this Expect header",
      ),
    });
    // CONNECT: node closed the connection without a word.
    const connect = await rawRequest(port, 'CONNECT localhost:80 HTTP/1.1', ['Host: localhost:80']);
    expect([connect.status, connect.headers.allow, JSON.parse(connect.body)]).toEqual([
      405,
      'GET, POST',
      error('BAD_REQUEST', 'this server is no proxy: CONNECT is not served, only GET and POST'),
    ]);
    // 100-continue is still met: 100, then the answer.
    const continued = await rawRequest(port, QUERY, ['Host: localhost', 'Expect: 100-continue']);
    expect(continued.status).toBe(100);
    expect(continued.body).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"data":\{"__typename":"Query"\},"extensions":\{"cost":\{[^}]*\}\}\}$/,
    );
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    expect(server.output()).not.toMatch(/\bat .*\.js:\d+/);
  });

  it('answers 408 to a body slower than HTTP_REQUEST_TIMEOUT_MS; streams outlive it', async () => {
    const server = await start({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '500' });
    const port = Number(new URL(server.url).port);
    const timedOut = {
      status: 408,
      body: {
        errors: [
          {
            message: 'the request did not arrive in time',
            extensions: { code: 'REQUEST_TIMEOUT' },
          },
        ],
      },
    };
    // Ten bytes of a hundred, then nothing (node waited 300 s by default).
    const started = await answer(
      port,
      'POST /graphql HTTP/1.1',
      ['Host: localhost', 'Content-Type: application/json', 'Content-Length: 100'],
      '{"query":',
    );
    expect(started).toEqual(timedOut);
    // Headers that never end.
    expect(
      await new Promise((resolve, reject) => {
        const socket = createConnection(port, '127.0.0.1', () =>
          socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n'),
        );
        let text = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        socket.on('error', reject);
        socket.on('close', () => resolve(text.split('\r\n')[0]));
      }),
    ).toBe('HTTP/1.1 408 Request Timeout');
    // A subscription's request has arrived whole: its stream stays open past the timeout, and
    // hears a save made after it.
    const stream = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { levelsChanged { id kind } }' }),
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await post(server.url, 'mutation { loadLevel(id: "late", rows: ["SE"]) { __typename } }');
    let events = '';
    while (!events.includes('"late"'))
      events += new TextDecoder().decode((await reader.read()).value);
    expect(events).toContain('{"data":{"levelsChanged":{"id":"late","kind":"SAVED"}}}');
    await reader.cancel();
  });
});
