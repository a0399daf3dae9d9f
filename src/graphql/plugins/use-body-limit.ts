// The request body limit. Yoga's own (`maxRequestBodySize`) pipes every body through a web
// TransformStream that counts bytes; on Node 20 that stream costs about as much CPU as the rest
// of a small request. When node:http has framed the body by its Content-Length, the parser
// never delivers more bytes than that, so checking the header is the whole check. Only bodies
// without a Content-Length (chunked uploads), or requests that did not come through node:http
// (`app.fetch` in tests), are counted as they stream in.
import { IncomingMessage } from 'node:http';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Only a single non-negative integer is a valid Content-Length (as Yoga checks it). */
const CONTENT_LENGTH = /^\d+$/;

/**
 * Answers 413 `Request body too large` for a body over `maxBytes`, and 400 for a malformed
 * Content-Length, with the same errors as Yoga's own limit. Register it after every plugin
 * that adds a request parser (Yoga's built-in parsers come first), so it wraps the one chosen.
 */
export function useRequestBodyLimit(maxBytes: number): Plugin {
  return {
    onRequestParse({ request, serverContext, requestParser, setRequestParser, fetchAPI }) {
      const declared = request.headers.get('content-length');
      if (declared !== null) {
        if (!CONTENT_LENGTH.test(declared)) throw invalidContentLength();
        if (Number(declared) > maxBytes) throw bodyTooLarge();
        if (isFramedByNodeHttp(serverContext)) return;
      }
      if (requestParser === undefined || request.body === null) return;
      const parse = requestParser;
      setRequestParser((req) => parse(withCountedBody(req, maxBytes, fetchAPI)));
    },
  };
}

/**
 * True when node:http parsed the request and the body is delimited by Content-Length: then the
 * body is exactly that long (with both Content-Length and Transfer-Encoding, node:http refuses
 * the request before it gets here).
 */
function isFramedByNodeHttp(serverContext: unknown): boolean {
  const req = (serverContext as { req?: unknown } | undefined)?.req;
  return (
    req instanceof IncomingMessage &&
    req.headers['content-length'] !== undefined &&
    req.headers['transfer-encoding'] === undefined
  );
}

type FetchAPI = Parameters<NonNullable<Plugin['onRequestParse']>>[0]['fetchAPI'];

/** The request with a body that fails with 413 once more than `maxBytes` have streamed in. */
function withCountedBody(request: Request, maxBytes: number, fetchAPI: FetchAPI): Request {
  let bytes = 0;
  const counter: Transformer<Uint8Array, Uint8Array> = {
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) controller.error(bodyTooLarge());
      else controller.enqueue(chunk);
    },
  };
  // A native stream pipes only into a native TransformStream, a ponyfill one into its own kind.
  const body = request.body!;
  const Counter = body instanceof ReadableStream ? TransformStream : fetchAPI.TransformStream;
  const counted = body.pipeThrough(new Counter(counter));
  return new fetchAPI.Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body: counted,
    duplex: 'half',
  } as RequestInit);
}

function bodyTooLarge(): GraphQLError {
  return new GraphQLError('Request body too large', {
    extensions: { http: { status: 413 }, code: 'REQUEST_ENTITY_TOO_LARGE' },
  });
}

function invalidContentLength(): GraphQLError {
  return new GraphQLError('Content-Length header is invalid.', {
    extensions: { http: { status: 400 }, code: 'BAD_REQUEST' },
  });
}
