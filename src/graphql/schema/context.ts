// The per-request context: the service, the request's deadline, and a fresh cache for this
// request's DataLoaders and pages.
import { initContextCache } from '@pothos/core';
import type { LevelService, StoredLevel } from '../../service/index.js';
import type { RequestDeadline } from './deadline.js';

export interface Context {
  readonly service: LevelService;
  /**
   * Aborts when the request's deadline passes or its client goes away: work the request waits
   * for (solver tasks) stops being waited for, and is cancelled when no one else waits.
   */
  readonly signal: AbortSignal;
  /** The deadline behind `signal` (execution/use-deadline.ts stops it for a subscription). */
  readonly deadline: RequestDeadline;
  /** `levels` pages read in this request, so the budget and the resolver read a page once. */
  readonly pages: Map<string, Promise<readonly StoredLevel[]>>;
  /**
   * The remote address of the request's connection (undefined when it came in-process, through
   * `app.fetch`): MAX_SUBSCRIPTIONS_PER_CLIENT counts by it.
   */
  readonly client?: string;
  /**
   * Whether this request may run mutations: set by http/plugins/use-write-token.ts (absent:
   * no).
   */
  readonly mayWrite?: boolean;
}

/**
 * A new context for each request. The dataloader plugin keeps its loaders in the context
 * cache, so every request starts with empty loaders: a level changed by one request is never
 * served stale by another. `initContextCache` keeps that cache when Yoga copies the context.
 */
export function createContext(
  service: LevelService,
  deadline: RequestDeadline,
  client?: string,
): Context {
  return {
    ...initContextCache(),
    service,
    signal: deadline.signal,
    deadline,
    pages: new Map(),
    client,
  };
}
