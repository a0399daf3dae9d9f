// The request body limit. Yoga's own (`maxRequestBodySize`) pipes every body through a web
// TransformStream that counts bytes; on Node 20 that stream costs about as much CPU as the rest
// of a small request. When node:http has framed the body by its Content-Length, the parser
// never delivers more bytes than that, so checking the header is the whole check. Only bodies
// without a Content-Length (chunked uploads), or requests that did not come through node:http
// (`app.fetch` in tests), are counted as they stream in.
//
// A refused body of up to DRAIN_BYTES is read and dropped before the 413 is sent: a client
// still sending its body when the server answers and closes the connection gets EPIPE or a
// reset instead of the answer. A longer one (or one that takes more than DRAIN_MS) is answered
// with `Connection: close` and the rest is not read.
import { IncomingMessage } from 'node:http';
import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { createRequestError } from '../../schema/request-errors.js';

/** Only a single non-negative integer is a valid Content-Length (as Yoga checks it). */
const CONTENT_LENGTH = /^\d+$/;

/** The longest body over the limit that is read and dropped so that the client sees the 413. */
export const DRAIN_BYTES = 8 * 1024 * 1024;
/** How long that may take. */
const DRAIN_MS = 10_000;

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
        if (Number(declared) > maxBytes) {
          const req = nodeRequest(serverContext);
          if (req === undefined || Number(declared) > DRAIN_BYTES) {
            throw bodyTooLarge(req !== undefined);
          }
          return drain(req).then((drained) => {
            throw bodyTooLarge(!drained);
          });
        }
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
  const req = nodeRequest(serverContext);
  return (
    req !== undefined &&
    req.headers['content-length'] !== undefined &&
    req.headers['transfer-encoding'] === undefined
  );
}

function nodeRequest(serverContext: unknown): IncomingMessage | undefined {
  const req = (serverContext as { req?: unknown } | undefined)?.req;
  return req instanceof IncomingMessage ? req : undefined;
}

/** Reads and drops a body; true when it all came within DRAIN_BYTES and DRAIN_MS. */
function drain(req: IncomingMessage): Promise<boolean> {
  if (req.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onFailure).off('close', onFailure);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onFailure = () => finish(false);
    const timer = setTimeout(onFailure, DRAIN_MS);
    req.on('data', onData).once('end', onEnd).once('error', onFailure).once('close', onFailure);
    req.resume();
  });
}

type FetchAPI = Parameters<NonNullable<Plugin['onRequestParse']>>[0]['fetchAPI'];

/**
 * The request with a body that fails with 413 once more than `maxBytes` have streamed in: at
 * its end, or once it is over DRAIN_BYTES.
 */
function withCountedBody(request: Request, maxBytes: number, fetchAPI: FetchAPI): Request {
  let bytes = 0;
  const counter: Transformer<Uint8Array, Uint8Array> = {
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      if (bytes > DRAIN_BYTES) controller.error(bodyTooLarge(true));
      else if (bytes <= maxBytes) controller.enqueue(chunk);
    },
    flush(controller) {
      if (bytes > maxBytes) controller.error(bodyTooLarge(false));
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

/** `close`: the rest of the body was not read, so the connection cannot serve another request. */
function bodyTooLarge(close = false): GraphQLError {
  return createRequestError('Request body too large', {
    extensions: {
      code: 'REQUEST_ENTITY_TOO_LARGE',
      http: { status: 413, ...(close && { headers: { Connection: 'close' } }) },
    },
  });
}

function invalidContentLength(): GraphQLError {
  return createRequestError('Content-Length header is invalid.', {
    extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
  });
}
