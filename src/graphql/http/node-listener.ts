// The app as a node:http request listener. Yoga's adapter makes each request's URL from its
// `Host` header and target, and a pair that makes no URL (`Host: a b`, `OPTIONS *`, a target
// with a scheme) fails before any plugin can answer: the adapter then sends a 500 with the
// stack trace as its body. Such requests are the client's mistake, answered here with a 400;
// so are those node:http's own parser refuses, and those node:http answers itself with a bare
// status or not at all: no Host, an Expect other than 100-continue, CONNECT
// (answerClientErrors). httpServerOptions holds node:http's timeouts for a request to arrive.
import {
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
  STATUS_CODES,
  maxHeaderSize,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorAnswer, errorAnswer } from './error-response.js';
import { type RequestErrorCode, createRequestError } from '../schema/request-errors.js';
import { NODE_WRITE_BUFFER_BYTES, limitUnsentWhileStreaming } from './stream-socket.js';
import type { App } from './yoga.js';

/** Whether the adapter can make a URL of the request (as @whatwg-node/server builds it). */
export function hasUsableTarget(request: IncomingMessage): boolean {
  const target = request.url ?? '';
  // Origin-form only ("/path?query"): the adapter appends the target to the host as it is.
  if (!target.startsWith('/')) return false;
  const host = request.headers.host ?? 'localhost';
  return URL.canParse(`http://${host}${target}`);
}

/**
 * A refusal as error-response.ts makes it, always as JSON: these requests are not HTTP the
 * GraphQL layer could read, whatever they accept (an event stream would say "accepted").
 */
function answerOf(
  [status, code, message]: Refusal,
  headers: Record<string, string> = {},
): ErrorAnswer {
  const error = createRequestError(message, { extensions: { code, http: { status, headers } } });
  return errorAnswer([error], 'application/json');
}

/** [status, code, message] of a refusal. */
type Refusal = [number, RequestErrorCode, string];

function refuse(response: ServerResponse, refusal: Refusal): void {
  const { status, headers, body } = answerOf(refusal);
  response.writeHead(status, {
    ...headers,
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

/**
 * node:http's options: how long a request may take to arrive, its headers and all of it
 * (config.ts has the defaults; past either, answerClientErrors answers 408), checked every
 * second instead of node's 30 s; no Host check of node's own (nodeListener answers); and
 * node's write buffer at 16 KiB on every Node (stream-socket.ts).
 */
export function httpServerOptions(
  headersTimeoutMs: number,
  requestTimeoutMs: number,
): ServerOptions {
  return {
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
    requireHostHeader: false,
    highWaterMark: NODE_WRITE_BUFFER_BYTES,
  };
}

export function nodeListener(app: App): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    // HTTP/1.1 requires Host (RFC 9112 3.2); node's own check answered a bare 400.
    if (request.httpVersion === '1.1' && request.headers.host === undefined) {
      refuse(response, [400, 'BAD_REQUEST', 'an HTTP/1.1 request needs a Host header']);
      return;
    }
    if (!hasUsableTarget(request)) {
      refuse(response, [
        400,
        'BAD_REQUEST',
        "the request's Host header and target do not make a URL: send a host name and a path " +
          'such as /graphql',
      ]);
      return;
    }
    // A stream whose client stops reading is found out after kilobytes, not megabytes.
    limitUnsentWhileStreaming(request, response);
    void app(request, response);
  };
}

/** What node:http's parser refused, as an answer. */
function parserRefusal(error: NodeJS.ErrnoException): Refusal {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        'HEADERS_TOO_LARGE',
        `the request headers are larger than the server takes (${maxHeaderSize / 1024} KiB)`,
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'REQUEST_TIMEOUT', 'the request did not arrive in time'];
    default:
      return [400, 'BAD_REQUEST', 'the request is not valid HTTP/1.1'];
  }
}

/** A whole answer written on a socket node:http has let go of (clientError, connect). */
function answerOnSocket(socket: Duplex, refusal: Refusal, headers?: Record<string, string>): void {
  const answer = answerOf(refusal, headers);
  const lines = Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${lines.join('')}` +
      `content-length: ${Buffer.byteLength(answer.body)}\r\nconnection: close\r\n\r\n${answer.body}`,
  );
}

/**
 * Requests node:http's parser refuses (a target with spaces, a malformed header, headers over
 * its limit, a request that did not arrive in time) are answered with JSON and a code, like
 * every other refusal, instead of node's bare "400 Bad Request"; so are an `Expect` other than
 * `100-continue` (node's bare 417) and CONNECT (node closed the connection unanswered: this is
 * no proxy). A socket already answering, or gone, is only closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    refuse(response, [
      417,
      'EXPECTATION_FAILED',
      "the server meets no expectation but '100-continue': send the request without this Expect header",
    ]);
  });
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    answerOnSocket(
      socket,
      [405, 'BAD_REQUEST', 'this server is no proxy: CONNECT is not served, only GET and POST'],
      { allow: 'GET, POST' },
    );
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // `_httpMessage`: the response node has started on this socket, if any (as node's own
    // default handler checks): once its headers are out, nothing more can be said.
    const started = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || started?.headersSent) {
      socket.destroy();
      return;
    }
    answerOnSocket(socket, parserRefusal(error));
  });
}
