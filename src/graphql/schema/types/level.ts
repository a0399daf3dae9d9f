// The Level type with everything about levels: its fields (the answers of docs/rules.md come
// from LevelAnswers), the `level`, `levelsById` and `levels` queries, and the `loadLevel` and
// `deleteLevel` mutations.
import {
  sizeOfRows,
  LABEL_LIMITS,
  levelFilter,
  ok,
  andThen,
  type LevelFilter,
  type StoredLevel,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import type { Context } from '../context.js';
import { LevelRef, asSnapshot, isSnapshot, readPage, writeLevel } from '../loaders.js';
import { levelNodeId } from '../node-ids.js';
import { checkArgs } from '../argument-checks.js';
import { type FieldLevels, free, priceByLevels } from '../pricing.js';
import { badInput } from '../request-errors.js';
import {
  EXPECTED_VERSION,
  LEVEL_ID,
  LevelValidationError,
  VersionConflictError,
} from './errors.js';
import { NAME_ARG, TAGS_ARG } from './labels.js';
import { LevelAnswers } from './level-answers.js';

/** Page sizes of `levels`, and the most ids `levelsById` takes at once. */
export const PAGE_SIZE = { default: 20, max: 100 } as const;

LevelRef.implement({
  description:
    'One version of a stored level with its answers, each computed once per version. The ' +
    'answers about the walk from S to E (steps … cheapestRender, shortestWalks) are null when ' +
    'E cannot be reached.',
  interfaces: [builder.nodeInterfaceRef(), LevelAnswers],
  fields: (t) => ({
    id: t.id({
      description:
        "The level's id. A version asked for by number (`level(id, version)`) is its own " +
        'object, with an id of its own (opaque, unique, read back by `node(id)`), so client ' +
        'caches never mistake it for the current level; `levelId` is the plain id either way.',
      resolve: (level) => (isSnapshot(level) ? levelNodeId(level.id, level.version) : level.id),
    }),
    levelId: t.id({ description: "The level's id.", resolve: (level) => level.id }),
    version: t.exposeInt('version', {
      description: '1 for the first level stored under the id, +1 on every successful replace.',
    }),
    savedAt: t.exposeString('savedAt', {
      description: 'When this version was saved (ISO 8601, UTC).',
    }),
  }),
});

const LevelConnection = builder.connectionObject(
  { type: LevelRef, name: 'LevelConnection', description: 'A page of levels, in id order.' },
  { name: 'LevelEdge', description: 'A level in a page of levels.' },
);

// Cursors are opaque to clients; inside they are the level id, which is also the sort key.
const CURSOR_PREFIX = 'level:';

function cursorOf(id: string): string {
  return Buffer.from(CURSOR_PREFIX + id, 'utf8').toString('base64url');
}

function idOfCursor(cursor: string): string {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  // base64url decoding skips bad characters silently; re-encoding catches that.
  if (
    !decoded.startsWith(CURSOR_PREFIX) ||
    cursorOf(decoded.slice(CURSOR_PREFIX.length)) !== cursor
  ) {
    throw badInput(`'after' is not a cursor of this connection: ${JSON.stringify(cursor)}`);
  }
  return decoded.slice(CURSOR_PREFIX.length);
}

function pageSize(first: number | null | undefined): number {
  const size = first ?? PAGE_SIZE.default;
  if (!Number.isInteger(size) || size < 1 || size > PAGE_SIZE.max) {
    throw badInput(`'first' must be between 1 and ${PAGE_SIZE.max}, got ${size}`);
  }
  return size;
}

function afterOf(after: string | null | undefined): string | null {
  return after == null ? null : idOfCursor(after);
}

/** The `search` and `tag` of `levels`, as the service reads them (level-labels.ts). */
function filterOf(args: { search?: string | null; tag?: string | null }): LevelFilter {
  const filter = levelFilter({ search: args.search, tag: args.tag });
  if (!filter.ok) throw badInput(filter.error.message);
  return filter.value;
}

/** A level read through this request's loader, as the budget prices it. */
async function loadedLevels(context: Context, ids: readonly string[]): Promise<FieldLevels> {
  const levels = await LevelRef.getDataloader(context).loadMany(ids);
  return {
    stored: levels.filter(
      (level): level is StoredLevel => level != null && !(level instanceof Error),
    ),
    made: [],
  };
}

/** The ids of `levelsById`, checked (the field and its price read them alike). */
function idsOf(ids: readonly string[]): readonly string[] {
  if (ids.length > PAGE_SIZE.max) {
    throw badInput(`'ids' takes at most ${PAGE_SIZE.max} ids, got ${ids.length}`);
  }
  return ids;
}

/** The arguments of `levels`, checked (the field and its price read them alike). */
interface PageArgs {
  readonly first?: number | null;
  readonly after?: string | null;
  readonly search?: string | null;
  readonly tag?: string | null;
}

/** The page `levels` answers, with one level more that tells whether there is a next page. */
function readLevelsPage(context: Context, args: PageArgs) {
  const first = pageSize(args.first);
  return readPage(context, afterOf(args.after), first + 1, filterOf(args)).then((levels) => ({
    first,
    levels,
  }));
}

builder.queryFields((t) => ({
  level: t.field({
    type: LevelRef,
    nullable: true,
    description:
      'The current version of a level; null when no level has this id. With `version`, that ' +
      'version from the history (also of a deleted level; null when not kept), as its own ' +
      'object (see `Level.id`).',
    args: {
      id: t.arg.id({ required: true, ...LEVEL_ID }),
      version: t.arg.int({
        description: 'A version from the history; null or left out: the current one.',
      }),
    },
    extensions: priceByLevels<{ id: string; version?: number | null }>(
      async ({ id, version }, context) => {
        if (version == null) return loadedLevels(context, [id]);
        const snapshot = await context.service.getVersion(id, version);
        return { stored: snapshot ? [snapshot] : [], made: [] };
      },
    ),
    // The id goes to this request's loader, batched with every other level asked for.
    resolve: async (_root, { id, version }, context) => {
      if (version == null) return id;
      const snapshot = await context.service.getVersion(id, version);
      return snapshot ? asSnapshot(snapshot) : null;
    },
  }),
  levelsById: t.field({
    type: [LevelRef],
    nullable: { list: false, items: true },
    description: `Many levels in one store read, in the order of \`ids\` (at most ${PAGE_SIZE.max}); null for an unknown id.`,
    args: {
      ids: t.arg.idList({
        required: true,
        description: `The levels' ids (at most ${PAGE_SIZE.max}).`,
      }),
    },
    extensions: {
      ...priceByLevels<{ ids: string[] }>(({ ids }, context) => loadedLevels(context, idsOf(ids))),
      ...checkArgs<{ ids: string[] }>(({ ids }) => idsOf(ids)),
    },
    resolve: (_root, { ids }) => idsOf(ids),
  }),
  levels: t.field({
    type: LevelConnection,
    description:
      `The levels in id order, a page at a time (\`first\`: 1 to ${PAGE_SIZE.max}, default ` +
      `${PAGE_SIZE.default}); with \`search\` or \`tag\`, only those that match (both: both), ` +
      'in the same order and pages.',
    args: {
      first: t.arg.int({
        description: `Levels per page: 1 to ${PAGE_SIZE.max}, default ${PAGE_SIZE.default}.`,
      }),
      after: t.arg.string({ description: 'The `endCursor` of the page before.' }),
      search: t.arg.string({
        description:
          `Keeps the levels whose id or name contains this text (at most ` +
          `${LABEL_LIMITS.searchLength} characters), case-insensitively: both are compared in ` +
          'Unicode case-folded form ("STRASSE" finds "Straße"); accents count ("e" does not ' +
          'find "é"). Empty or null: no search.',
      }),
      tag: t.arg.string({
        description:
          'Keeps the levels carrying this tag (compared case-folded, like the tags saved).',
      }),
    },
    extensions: {
      ...priceByLevels<PageArgs>(async (args, context) => {
        const { first, levels } = await readLevelsPage(context, args);
        return { stored: levels.slice(0, first), made: [] };
      }),
      ...checkArgs<PageArgs>((args) => {
        pageSize(args.first);
        afterOf(args.after);
        filterOf(args);
      }),
    },
    resolve: async (_root, args, context) => {
      const { first, levels } = await readLevelsPage(context, args);
      const edges = levels
        .slice(0, first)
        .map((level) => ({ cursor: cursorOf(level.id), node: level }));
      return {
        edges,
        pageInfo: {
          hasNextPage: levels.length > first,
          // Allowed by the Relay spec when paging forward; finding out would cost a read.
          hasPreviousPage: false,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
        },
      };
    },
  }),
}));

builder.mutationFields((t) => ({
  loadLevel: t.field({
    type: LevelRef,
    description:
      'Validates `rows` and stores them (with `name` and `tags`) as the next version of `id`. ' +
      'Rows, name and tags equal to the current version store nothing and answer that version. ' +
      'An invalid level changes nothing and answers a LevelValidationError; with ' +
      '`expectedVersion`, a level at another version changes nothing and answers a ' +
      'VersionConflict.',
    args: {
      id: t.arg.id({ required: true, ...LEVEL_ID }),
      rows: t.arg.stringList({ required: true, description: 'The level, one string a row.' }),
      expectedVersion: t.arg.int(EXPECTED_VERSION),
      name: t.arg.string(NAME_ARG),
      tags: t.arg.stringList(TAGS_ARG),
    },
    extensions: priceByLevels<{ rows: string[] }>(({ rows }) => ({
      stored: [],
      made: [sizeOfRows(rows)],
    })),
    errors: {
      types: [LevelValidationError, VersionConflictError],
      directResult: true,
      union: {
        name: 'LoadLevelResult',
        description: 'The level as saved, or why nothing was stored.',
      },
    },
    resolve: (_root, { id, rows, expectedVersion, name, tags }, context) =>
      writeLevel(
        context,
        id,
        (service) => service.load(id, rows, { expectedVersion, name, tags }),
        LevelValidationError,
      ),
  }),
  deleteLevel: t.boolean({
    description: 'Deletes the level; false when there was none. Its versions are never reused.',
    args: { id: t.arg.id({ required: true, ...LEVEL_ID }) },
    extensions: free('one store write by id; answers a boolean'),
    resolve: (_root, { id }, context) =>
      writeLevel(context, id, (service) => andThen(service.delete(id), (deleted) => ok(deleted))),
  }),
}));
