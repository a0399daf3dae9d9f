// Shared drawings (editing a level together): what is stored of each, the store's interface,
// and the in-memory store. A drawing is a level's rows as the people editing it see them, saved
// or not: a snapshot plus the edits after it, each numbered `seq` in the one order the store
// gives them (docs/graphql.md, "Editing together").
import {
  type CellRun,
  type DrawingChange,
  DrawingGrid,
  checkRuns,
} from '../engine/level/drawing.js';
import type { Failure } from '../engine/result.js';
import type { MaybePromise } from './maybe-promise.js';

/** A drawing as stored: its rows at `seq`, and the saved version it follows. */
export interface StoredDrawing {
  readonly id: string;
  /** The last edit applied; 0 when none has been since the drawing was made. */
  readonly seq: number;
  /**
   * The saved version the drawing was made from or last saved as: while the drawing still has
   * its rows, a save by someone else replaces the drawing (nothing of it is unsaved).
   */
  readonly baseVersion: number;
  readonly rows: readonly string[];
}

/** One edit as stored, in the order of its drawing. */
export interface StoredEdit {
  readonly seq: number;
  /** The session that sent it; null for the server's own (following a save). */
  readonly session: string | null;
  /** The session's own number for it (resends carry the same); null for the server's. */
  readonly edit: number | null;
  readonly change: DrawingChange;
}

/** What appending an edit did. */
export type AppendOutcome =
  | { readonly kind: 'appended'; readonly edit: StoredEdit }
  /** The session's edit of that number was stored before: nothing changed. */
  | { readonly kind: 'repeated'; readonly seq: number }
  | { readonly kind: 'outside'; readonly error: Failure<'OUTSIDE_LEVEL'> }
  | { readonly kind: 'missing' };

/**
 * A new snapshot is written once this many edits follow the last one, so a drawing is read as a
 * snapshot and at most this many edits.
 */
export const SNAPSHOT_EVERY = 128;

/**
 * Edits kept after they are in a snapshot: a subscriber that comes back within this many is
 * replayed what it missed (else it is sent the whole drawing), and a resend within them is
 * recognised. Older ones are removed.
 */
export const KEPT_EDITS = 1024;

/** Where drawings live: the level stores implement it (atomic, like their level writes). */
export interface DrawingStore {
  /** The drawing of `id` now; undefined when none was made. */
  drawing(id: string): MaybePromise<StoredDrawing | undefined>;
  /** Makes the drawing of `id` from a saved version, unless one exists: answers the drawing. */
  makeDrawing(
    id: string,
    rows: readonly string[],
    baseVersion: number,
  ): MaybePromise<StoredDrawing>;
  /**
   * Appends an edit as the drawing's next (the runs must lie inside it as it is then, else
   * `outside` and nothing changes); a (session, edit) stored before answers `repeated`.
   */
  appendEdit(
    id: string,
    session: string | null,
    edit: number | null,
    change: DrawingChange,
  ): MaybePromise<AppendOutcome>;
  /**
   * Up to `limit` edits with seq > `after`, in order; 'gone' when some of them are kept no
   * longer (only the whole drawing can bring a subscriber that far behind up to date).
   */
  editsAfter(
    id: string,
    after: number,
    limit: number,
  ): MaybePromise<readonly StoredEdit[] | 'gone'>;
  /**
   * After `version` of `id` was saved with `rows`: a drawing with the same rows now follows
   * that version; one that still had the rows of the version it followed (nothing unsaved) is
   * replaced by the saved rows (the edit answered); any other keeps its rows (they are unsaved
   * work, and saving them meets a version conflict).
   */
  followSave(
    id: string,
    rows: readonly string[],
    version: number,
  ): MaybePromise<StoredEdit | undefined>;
}

export const sameRows = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((row, i) => row === b[i]);

/** The rows after applying `edits` (checked when stored) to `rows`. */
export function replay(rows: readonly string[], edits: readonly StoredEdit[]): string[] {
  if (edits.length === 0) return [...rows];
  let grid = DrawingGrid.fromRows(rows);
  for (const { change } of edits) grid = grid.apply(change);
  return grid.rows();
}

/** The size of a drawing's rows. */
export const sizeOf = (rows: readonly string[]) => ({
  width: rows[0]?.length ?? 0,
  height: rows.length,
});

