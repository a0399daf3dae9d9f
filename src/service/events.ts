// Changes to levels, told to whoever listens (the GraphQL subscriptions): one event per save,
// revert and delete, published once the write is durable. `LocalLevelEvents` reaches the
// listeners of this process; a shared store can bring another implementation that reaches
// every instance (docs/graphql.md, "Live changes").
import { type DrawingChannel, LocalDrawingChannel } from './drawing-channel.js';
import { ServiceBusyError } from './service-busy.js';

export const LEVEL_CHANGE_KINDS = ['SAVED', 'REVERTED', 'DELETED', 'MISSED'] as const;
export type LevelChangeKind = (typeof LEVEL_CHANGE_KINDS)[number];

/** A write to a level. */
export interface LevelWrite {
  readonly id: string;
  /** The version saved, or the version deleted. */
  readonly version: number;
  readonly kind: Exclude<LevelChangeKind, 'MISSED'>;
}

/**
 * What subscribers hear: each write, or MISSED (id and version null) when changes may have
 * been lost (the listener's database connection broke and came back, or this subscriber fell
 * too far behind): refetch what you show.
 */
export type LevelChange =
  LevelWrite | { readonly id: null; readonly version: null; readonly kind: 'MISSED' };

export interface LevelEvents {
  /**
   * Called by the service after each write. In process it reaches the subscribers; on
   * PostgreSQL the write's own NOTIFY does (every instance), and this does nothing.
   */
  publish(change: LevelWrite): void;
  /**
   * The changes from now on (with `id`: of that level, and MISSED), until `signal` aborts or
   * the iterator is returned.
   */
  subscribe(signal?: AbortSignal, id?: string): AsyncIterableIterator<LevelChange>;
  /** Subscribers now. */
  readonly subscribers: number;
  /** Edits and presence of shared drawings, told the same way (drawing-channel.ts). */
  readonly drawings: DrawingChannel;
  close(): void | Promise<void>;
}

/**
 * A new subscription refused: the server has as many as it takes (MAX_SUBSCRIPTIONS). One
 * ends now and then: try again in a few seconds.
 */
export class TooManySubscriptionsError extends ServiceBusyError {
  override name = 'TooManySubscriptionsError';

  constructor(message: string) {
    super(message, 5);
  }
}

/**
 * A new subscription refused because its client (one remote address) has as many open as one
 * client may (MAX_SUBSCRIPTIONS_PER_CLIENT): HTTP 429, so that one client cannot take every
 * place of MAX_SUBSCRIPTIONS. One of its own must end first.
 */
export class TooManyClientSubscriptionsError extends Error {
  override name = 'TooManyClientSubscriptionsError';
}

/**
 * The most changes kept for a subscriber that has not been handed them yet: one whose client
 * stopped reading, or one the server cannot keep up with (a flood of saves, many subscribers).
 * Past it, what it has not been handed is one MISSED: memory stays bounded, and the client
 * refetches what it shows (cheaper than replaying a hundred changes).
 */
export const MAX_QUEUED_CHANGES = 100;

const MISSED: LevelChange = { id: null, version: null, kind: 'MISSED' };

/**
 * Changes handed to subscribers in one turn of the event loop, all subscribers together. What
 * each hand-over sets off (the subscriber's GraphQL result, written to its stream) runs before
 * the next turn, about 44 µs a subscriber (measured with 1000 open streams: a save then held
 * the loop for 44 ms). So at most this many are handed over a turn, and every other request is
 * served between turns: a save costs the writer a push to each subscriber's queue, never the
 * delivery, and subscribers the server cannot keep up with fall behind and hear MISSED.
 */
export const DELIVERIES_PER_TURN = 25;

/** One subscription: the changes it has not been handed yet, and its reader, if waiting. */
interface Subscriber {
  readonly queue: LevelChange[];
  /** Only the changes of this level (and MISSED); undefined: every change. */
  readonly id: string | undefined;
  /** The pending `next()` of its reader. */
  reader: ((result: IteratorResult<LevelChange>) => void) | undefined;
  /** In the list of subscribers to hand a change to. */
  ready: boolean;
  done: boolean;
}

const finished: IteratorResult<LevelChange> = { value: undefined, done: true };

/** Events within one process. */
export class LocalLevelEvents implements LevelEvents {
  readonly drawings: DrawingChannel = new LocalDrawingChannel();
  private readonly subscriptions = new Set<Subscriber>();
  /** Subscribers with a reader waiting and a change queued, in the order they became so. */
  private ready: Subscriber[] = [];
  private readyAt = 0;
  /** Changes this turn may still hand over (DELIVERIES_PER_TURN a turn). */
  private budget = DELIVERIES_PER_TURN;
  private turnComing = false;

