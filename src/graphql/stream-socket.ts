// What the kernel keeps of a stream its client does not read. Node sees backpressure only when
// the kernel refuses a write, and Linux grows a connection's send buffer to 4 MiB: a client
// that stopped reading its subscription stream was written 3.9 MB (40,000 small events) before
// the server knew, each event a GraphQL result and a socket write, and 1000 such streams would
// ask for more kernel memory than all TCP sockets may have (tcp_mem: 2.3 GB on this machine).
// TCP_NOTSENT_LOWAT caps the bytes the kernel keeps that are not sent yet: past it a write is
// refused, node keeps the next bytes itself (16 KiB), the stream stops pulling changes, and its
// subscriber's queue ends in MISSED (service/events.ts) with nothing more written. A client
// that reads is not slowed: bytes in flight are not counted, only those behind a closed window.
// No API of node's sets it: the `sockopt` package's setsockopt does (its prebuilt binary).
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Bytes not yet sent that the kernel keeps for a stream (more wait in node, 16 KiB). */
export const STREAM_UNSENT_BYTES = 16 * 1024;

const IPPROTO_TCP = 6;
/** TCP_NOTSENT_LOWAT's number where the kernel has it (linux/tcp.h; netinet/tcp.h on macOS). */
const TCP_NOTSENT_LOWAT: Partial<Record<NodeJS.Platform, number>> = { linux: 25, darwin: 0x201 };

type SetSockOpt = (socket: Socket, level: number, name: number, value: number) => void;

/** The `sockopt` package's setsockopt, if its binary loads on this machine. */
function loadSetSockOpt(): SetSockOpt | undefined {
  if (TCP_NOTSENT_LOWAT[process.platform] === undefined) return undefined;
  try {
    return (createRequire(import.meta.url)('sockopt') as { setsockopt: SetSockOpt }).setsockopt;
  } catch {
    return undefined;
  }
}

let setSockOpt: SetSockOpt | undefined | null = null;

/** Sets the socket's TCP_NOTSENT_LOWAT (0: the system's default); false when it cannot. */
export function setUnsentLimit(socket: Socket, bytes: number): boolean {
  if (setSockOpt === null) setSockOpt = loadSetSockOpt();
  const name = TCP_NOTSENT_LOWAT[process.platform];
  if (setSockOpt === undefined || name === undefined || socket.destroyed) return false;
  try {
    setSockOpt(socket, IPPROTO_TCP, name, bytes);
    return true;
  } catch {
    // Not a TCP socket (a Unix socket, a test's stand-in), or one already closed.
    return false;
  }
}

/** Whether a request asks for a stream of results (GraphQL over SSE, or multipart). */
export function asksForStream(request: IncomingMessage): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/event-stream') || accept.includes('multipart/mixed');
}

/**
 * A stream's socket keeps at most STREAM_UNSENT_BYTES unsent in the kernel while the stream
 * lasts; after it (the connection may serve other requests), the system's default again.
 */
export function limitUnsentWhileStreaming(
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const socket = request.socket;
  if (!asksForStream(request) || !setUnsentLimit(socket, STREAM_UNSENT_BYTES)) return;
  response.once('finish', () => setUnsentLimit(socket, 0));
}
