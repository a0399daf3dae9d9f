// A stream's socket keeps few unsent bytes in the kernel (TCP_NOTSENT_LOWAT), so that a client
// that stops reading is found out after kilobytes (test/e2e/subscription-limits.test.ts has the
// whole effect on a server); other responses keep the system's default.
import { type IncomingMessage, type ServerResponse, createServer, request } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  STREAM_UNSENT_BYTES,
  limitUnsentWhileStreaming,
  setUnsentLimit,
  unsentLimit,
} from '../../src/graphql/http/stream-socket.js';

/**
 * One request on a real server, accepting `accept`: the socket's limit while it is answered,
 * and after its answer has ended (the connection kept alive).
 */
async function limitsOf(accept: string): Promise<[number | undefined, number | undefined]> {
  let during: number | undefined = -1;
  let socket: Socket | undefined;
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    socket = incoming.socket;
    limitUnsentWhileStreaming(incoming, response);
    during = unsentLimit(socket);
    response.end('done');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const asked = request({ port, host: '127.0.0.1', headers: { accept } }, (answer) => {
      answer.resume();
      answer.on('end', resolve);
    });
    asked.on('error', reject);
    asked.end();
  });
  const after = unsentLimit(socket!);
  await new Promise((resolve) => server.close(resolve));
  server.closeAllConnections();
  return [during, after];
}

describe('stream sockets', () => {
  // The machines are Linux (TCP_NOTSENT_LOWAT is 25 there; 0 is the system's default).
  it('keep 16 KiB unsent while a stream lasts, the default after it and for other answers', async () => {
    expect(await limitsOf('text/event-stream')).toEqual([STREAM_UNSENT_BYTES, 0]);
    expect(await limitsOf('multipart/mixed')).toEqual([STREAM_UNSENT_BYTES, 0]);
    expect(await limitsOf('application/json')).toEqual([0, 0]);
  });

  it('cannot limit a socket that is closed (and says so)', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    expect(setUnsentLimit(socket, 1024)).toBe(true);
    expect(unsentLimit(socket)).toBe(1024);
    socket.destroy();
    expect(setUnsentLimit(socket, 1024)).toBe(false);
    await new Promise((resolve) => server.close(resolve));
  });
});
