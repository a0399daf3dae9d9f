// The statements of the database stores that are more than a line: the search index a save
// writes (level_grams, level_tags) and the page a list reads through it (docs/storage.md,
// "Search"), and the write of a new version. Written once for SQLite and PostgreSQL with the Kysely query builder.
import type { Compilable, Kysely } from 'kysely';
import {
  type LevelFilter,
  type LevelLabels,
  levelGrams,
  sameLabels,
  searchGrams,
  type LabelsWrite,
  foldCase,
  mergeLabels,
} from '../level-labels.js';
import type { LevelWrite } from '../events.js';
import type { SaveOptions, SaveOutcome } from '../level-store.js';
import { type MaybePromise, andThen } from '../maybe-promise.js';
import {
  type CurrentRow,
  type Database,
  LEVEL_COLUMNS,
  type RunQuery,
  labelsOf,
  runAll,
  toStoredLevel,
} from './tables.js';

/** What a write needs of its store. */
export interface WriteContext {
  readonly db: Kysely<Database>;
  /** PostgreSQL: the current row is read locked (FOR UPDATE). */
  readonly postgres: boolean;
  /** Tells the other instances in the write's transaction (PostgreSQL NOTIFY), or nothing. */
  notify(run: RunQuery, change: LevelWrite): MaybePromise<unknown>;
}

/** How many index rows one insert writes (two parameters each: far below every limit). */
const INDEX_ROWS_PER_INSERT = 2_000;

/**
 * The statements that bring the search index of `id` from the labels it was indexed with
 * (`before`; undefined: it was not, it is new or was deleted) to `after`.
 */
export function reindexStatements(
  db: Kysely<Database>,
  id: string,
  before: LevelLabels | undefined,
  after: LevelLabels,
): Compilable[] {
  const statements: Compilable[] = [];
  if (before === undefined || before.name !== after.name) {
    if (before !== undefined) {
      statements.push(db.deleteFrom('level_grams').where('id', '=', id));
    }
    const grams = levelGrams(id, after.name).map((gram) => ({ gram, id }));
    for (let start = 0; start < grams.length; start += INDEX_ROWS_PER_INSERT) {
      statements.push(
        db
          .insertInto('level_grams')
          .values(grams.slice(start, start + INDEX_ROWS_PER_INSERT))
          .onConflict((conflict) => conflict.columns(['gram', 'id']).doNothing()),
      );
    }
  }
  if (
    before === undefined ||
    !sameLabels({ name: null, tags: before.tags }, { ...after, name: null })
  ) {
    if (before !== undefined && before.tags.length > 0) {
      statements.push(db.deleteFrom('level_tags').where('id', '=', id));
    }
    if (after.tags.length > 0) {
      statements.push(
        db
          .insertInto('level_tags')
          .values(after.tags.map((tag) => ({ tag, id })))
          .onConflict((conflict) => conflict.columns(['tag', 'id']).doNothing()),
      );
    }
  }
  return statements;
}

/**
 * The ids and versions of up to `limit` levels after `afterId` that pass `filter`, in id
 * order. A filter is answered from the index: the query reads the entries of one search gram
 * (or of the tag) in id order, keeps those that have the other entries, and stops at `limit`
 * (docs/storage.md, "Search").
 */
export function pageQuery(
  db: Kysely<Database>,
  postgres: boolean,
  afterId: string | null,
  limit: number,
  filter: LevelFilter = {},
) {
  const keys = [
    ...(filter.search === undefined ? [] : searchGrams(filter.search).grams).map(
      (gram) => ({ table: 'level_grams', column: 'gram', value: gram }) as const,
    ),
    ...(filter.tag === undefined
      ? []
      : [{ table: 'level_tags', column: 'tag', value: filter.tag } as const]),
  ];
  if (keys.length === 0) {
    return db
      .selectFrom('levels')
      .select(['levels.id', 'levels.version'])
      .where('levels.rows', 'is not', null)
      .$if(afterId !== null, (query) => query.where('levels.id', '>', afterId!))
      .orderBy('levels.id')
      .limit(limit);
  }
  const [first, ...others] = keys;
  const recheck = filter.search !== undefined && searchGrams(filter.search).recheck;
  const search = filter.search ?? '';
  // The driving entries, as `key` and `id` whichever table they come from.
  return (
    db
      .selectFrom(
        first.table === 'level_grams'
          ? db.selectFrom('level_grams').select(['gram as key', 'id']).as('driver')
          : db.selectFrom('level_tags').select(['tag as key', 'id']).as('driver'),
      )
      .innerJoin('levels', 'levels.id', 'driver.id')
      .select(['levels.id', 'levels.version'])
      .where('driver.key', '=', first.value)
      .where('levels.rows', 'is not', null)
      .$if(afterId !== null, (query) => query.where('driver.id', '>', afterId!))
      // The other entries, each looked up by its key.
      .$if(others.length > 0, (query) =>
        query.where((eb) =>
          eb.and(
            others.map((other) =>
              other.table === 'level_grams'
                ? eb.exists(
                    eb
                      .selectFrom('level_grams as other')
                      .select('other.id')
                      .whereRef('other.id', '=', 'levels.id')
                      .where('other.gram', '=', other.value),
                  )
                : eb.exists(
                    eb
                      .selectFrom('level_tags as other')
                      .select('other.id')
                      .whereRef('other.id', '=', 'levels.id')
                      .where('other.tag', '=', other.value),
                  ),
            ),
          ),
        ),
      )
      // The exact check of a longer search. As a function's result rather than LIKE, so that
      // PostgreSQL does not take it for selective and scan `levels` to apply it first.
      .$if(recheck, (query) =>
        query.where((eb) =>
          eb.or(
            (['levels.search_id', 'levels.search_name'] as const).map((column) =>
              eb(eb.fn<number>(postgres ? 'strpos' : 'instr', [column, eb.val(search)]), '>', 0),
            ),
          ),
        ),
      )
      .orderBy('driver.id')
      .limit(limit)
  );
}

