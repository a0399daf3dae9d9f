// The ids of the objects that implement Node (docs/graphql.md, "Identity"): unique across
// types and versions, and each one read back by `node(id)`.
//
// The current Level keeps its own id, so every string a level id can be is taken by a current
// level. The other ids start with NUL, the one character no level id has (isStorableId): a
// Level asked for at a version is "\u0000Level:<id>@<version>", a history entry
// "\u0000LevelVersion:<id>@<version>". They can never be a level's own id, or each other.
import { isStorableId } from '../../service/index.js';

/** What a Node id names. */
export type NodeKey =
  | { readonly type: 'Level'; readonly id: string; readonly version?: undefined }
  | { readonly type: 'Level' | 'LevelVersion'; readonly id: string; readonly version: number };

/** Before the ids that are not a current level's own. */
const MARK = '\u0000';

/** The id of a Level: its own id, or at `version` (asked for by number) its own object's. */
export function levelNodeId(id: string, version?: number): string {
  return version === undefined ? id : `${MARK}Level:${id}@${version}`;
}

/** The id of a LevelVersion (an entry of a level's history). */
export function versionNodeId(id: string, version: number): string {
  return `${MARK}LevelVersion:${id}@${version}`;
}

// After the mark; `[^]*` may hold "@": the version is after the last one, and has no leading zero.
const VERSIONED = /^(Level|LevelVersion):([^]*)@([1-9]\d{0,14})$/;

/**
 * What `nodeId` names; null for an id this server never hands out (node(id) answers null).
 * Only the exact text of an id handed out is read back: no other spelling names the object.
 */
export function parseNodeId(nodeId: string): NodeKey | null {
  if (!nodeId.startsWith(MARK)) return isStorableId(nodeId) ? { type: 'Level', id: nodeId } : null;
  const match = VERSIONED.exec(nodeId.slice(MARK.length));
  if (match === null) return null;
  const [, type, id, version] = match as unknown as [
    string,
    'Level' | 'LevelVersion',
    string,
    string,
  ];
  if (!isStorableId(id)) return null;
  return { type, id, version: Number(version) };
}
