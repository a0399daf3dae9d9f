// The package's library entry: `run(operations)` and the engine and service behind it.
export {
  run,
  LevelService,
  MemoryLevelStore,
  type LoadResult,
  type LevelServiceOptions,
  type LevelStore,
  type StoredLevel,
} from './service/index.js';
export { parseLevel, DEFAULT_LEVEL_LIMITS, LEVEL_ERROR_CODES } from './engine/level/parse.js';
export type { LevelError, LevelErrorCode, LevelLimits, ParseResult } from './engine/level/parse.js';
export type { Level, Position } from './engine/level/level.js';
export { fewestSteps } from './engine/search/fewest-steps.js';
export { cheapestRoute } from './engine/search/cheapest.js';
export type { Route } from './engine/search/route.js';
export { renderRoute } from './engine/render.js';
