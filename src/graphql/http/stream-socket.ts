// What the kernel keeps of a stream its client does not read. Node sees backpressure only when
// the kernel refuses a write, and Linux grows a connection's send buffer to 4 MiB: a client
// that stopped reading its subscription stream was written 3.9 MB (40,000 small events) before
// the server knew, each event a GraphQL result and a socket write, and 1000 such streams would
// ask for more kernel memory than all TCP sockets may have (tcp_mem: 2.3 GB on this machine).
// TCP_NOTSENT_LOWAT caps the bytes the kernel keeps that are not sent yet: past it a write is
// refused, node keeps the next bytes itself (16 KiB, on every Node), the stream stops pulling
// changes, and its subscriber's queue ends in MISSED (service/events.ts) with nothing more
// written. A client that reads is not slowed: bytes in flight are not counted, only those
// behind a closed window.
// No API of node's sets it: libc's setsockopt does, called through koffi (an FFI library with
// prebuilt binaries, none built at install) on the socket's file descriptor.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

/** Bytes not yet sent that the kernel keeps for a stream (more wait in node, 16 KiB). */
export const STREAM_UNSENT_BYTES = 16 * 1024;

/**
 * What node itself keeps of a response before a write is refused (the server's highWaterMark,
 * its sockets' and responses'). Node 20's default; Node 22 raised the default to 64 KiB, which
 * let a stalled stream hold four times as much in node before its queue ended in MISSED.
 */
export const NODE_WRITE_BUFFER_BYTES = 16 * 1024;

const IPPROTO_TCP = 6;
/** TCP_NOTSENT_LOWAT's number where the kernel has it (linux/tcp.h; netinet/tcp.h on macOS). */
const TCP_NOTSENT_LOWAT: Partial<Record<NodeJS.Platform, number>> = { linux: 25, darwin: 0x201 };

interface SocketOptions {
  set(fd: number, level: number, name: number, value: [number], size: number): number;
  get(fd: number, level: number, name: number, value: [number], size: [number]): number;
}

/** libc's setsockopt and getsockopt (from the process's own symbols), if koffi loads here. */
function loadSocketOptions(): SocketOptions | undefined {
  if (TCP_NOTSENT_LOWAT[process.platform] === undefined) return undefined;
  try {
    // Required here, not imported: where its binary does not load, streams go on without.
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    const libc = koffi.load(null);
    return {
      set: libc.func('int setsockopt(int, int, int, _In_ int *, uint32_t)') as SocketOptions['set'],
      get: libc.func(
        'int getsockopt(int, int, int, _Out_ int *, _Inout_ uint32_t *)',
      ) as SocketOptions['get'],
    };
  } catch {
    return undefined;
  }
}

let socketOptions: SocketOptions | undefined | null = null;

/** The socket's file descriptor, while it is open (node keeps it on its TCP handle). */
function descriptor(socket: Socket): number | undefined {
  if (socket.destroyed) return undefined;
  const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : undefined;
}

function options(): SocketOptions | undefined {
  if (socketOptions === null) socketOptions = loadSocketOptions();
  return socketOptions;
}

/** Sets the socket's TCP_NOTSENT_LOWAT (0: the system's default); false when it cannot. */
export function setUnsentLimit(socket: Socket, bytes: number): boolean {
  const calls = options();
  const name = TCP_NOTSENT_LOWAT[process.platform];
  const fd = descriptor(socket);
  if (calls === undefined || name === undefined || fd === undefined) return false;
  // Not 0 for a socket that is no TCP socket (a Unix socket): nothing set.
  return calls.set(fd, IPPROTO_TCP, name, [bytes], 4) === 0;
}

/** The socket's TCP_NOTSENT_LOWAT as the kernel has it; undefined when it cannot be read. */
export function unsentLimit(socket: Socket): number | undefined {
  const calls = options();
  const name = TCP_NOTSENT_LOWAT[process.platform];
  const fd = descriptor(socket);
  if (calls === undefined || name === undefined || fd === undefined) return undefined;
  const value: [number] = [0];
  return calls.get(fd, IPPROTO_TCP, name, value, [4]) === 0 ? value[0] : undefined;
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
