// Solving in the pool: the same answers as inline, one task per (id, version, source) however
// many wait, cancelled only when no one waits any more, and never a half answer in the memo.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSWER_NAMES } from '../../src/service/answers.js';
import { LevelService } from '../../src/service/level-service.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { expectSync } from '../../src/service/maybe-promise.js';
import { Flight } from '../../src/service/single-flight.js';
import { PoolBusyError, SolverPool } from '../../src/service/solver-pool.js';
import { fourKeyLevel } from '../../harness/big-levels.js';
import { randomLevel } from '../support/random-levels.js';

const pools: SolverPool[] = [];
function pool(threads = 1, maxQueue?: number): SolverPool {
  const made = new SolverPool({ threads, maxQueue });
  pools.push(made);
  return made;
}
afterAll(async () => {
  await Promise.all(pools.map((made) => made.close()));
});

/** A service that sends every source to the pool, however small. */
function pooled(solverPool: SolverPool): LevelService {
  return new LevelService(new MemoryLevelStore(), { pool: solverPool, workerThresholdStates: 0 });
}

/** The big level: each search runs over 16 million states (about half a second). */
const BIG = fourKeyLevel(1000);

describe('answers through the pool', () => {
  it('equal the answers made inline, for every answer of random levels', async () => {
    const viaPool = pooled(pool(2));
    const inline = LevelService.inMemory();
    let id = 0;
    await fc.assert(
      fc.asyncProperty(randomLevel(12), async (rows) => {
        const key = `l${id++}`;
        const stored = await viaPool.load(key, rows);
        const reference = expectSync(inline.load(key, rows));
        if (!stored.ok || !reference.ok) return; // invalid levels are never solved
        for (const name of ANSWER_NAMES) {
          expect(await viaPool.answer(stored.value, name)).toEqual(
            inline.answers(reference.value).get(name),
          );
        }
      }),
      { numRuns: 60 },
    );
    const workerRuns = await viaPool.metrics!.registry.getSingleMetricAsString(
      'labyrinth_solver_seconds',
    );
    expect(workerRuns).toMatch(
      /labyrinth_solver_seconds_count\{source="fewest",mode="worker"\} [1-9]/,
    );
    expect(workerRuns).toMatch(
      /labyrinth_solver_seconds_count\{source="reach",mode="worker"\} [1-9]/,
    );
    expect(workerRuns).not.toMatch(/mode="inline"/);
  });

  it('makes a source once however many ask for it at the same time', async () => {
    const service = pooled(pool());
    const stored = expectSync(service.load('a', ['S....', '.###.', '....E']));
    if (!stored.ok) throw new Error('load failed');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => service.answer(stored.value, 'steps')),
    );
    expect(answers).toEqual(Array(10).fill(6));
    expect(service.stats).toEqual({ fewestStepsRuns: 1, cheapestRuns: 0, reachRuns: 0 });
  });

  it('solves small levels inline below the threshold', async () => {
    const service = new LevelService(new MemoryLevelStore(), { pool: pool() });
    const stored = expectSync(service.load('a', ['S.E']));
    if (!stored.ok) throw new Error('load failed');
    // Held at once: no promise, the pool was not asked.
    expect(service.answer(stored.value, 'steps')).toBe(2);
  });
});

describe('cancellation', () => {
  it('cancels a task when its only waiter gives up, keeps nothing, and answers later', async () => {
    const service = pooled(pool());
    const stored = await service.load('big', BIG);
    if (!stored.ok) throw new Error('load failed');
    const gaveUp = new AbortController();
    const waiting = service.answer(stored.value, 'steps', gaveUp.signal);
    const answers = service.answers(stored.value);
    expect(answers.flights.has('fewest')).toBe(true);
    const flight = answers.flights.get('fewest')!;
    gaveUp.abort(new DOMException('the client went away', 'AbortError'));
    await expect(waiting).rejects.toThrow('the client went away');
    expect(flight.cancelled).toBe(true);
    await flight.done.catch(() => undefined);
    expect(answers.flights.has('fewest')).toBe(false);
    expect(answers.has('fewest')).toBe(false);
    // Asked again, it is solved again (a new task on a new worker) and right.
    const inline = LevelService.inMemory();
    const reference = expectSync(inline.load('big', BIG));
    if (!reference.ok) throw new Error('load failed');
    expect(await service.answer(stored.value, 'steps')).toBe(
      inline.answers(reference.value).get('steps'),
    );
    expect(service.stats.fewestStepsRuns).toBe(2);
  });

  it('goes on while another request still waits', async () => {
    const service = pooled(pool());
    const stored = await service.load('big', BIG);
    if (!stored.ok) throw new Error('load failed');
    const first = new AbortController();
    const leaving = service.answer(stored.value, 'steps', first.signal);
    const staying = service.answer(stored.value, 'steps', new AbortController().signal);
    first.abort(new DOMException('deadline', 'TimeoutError'));
    await expect(leaving).rejects.toThrow('deadline');
    expect(service.answers(stored.value).flights.get('fewest')?.cancelled).toBe(false);
    expect(await staying).toBeGreaterThan(0);
    expect(service.stats.fewestStepsRuns).toBe(1);
  });
});

describe('a full queue', () => {
  it('refuses more tasks than it may hold waiting', async () => {
    const full = pool(1, 1);
    const tasks = [full.run(BIG, 'fewest'), full.run(BIG, 'cheapest')];
    await expect(full.run(BIG, 'fewest')).rejects.toBeInstanceOf(PoolBusyError);
    await Promise.all(tasks);
  });
});

describe('Flight', () => {
  it('shares one outcome among its waiters and aborts only when the last one leaves', async () => {
    let signal: AbortSignal | undefined;
    let finish: (value: number) => void = () => undefined;
    const flight = new Flight<number>((given) => {
      signal = given;
      return new Promise((resolve) => (finish = resolve));
    });
    const a = new AbortController();
    const b = new AbortController();
    const first = flight.join(a.signal);
    const second = flight.join(b.signal);
    expect(flight.waiting).toBe(2);
    a.abort(new Error('a left'));
    await expect(first).rejects.toThrow('a left');
    expect([flight.waiting, signal!.aborted]).toEqual([1, false]);
    finish(7);
    expect(await second).toBe(7);
    expect(flight.waiting).toBe(0);
    // A waiter that is already aborted never joins.
    await expect(flight.join(AbortSignal.abort(new Error('late')))).rejects.toThrow('late');
  });

  it('aborts the work when its last waiter leaves', async () => {
    let signal: AbortSignal | undefined;
    const flight = new Flight<number>((given) => {
      signal = given;
      return new Promise(() => undefined);
    });
    const only = new AbortController();
    const waiting = flight.join(only.signal);
    only.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(signal!.aborted).toBe(true);
  });
});
