// How many subscriptions each client (one remote address) has open, so that one client cannot
// take every place MAX_SUBSCRIPTIONS gives the server (MAX_SUBSCRIPTIONS_PER_CLIENT).
import { TooManyClientSubscriptionsError, TooManySubscriptionsError } from './events.js';

export const DEFAULT_MAX_SUBSCRIPTIONS_PER_CLIENT = 16;

export class ClientSubscriptions {
  private readonly open = new Map<string, number>();

  constructor(readonly maxPerClient = DEFAULT_MAX_SUBSCRIPTIONS_PER_CLIENT) {}

  /** Subscriptions `client` has open now. */
  of(client: string): number {
    return this.open.get(client) ?? 0;
  }

  /** Refuses a new subscription of `client` when it has its most open already. */
  check(client: string): void {
    const mine = this.of(client);
    if (mine >= this.maxPerClient) {
      throw new TooManyClientSubscriptionsError(
        `this client (${client}) has ${mine} subscriptions open, as many as one client may`,
      );
    }
  }

  /**
   * Refuses a new subscription: of `client` when it has its most open already, of anyone when
   * the server has `open` of the `max` it takes.
   */
  admit(client: string | undefined, open: number, max: number): void {
    if (client !== undefined) this.check(client);
    if (open >= max) {
      throw new TooManySubscriptionsError(
        `this server has ${max} subscriptions open, as many as it takes`,
      );
    }
  }

  /**
   * Counts `changes` as one of `client`'s until it ends: returned, finished, or `signal`
   * aborted (the client went away), whichever comes first.
   */
  count<T>(
    client: string,
    changes: AsyncIterableIterator<T>,
    signal?: AbortSignal,
  ): AsyncIterableIterator<T> {
    this.open.set(client, this.of(client) + 1);
    let counted = true;
    const release = (): void => {
      if (!counted) return;
      counted = false;
      const left = this.of(client) - 1;
      if (left <= 0) this.open.delete(client);
      else this.open.set(client, left);
    };
    if (signal?.aborted) release();
    else signal?.addEventListener('abort', release, { once: true });
    const iterator: AsyncIterableIterator<T> = {
      async next() {
        const result = await changes.next();
        if (result.done === true) release();
        return result;
      },
      async return() {
        release();
        return (await changes.return?.()) ?? { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }
}
