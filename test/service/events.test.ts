// Changes told to subscribers in process: in order, from the call on, a slice of subscribers
// at a time, and with bounded memory for a subscriber that stops reading.
import { describe, expect, it } from 'vitest';
import {
  DELIVERIES_PER_TURN,
  type LevelChange,
  LocalLevelEvents,
  MAX_QUEUED_CHANGES,
} from '../../src/service/events.js';

const saved = (version: number): LevelChange => ({ id: 'a', version, kind: 'SAVED' });
const MISSED: LevelChange = { id: null, version: null, kind: 'MISSED' };

async function read(changes: AsyncIterator<LevelChange>, count: number): Promise<LevelChange[]> {
  const seen: LevelChange[] = [];
  while (seen.length < count) seen.push((await changes.next()).value as LevelChange);
  return seen;
}

describe('LocalLevelEvents', () => {
  it('tells each subscriber every change in order, from the subscription on', async () => {
    const events = new LocalLevelEvents(3);
    events.publish(saved(1));
    const changes = events.subscribe();
    for (let version = 2; version <= 4; version++) events.publish(saved(version));
    expect(await read(changes, 3)).toEqual([saved(2), saved(3), saved(4)]);
    // A reader that keeps up never hears MISSED, however many changes there are.
    for (let version = 5; version <= 20; version++) {
      events.publish(saved(version));
      expect(await read(changes, 1)).toEqual([saved(version)]);
    }
    await changes.return!();
    expect(events.subscribers).toBe(0);
  });

  it('keeps at most its limit for a subscriber that stops reading: MISSED, then what came after', async () => {
    const events = new LocalLevelEvents(3);
    const behind = events.subscribe();
    const reading = events.subscribe();
    for (let version = 1; version <= 3; version++) events.publish(saved(version));
    expect(await read(reading, 3)).toEqual([saved(1), saved(2), saved(3)]);
    events.publish(saved(4));
    events.publish(saved(5));
    events.publish(saved(6));
    // Over the limit twice: the unread changes are one MISSED each time.
    expect(await read(behind, 2)).toEqual([MISSED, saved(6)]);
    expect(await read(reading, 3)).toEqual([saved(4), saved(5), saved(6)]);
    events.close();
  });

  it('tells a change to many subscribers a slice at a time, other work running in between', async () => {
    const events = new LocalLevelEvents();
    const subscribers = Array.from({ length: 4 * DELIVERIES_PER_TURN }, () => events.subscribe());
    let later = false;
    // Each subscriber's change, and whether work scheduled after the publish had run by then.
    const heard = subscribers.map((changes) =>
      changes.next().then(({ value }) => ({ value, later })),
    );
    events.publish(saved(1));
    setImmediate(() => (later = true));
    const told = await Promise.all(heard);
    expect(told.map(({ value }) => value)).toEqual(subscribers.map(() => saved(1)));
    // The first slice before that work, the last after it: in subscription order.
    const afterwards = told.map((one) => one.later);
    expect(afterwards.slice(0, DELIVERIES_PER_TURN)).not.toContain(true);
    expect(afterwards.at(-1)).toBe(true);
    expect(afterwards).toEqual([...afterwards].sort((a, b) => Number(a) - Number(b)));
    // The next change follows the first for every subscriber.
    events.publish(saved(2));
    const next = await Promise.all(subscribers.map((changes) => changes.next()));
    expect(next.map(({ value }) => value)).toEqual(subscribers.map(() => saved(2)));
    events.close();
  });

  it('hands over at most DELIVERIES_PER_TURN changes a turn, all subscribers together', async () => {
    const events = new LocalLevelEvents(5000);
    const subscribers = Array.from({ length: 2 * DELIVERIES_PER_TURN }, () => events.subscribe());
    const all = Array.from({ length: 200 }, (_, i) => saved(i + 1));
    // Readers that keep reading, counting what they got by the turn it came in.
    let turn = 0;
    const byTurn = new Map<number, number>();
    const readers = subscribers.map(async (changes) => {
      const seen: LevelChange[] = [];
      while (seen.length < all.length) {
        seen.push((await changes.next()).value as LevelChange);
        byTurn.set(turn, (byTurn.get(turn) ?? 0) + 1);
      }
      return seen;
    });
    // Publishing queues them all and hands over one turn's worth: the writer pays no more.
    for (const change of all) events.publish(change);
    expect(byTurn.size).toBe(0);
    expect(events.queuedChanges).toBe(subscribers.length * all.length - DELIVERIES_PER_TURN);
    // One count a turn of the event loop (an immediate queued from an immediate runs in the
    // next turn), so a count may see this turn's slice and the next one's.
    let counting = true;
    const count = (): void => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    for (const seen of await Promise.all(readers)) expect(seen).toEqual(all);
    counting = false;
    // Each change was handed over once to each subscriber, at most a slice a turn.
    const counts = [...byTurn.values()];
    expect(counts.reduce((a, b) => a + b, 0)).toBe(subscribers.length * all.length);
    expect(Math.max(...counts)).toBeLessThanOrEqual(DELIVERIES_PER_TURN * 2);
    events.close();
  });

  it('queues a subscription of one level only its changes and MISSED', async () => {
    const events = new LocalLevelEvents(3);
    const mine = events.subscribe(undefined, 'b');
    events.publish(saved(1));
    events.publish({ id: 'b', version: 1, kind: 'SAVED' });
    for (let version = 2; version <= 9; version++) events.publish(saved(version));
    // The eight changes of `a` did not fill its queue of three.
    expect(events.queuedChanges).toBe(1);
    events.publish(MISSED);
    expect(await read(mine, 2)).toEqual([{ id: 'b', version: 1, kind: 'SAVED' }, MISSED]);
    events.close();
    expect(await mine.next()).toEqual({ value: undefined, done: true });
  });

  it('ends a subscription whose signal aborts, even while its reader waits', async () => {
    const events = new LocalLevelEvents();
    const client = new AbortController();
    const changes = events.subscribe(client.signal);
    const waiting = changes.next();
    expect(events.subscribers).toBe(1);
    client.abort();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(events.subscribers).toBe(0);
    events.publish(saved(1));
    expect(events.queuedChanges).toBe(0);
  });

  it('keeps MAX_QUEUED_CHANGES by default', async () => {
    const events = new LocalLevelEvents();
    const [full, behind] = [events.subscribe(), events.subscribe()];
    const all = Array.from({ length: MAX_QUEUED_CHANGES + 1 }, (_, i) => saved(i + 1));
    for (const change of all.slice(0, MAX_QUEUED_CHANGES)) events.publish(change);
    // As many as the limit are kept, every one.
    expect(await read(full, MAX_QUEUED_CHANGES)).toEqual(all.slice(0, MAX_QUEUED_CHANGES));
    // One more, and the subscriber that read nothing has MISSED instead.
    events.publish(all[MAX_QUEUED_CHANGES]);
    expect(await read(behind, 2)).toEqual([MISSED, all[MAX_QUEUED_CHANGES]]);
    expect(await read(full, 1)).toEqual([all[MAX_QUEUED_CHANGES]]);
    events.close();
  });
});
