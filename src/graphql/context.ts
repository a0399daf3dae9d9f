// The per-request context: the service, and a fresh cache for this request's DataLoaders.
import { initContextCache } from '@pothos/core';
import type { LevelService } from '../service/level-service.js';

export interface Context {
  readonly service: LevelService;
}

/**
 * A new context for each request. The dataloader plugin keeps its loaders in the context
 * cache, so every request starts with empty loaders: a level changed by one request is never
 * served stale by another. `initContextCache` keeps that cache when Yoga copies the context.
 */
export function createContext(service: LevelService): Context {
  return { ...initContextCache(), service };
}
