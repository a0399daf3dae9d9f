// The shared drawings in the databases (SQLite and PostgreSQL, one set of Kysely statements):
// `level_drawings` holds each drawing's snapshot and last seq, `level_drawing_edits` the edits
// after and the last KEPT_EDITS before it. Every function runs its statements through `run`, in
// the caller's transaction; on PostgreSQL the drawing's row is locked first (FOR UPDATE), so
// the edits of one drawing are numbered one at a time whichever instance receives them.
import type { Kysely, Updateable } from 'kysely';
import type { DrawingChange } from '../../engine/level/drawing.js';
import {
  type AppendOutcome,
  KEPT_EDITS,
  SNAPSHOT_EVERY,
  type StoredDrawing,
  type StoredEdit,
  decodeChange,
  encodeChange,
  outside,
  replay,
  sameRows,
  sizeOf,
} from '../drawings.js';
import { type MaybePromise, flow, step } from '../maybe-promise.js';
import type { Database, LevelDrawingsTable, RunQuery } from './tables.js';

/** The NOTIFY channel of edits (PostgreSQL): every instance hears each edit as it commits. */
export const EDITS_CHANNEL = 'labyrinth_drawing_edits';

/** PostgreSQL's NOTIFY takes 8000 bytes: a longer edit is told without its change. */
const MAX_NOTIFY_BYTES = 7_000;

export interface DrawingContext {
  readonly db: Kysely<Database>;
  /** PostgreSQL: a drawing's row is locked FOR UPDATE. */
  readonly postgres: boolean;
  /** Each edit is told to every instance in its transaction (PostgreSQL NOTIFY). */
  readonly notifies: boolean;
}

type DrawingRow = Pick<
  LevelDrawingsTable,
  'seq' | 'base_version' | 'width' | 'height' | 'snapshot' | 'snapshot_seq' | 'kept_after'
>;

type EditRow = { seq: number; session: string | null; edit: number | null; change: string };

const toEdit = (row: EditRow): StoredEdit => ({
  seq: row.seq,
  session: row.session,
  edit: row.edit,
  change: decodeChange(row.change),
});

function* drawingRow(context: DrawingContext, run: RunQuery, id: string) {
  const query = context.db
    .selectFrom('level_drawings')
    .select(['seq', 'base_version', 'width', 'height', 'snapshot', 'snapshot_seq', 'kept_after'])
    .where('id', '=', id)
    .$if(context.postgres, (q) => q.forUpdate());
  const [row] = yield* step(run<DrawingRow>(query));
  return row;
}

function* editsBetween(
  context: DrawingContext,
  run: RunQuery,
  id: string,
  after: number,
  limit?: number,
) {
  const query = context.db
    .selectFrom('level_drawing_edits')
    .select(['seq', 'session', 'edit', 'change'])
    .where('id', '=', id)
    .where('seq', '>', after)
    .orderBy('seq')
    .$if(limit !== undefined, (q) => q.limit(limit!));
  const rows = yield* step(run<EditRow>(query));
  return rows.map(toEdit);
}

/** The rows of a drawing at its seq: the snapshot and the edits after it. */
function* currentRows(context: DrawingContext, run: RunQuery, id: string, row: DrawingRow) {
  const snapshot = JSON.parse(row.snapshot) as string[];
  if (row.seq === row.snapshot_seq) return snapshot;
  const edits = yield* editsBetween(context, run, id, row.snapshot_seq);
  return replay(snapshot, edits);
}

export function readDrawing(
  context: DrawingContext,
  run: RunQuery,
  id: string,
): MaybePromise<StoredDrawing | undefined> {
  return flow(
    (function* () {
      const row = yield* drawingRow(context, run, id);
      if (row === undefined) return undefined;
      const rows = yield* currentRows(context, run, id, row);
      return { id, seq: row.seq, baseVersion: row.base_version, rows };
    })(),
  );
}

export function makeDrawing(
  context: DrawingContext,
  run: RunQuery,
  id: string,
  rows: readonly string[],
  baseVersion: number,
): MaybePromise<StoredDrawing> {
  const { width, height } = sizeOf(rows);
  return flow(
    (function* () {
      yield* step(
        run(
          context.db
            .insertInto('level_drawings')
            .values({
              id,
              seq: 0,
              base_version: baseVersion,
              width,
              height,
              snapshot: JSON.stringify(rows),
              snapshot_seq: 0,
              kept_after: 0,
              updated_at: new Date().toISOString(),
            })
            .onConflict((conflict) => conflict.column('id').doNothing()),
        ),
      );
      const drawing = yield* step(readDrawing(context, run, id));
      return drawing!;
    })(),
  );
}

export function appendEdit(
  context: DrawingContext,
  run: RunQuery,
  id: string,
  session: string | null,
  edit: number | null,
  change: DrawingChange,
): MaybePromise<AppendOutcome> {
  return flow(append(context, run, id, session, edit, change));
}

