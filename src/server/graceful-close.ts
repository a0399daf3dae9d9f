// How a node:http server closes without cutting anyone off: the requests in flight are answered,
// the kept-alive connections closed as they become idle, the subscription streams cut once
// nothing else is being answered, and past a timeout everything still open is closed.
import type { Server } from 'node:http';
import type { OpenResponses } from '../graphql/http/open-responses.js';

/** After this long, shutdown closes the connections still open and gives up waiting. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * `server.close()` stops accepting connections and waits for the open ones; a kept-alive
 * connection becomes idle once its request is answered, so idle ones are closed as they
 * appear, and subscription streams are cut once nothing else is being answered
 * (open-responses.ts). Past the timeout, everything still open is closed. Answers how many
 * streams were cut.
 */
export async function closeGracefully(
  server: Server,
  responses: OpenResponses,
  timeoutMs: number = SHUTDOWN_TIMEOUT_MS,
): Promise<number> {
  const closed = new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
  let cut = 0;
  const tidy = () => {
    server.closeIdleConnections();
    cut += responses.cutStreamsWhenAlone();
  };
  const sweep = setInterval(tidy, 50);
  const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
  tidy();
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return cut;
}
