// The app as a node:http request listener. Yoga's adapter makes each request's URL from its
// `Host` header and target, and a pair that makes no URL (`Host: a b`, `OPTIONS *`, a target
// with a scheme) fails before any plugin can answer: the adapter then sends a 500 with the
// stack trace as its body. Such requests are the client's mistake, answered here with a 400;
// so are those node:http's own parser refuses (answerClientErrors).
import {
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
  maxHeaderSize,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { App } from './yoga.js';

/** Whether the adapter can make a URL of the request (as @whatwg-node/server builds it). */
export function hasUsableTarget(request: IncomingMessage): boolean {
  const target = request.url ?? '';
  // Origin-form only ("/path?query"): the adapter appends the target to the host as it is.
  if (!target.startsWith('/')) return false;
  const host = request.headers.host ?? 'localhost';
  return URL.canParse(`http://${host}${target}`);
}

function errorBody(code: string, message: string): string {
  return JSON.stringify({ errors: [{ message, extensions: { code } }] });
}

function refuse(response: ServerResponse, message: string): void {
  const body = errorBody('BAD_REQUEST', message);
  response.writeHead(400, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

export function nodeListener(app: App): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!hasUsableTarget(request)) {
      refuse(
        response,
        "the request's Host header and target do not make a URL: send a host name and a path " +
          'such as /graphql',
      );
      return;
    }
    void app(request, response);
  };
}

/** What node:http's parser refused, as an answer: [status, reason, code, message]. */
function parserRefusal(error: NodeJS.ErrnoException): [number, string, string, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        'Request Header Fields Too Large',
        'HEADERS_TOO_LARGE',
        `the request headers are larger than the server takes (${maxHeaderSize / 1024} KiB)`,
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'the request did not arrive in time'];
    default:
      return [400, 'Bad Request', 'BAD_REQUEST', 'the request is not valid HTTP/1.1'];
  }
}

/**
 * Requests node:http's parser refuses (a target with spaces, a malformed header, headers over
 * its limit) are answered with JSON and a code, like every other refusal, instead of node's
 * bare "400 Bad Request". A socket already answering, or gone, is only closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // `_httpMessage`: the response node has started on this socket, if any (as node's own
    // default handler checks): once its headers are out, nothing more can be said.
    const started = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || started?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason, code, message] = parserRefusal(error);
    const body = errorBody(code, message);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