function* append(
  context: DrawingContext,
  run: RunQuery,
  id: string,
  session: string | null,
  edit: number | null,
  change: DrawingChange,
  baseVersion?: number,
): Generator<unknown, AppendOutcome, unknown> {
  const { db } = context;
  const row = yield* drawingRow(context, run, id);
  if (row === undefined) return { kind: 'missing' };
  if (session !== null && edit !== null) {
    const [before] = yield* step(
      run<{ seq: number }>(
        db
          .selectFrom('level_drawing_edits')
          .select('seq')
          .where('id', '=', id)
          .where('session', '=', session)
          .where('edit', '=', edit),
      ),
    );
    if (before !== undefined) return { kind: 'repeated', seq: before.seq };
  }
  const error = outside(change, row.width, row.height);
  if (error) return { kind: 'outside', error };
  const seq = row.seq + 1;
  const encoded = encodeChange(change);
  yield* step(
    run(db.insertInto('level_drawing_edits').values({ id, seq, session, edit, change: encoded })),
  );
  const update: Updateable<LevelDrawingsTable> = { seq, updated_at: new Date().toISOString() };
  if (baseVersion !== undefined) update.base_version = baseVersion;
  if (change.rows !== undefined) {
    Object.assign(update, sizeOf(change.rows), {
      snapshot: JSON.stringify(change.rows),
      snapshot_seq: seq,
    });
  } else if (seq - row.snapshot_seq >= SNAPSHOT_EVERY) {
    const rows = yield* currentRows(context, run, id, { ...row, seq });
    Object.assign(update, { snapshot: JSON.stringify(rows), snapshot_seq: seq });
  }
  // Old edits go a batch at a time, once SNAPSHOT_EVERY more than KEPT_EDITS are kept.
  if (seq - row.kept_after > KEPT_EDITS + SNAPSHOT_EVERY) {
    update.kept_after = seq - KEPT_EDITS;
    yield* step(
      run(
        db
          .deleteFrom('level_drawing_edits')
          .where('id', '=', id)
          .where('seq', '<=', seq - KEPT_EDITS),
      ),
    );
  }
  yield* step(run(db.updateTable('level_drawings').set(update).where('id', '=', id)));
  const stored: StoredEdit = { seq, session, edit, change };
  if (context.notifies) yield* step(notifyEdit(context, run, id, stored, encoded));
  return { kind: 'appended', edit: stored };
}

/** Tells every instance of the edit when it commits (the change itself when it fits). */
function notifyEdit(
  context: DrawingContext,
  run: RunQuery,
  id: string,
  stored: StoredEdit,
  encoded: string,
): MaybePromise<unknown> {
  const head = { id, seq: stored.seq, session: stored.session, edit: stored.edit };
  let payload = JSON.stringify({ ...head, change: JSON.parse(encoded) as unknown });
  if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) payload = JSON.stringify(head);
  return run(
    context.db.selectNoFrom((eb) =>
      eb.fn('pg_notify', [eb.val(EDITS_CHANNEL), eb.val(payload)]).as('sent'),
    ),
  );
}

export function editsAfter(
  context: DrawingContext,
  run: RunQuery,
  id: string,
  after: number,
  limit: number,
): MaybePromise<readonly StoredEdit[] | 'gone'> {
  return flow(
    (function* () {
      const [row] = yield* step(
        run<{ seq: number; kept_after: number }>(
          context.db
            .selectFrom('level_drawings')
            .select(['seq', 'kept_after'])
            .where('id', '=', id),
        ),
      );
      if (row === undefined || after >= row.seq) return [];
      if (after < row.kept_after) return 'gone' as const;
      return yield* editsBetween(context, run, id, after, limit);
    })(),
  );
}

export function followSave(
  context: DrawingContext,
  run: RunQuery,
  id: string,
  rows: readonly string[],
  version: number,
): MaybePromise<StoredEdit | undefined> {
  return flow(
    (function* (): Generator<unknown, StoredEdit | undefined, unknown> {
      const row = yield* drawingRow(context, run, id);
      if (row === undefined) return undefined;
      const current = yield* currentRows(context, run, id, row);
      if (sameRows(current, rows)) {
        yield* step(
          run(
            context.db
              .updateTable('level_drawings')
              .set({ base_version: version })
              .where('id', '=', id),
          ),
        );
        return undefined;
      }
      const [base] = yield* step(
        run<{ rows: string }>(
          context.db
            .selectFrom('level_versions')
            .select('rows')
            .where('id', '=', id)
            .where('version', '=', row.base_version),
        ),
      );
      if (base === undefined || !sameRows(JSON.parse(base.rows) as string[], current)) {
        return undefined;
      }
      const outcome = yield* append(context, run, id, null, null, { rows }, version);
      return outcome.kind === 'appended' ? outcome.edit : undefined;
    })(),
  );
}
