// The tables of the database stores (SQLite and PostgreSQL, one schema: migrations.ts) as
// Kysely sees them, and how their rows become levels.
import type { ColumnType, Compilable } from 'kysely';
import type { LevelLabels } from '../level-labels.js';
import type { StoredLevel } from '../level-store.js';
import { type MaybePromise, andThen } from '../maybe-promise.js';

/** The `levels` table: one row per id ever saved, kept after a delete to remember its version. */
export interface LevelsTable {
  /** The level id; compared byte-wise (SQLite BINARY, PostgreSQL `COLLATE "C"`). */
  id: string;
  /** The last version given to this id: 1 on the first save, +1 on every save after. */
  version: number;
  /** The rows as a JSON array of strings; NULL while the level is deleted. */
  rows: string | null;
  /** When the row last changed (ISO text in SQLite, timestamptz in PostgreSQL). */
  updated_at: ColumnType<Date | string, string, string>;
  /** The current version's name (NULL: none, or deleted) and tags (a JSON array of strings). */
  name: string | null;
  tags: ColumnType<string, string | undefined, string>;
  /** The folded id and name (level-labels.ts foldCase) that a search is checked against. */
  search_id: string | null;
  search_name: string | null;
}

/** `level_versions`: every saved version kept (the newest of each id, up to the limit). */
export interface LevelVersionsTable {
  id: string;
  version: number;
  /** The rows as a JSON array of strings. */
  rows: string;
  saved_at: ColumnType<Date | string, string, string>;
  /** The version whose rows a revert saved again; NULL for an ordinary save. */
  reverted_from: number | null;
  name: string | null;
  /** A JSON array of strings. */
  tags: ColumnType<string, string | undefined, string>;
}

/**
 * `level_grams`: the search index, every substring of 1 to 3 characters of each live level's
 * folded id and name (level-labels.ts levelGrams), keyed (gram, id).
 */
export interface LevelGramsTable {
  gram: string;
  id: string;
}

/** `level_tags`: each live level's tags, keyed (tag, id). */
export interface LevelTagsTable {
  tag: string;
  id: string;
}

/** `level_answers`: answer sources of big levels, by version (answers.ts SOURCES, encoded). */
export interface LevelAnswersTable {
  id: string;
  version: number;
  source: string;
  value: string;
}

/**
 * `level_drawings`: the shared drawing of each level being edited together (drawings.ts): its
 * rows at `snapshot_seq`, and the last edit's seq; the edits after the snapshot (and the last
 * KEPT_EDITS before it) are in `level_drawing_edits`.
 */
export interface LevelDrawingsTable {
  id: string;
  seq: number;
  /** The saved version the drawing follows (drawings.ts StoredDrawing.baseVersion). */
  base_version: number;
  width: number;
  height: number;
  /** The rows at `snapshot_seq`, a JSON array of strings. */
  snapshot: string;
  snapshot_seq: number;
  /** Every edit with a seq above this is kept. */
  kept_after: number;
  updated_at: ColumnType<Date | string, string, string>;
}

/** `level_drawing_edits`: each edit of a drawing by (id, seq); (id, session, edit) is unique. */
export interface LevelDrawingEditsTable {
  id: string;
  seq: number;
  /** NULL for the server's own edits (a drawing following a save). */
  session: string | null;
  edit: number | null;
  /** drawings.ts encodeChange. */
  change: string;
}

export interface Database {
  levels: LevelsTable;
  level_drawings: LevelDrawingsTable;
  level_drawing_edits: LevelDrawingEditsTable;
  level_versions: LevelVersionsTable;
  level_answers: LevelAnswersTable;
  level_grams: LevelGramsTable;
  level_tags: LevelTagsTable;
}

/** The columns a level is read with (toStoredLevel), besides its id and version. */
export const LEVEL_COLUMNS = ['rows', 'name', 'tags', 'updated_at'] as const;

/** The channel of the NOTIFY each write sends on PostgreSQL (postgres-events.ts listens). */
export const CHANGES_CHANNEL = 'labyrinth_level_changes';

/** Runs one statement of a transaction and answers its rows (none for most writes). */
export type RunQuery = <Row = unknown>(query: Compilable) => MaybePromise<Row[]>;

/**
 * How many ids one `getMany` statement may bind. SQLite allows 32766 parameters and
 * PostgreSQL 65535; longer id lists are read in chunks of this size.
 */
export const GET_MANY_CHUNK = 10_000;

/** The distinct ids, in chunks that one statement can bind. */
export function idChunks(ids: readonly string[]): string[][] {
  const distinct = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let start = 0; start < distinct.length; start += GET_MANY_CHUNK) {
    chunks.push(distinct.slice(start, start + GET_MANY_CHUNK));
  }
  return chunks;
}

/** For each of `ids` in order, `valueOf` the row with that id, or undefined when none has it. */
export function inIdOrder<Row extends { id: string }, T>(
  ids: readonly string[],
  rows: readonly Row[],
  valueOf: (row: Row) => T,
): Array<T | undefined> {
  const found = new Map<string, T>();
  for (const row of rows) found.set(row.id, valueOf(row));
  return ids.map((id) => found.get(id));
}

export function toStoredLevel(row: {
  id: string;
  version: number;
  rows: string | null;
  name: string | null;
  tags: string;
  updated_at: Date | string;
}): StoredLevel {
  // The queries select only rows that are not deleted, so `rows` is there.
  const rows = JSON.parse(row.rows!) as string[];
  return {
    id: row.id,
    version: row.version,
    rows: Object.freeze(rows),
    ...labelsOf(row),
    savedAt: isoTime(row.updated_at),
  };
}

/** The labels of a row (levels or level_versions). */
export function labelsOf(row: { name: string | null; tags: string }): LevelLabels {
  return { name: row.name, tags: Object.freeze(JSON.parse(row.tags) as string[]) };
}

/** The current row of an id as a write reads it (deleted: `rows` NULL). */
export type CurrentRow = Pick<LevelsTable, 'version' | 'rows' | 'name'> & {
  tags: string;
  updated_at: Date | string;
};

/** Runs the statements one after the other (at once on SQLite, awaited on PostgreSQL). */
export function runAll(run: RunQuery, statements: readonly Compilable[]): MaybePromise<void> {
  let done: MaybePromise<unknown> = undefined;
  for (const statement of statements) done = andThen(done, () => run(statement));
  return andThen(done, () => undefined);
}

/** A time as ISO 8601 text: SQLite keeps the text written, PostgreSQL answers a Date. */
export function isoTime(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}
