// The responses a node:http server is writing, for its shutdown. A subscription's event stream
// never ends by itself: waiting for it would hold every shutdown until its timeout. So once
// every other response is done, the streams are cut, with no `complete` event: their clients
// (graphql-sse, the editor) take it as a lost connection and reconnect, to another instance or
// to this one restarted.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { asksForStream } from './stream-socket.js';

export class OpenResponses {
  /** Each response being written, and whether it is a stream. */
  private readonly open = new Map<ServerResponse, boolean>();

  constructor(server: Server) {
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.open.set(response, asksForStream(request));
      response.once('close', () => this.open.delete(response));
    });
  }

  /** Cuts the streams when nothing else is being answered; answers how many it cut. */
  cutStreamsWhenAlone(): number {
    const open = [...this.open];
    if (open.length === 0 || open.some(([, stream]) => !stream)) return 0;
    for (const [response] of open) {
      this.open.delete(response);
      response.destroy();
    }
    return open.length;
  }
}
