// A level's history: the versions it keeps (`Level.history`, newest first), and `revertLevel`,
// which saves an old version's rows as the next version. A version's rows and answers are read
// with `level(id, version)`.
import {
  REVERT_ERROR_CODES,
  sizeOfRows,
  type RevertErrorCode,
  type HistoryEntry,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { LevelRef, writeLevel } from '../loaders.js';
import { versionNodeId } from '../node-ids.js';
import { checkArgs } from '../argument-checks.js';
import { free, priceByLevels } from '../pricing.js';
import { badInput } from '../request-errors.js';
import {
  ClientError,
  EXPECTED_VERSION,
  LEVEL_ID,
  VersionConflictError,
  clientErrorType,
} from './errors.js';

/** Pages of a history: versions at a time. */
export const HISTORY_PAGE = { default: 20, max: 100 } as const;

/** A history entry with the id of its level. */
export interface VersionEntry extends HistoryEntry {
  readonly id: string;
}

const LevelVersion = builder.objectRef<VersionEntry>('LevelVersion').implement({
  description:
    'One saved version of a level, without its rows: `level(id, version)` reads them. Its ' +
    'id is its own, apart from the current level and from the Level at this version.',
  interfaces: [builder.nodeInterfaceRef()],
  fields: (t) => ({
    id: t.id({
      description:
        'Its own id (opaque, unique across all types and versions): `node(id)` reads it.',
      resolve: (entry) => versionNodeId(entry.id, entry.version),
    }),
    levelId: t.id({ description: "The level's id.", resolve: (entry) => entry.id }),
    version: t.exposeInt('version', { description: 'The version number.' }),
    savedAt: t.exposeString('savedAt', { description: 'When it was saved (ISO 8601, UTC).' }),
    revertedFrom: t.exposeInt('revertedFrom', {
      nullable: true,
      description:
        'The version whose rows, name and tags `revertLevel` saved again; null for other saves.',
    }),
    name: t.exposeString('name', {
      nullable: true,
      description: "This version's name; null when it has none.",
    }),
    tags: t.stringList({
      description: "This version's tags (case-folded, sorted).",
      resolve: (entry) => [...entry.tags],
    }),
  }),
});

const LevelHistory = builder.connectionObject(
  {
    type: LevelVersion,
    name: 'LevelHistoryConnection',
    description: "A page of a level's history, newest first.",
  },
  { name: 'LevelHistoryEdge', description: 'A version in a page of the history.' },
);

// Cursors are the version number, opaque to clients.
const cursorOf = (version: number): string =>
  Buffer.from(`version:${version}`, 'utf8').toString('base64url');

function versionOfCursor(cursor: string): number {
  const match = /^version:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null || cursorOf(Number(match[1])) !== cursor) {
    throw badInput(`'after' is not a cursor of this history: ${JSON.stringify(cursor)}`);
  }
  return Number(match[1]);
}

interface HistoryArgs {
  readonly first?: number | null;
  readonly after?: string | null;
}

/** The page `history` reads, checked (the field and the check before execution alike). */
function historyPage(args: HistoryArgs): { first: number; before: number | null } {
  const first = args.first ?? HISTORY_PAGE.default;
  if (!Number.isInteger(first) || first < 1 || first > HISTORY_PAGE.max) {
    throw badInput(`'first' must be between 1 and ${HISTORY_PAGE.max}, got ${first}`);
  }
  return { first, before: args.after == null ? null : versionOfCursor(args.after) };
}

builder.objectField(LevelRef, 'history', (t) =>
  t.field({
    type: LevelHistory,
    description:
      `The versions this level keeps, newest first, a page at a time (\`first\`: 1 to ` +
      `${HISTORY_PAGE.max}, default ${HISTORY_PAGE.default}). The service keeps the last ` +
      'HISTORY_LIMIT versions of each id (100 by default).',
    args: {
      first: t.arg.int({
        description: `Versions per page: 1 to ${HISTORY_PAGE.max}, default ${HISTORY_PAGE.default}.`,
      }),
      after: t.arg.string({ description: 'The `endCursor` of the page before.' }),
    },
    extensions: {
      ...free(`a page of at most ${HISTORY_PAGE.max} versions without rows or answers`),
      ...checkArgs<HistoryArgs>((args) => historyPage(args)),
    },
    resolve: async (level, args, context) => {
      const { first, before } = historyPage(args);
      // One entry more than the page tells whether there is a next page.
      const entries = await context.service.history(level.id, before, first + 1);
      const edges = entries
        .slice(0, first)
        .map((entry) => ({ cursor: cursorOf(entry.version), node: { ...entry, id: level.id } }));
      return {
        edges,
        pageInfo: {
          hasNextPage: entries.length > first,
          hasPreviousPage: false,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
        },
      };
    },
  }),
);

/** The version to revert to is not in the history. */
export class RevertError extends ClientError<RevertErrorCode> {
  override name = 'RevertError';
}

clientErrorType(RevertError, {
  name: 'RevertError',
  codeEnum: 'RevertErrorCode',
  description: 'The level has no such version in its history; nothing was stored.',
  codes: REVERT_ERROR_CODES,
  codeDescription:
    'UNKNOWN_VERSION: not in the history (never saved, or older than the history keeps); ' +
    'INVALID_ID: an id no level can have.',
});

builder.mutationField('revertLevel', (t) =>
  t.field({
    type: LevelRef,
    description:
      'Saves the rows, name and tags of an older version of `id` as its next version (also of ' +
      'a deleted level, while its history keeps that version); when the current version has ' +
      'them already, nothing is stored and the answer is that version. A RevertError or a ' +
      'VersionConflict changes nothing.',
    args: {
      id: t.arg.id({ required: true, ...LEVEL_ID }),
      version: t.arg.int({ required: true, description: 'The version to save again.' }),
      expectedVersion: t.arg.int(EXPECTED_VERSION),
    },
    // A revert stores a version's rows again: it costs what answering that version costs.
    extensions: priceByLevels<{ id: string; version: number }>(async ({ id, version }, context) => {
      const old = await context.service.getVersion(id, version);
      return { stored: [], made: old ? [sizeOfRows(old.rows)] : [] };
    }),
    errors: {
      types: [RevertError, VersionConflictError],
      directResult: true,
      union: {
        name: 'RevertLevelResult',
        description: 'The level as saved, or why nothing was stored.',
      },
    },
    resolve: (_root, { id, version, expectedVersion }, context) =>
      writeLevel(
        context,
        id,
        (service) => service.revert(id, version, { expectedVersion }),
        RevertError,
      ),
  }),
);
