// Apollo's multipart subscriptions (Apollo's "multipart HTTP protocol for GraphQL
// subscriptions"): a subscription asked with `Accept: multipart/mixed; subscriptionSpec="1.0"`
// is answered as one multipart response, each event a part `{"payload": <result>}`, a heartbeat
// part `{}` first and every HEARTBEAT_MS, and the closing boundary when it ends. Apollo
// Client's HttpLink reads it. Refusals are answered before any part, as for other requests.
import { type Plugin, isAsyncIterable } from 'graphql-yoga';

/** A quiet stream sends `{}` this often, so that proxies and the client know it lives. */
export const HEARTBEAT_MS = 5000;

/** Whether the request asks for Apollo's multipart subscription answer. */
export function acceptsApolloMultipart(accept: string | null): boolean {
  return accept !== null && /multipart\/mixed[^,]*subscriptionspec/i.test(accept);
}

export function useApolloMultipart(heartbeatMs = HEARTBEAT_MS): Plugin {
  return {
    onResultProcess({ request, result, setResultProcessor }) {
      if (!acceptsApolloMultipart(request.headers.get('accept'))) return;
      if (!isAsyncIterable(result)) return;
      setResultProcessor(
        (final, fetchAPI) =>
          multipartResponse(final as AsyncIterable<unknown>, fetchAPI.Response, heartbeatMs),
        'multipart/mixed',
      );
    },
  };
}

function multipartResponse(
  results: AsyncIterable<unknown>,
  Answer: typeof Response,
  heartbeatMs: number,
): Response {
  const encoder = new TextEncoder();
  const iterator = results[Symbol.asyncIterator]();
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Each part ends with the boundary, so that a reader knows it is whole as it arrives.
      const part = (json: string) =>
        controller.enqueue(
          encoder.encode(
            `\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${json}\r\n--graphql`,
          ),
        );
      controller.enqueue(encoder.encode('\r\n--graphql'));
      // A heartbeat at once, so that the headers go out before the first event.
      part('{}');
      heartbeat = setInterval(() => part('{}'), heartbeatMs);
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await iterator.next();
            if (done) break;
            part(JSON.stringify({ payload: value }));
          }
          controller.enqueue(encoder.encode('--\r\n'));
          controller.close();
        } catch {
          // The stream was cancelled (the client went away), or broke: nothing more to send.
          try {
            controller.close();
          } catch {
            // Already cancelled.
          }
        } finally {
          clearInterval(heartbeat);
        }
      })();
    },
    cancel() {
      clearInterval(heartbeat);
      void iterator.return?.();
    },
  });
  return new Answer(body, {
    status: 200,
    headers: {
      'Content-Type': 'multipart/mixed; boundary="graphql"; subscriptionSpec="1.0"',
      'Cache-Control': 'no-cache',
    },
  });
}
