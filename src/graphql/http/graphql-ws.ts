// GraphQL over WebSocket (graphql-ws, the `graphql-transport-ws` protocol) on the port and path
// of HTTP. Each operation a socket subscribes to is sent through the app as an HTTP request: the
// upgrade's headers (Host, Origin), the connection's `authorization` (connectionParams, as
// browsers cannot set a WebSocket's headers) and its remote address; the answer's event stream
// becomes the socket's messages. So every rule of HTTP holds the same over a socket: allowed
// hosts and origins, the write token, request limits, persisted documents, budgets, deadlines and
// the subscriptions one client may hold. A refusal is the operation's `error` message.
import type { IncomingMessage, Server } from 'node:http';
import { GraphQLError, type GraphQLFormattedError, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { schema } from '../schema/schema.js';
import type { App } from './yoga.js';

/** What graphql-ws runs for every operation: ours are answered by the app, not executed here. */
const BRIDGED = parse('subscription Bridged { __typename }');

/** Headers of the upgrade that belong to it, not to each operation's request. */
const UPGRADE_ONLY = new Set([
  'connection',
  'upgrade',
  'content-length',
  'transfer-encoding',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
]);

interface Bridged {
  readonly events: AsyncGenerator<Record<string, unknown>>;
}

export interface GraphqlWsServer {
  /** Closes every socket (code 1001, going away): clients reconnect, as after a cut stream. */
  close(): Promise<void>;
}

export function serveGraphqlWs(
  server: Server,
  app: App,
  options: { readonly path: string; readonly maxPayload: number },
): GraphqlWsServer {
  const sockets = new WebSocketServer({
    server,
    path: options.path,
    maxPayload: options.maxPayload,
  });
  useServer(
    {
      schema,
      onSubscribe: async (context, _id, payload) => {
        const upgrade = context.extra.request as IncomingMessage;
        const controller = new AbortController();
        const url = new URL(options.path, `http://${upgrade.headers.host ?? 'localhost'}`);
        const init: RequestInit = {
          method: 'POST',
          headers: headersOf(upgrade, context.connectionParams),
          body: JSON.stringify(payload),
          signal: controller.signal,
        };
        // As node:http's adapter does: the IncomingMessage is the server context's `req`.
        const response = await app.fetch(url.href, init, { req: upgrade } as never);
        const events = eventsOf(response, controller);
        const first = await events.next();
        const refused = refusal(response.status, first.done ? undefined : first.value);
        if (refused) {
          await events.return(undefined);
          return refused;
        }
        const rest: Bridged = { events: prepend(first, events) };
        return { schema, document: BRIDGED, rootValue: rest, contextValue: {} };
      },
      subscribe: (args) => (args.rootValue as Bridged).events,
    },
    sockets,
  );
  return {
    close: async () => {
      for (const socket of sockets.clients) socket.close(1001, 'Going away');
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}

function headersOf(upgrade: IncomingMessage, params: unknown): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(upgrade.headers)) {
    if (typeof value === 'string' && !UPGRADE_ONLY.has(name)) headers.set(name, value);
  }
  const authorization = (params as { authorization?: unknown } | undefined)?.authorization;
  if (typeof authorization === 'string') headers.set('authorization', authorization);
  headers.set('content-type', 'application/json');
  headers.set('accept', 'text/event-stream');
  return headers;
}

/** The operation refused: an HTTP error, or a stream whose first event has errors and no data. */
function refusal(
  status: number,
  first: Record<string, unknown> | undefined,
): GraphQLError[] | null {
  const errors = first?.errors as GraphQLFormattedError[] | undefined;
  if (status < 400 && (!errors?.length || first?.data !== undefined)) return null;
  const list = errors?.length ? errors : [{ message: `the server answered HTTP ${status}` }];
  return list.map((error) => new GraphQLError(error.message, { extensions: error.extensions }));
}

async function* prepend<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    if (!first.done) yield first.value;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}

/** The results of an answer: each `next` event of an event stream, or a JSON body's one. */
async function* eventsOf(
  response: Response,
  controller: AbortController,
): AsyncGenerator<Record<string, unknown>> {
  try {
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
      yield (await response.json()) as Record<string, unknown>;
      return;
    }
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (event === 'complete') return;
        if (event === 'next' && data.length > 0) {
          yield JSON.parse(data.join('\n')) as Record<string, unknown>;
        }
      }
    }
  } finally {
    controller.abort();
  }
}
