// How levels are fetched for GraphQL: every `level(id)` in one request (and every id of
// `levelsById`) goes through one per-request DataLoader, so a query for many levels costs one
// `getMany` on the store. Answers are not loaded here: `service.answers(level)` memoises them
// by (id, version), so each version is solved at most once, across requests too.
import type { LevelService } from '../service/level-service.js';
import type { StoredLevel } from '../service/level-store.js';
import { builder } from './builder.js';
import type { Context } from './context.js';

/** One store read for a batch of ids; unknown ids become null (the field's null). */
export async function loadLevels(
  service: LevelService,
  ids: readonly string[],
): Promise<Array<StoredLevel | null>> {
  const levels = await service.getMany(ids);
  return levels.map((level) => level ?? null);
}

/** The `Level` object type's ref: a field of this type may resolve to an id or a level. */
export const LevelRef = builder.loadableObjectRef<StoredLevel | null, string, string, StoredLevel>(
  'Level',
  {
    load: (ids, context: Context) => loadLevels(context.service, ids),
  },
);

/** Forgets what this request's loader knows about `id` (after a write to it). */
export function forgetLevel(context: Context, id: string): void {
  LevelRef.getDataloader(context).clear(id);
}