/** Whether `change` fits a drawing of these rows (a rows change always does). */
export function outside(
  change: DrawingChange,
  width: number,
  height: number,
): Failure<'OUTSIDE_LEVEL'> | undefined {
  if (change.cells === undefined) return undefined;
  const fits = checkRuns(change.cells, width, height);
  return fits.ok ? undefined : fits.error;
}

/** An edit's change as the databases keep it: runs as [row, col, glyphs], or the rows. */
export function encodeChange(change: DrawingChange): string {
  return JSON.stringify(
    change.rows !== undefined
      ? { rows: change.rows }
      : { cells: change.cells.map(({ row, col, glyphs }) => [row, col, glyphs]) },
  );
}

export function decodeChange(text: string): DrawingChange {
  return decodeChangeValue(JSON.parse(text));
}

/** A change as encodeChange wrote it, parsed from JSON already. */
export function decodeChangeValue(parsed: unknown): DrawingChange {
  const value = parsed as { rows?: string[]; cells?: [number, number, string][] };
  if (value.rows !== undefined) return { rows: value.rows };
  return {
    cells: (value.cells ?? []).map(([row, col, glyphs]): CellRun => ({ row, col, glyphs })),
  };
}

interface MemoryDrawing {
  rows: readonly string[];
  seq: number;
  baseVersion: number;
  edits: StoredEdit[];
  bySession: Map<string, number>;
}

/** The key of a session's numbered edit in MemoryDrawingStore. */
const sessionKey = (session: string, edit: number | null) => `${session}\u0000${edit}`;

/** Drawings in process memory (the in-memory level store's). */
export class MemoryDrawingStore implements DrawingStore {
  private readonly drawings = new Map<string, MemoryDrawing>();

  constructor(
    private readonly versionRows: (id: string, version: number) => readonly string[] | undefined,
  ) {}

  drawing(id: string): StoredDrawing | undefined {
    const drawing = this.drawings.get(id);
    return (
      drawing && { id, seq: drawing.seq, baseVersion: drawing.baseVersion, rows: drawing.rows }
    );
  }

  makeDrawing(id: string, rows: readonly string[], baseVersion: number): StoredDrawing {
    if (!this.drawings.has(id)) {
      this.drawings.set(id, { rows, seq: 0, baseVersion, edits: [], bySession: new Map() });
    }
    return this.drawing(id)!;
  }

  appendEdit(
    id: string,
    session: string | null,
    edit: number | null,
    change: DrawingChange,
  ): AppendOutcome {
    const drawing = this.drawings.get(id);
    if (!drawing) return { kind: 'missing' };
    const key = session === null ? undefined : sessionKey(session, edit);
    const before = key === undefined ? undefined : drawing.bySession.get(key);
    if (before !== undefined) return { kind: 'repeated', seq: before };
    const { width, height } = sizeOf(drawing.rows);
    const error = outside(change, width, height);
    if (error) return { kind: 'outside', error };
    const stored: StoredEdit = { seq: drawing.seq + 1, session, edit, change };
    drawing.rows = replay(drawing.rows, [stored]);
    drawing.seq = stored.seq;
    drawing.edits.push(stored);
    if (key !== undefined) drawing.bySession.set(key, stored.seq);
    if (drawing.edits.length > KEPT_EDITS) {
      for (const old of drawing.edits.splice(0, drawing.edits.length - KEPT_EDITS)) {
        if (old.session !== null) drawing.bySession.delete(sessionKey(old.session, old.edit));
      }
    }
    return { kind: 'appended', edit: stored };
  }

  editsAfter(id: string, after: number, limit: number): readonly StoredEdit[] | 'gone' {
    const drawing = this.drawings.get(id);
    if (!drawing || after >= drawing.seq) return [];
    const first = drawing.edits[0]?.seq ?? drawing.seq + 1;
    if (after + 1 < first) return 'gone';
    const start = after + 1 - first;
    return drawing.edits.slice(start, start + limit);
  }

  followSave(id: string, rows: readonly string[], version: number): StoredEdit | undefined {
    const drawing = this.drawings.get(id);
    if (!drawing) return undefined;
    if (sameRows(drawing.rows, rows)) {
      drawing.baseVersion = version;
      return undefined;
    }
    const base = this.versionRows(id, drawing.baseVersion);
    if (base === undefined || !sameRows(base, drawing.rows)) return undefined;
    const outcome = this.appendEdit(id, null, null, { rows });
    drawing.baseVersion = version;
    return outcome.kind === 'appended' ? outcome.edit : undefined;
  }
}
