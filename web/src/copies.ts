// Duplicate and Rename (docs/editor.md, Names, tags and copies), apart from any view.
// Duplicate is `copyLevel(from, to, expectedVersion: 0)`: the open level's saved version as a
// new level, never over another one. The API has no rename, so Rename is a copy to the new id and
// then `deleteLevel` of the old one, when the old one is still at the version copied
// (docs/decisions.md: its caveats). Each answer becomes a message a designer can act on.
import { request } from './api.js';
import {
  CopyLevelDocument,
  DeleteLevelDocument,
  type LevelFieldsFragment,
  OpenLevelDocument,
} from './gql/graphql.js';

export type CopyOutcome =
  | { readonly kind: 'copied'; readonly level: LevelFieldsFragment }
  | { readonly kind: 'refused'; readonly message: string };

/** The requests a copy needs (the API; a fake in test/web/copies.test.ts). */
export interface CopyApi {
  copy(from: string, to: string): Promise<CopyResult>;
  currentVersion(id: string): Promise<number | null>;
  remove(id: string): Promise<boolean>;
}

export type CopyResult =
  | ({ readonly __typename: 'Level' } & LevelFieldsFragment)
  | { readonly __typename: 'CopyError'; readonly message: string; readonly copyError: string }
  | {
      readonly __typename: 'VersionConflict';
      readonly message: string;
      readonly currentVersion: number | null;
    };

export const copyServer: CopyApi = {
  copy: async (from, to) =>
    (await request(CopyLevelDocument, { from, to, expectedVersion: 0 })).copyLevel,
  currentVersion: async (id) => (await request(OpenLevelDocument, { id })).level?.version ?? null,
  remove: async (id) => (await request(DeleteLevelDocument, { id })).deleteLevel,
};

/** What a refused copy means for the designer, by its code. */
export function copyRefusal(
  result: Exclude<CopyResult, { __typename: 'Level' }>,
  from: string,
  to: string,
) {
  if (result.__typename === 'VersionConflict') {
    return `there is already a level '${to}' (version ${result.currentVersion ?? '?'}): choose another id, or open it`;
  }
  switch (result.copyError) {
    case 'UNKNOWN_SOURCE':
      return `'${from}' is not stored any more (deleted elsewhere?): save it first`;
    case 'SAME_ID':
      return `the copy needs an id other than '${from}'`;
    case 'LEVEL_TOO_LARGE':
      return `'${from}' is larger than this server takes now: ${result.message}`;
    case 'INVALID_ID':
      return `'${to}' cannot be a level id: ${result.message}`;
    default:
      return result.message;
  }
}

/** Why the open level cannot be copied now, or null. */
export function cannotCopy(meta: { id: string; version: number }, dirty: boolean, to: string) {
  if (meta.version === 0) return 'save the level first: a copy is made of its saved version';
  if (dirty) return 'save or undo your changes first: a copy is made of the saved version';
  if (!to.trim()) return 'give the new id';
  return null;
}

/** Duplicate: the saved version of `from` as the new level `to`. */
export async function duplicate(api: CopyApi, from: string, to: string): Promise<CopyOutcome> {
  const result = await api.copy(from, to.trim());
  if (result.__typename === 'Level') return { kind: 'copied', level: result };
  return { kind: 'refused', message: `Not duplicated: ${copyRefusal(result, from, to.trim())}` };
}

export type RenameOutcome =
  | CopyOutcome
  | { readonly kind: 'both'; readonly level: LevelFieldsFragment; readonly message: string };

/**
 * Rename: copy `from` (at `version`) to `to`, then delete `from`, unless it moved on meanwhile
 * (someone saved a newer version: it is kept, and the message says so). `opened` runs between
 * the two, so the page shows the new level before the old one's deletion is announced.
 */
export async function rename(
  api: CopyApi,
  from: string,
  version: number,
  to: string,
  opened: (level: LevelFieldsFragment) => void,
): Promise<RenameOutcome> {
  const result = await api.copy(from, to.trim());
  if (result.__typename !== 'Level') {
    return { kind: 'refused', message: `Not renamed: ${copyRefusal(result, from, to.trim())}` };
  }
  opened(result);
  const now = await api.currentVersion(from);
  if (now !== version) {
    const message =
      now === null
        ? `'${from}' was already gone`
        : `'${from}' was saved again meanwhile (version ${now}): it is kept; delete it yourself if you want`;
    return {
      kind: 'both',
      level: result,
      message: `Copied as '${result.levelId}', but ${message}.`,
    };
  }
  await api.remove(from);
  return { kind: 'copied', level: result };
}
