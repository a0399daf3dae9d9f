// Live changes: one event per save, revert and delete of a level, sent once the write is
// durable. Served over Server-Sent Events (Yoga's GraphQL over SSE).
import { builder } from '../builder.js';
import type { Context } from '../context.js';
import {
  INVALID_ID_MESSAGE,
  LEVEL_CHANGE_KINDS,
  type LevelChange,
  type StoredLevel,
  isStorableId,
} from '../../../service/index.js';
import { LevelRef, asSnapshot } from '../loaders.js';
import { free } from '../pricing.js';
import { LEVEL_ID } from './errors.js';
import { createRequestError, rethrowRefusal } from '../request-errors.js';

const LevelChangeKind = builder.enumType('LevelChangeKind', {
  description:
    'SAVED: loadLevel, generateLevel, importMaze, copyLevel; REVERTED: revertLevel; DELETED; ' +
    'MISSED: changes may have been missed (the server lost its database listener for a while, ' +
    'or this subscriber fell 100 changes behind): refetch what you show. A save or revert ' +
    'equal to the current version stores nothing and sends no event.',
  values: {
    SAVED: {
      description: 'A new version saved (loadLevel, generateLevel, importMaze, copyLevel).',
    },
    REVERTED: { description: "An old version's rows saved again as a new version (revertLevel)." },
    DELETED: { description: 'The level deleted (its history stays).' },
    MISSED: {
      description: 'Changes may have been missed (no id, no version): refetch what you show.',
    },
  } satisfies Record<(typeof LEVEL_CHANGE_KINDS)[number], { description: string }>,
});

const LevelChangeRef = builder.objectRef<LevelChange>('LevelChange').implement({
  description: 'A level changed: its id, the version saved (or deleted), how, and the level.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: true, description: "The level's id; null for MISSED." }),
    version: t.exposeInt('version', {
      nullable: true,
      description: 'The version saved, or deleted; null for MISSED.',
    }),
    kind: t.field({
      type: LevelChangeKind,
      description: 'How it changed.',
      resolve: (change) => change.kind,
    }),
    level: t.field({
      type: LevelRef,
      nullable: true,
      description:
        'The level as saved (SAVED, REVERTED), so a client cache takes it without a refetch: ' +
        'the current Level while `version` is current, the Level at `version` once a later ' +
        'one is saved (its own object, so the current one is not overwritten with older ' +
        'rows); null for DELETED and MISSED, and when the history no longer keeps `version`.',
      resolve: (change, _args, context) => levelAsSaved(context, change),
    }),
  }),
});

/**
 * The Level of a save or revert, read from the service (not this subscription's loader, which
 * would keep the first read for as long as the stream is open).
 */
async function levelAsSaved(context: Context, change: LevelChange): Promise<StoredLevel | null> {
  if (change.kind === 'DELETED' || change.kind === 'MISSED') return null;
  const current = await context.service.get(change.id);
  if (current?.version === change.version) return current;
  const saved = await context.service.getVersion(change.id, change.version);
  return saved ? asSnapshot(saved) : null;
}

builder.subscriptionType({
  description: 'Live changes, over Server-Sent Events: each event once the write is durable.',
});

builder.subscriptionFields((t) => ({
  levelChanged: t.field({
    type: LevelChangeRef,
    description: 'Each change of the level `id` from now on.',
    args: { id: t.arg.id({ required: true, ...LEVEL_ID }) },
    // Subscriptions are not priced: each event is one small change (the budget skips them).
    extensions: free('a stream of small change events, filtered by id'),
    subscribe: (_root, { id }, context) => {
      // An id no level can have is refused before anything is held for it (ids of 1 MB kept
      // by hundreds of streams were gigabytes).
      if (!isStorableId(id)) {
        throw createRequestError(INVALID_ID_MESSAGE, {
          extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
        });
      }
      return changes(context, id);
    },
    resolve: (change: LevelChange) => change,
  }),
  levelsChanged: t.field({
    type: LevelChangeRef,
    description: 'Each change of any level from now on.',
    subscribe: (_root, _args, context) => changes(context),
    resolve: (change: LevelChange) => change,
  }),
}));

/**
 * The service's changes for this request (of level `id`, if given); over the server's limit a
 * 503 SERVICE_BUSY, over its client's a 429 TOO_MANY_SUBSCRIPTIONS.
 */
function changes(context: Context, id?: string): AsyncIterable<LevelChange> {
  try {
    return context.service.changes(context.signal, { client: context.client, id });
  } catch (error) {
    return rethrowRefusal(error);
  }
}
