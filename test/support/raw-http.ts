// One HTTP/1.x request written by hand on a socket, for what fetch will not send: a malformed
// or foreign Host header, `OPTIONS *`, a target with a scheme, no Host at all.
import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Sends `requestLine`, `headers` (each "Name: value") with `Connection: close` and `body`, and reads
 * the answer until the server closes the connection.
 */
export function rawRequest(
  port: number,
  requestLine: string,
  headers: readonly string[] = [],
  body = '',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.write([requestLine, ...headers, 'Connection: close', '', body].join('\r\n'));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const text = all.subarray(0, Math.max(split, 0)).toString('latin1');
      const [statusLine, ...headerLines] = text.split('\r\n');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
      if (split < 0 || status === undefined) {
        reject(new Error(`not an HTTP answer: ${JSON.stringify(all.toString('latin1', 0, 200))}`));
        return;
      }
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rest = all.subarray(split + 4);
      const body = (parsed['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest).toString();
      resolve({ status: Number(status), headers: parsed, body });
    });
  });
}

/** The body of a chunked answer (sizes in hex, each chunk followed by CRLF, 0 at the end). */
function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = data.indexOf('\r\n', at);
    const size = parseInt(data.toString('latin1', at, end), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(data.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}
