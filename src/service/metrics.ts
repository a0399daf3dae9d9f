// What the service measures, in the Prometheus format (prom-client), on a registry of its
// own: each service (and each test) counts only its own work. `/metrics` serves it; the
// GraphQL layer adds its request durations to the same registry. A one-off command keeps no
// metrics: prom-client is loaded when the first ServiceMetrics is made, not with this module.
import { createRequire } from 'node:module';
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type MaybePromise, isPromise } from './maybe-promise.js';

type PromClient = typeof import('prom-client');
let promClient: PromClient | undefined;
const loadPromClient = (): PromClient =>
  (promClient ??= createRequire(import.meta.url)('prom-client') as PromClient);

/**
 * Label values a client chooses (its operation names) are held to a bounded set, so that
 * `/metrics` cannot grow without end: each series costs memory for as long as the process
 * runs, and every scrape renders them all (20,000 distinct names made it 88 MB; 45 names of
 * 1 MB made each scrape fail with `RangeError: Invalid string length`).
 */
export const CLIENT_LABELS = {
  /** The longest value kept as it is; a longer one is counted as `other`. */
  maxLength: 64,
  /** Distinct values kept, the first ones seen; the rest are counted as `other`. */
  maxDistinct: 200,
} as const;

/** The label value of everything past the bounds. */
export const OTHER_LABEL = 'other';

/** Client-chosen label values, bounded as CLIENT_LABELS says. */
export class BoundedLabels {
  private readonly kept = new Set<string>();

  constructor(
    private readonly maxLength: number = CLIENT_LABELS.maxLength,
    private readonly maxDistinct: number = CLIENT_LABELS.maxDistinct,
  ) {}

  /** `value` itself when it is short and among the first `maxDistinct`, else `other`. */
  label(value: string): string {
    if (this.kept.has(value)) return value;
    if (value.length > this.maxLength || this.kept.size >= this.maxDistinct) return OTHER_LABEL;
    this.kept.add(value);
    return value;
  }
}

/** Seconds, from 0.1 ms to 30 s. */
const TIME_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30];

export interface PoolGauges {
  readonly queueSize: number;
  readonly busyThreads: number;
  readonly threads: number;
}

export class ServiceMetrics {
  readonly registry: Registry;
  readonly solverSeconds: Histogram<'source' | 'mode'>;
  readonly memoLookups: Counter<'result'>;
  readonly memoEvictions: Counter;
  readonly memoBytes: Gauge;
  readonly sharedAnswers: Counter<'result'>;
  readonly storeReadSeconds: Histogram<'kind'>;
  private readonly prom: PromClient;

  constructor(options: { readonly processMetrics?: boolean } = {}) {
    const prom = (this.prom = loadPromClient());
    const registers = [(this.registry = new prom.Registry())];
    this.solverSeconds = new prom.Histogram({
      name: 'labyrinth_solver_seconds',
      help: 'Time to make a source of answers (a search, the hex export), by source and where it ran',
      labelNames: ['source', 'mode'] as const,
      buckets: TIME_BUCKETS,
      registers,
    });
    this.memoLookups = new prom.Counter({
      name: 'labyrinth_memo_lookups_total',
      help: 'Answers asked of the memo: held already (hit) or to be made (miss)',
      labelNames: ['result'] as const,
      registers,
    });
    this.memoEvictions = new prom.Counter({
      name: 'labyrinth_memo_evictions_total',
      help: 'Level versions dropped from the memo to keep it within its bounds',
      registers,
    });
    this.memoBytes = new prom.Gauge({
      name: 'labyrinth_memo_bytes',
      help: 'Bytes the memo holds (rows, routes, hex files, compiled levels)',
      registers,
    });
    this.sharedAnswers = new prom.Counter({
      name: 'labyrinth_shared_answers_total',
      help: 'Big answers looked up in the store before solving (hit: made before, by any instance; miss), or not kept',
      labelNames: ['result'] as const,
      registers,
    });
    this.storeReadSeconds = new prom.Histogram({
      name: 'labyrinth_store_read_seconds',
      help: 'Time of a read of the level store, by kind of read',
      labelNames: ['kind'] as const,
      buckets: TIME_BUCKETS,
      registers,
    });
    // The process's own (memory, event loop lag, CPU): for a server, not for each test.
    if (options.processMetrics) prom.collectDefaultMetrics({ register: this.registry });
  }

  /** The subscriptions open now, read when /metrics is asked (MAX_SUBSCRIPTIONS bounds them). */
  watchSubscriptions(events: { readonly subscribers: number }): void {
    new this.prom.Gauge({
      name: 'labyrinth_subscriptions',
      help: 'Subscriptions open now (each an open stream)',
      registers: [this.registry],
      collect() {
        this.set(events.subscribers);
      },
    });
  }

  /** Gauges of a solver pool, read when /metrics is asked. */
  watchPool(pool: PoolGauges): void {
    const { Gauge } = this.prom;
    new Gauge({
      name: 'labyrinth_solver_queue_length',
      help: 'Tasks waiting for a solver thread',
      registers: [this.registry],
      collect() {
        this.set(pool.queueSize);
      },
    });
    new Gauge({
      name: 'labyrinth_solver_busy_threads',
      help: 'Solver threads running a task',
      registers: [this.registry],
      collect() {
        this.set(pool.busyThreads);
      },
    });
    new Gauge({
      name: 'labyrinth_solver_threads',
      help: 'Solver threads in the pool',
      registers: [this.registry],
      collect() {
        this.set(pool.threads);
      },
    });
  }
}

/** A read of the store, timed for /metrics (`storeReadSeconds`) by kind. */
export function timedRead<T>(
  metrics: ServiceMetrics | null,
  kind: string,
  read: () => MaybePromise<T>,
): MaybePromise<T> {
  if (!metrics) return read();
  const stop = metrics.storeReadSeconds.startTimer({ kind });
  const value = read();
  if (isPromise(value)) return value.finally(stop);
  stop();
  return value;
}
