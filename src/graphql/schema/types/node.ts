// Refetching by id: `node(id)` and `nodes(ids)` read again every object that implements Node
// (Level, current or at a version, and LevelVersion), by the ids node-ids.ts hands out. What a
// normalized client cache (Relay, urql's Graphcache, Apollo) needs to refetch an object.
import type { StoredLevel } from '../../../service/index.js';
import { builder } from '../builder.js';
import type { Context } from '../context.js';
import { LevelRef, asSnapshot, plainLevel } from '../loaders.js';
import { checkArgs } from '../argument-checks.js';
import { type NodeKey, parseNodeId } from '../node-ids.js';
import { type FieldLevels, priceByLevels } from '../pricing.js';
import { badInput } from '../request-errors.js';
import type { VersionEntry } from './history.js';
import { PAGE_SIZE } from './level.js';

type NodeValue = StoredLevel | VersionEntry;

/** The Level a key names (current: through this request's loader); null when none. */
async function levelOf(context: Context, key: NodeKey): Promise<StoredLevel | null> {
  if (key.version === undefined)
    return (await LevelRef.getDataloader(context).load(key.id)) ?? null;
  const level = await context.service.getVersion(key.id, key.version);
  return level ? asSnapshot(level) : null;
}

/** The history entry a key names; null when the history does not keep it. */
async function entryOf(
  context: Context,
  id: string,
  version: number,
): Promise<VersionEntry | null> {
  // The newest entry before version + 1 is that version, when it is kept.
  const [entry] = await context.service.history(id, version + 1, 1);
  return entry?.version === version ? { ...entry, id } : null;
}

/** The object `nodeId` names; null for an unknown id or an object that is gone. */
function nodeOf(context: Context, nodeId: string): Promise<NodeValue | null> {
  const key = parseNodeId(nodeId);
  if (key === null) return Promise.resolve(null);
  if (key.type === 'LevelVersion') return entryOf(context, key.id, key.version);
  return levelOf(context, key);
}

/** The ids of `nodes`, checked (the field and its price read them alike). */
export function nodeIdsOf(ids: readonly string[]): readonly string[] {
  if (ids.length > PAGE_SIZE.max) {
    throw badInput(`'ids' takes at most ${PAGE_SIZE.max} ids, got ${ids.length}`);
  }
  return ids;
}

/** The levels among the objects `ids` name, as the budget prices them (history entries: free). */
async function nodeLevels(context: Context, ids: readonly string[]): Promise<FieldLevels> {
  const keys = ids.map(parseNodeId).filter((key) => key !== null && key.type === 'Level');
  const levels = await Promise.all(keys.map((key) => levelOf(context, key!)));
  return { stored: levels.filter((level) => level !== null).map(plainLevel), made: [] };
}

const NODE_ID = {
  description:
    'An id as an object that implements Node answered it (its `id`); another text answers null.',
} as const;

builder.queryFields((t) => ({
  node: t.field({
    type: builder.nodeInterfaceRef(),
    nullable: true,
    description:
      'The object with this id, as it is now (a refetch): a Level, current or at a version, ' +
      'or a LevelVersion. Null when no object has the id (a deleted level, a version the ' +
      'history no longer keeps, a text this server never answered as an id).',
    args: { id: t.arg.id({ required: true, ...NODE_ID }) },
    extensions: priceByLevels<{ id: string }>(({ id }, context) => nodeLevels(context, [id])),
    resolve: (_root, { id }, context) => nodeOf(context, id),
  }),
  nodes: t.field({
    type: [builder.nodeInterfaceRef()],
    nullable: { list: false, items: true },
    description:
      `The objects with these ids, in the order of \`ids\` (at most ${PAGE_SIZE.max}), as ` +
      '`node(id)` answers each; current levels are read in one store read.',
    args: { ids: t.arg.idList({ required: true, ...NODE_ID }) },
    extensions: {
      ...priceByLevels<{ ids: string[] }>(({ ids }, context) =>
        nodeLevels(context, nodeIdsOf(ids)),
      ),
      ...checkArgs<{ ids: string[] }>(({ ids }) => nodeIdsOf(ids)),
    },
    resolve: (_root, { ids }, context) =>
      Promise.all(nodeIdsOf(ids).map((id) => nodeOf(context, id))),
  }),
}));
