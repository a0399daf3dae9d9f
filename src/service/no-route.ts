// Why a level has no route (the engine's whyNoRoute), from its `unreachable` answer: the same
// memoised search, so asking why costs what asking `unreachable` does.
import { type NoRoute, whyNoRoute } from '../engine/search/no-route.js';
import type { LevelService } from './level-service.js';
import type { StoredLevel } from './level-store.js';

export { NO_ROUTE_REASONS, type NoRoute, type NoRouteReason } from '../engine/search/no-route.js';

/** Why E cannot be reached on `level`; null when it can. */
export async function noRouteOf(
  service: LevelService,
  level: StoredLevel,
  signal?: AbortSignal,
): Promise<NoRoute | null> {
  const unreachable = await service.answer(level, 'unreachable', signal);
  // Valid rows are ASCII: a row's width is its length.
  const width = level.rows[0]?.length ?? 0;
  return whyNoRoute(
    level.rows,
    (unreachable ?? []).map(([row, col]) => row * width + col),
  );
}