  /** `maxQueued`: changes kept for a subscriber that falls behind (MAX_QUEUED_CHANGES). */
  constructor(private readonly maxQueued = MAX_QUEUED_CHANGES) {}

  /**
   * Queues the change for every subscriber (of its level), each in the order the changes were
   * published; they are handed over DELIVERIES_PER_TURN a turn, all subscribers together (the
   * first at once when this turn has room).
   */
  publish(change: LevelChange): void {
    for (const subscriber of this.subscriptions) {
      if (subscriber.id !== undefined && change.kind !== 'MISSED' && change.id !== subscriber.id)
        continue;
      const queue = subscriber.queue;
      // This far behind: one MISSED instead of what it has not been handed.
      if (queue.length >= this.maxQueued) queue.splice(0, queue.length, MISSED);
      queue.push(change);
      this.markReady(subscriber);
    }
  }

  /**
   * Hands `subscriber` its next change now if this turn has room and no one waits before it,
   * else puts it in line for a later turn.
   */
  private markReady(subscriber: Subscriber): void {
    if (subscriber.ready || subscriber.reader === undefined || subscriber.queue.length === 0)
      return;
    if (this.budget > 0 && this.readyAt === this.ready.length) {
      this.hand(subscriber, subscriber.reader);
      return;
    }
    subscriber.ready = true;
    this.ready.push(subscriber);
    this.nextTurn();
  }

  private hand(
    subscriber: Subscriber,
    reader: (result: IteratorResult<LevelChange>) => void,
  ): void {
    subscriber.reader = undefined;
    this.budget--;
    this.nextTurn();
    reader({ value: subscriber.queue.shift()!, done: false });
  }

  /** A turn comes (soon) that gives back the budget and hands over to those in line. */
  private nextTurn(): void {
    if (this.turnComing) return;
    this.turnComing = true;
    setImmediate(this.deliverSome);
  }

  private readonly deliverSome = (): void => {
    this.turnComing = false;
    this.budget = DELIVERIES_PER_TURN;
    while (this.budget > 0 && this.readyAt < this.ready.length) {
      const subscriber = this.ready[this.readyAt++];
      subscriber.ready = false;
      const reader = subscriber.reader;
      if (subscriber.done || reader === undefined || subscriber.queue.length === 0) continue;
      this.hand(subscriber, reader);
    }
    if (this.readyAt === this.ready.length) {
      this.ready = [];
      this.readyAt = 0;
    } else {
      if (this.readyAt > 1024) {
        this.ready = this.ready.slice(this.readyAt);
        this.readyAt = 0;
      }
      this.nextTurn();
    }
  };

  /** Subscribers now, for tests and metrics. */
  get subscribers(): number {
    return this.subscriptions.size;
  }

  /** Changes queued and not yet handed over, all subscribers together (tests). */
  get queuedChanges(): number {
    let queued = 0;
    for (const subscriber of this.subscriptions) queued += subscriber.queue.length;
    return queued;
  }

  /**
   * Listens from the call on (not from the first `next`), so no change in between is lost;
   * with `id`, only to the changes of that level (and MISSED).
   */
  subscribe(signal?: AbortSignal, id?: string): AsyncIterableIterator<LevelChange> {
    const subscriber: Subscriber = { queue: [], id, reader: undefined, ready: false, done: false };
    const finish = (): void => {
      subscriber.done = true;
      subscriber.queue.length = 0;
      this.subscriptions.delete(subscriber);
      const reader = subscriber.reader;
      subscriber.reader = undefined;
      reader?.(finished);
    };
    this.subscriptions.add(subscriber);
    if (signal?.aborted) finish();
    else signal?.addEventListener('abort', finish, { once: true });
    const iterator: AsyncIterableIterator<LevelChange> = {
      next: () =>
        subscriber.done
          ? Promise.resolve(finished)
          : new Promise<IteratorResult<LevelChange>>((resolve) => {
              subscriber.reader = resolve;
              this.markReady(subscriber);
            }),
      async return() {
        finish();
        return finished;
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  close(): void {
    for (const subscriber of this.subscriptions) {
      subscriber.done = true;
      subscriber.queue.length = 0;
      const reader = subscriber.reader;
      subscriber.reader = undefined;
      reader?.(finished);
    }
    this.subscriptions.clear();
    this.ready = [];
    this.readyAt = 0;
  }
}
