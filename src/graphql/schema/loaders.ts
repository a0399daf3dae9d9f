// How levels are fetched for GraphQL: every `level(id)` in one request (and every id of
// `levelsById`) goes through one per-request DataLoader, so a query for many levels costs one
// `getMany` on the store. Answers are not loaded here: `service.answers(level)` memoises them
// by (id, version), so each version is solved at most once, across requests too.
import type {
  LevelService,
  VersionConflict,
  LevelFilter,
  StoredLevel,
  MaybePromise,
  Failure,
  Result,
} from '../../service/index.js';
import { builder } from './builder.js';
import type { Context } from './context.js';
import { VersionConflictError } from './types/errors.js';

/**
 * A level read by its version number: its own object for client caches (Level.id), a copy
 * that remembers the level it was made from. The service is only ever given that level
 * (plainLevel): its memo may keep a level it is given as the latest version of its id, and a
 * mark kept there would show the current level as a version asked for by number.
 */
const SNAPSHOT = Symbol('snapshot');

export function asSnapshot(level: StoredLevel): StoredLevel {
  return Object.assign(Object.create(null) as object, level, { [SNAPSHOT]: plainLevel(level) });
}

export function isSnapshot(level: StoredLevel): boolean {
  return SNAPSHOT in level;
}

/** The level itself, without the mark of asSnapshot: what the service is given. */
export function plainLevel(level: StoredLevel): StoredLevel {
  return (level as { [SNAPSHOT]?: StoredLevel })[SNAPSHOT] ?? level;
}

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

/**
 * The one way a mutation writes a level: runs the service's write, then forgets what this
 * request's loader knows about `id` (whatever the outcome, so a later `level(id)` in the same
 * request reads the store), and answers the value or throws the failure: a version conflict as
 * VersionConflict, any other as `errorClass`; the field's result union answers it as a member.
 */
export async function writeLevel<T, E extends Failure>(
  context: Context,
  id: string,
  write: (service: LevelService) => MaybePromise<Result<T, E | VersionConflict>>,
  /** Needed unless the write cannot fail. */
  errorClass?: new (failure: E) => Error,
): Promise<T> {
  let result: Result<T, E | VersionConflict>;
  try {
    result = await write(context.service);
  } finally {
    LevelRef.getDataloader(context).clear(id);
  }
  if (!result.ok) {
    const { error } = result;
    if (isVersionConflict(error)) throw new VersionConflictError(error);
    if (errorClass) throw new errorClass(error);
    throw new Error(`a write that cannot fail failed: ${error.code}`);
  }
  return result.value;
}

function isVersionConflict(error: Failure): error is VersionConflict {
  return error.code === 'VERSION_CONFLICT';
}

/**
 * Up to `limit` levels after `afterId`, read once per request: the budget prices the page the
 * `levels` resolver then answers.
 */
export function readPage(
  context: Context,
  afterId: string | null,
  limit: number,
  filter: LevelFilter = {},
): Promise<readonly StoredLevel[]> {
  const key = JSON.stringify([limit, afterId, filter.search ?? null, filter.tag ?? null]);
  let page = context.pages.get(key);
  if (page === undefined) {
    page = Promise.resolve(context.service.list(afterId, limit, filter));
    context.pages.set(key, page);
  }
  return page;
}
