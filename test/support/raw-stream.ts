// A subscription over a raw socket, for clients fetch cannot play: one that never reads (its
// socket paused from the first byte of the stream on), or one that comes from another
// loopback address (127.0.0.2, …: Linux routes all of 127/8 to this machine), as another
// client of the server would.
import { type Socket, connect } from 'node:net';

export interface RawStream {
  readonly socket: Socket;
  readonly status: number;
  /** The status line and headers, and what of the body came with them. */
  readonly head: string;
  /** Reads on until `done` holds of what has come (from the head on); answers all of it. */
  readUntil(done: (text: string) => boolean): Promise<string>;
  close(): void;
}

/** A whole answer: its status, Content-Type, Retry-After (if any) and body. */
export type WholeAnswer = readonly [number, string | undefined, string | undefined, string];

/**
 * The answer of a stream that was refused: a whole answer with a length (an open stream is
 * chunked: it has none and never ends), read to its end; then the connection is closed.
 */
export async function wholeAnswer(stream: RawStream): Promise<WholeAnswer> {
  const header = (name: string) =>
    new RegExp(`^${name}: *(.*?)\r$`, 'im').exec(stream.head.split('\r\n\r\n')[0])?.[1];
  const length = header('content-length');
  if (length === undefined) throw new Error(`not a whole answer: ${stream.head.slice(0, 500)}`);
  const text = await stream.readUntil(
    (so) => so.length >= so.indexOf('\r\n\r\n') + 4 + Number(length),
  );
  stream.close();
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  return [stream.status, header('content-type'), header('retry-after'), body];
}

/**
 * POSTs `body` (GraphQL over SSE) on a new connection from `localAddress`; answers once the
 * response's head has come. With `paused`, nothing more is read until readUntil.
 */
export function rawStream(
  port: number,
  body: unknown,
  { localAddress = '127.0.0.1', paused = false } = {},
): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    // A paused socket still reads into its buffer up to its highWaterMark: 16 KiB here on
    // every Node (Node 22 made the default 64 KiB), so a stalled client holds the same bytes.
    const options = { port, host: '127.0.0.1', localAddress, readableHighWaterMark: 16 * 1024 };
    const socket = connect(options, () => {
      const text = JSON.stringify(body);
      socket.write(
        'POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
          `accept: text/event-stream\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
      );
    });
    let text = '';
    let answered = false;
    let waiting: (() => void) | undefined;
    socket.on('error', reject);
    socket.on('close', () => waiting?.());
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      waiting?.();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (answered || !status || !text.includes('\r\n\r\n')) return;
      answered = true;
      if (paused) socket.pause();
      resolve({
        socket,
        status: Number(status[1]),
        head: text,
        async readUntil(done) {
          socket.resume();
          while (!done(text)) {
            if (socket.destroyed) throw new Error(`the stream ended: ${text.slice(-500)}`);
            await new Promise<void>((wake) => (waiting = wake));
          }
          return text;
        },
        close: () => socket.destroy(),
      });
    });
  });
}