/**
 * The next version of `id`, in the caller's transaction. The current row is read first
 * (PostgreSQL: and locked, so saves of one id take turns): a version other than the expected
 * one is a conflict, and the same rows, name and tags as now store nothing. Otherwise the row
 * is bumped, the version is added to the history, the history beyond the limit is removed,
 * and the search index follows the labels. A deleted row keeps its version, so the numbering
 * continues after a delete.
 */
export function writeVersion(
  store: WriteContext,
  run: RunQuery,
  id: string,
  rows: readonly string[],
  labels: LabelsWrite,
  revertedFrom: number | null,
  options: SaveOptions,
): MaybePromise<SaveOutcome> {
  const { expectedVersion, historyLimit } = options;
  const json = JSON.stringify(rows);
  const read = store.db
    .selectFrom('levels')
    .select(['version', ...LEVEL_COLUMNS])
    .where('id', '=', id)
    .$if(store.postgres, (query) => query.forUpdate());
  return andThen(run<CurrentRow>(read), ([row]): MaybePromise<SaveOutcome> => {
    const live = row !== undefined && row.rows !== null;
    const currentVersion = live ? row.version : null;
    if (expectedVersion !== undefined && expectedVersion !== (currentVersion ?? 0)) {
      return { kind: 'conflict', currentVersion };
    }
    const before = live ? labelsOf(row) : undefined;
    const after = mergeLabels(before, labels);
    if (live && row.rows === json && sameLabels(before!, after)) {
      return { kind: 'unchanged', level: toStoredLevel({ ...row, id }) };
    }
    const now = new Date().toISOString();
    const values = {
      rows: json,
      name: after.name,
      tags: JSON.stringify(after.tags),
      search_id: foldCase(id),
      search_name: after.name === null ? null : foldCase(after.name),
      updated_at: now,
    };
    const bump =
      row === undefined
        ? store.db
            .insertInto('levels')
            .values({ id, version: 1, ...values })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .returning('version')
        : store.db
            .updateTable('levels')
            .set((eb) => ({ version: eb('version', '+', 1), ...values }))
            .where('id', '=', id)
            .where('version', '=', row.version)
            .returning('version');
    return andThen(run<{ version: number }>(bump), ([saved]): MaybePromise<SaveOutcome> => {
      // Another transaction saved the id's first version after the read (PostgreSQL): read
      // it again, locked this time.
      if (saved === undefined)
        return writeVersion(store, run, id, rows, labels, revertedFrom, options);
      const { version } = saved;
      const statements: Compilable[] = [
        ...reindexStatements(store.db, id, before, after),
        store.db.insertInto('level_versions').values({
          id,
          version,
          rows: json,
          name: after.name,
          tags: values.tags,
          saved_at: now,
          reverted_from: revertedFrom,
        }),
        store.db
          .deleteFrom('level_versions')
          .where('id', '=', id)
          .where('version', '<=', version - historyLimit),
        // Answers go with their versions.
        store.db
          .deleteFrom('level_answers')
          .where('id', '=', id)
          .where('version', '<=', version - historyLimit),
      ];
      const kind = revertedFrom === null ? 'SAVED' : 'REVERTED';
      return andThen(runAll(run, statements), () =>
        andThen(store.notify(run, { id, version, kind }), () => ({
          kind: 'saved' as const,
          level: {
            id,
            version,
            rows: Object.freeze([...rows]),
            name: after.name,
            tags: Object.freeze([...after.tags]),
            savedAt: now,
          },
        })),
      );
    });
  });
}
