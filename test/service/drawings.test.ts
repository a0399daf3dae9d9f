// The shared drawings' store (editing together), the same contract on the three stores: in
// memory, a SQLite file and PostgreSQL; and what survives reopening the database.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CellRun, DrawingGrid } from '../../src/engine/level/drawing.js';
import { KEPT_EDITS, SNAPSHOT_EVERY, type StoredEdit } from '../../src/service/drawings.js';
import type { LevelStore } from '../../src/service/level-store.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { openPostgresStore } from '../../src/service/storage/postgres.js';
import { openSqliteStore } from '../../src/service/storage/sqlite.js';
import { postgresUrl } from '../support/postgres-url.js';

const ROWS = ['S...', '.#..', '...E'];
const OPTIONS = { historyLimit: 100 };

/** The rows after `runs`, cell by cell on plain arrays: the reference. */
function painted(rows: readonly string[], runs: readonly CellRun[]): string[] {
  const grid = rows.map((row) => [...row]);
  for (const { row, col, glyphs } of runs) {
    [...glyphs].forEach((glyph, i) => (grid[row][col + i] = glyph));
  }
  return grid.map((row) => row.join(''));
}

function drawingStoreContract(open: () => Promise<LevelStore>, reopen?: () => Promise<LevelStore>) {
  it('makes a drawing once from a saved version, and keeps the first', async () => {
    const store = await open();
    expect(await store.drawing('a')).toBeUndefined();
    expect(await store.makeDrawing('a', ROWS, 1)).toEqual({
      id: 'a',
      seq: 0,
      baseVersion: 1,
      rows: ROWS,
    });
    expect(await store.makeDrawing('a', ['S.E'], 2)).toEqual({
      id: 'a',
      seq: 0,
      baseVersion: 1,
      rows: ROWS,
    });
    await store.close();
  });

  it('numbers edits in order, applies them, and answers a resend with its first seq', async () => {
    const store = await open();
    await store.makeDrawing('a', ROWS, 1);
    const wall = { cells: [{ row: 0, col: 1, glyphs: '##' }] };
    expect(await store.appendEdit('a', 'sessionA1', 1, wall)).toEqual({
      kind: 'appended',
      edit: { seq: 1, session: 'sessionA1', edit: 1, change: wall },
    });
    const key = { cells: [{ row: 2, col: 0, glyphs: 'a' }] };
    expect(await store.appendEdit('a', 'sessionB1', 1, key)).toMatchObject({
      kind: 'appended',
      edit: { seq: 2 },
    });
    expect(await store.appendEdit('a', 'sessionA1', 1, key)).toEqual({ kind: 'repeated', seq: 1 });
    expect((await store.drawing('a'))!).toEqual({
      id: 'a',
      seq: 2,
      baseVersion: 1,
      rows: ['S##.', '.#..', 'a..E'],
    });
    expect(await store.editsAfter('a', 0, 10)).toEqual([
      { seq: 1, session: 'sessionA1', edit: 1, change: wall },
      { seq: 2, session: 'sessionB1', edit: 1, change: key },
    ]);
    expect(await store.editsAfter('a', 1, 10)).toHaveLength(1);
    expect(await store.editsAfter('a', 2, 10)).toEqual([]);
    expect(await store.editsAfter('a', 0, 1)).toHaveLength(1);
    await store.close();
  });

  it('refuses an edit outside the drawing as it is then, changing nothing', async () => {
    const store = await open();
    await store.makeDrawing('a', ROWS, 1);
    const outcome = await store.appendEdit('a', 'sessionA1', 1, {
      cells: [{ row: 2, col: 3, glyphs: '..' }],
    });
    expect(outcome).toEqual({
      kind: 'outside',
      error: {
        code: 'OUTSIDE_LEVEL',
        message: 'cells from row 2, col 3 (2 of them) are outside the 4x3 level',
        row: null,
        col: null,
      },
    });
    // A resize first: the same cells fit then.
    await store.appendEdit('a', 'sessionA1', 2, { rows: ['S....', '.....', '....E'] });
    expect(
      await store.appendEdit('a', 'sessionA1', 3, { cells: [{ row: 2, col: 3, glyphs: '##' }] }),
    ).toMatchObject({ kind: 'appended', edit: { seq: 2 } });
    expect((await store.drawing('a'))!.rows).toEqual(['S....', '.....', '...##']);
    expect(await store.appendEdit('nothing', 'sessionA1', 1, { rows: ROWS })).toEqual({
      kind: 'missing',
    });
    await store.close();
  });

  it('follows a save when nothing was unsaved, and keeps unsaved work otherwise', async () => {
    const store = await open();
    const v1 = await store.save('a', ROWS, OPTIONS);
    expect(v1.kind).toBe('saved');
    await store.makeDrawing('a', ROWS, 1);
    // Saved by a script while the drawing had nothing unsaved: the drawing follows.
    const v2 = ['S..#', '.#..', '...E'];
    await store.save('a', v2, OPTIONS);
    expect(await store.followSave('a', v2, 2)).toEqual({
      seq: 1,
      session: null,
      edit: null,
      change: { rows: v2 },
    });
    expect(await store.drawing('a')).toEqual({ id: 'a', seq: 1, baseVersion: 2, rows: v2 });
    // Saved by an editor with the drawing's own rows: the drawing now follows that version.
    await store.appendEdit('a', 'sessionA1', 1, { cells: [{ row: 1, col: 0, glyphs: '#' }] });
    const v3 = ['S..#', '##..', '...E'];
    await store.save('a', v3, OPTIONS);
    expect(await store.followSave('a', v3, 3)).toBeUndefined();
    expect((await store.drawing('a'))!.baseVersion).toBe(3);
    // Unsaved work, then a script saves other rows: the work stays.
    await store.appendEdit('a', 'sessionA1', 2, { cells: [{ row: 0, col: 1, glyphs: 'a' }] });
    const v4 = ['S...', '....', '...E'];
    await store.save('a', v4, OPTIONS);
    expect(await store.followSave('a', v4, 4)).toBeUndefined();
    expect(await store.drawing('a')).toEqual({
      id: 'a',
      seq: 3,
      baseVersion: 3,
      rows: ['Sa.#', '##..', '...E'],
    });
    expect(await store.followSave('none', v4, 1)).toBeUndefined();
    await store.close();
  });

  it(`keeps ${KEPT_EDITS} edits for streams that come back, and says when older ones are gone`, async () => {
    const store = await open();
    const width = 40;
    await store.makeDrawing('a', ['S'.padEnd(width, '.'), 'E'.padEnd(width, '.')], 1);
    const total = KEPT_EDITS + 2 * SNAPSHOT_EVERY + 7;
    let expected = ['S'.padEnd(width, '.'), 'E'.padEnd(width, '.')];
    for (let n = 1; n <= total; n++) {
      const run = { row: n % 2, col: 1 + (n % (width - 1)), glyphs: String(1 + (n % 9)) };
      expected = painted(expected, [run]);
      await store.appendEdit('a', 'sessionA1', n, { cells: [run] });
    }
    const drawing = (await store.drawing('a'))!;
    expect(drawing.seq).toBe(total);
    expect(drawing.rows).toEqual(expected);
    expect(await store.editsAfter('a', 0, 10)).toBe('gone');
    const recent = (await store.editsAfter(
      'a',
      total - KEPT_EDITS,
      2 * KEPT_EDITS,
    )) as StoredEdit[];
    expect(recent).toHaveLength(KEPT_EDITS);
    expect(recent[0].seq).toBe(total - KEPT_EDITS + 1);
    // A resend of a recent edit is still recognised.
    expect(await store.appendEdit('a', 'sessionA1', total, { cells: [] })).toEqual({
      kind: 'repeated',
      seq: total,
    });
    await store.close();
  }, 60_000);

  it('applies random edits as the reference does', async () => {
    const store = await open();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            session: fc.constantFrom('sessionA1', 'sessionB1', 'sessionC1'),
            row: fc.integer({ min: 0, max: 2 }),
            col: fc.integer({ min: 0, max: 3 }),
            glyphs: fc.stringMatching(/^[#.1-9a-dA-DSE^>v<]{1,4}$/),
          }),
          { maxLength: 12 },
        ),
        async (edits) => {
          const id = `p${++n}`;
          await store.makeDrawing(id, ROWS, 1);
          let expected = [...ROWS];
          for (const [i, { session, row, col, glyphs }] of edits.entries()) {
            const run = { row, col, glyphs };
            const outcome = await store.appendEdit(id, session, i + 1, { cells: [run] });
            if (col + glyphs.length > 4) expect(outcome.kind).toBe('outside');
            else expected = painted(expected, [run]);
          }
          expect((await store.drawing(id))!.rows).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
    await store.close();
  });

  if (reopen) {
    it('keeps every acknowledged edit across a reopen', async () => {
      const store = await open();
      await store.makeDrawing('k', ROWS, 1);
      for (let n = 1; n <= SNAPSHOT_EVERY + 3; n++) {
        await store.appendEdit('k', 'sessionA1', n, {
          cells: [{ row: n % 3, col: n % 4, glyphs: n % 2 ? '#' : '.' }],
        });
      }
      const before = await store.drawing('k');
      await store.close();
      const again = await reopen();
      expect(await again.drawing('k')).toEqual(before);
      await again.close();
    });
  }
}

