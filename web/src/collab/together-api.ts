// What editing together asks of the server: joinLevel, editLevel, moveInLevel and leaveLevel,
// and the stream levelEdits (docs/graphql.md, "Editing together").
import { ApiError, request, subscribe } from '../api.js';
import {
  type CollaboratorFieldsFragment,
  EditLevelDocument,
  JoinLevelDocument,
  LeaveLevelDocument,
  type LevelEditsSubscription,
  LevelEditsDocument,
  MoveInLevelDocument,
} from '../gql/graphql.js';
import type { LiveStream, StreamHandlers } from '../live-stream.js';
import { type PendingEdit, runsOf } from './sync.js';

export type Collaborator = CollaboratorFieldsFragment;
export type EditEvent = LevelEditsSubscription['levelEdits'];

export type JoinAnswer =
  | {
      readonly kind: 'joined';
      readonly seq: number;
      readonly rows: readonly string[];
      readonly colour: string;
      readonly collaborators: readonly Collaborator[];
    }
  | { readonly kind: 'refused'; readonly message: string };

export type EditAnswer =
  | { readonly kind: 'stored'; readonly seq: number }
  | { readonly kind: 'refused'; readonly message: string };

export interface Box {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

export interface TogetherServer {
  join(id: string, session: string, name: string): Promise<JoinAnswer>;
  /** Stores one edit; throws ApiError (NETWORK, TOO_MANY_EDITS, ...) when it could not. */
  edit(id: string, pending: PendingEdit): Promise<EditAnswer>;
  move(
    id: string,
    session: string,
    pointer: { row: number; col: number } | null,
    selection: Box | null,
  ): Promise<boolean>;
  leave(id: string, session: string): Promise<boolean>;
  stream(
    id: string,
    after: number,
    session: string,
    handlers: StreamHandlers<LevelEditsSubscription>,
  ): LiveStream;
}

export const togetherServer: TogetherServer = {
  join: async (id, session, name) => {
    const { joinLevel } = await request(JoinLevelDocument, { id, session, name: name || null });
    if (joinLevel.__typename === 'EditError') {
      return { kind: 'refused', message: `${joinLevel.code}: ${joinLevel.message}` };
    }
    const { drawing, colour, collaborators } = joinLevel;
    return { kind: 'joined', seq: drawing.seq, rows: drawing.rows, colour, collaborators };
  },
  edit: async (id, pending) => {
    const change = pending.cells
      ? { cells: runsOf(pending.cells, pending.width), rows: null }
      : { cells: null, rows: [...pending.rows!] };
    const { editLevel } = await request(EditLevelDocument, {
      id,
      session: pending.session,
      edit: pending.edit,
      ...change,
    });
    if (editLevel.__typename === 'EditError') {
      return { kind: 'refused', message: `${editLevel.code}: ${editLevel.message}` };
    }
    return { kind: 'stored', seq: editLevel.seq };
  },
  move: async (id, session, pointer, selection) =>
    (await request(MoveInLevelDocument, { id, session, pointer, selection })).moveInLevel,
  leave: async (id, session) => (await request(LeaveLevelDocument, { id, session })).leaveLevel,
  stream: (id, after, session, handlers) =>
    subscribe(LevelEditsDocument, { id, after, session }, handlers),
};

/** Whether a failed request may succeed when sent again (the server away, or busy). */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'NETWORK' ||
    error.code === 'TOO_MANY_EDITS' ||
    error.code === 'SERVICE_BUSY' ||
    error.code === 'DATABASE_UNAVAILABLE' ||
    error.code === 'STORE_UNAVAILABLE' ||
    error.code === undefined
  );
}
