// Level changes across instances, through PostgreSQL itself: every write sends a NOTIFY in its
// own transaction (kysely-store.ts), which PostgreSQL delivers when the write commits, and each
// instance LISTENs on one dedicated connection and hands what it hears to its subscribers. No
// second shared server.
//
// The listener needs a direct connection to PostgreSQL (LISTEN is a session feature: a
// transaction-mode pooler such as PgBouncer does not carry it). When its connection breaks it
// reconnects by itself, with backoff; changes sent meanwhile cannot be heard again, so the
// subscribers are told MISSED and refetch.
import pg from 'pg';
import {
  type LevelChange,
  type LevelEvents,
  type LevelWrite,
  LocalLevelEvents,
} from '../events.js';
import {
  type DrawingChannel,
  type DrawingMessage,
  LocalDrawingChannel,
} from '../drawing-channel.js';
import { decodeChangeValue } from '../drawings.js';
import { EDITS_CHANNEL } from './drawing-queries.js';
import { CHANGES_CHANNEL } from './tables.js';

/** The NOTIFY channel of presence (who is editing a level, their pointers). */
export const PRESENCE_CHANNEL = 'labyrinth_drawing_presence';

export interface PostgresEventsOptions {
  /** Told when the listener loses or regains its connection (for the server's log). */
  readonly onStatus?: (status: 'lost' | 'back', detail: string) => void;
  /** The first and the longest wait before reconnecting. */
  readonly retryMs?: { readonly first: number; readonly max: number };
}

export class PostgresLevelEvents implements LevelEvents {
  private readonly local = new LocalLevelEvents();
  private readonly drawingsHeard = new LocalDrawingChannel();
  /**
   * Edits come from the store's NOTIFY in each edit's transaction; presence is sent here, on
   * the listener's own connection (lost while it is away: presence is told again every 10 s).
   */
  readonly drawings: DrawingChannel = {
    publishEdit: () => {},
    sendPresence: (message) => {
      this.client
        ?.query('select pg_notify($1, $2)', [PRESENCE_CHANNEL, JSON.stringify(message)])
        .catch(() => undefined);
    },
    listen: (handler) => this.drawingsHeard.listen(handler),
  };
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private waitMs: number;

  private constructor(
    private readonly url: string,
    private readonly options: PostgresEventsOptions,
  ) {
    this.waitMs = options.retryMs?.first ?? 100;
  }

  /** Connects the listener; fails when PostgreSQL cannot be reached now. */
  static async listen(
    url: string,
    options: PostgresEventsOptions = {},
  ): Promise<PostgresLevelEvents> {
    const events = new PostgresLevelEvents(url, options);
    await events.connect();
    return events;
  }

  /** Whether the listener is connected now (for /ready and tests). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  get subscribers(): number {
    return this.local.subscribers;
  }

  /** Nothing to do: the write's NOTIFY reaches every instance, this one included. */
  publish(_change: LevelWrite): void {}

  subscribe(signal?: AbortSignal, id?: string): AsyncIterableIterator<LevelChange> {
    return this.local.subscribe(signal, id);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    this.local.close();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.payload === undefined) return;
      if (message.channel === CHANGES_CHANNEL) {
        this.local.publish(JSON.parse(message.payload) as LevelWrite);
      } else if (message.channel === EDITS_CHANNEL) {
        const edit = JSON.parse(message.payload) as Extract<DrawingMessage, { type: 'edit' }>;
        this.drawingsHeard.deliver({
          ...edit,
          type: 'edit',
          change: edit.change === undefined ? undefined : decodeChangeValue(edit.change),
        });
      } else if (message.channel === PRESENCE_CHANNEL) {
        this.drawingsHeard.deliver(JSON.parse(message.payload) as DrawingMessage);
      }
    });
    // An error on this connection (the server restarted, the network broke) must not end the
    // process: it only means reconnecting.
    client.on('error', () => this.lost(client, 'connection error'));
    client.on('end', () => this.lost(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      await client.query(`LISTEN ${EDITS_CHANNEL}`);
      await client.query(`LISTEN ${PRESENCE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  private lost(client: pg.Client, detail: string): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    if (this.closed) return;
    this.options.onStatus?.('lost', detail);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.retry = setTimeout(() => {
      this.connect().then(
        () => {
          this.waitMs = this.options.retryMs?.first ?? 100;
          this.options.onStatus?.('back', 'listening again');
          // What was sent while the listener was away is gone: subscribers refetch.
          this.local.publish({ id: null, version: null, kind: 'MISSED' });
          this.drawingsHeard.deliver({ type: 'missed' });
        },
        () => {
          if (this.closed) return;
          this.waitMs = Math.min(this.waitMs * 2, this.options.retryMs?.max ?? 2_000);
          this.scheduleReconnect();
        },
      );
    }, this.waitMs);
    // The retries alone must not keep a stopping process alive.
    this.retry.unref();
  }
}