describe('the engine grid', () => {
  it('reads rows, applies runs and rows, and writes rows back', () => {
    const grid = DrawingGrid.fromRows(ROWS);
    expect(grid.apply({ cells: [{ row: 1, col: 2, glyphs: 'ab' }] }).rows()).toEqual([
      'S...',
      '.#ab',
      '...E',
    ]);
    expect(grid.apply({ rows: ['S', 'E'] }).rows()).toEqual(['S', 'E']);
  });
});

describe('in memory', () => {
  drawingStoreContract(async () => new MemoryLevelStore());
});

describe('SQLite', () => {
  let dir: string;
  let file = '';
  let files = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'labyrinth-drawings-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  drawingStoreContract(
    async () => {
      file = join(dir, `case-${++files}.sqlite`);
      return openSqliteStore(file);
    },
    () => openSqliteStore(file),
  );
});

describe('PostgreSQL', () => {
  const schema = `drawings_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const store = await openPostgresStore(postgresUrl(), { schema });
    await store.db.schema.dropSchema(schema).cascade().execute();
    await store.close();
  });
  const open = async () => {
    const store = await openPostgresStore(postgresUrl(), { schema });
    for (const table of [
      'levels',
      'level_versions',
      'level_drawings',
      'level_drawing_edits',
    ] as const) {
      await store.db.deleteFrom(table).execute();
    }
    return store;
  };
  drawingStoreContract(open, () => openPostgresStore(postgresUrl(), { schema }));
});
