// Changes to levels, told to whoever listens (the GraphQL subscriptions): one event per save,
// revert and delete, published once the write is durable. `LocalLevelEvents` reaches the
// listeners of this process; a shared store can bring another implementation that reaches
// every instance (docs/graphql.md, "Live changes").
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
  /** The changes from now on, until `signal` aborts (or the iterator is returned). */
  subscribe(signal?: AbortSignal): AsyncIterableIterator<LevelChange>;
  /** Subscribers now. */
  readonly subscribers: number;
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

/** The most changes kept for a subscriber that does not read them (its client stopped reading). */
export const MAX_QUEUED_CHANGES = 1000;

const MISSED: LevelChange = { id: null, version: null, kind: 'MISSED' };

/**
 * Subscribers a change is handed to in one turn of the event loop. What each hand-over sets off
 * (the subscriber's GraphQL result, written to its stream) runs before the next turn, about
 * 44 µs a subscriber (measured with 1000 open streams: a save then held the loop for 44 ms).
 * So a change is told a slice at a time, and other requests are served between slices.
 */
export const DELIVERIES_PER_TURN = 25;

/**
 * Changes that may wait to be told. When changes come faster than slices tell them, the oldest
 * is told to all its subscribers at once as each new one comes: the waiting list (and its
 * memory) stays bounded, and the event loop itself slows the writes down.
 */
export const MAX_WAITING_CHANGES = 64;

type Listener = (change: LevelChange) => void;

/** A change being told, to the subscribers it had when published; `next` is the next one. */
interface Delivery {
  readonly change: LevelChange;
  readonly to: Listener[];
  next: number;
}

/** Tells `delivery` to at most `most` more subscribers; answers how many it told. */
function tell(delivery: Delivery, most: number): number {
  let told = 0;
  while (told < most && delivery.next < delivery.to.length) {
    delivery.to[delivery.next++](delivery.change);
    told++;
  }
  return told;
}

/** Events within one process. */
export class LocalLevelEvents implements LevelEvents {
  private readonly listeners = new Set<Listener>();
  /** Changes being told, oldest first; while there are any, a turn to tell them is coming. */
  private readonly deliveries: Delivery[] = [];

  /** `maxQueued`: changes kept for a subscriber that falls behind (MAX_QUEUED_CHANGES). */
  constructor(private readonly maxQueued = MAX_QUEUED_CHANGES) {}

  /** Tells the change to every subscriber, each in the order the changes were published. */
  publish(change: LevelChange): void {
    if (this.listeners.size === 0) return;
    const idle = this.deliveries.length === 0;
    this.deliveries.push({ change, to: [...this.listeners], next: 0 });
    while (this.deliveries.length > MAX_WAITING_CHANGES) tell(this.deliveries.shift()!, Infinity);
    if (idle) this.deliverSome();
  }

  private readonly deliverSome = (): void => {
    let turn = DELIVERIES_PER_TURN;
    while (turn > 0 && this.deliveries.length > 0) {
      const delivery = this.deliveries[0];
      turn -= tell(delivery, turn);
      if (delivery.next === delivery.to.length) this.deliveries.shift();
    }
    if (this.deliveries.length > 0) setImmediate(this.deliverSome);
  };

  /** Subscribers now, for tests and metrics. */
  get subscribers(): number {
    return this.listeners.size;
  }

  /** Changes published and not yet told to all their subscribers. */
  get waitingChanges(): number {
    return this.deliveries.length;
  }

  /** Listens from the call on (not from the first `next`), so no change in between is lost. */
  subscribe(signal?: AbortSignal): AsyncIterableIterator<LevelChange> {
    const queue: LevelChange[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    const listener = (change: LevelChange): void => {
      if (done) return;
      // A subscriber this far behind (its client stopped reading) gets one MISSED instead of
      // what it has not read: memory stays bounded, and it refetches when it reads again.
      if (queue.length >= this.maxQueued) queue.splice(0, queue.length, MISSED);
      queue.push(change);
      wake?.();
    };
    const finish = (): void => {
      done = true;
      this.listeners.delete(listener);
      wake?.();
    };
    this.listeners.add(listener);
    signal?.addEventListener('abort', finish, { once: true });
    const iterator: AsyncIterableIterator<LevelChange> = {
      async next() {
        while (queue.length === 0 && !done) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
        const change = queue.shift();
        return change === undefined
          ? { value: undefined, done: true }
          : { value: change, done: false };
      },
      async return() {
        finish();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  close(): void {
    this.listeners.clear();
    this.deliveries.length = 0;
  }
}
