// The page's state as the editor's helpers (pending.ts, stored.ts) see it: what the page
// shows and asks (UiState, Pending), and the part of the Editor they act through.
import type { RemoteChange } from './changes.js';
import type { CheckResult } from './check.js';
import type { LevelFieldsFragment } from './gql/graphql.js';
import type { Anchor } from './grid.js';
import type { Merge } from './merge.js';
import type { DocumentStore } from './store.js';
import type { Writer } from './writes.js';

/** A step that waits for the person's answer. */
export type Pending =
  | { readonly kind: 'open'; readonly id: string; readonly push: boolean }
  | { readonly kind: 'new'; readonly push: boolean }
  /** Another version of the open level (null: its current one) over unsaved changes. */
  | { readonly kind: 'version'; readonly version: number | null; readonly shown: number }
  | { readonly kind: 'delete' }
  /** A resize that cuts off `lost` (cutOff: "S, 2 keys and 5 walls"). */
  | {
      readonly kind: 'resize';
      readonly width: number;
      readonly height: number;
      readonly anchor: Anchor;
      readonly lost: string;
    };

export interface UiState {
  readonly status: string;
  readonly problem: string;
  readonly remote: RemoteChange | null;
  readonly liveDown: boolean;
  /** While liveDown: why the server refused the stream, and when it is tried again ('' none). */
  readonly liveRefused: string;
  readonly pending: Pending | null;
  /** The level deleted last from this page, which Restore saves again ('' none). */
  readonly deleted: { readonly id: string; readonly version: number } | null;
  readonly showPath: boolean;
  readonly showCheapest: boolean;
  readonly walker: number | null;
  /** Changes when the lists of levels and versions should be read again. */
  readonly listRefresh: number;
  readonly check: CheckResult | null;
  readonly ascii: string;
}

/** What pending.ts and stored.ts use of the Editor (editor.ts implements it). */
export interface EditorHost {
  readonly ui: UiState;
  set(patch: Partial<UiState>): void;
  readonly store: DocumentStore;
  readonly writer: Writer;
  readonly merge: Merge;
  load(id: string, push: boolean): Promise<void>;
  newLevel(discard?: boolean, push?: boolean): void;
  restoreHash(): void;
  offerVersion(version: number | null, shown: number, ask?: boolean): void;
  resize(width: number, height: number, anchor: Anchor, ask?: boolean): void;
  show(level: LevelFieldsFragment): void;
}
