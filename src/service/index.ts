// The service's one public surface: what GraphQL, the server, the CLI and the package entry
// may use (eslint.config.js allows no other import of src/service/ from outside it). The
// engine's vocabulary they need (results, generation options, the walk's moves) is offered
// here too, since the service is the only door to the engine.

// The service, its options and what it answers.
export {
  DEFAULT_HISTORY_LIMIT,
  DEFAULT_MAX_SUBSCRIPTIONS,
  LevelService,
  type LevelServiceOptions,
} from './level-service.js';
export { DEFAULT_MEMO_MAX_BYTES, DEFAULT_MEMO_MAX_LEVELS } from './answer-cache.js';
export { Lru } from './lru.js';
export { INVALID_ID_MESSAGE, MAX_ID_LENGTH, isStorableId } from './level-ids.js';
export {
  COPY_ERROR_CODES,
  GENERATE_ERROR_CODES,
  IMPORT_ERROR_CODES,
  LOAD_ERROR_CODES,
  REVERT_ERROR_CODES,
  type CopyErrorCode,
  type CopyResult,
  type DraftLevel,
  type GenerateErrorCode,
  type GenerateResult,
  type ImportErrorCode,
  type ImportResult,
  type LoadError,
  type LoadErrorCode,
  type LoadResult,
  type MadeLevel,
  type RevertErrorCode,
  type RevertResult,
  type SaveRequest,
  type VersionConflict,
  type WalkAnswer,
  type WalkResult,
  type WriteOptions,
} from './level-results.js';
export type { LevelAnswers } from './level-answers.js';

// The answers table, and the sizes the request budget prices with.
export {
  ANSWERS,
  ANSWER_NAMES,
  POSITION_WEIGHT,
  SOURCES,
  rowsJsonBytes,
  sizeOfGeneration,
  sizeOfHexText,
  sizeOfRows,
  sizeOfWalk,
  type AnswerKind,
  type AnswerName,
  type AnswerValue,
  type HexMaze,
  type Position,
  type SearchSize,
  type SolverStats,
  type SourceName,
  type WalkSize,
} from './answers.js';

// Stores, events, labels.
export type { HistoryEntry, LevelStore, StoredLevel } from './level-store.js';
export { MemoryLevelStore } from './memory-store.js';
export {
  DEFAULT_PG_POOL_MAX,
  SQLITE_FILE_NAME,
  type StoreConfig,
  openEvents,
  openStore,
  usesPostgres,
} from './storage/open-store.js';
export { storeFault } from './storage/unavailable.js';
export {
  LEVEL_CHANGE_KINDS,
  type LevelChange,
  type LevelChangeKind,
  type LevelEvents,
  MAX_QUEUED_CHANGES,
  TooManyClientSubscriptionsError,
} from './events.js';
export { DEFAULT_MAX_SUBSCRIPTIONS_PER_CLIENT } from './client-subscriptions.js';
export { LABEL_LIMITS, levelFilter, type LevelFilter } from './level-labels.js';

// Solving in threads, being full, and what /metrics shows.
export { DEFAULT_SOLVER_NICE, SolverPool, WORKER_THRESHOLD_STATES } from './solver-pool.js';
export { ServiceBusyError } from './service-busy.js';
export { BoundedLabels, CLIENT_LABELS, ServiceMetrics } from './metrics.js';

// Editing levels together: shared drawings, presence, streams of edits.
export {
  EDITS_PER_SECOND,
  EDIT_BURST,
  EDIT_ERROR_CODES,
  MAX_NAME_LENGTH,
  MOVES_PER_SECOND,
  TooManyEditsError,
  type DrawingView,
  type EditErrorCode,
  type EditFailure,
  type JoinedSession,
} from './shared-drawings.js';
export { COLLABORATOR_COLOURS, PRESENCE_TIMEOUT_MS } from './presence.js';
export type { CellBox, Collaborator } from './collaborator.js';
export type { DrawingEvent } from './drawing-stream.js';
export { MAX_EDIT_CELLS, MAX_EDIT_RUNS, type CellRun } from '../engine/level/drawing.js';

// The carving steps of a generation (docs/generation.md, "Carving steps").
export {
  CARVING_PHASES,
  carveLevel,
  maxCarvingSteps,
  sizeOfCarving,
  type Carving,
  type CarvingPhase,
  type CarvingResult,
  type CarvingSize,
  type PhaseSteps,
} from './carving.js';

// The rotating-rooms puzzle (docs/crusade.md).
export {
  CRUSADE_LEVEL_ERROR_CODES,
  CrusadeBot,
  DEFAULT_MAX_CRUSADE_COST,
  crusadeCostOfText,
  planCrusade,
  type CrusadeLevelErrorCode,
  type CrusadePlayResult,
  type CrusadeTurn,
} from './crusade.js';

// `run(operations)` (docs/rules.md).
export { run } from './run.js';

// Values that may be a promise (the in-memory store answers at once).
export { type MaybePromise, andThen, expectSync, isPromise } from './maybe-promise.js';

// The engine's vocabulary, as the service's callers see it: one result shape, the generator's
// options (the checks and their texts stay in the engine), the walk's moves, a row's width.
export { type Failure, type Result, fail, failed, mapResult, ok } from '../engine/result.js';
export {
  ALGORITHMS,
  GENERATION_LIMITS,
  OPTION_NAMES,
  SHAPES,
  type Algorithm,
  type MazeCell,
  type Shape,
} from '../engine/generation/generate.js';
export { MAX_WALK_MOVES, parseMoves } from '../engine/search/walk.js';
export { rowWidth } from '../engine/level/level.js';
export { NO_ROUTE_REASONS, noRouteOf, type NoRoute, type NoRouteReason } from './no-route.js';
