// Editing together in one process: joining, edits and their checks, the streams (order,
// replay, catching up), presence and the per-client bounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVEL_LIMITS } from '../../src/engine/level/parse.js';
import { LocalDrawingChannel } from '../../src/service/drawing-channel.js';
import { KEPT_EDITS } from '../../src/service/drawings.js';
import { LevelService } from '../../src/service/level-service.js';
import { MemoryLevelStore } from '../../src/service/memory-store.js';
import { type DrawingEvent, MAX_QUEUED_EVENTS } from '../../src/service/drawing-stream.js';
import { COLLABORATOR_COLOURS, PRESENCE_TIMEOUT_MS, colourOf } from '../../src/service/presence.js';
import {
  EDIT_BURST,
  EDITS_PER_SECOND,
  MOVES_PER_SECOND,
  SharedDrawings,
  TooManyEditsError,
} from '../../src/service/shared-drawings.js';

const ROWS = ['S...', '.#..', '...E'];
const A = 'sessionAAAA';
const B = 'sessionBBBB';

function setUp() {
  let now = 1_000_000;
  const store = new MemoryLevelStore();
  store.save('a', ROWS, { historyLimit: 100 });
  const channel = new LocalDrawingChannel();
  const drawings = new SharedDrawings(store, channel, {
    limits: DEFAULT_LEVEL_LIMITS,
    level: (id) => store.get(id),
    now: () => now,
  });
  return {
    store,
    drawings,
    tick: (ms: number) => (now += ms),
    /** A stream's events, read as they come. */
    listen(after: number, session: string | null = null, id = 'a') {
      const opened = drawings.subscribe(id, after, session);
      if (!opened.ok) throw new Error(opened.error.message);
      const events = opened.value;
      return {
        events,
        /** The next `count` events (each within a second). */
        async take(count: number): Promise<DrawingEvent[]> {
          const taken: DrawingEvent[] = [];
          for (let i = 0; i < count; i++) {
            const next = await Promise.race([
              events.next(),
              new Promise<never>((_, reject) =>
                setTimeout(() => reject(new Error(`only ${i} of ${count} events came`)), 1000),
              ),
            ]);
            taken.push(next.value as DrawingEvent);
          }
          return taken;
        },
      };
    },
  };
}

const cells = (row: number, col: number, glyphs: string) => ({ cells: [{ row, col, glyphs }] });

describe('joining', () => {
  it('answers the drawing, who else is here, a name and a colour', async () => {
    const { drawings } = setUp();
    const first = await drawings.join('a', A, '  Ana  ');
    expect(first).toEqual({
      ok: true,
      value: {
        session: A,
        name: 'Ana',
        colour: colourOf(A),
        drawing: { id: 'a', seq: 0, baseVersion: 1, rows: ROWS, savedVersion: 1, unsaved: false },
        collaborators: [],
      },
    });
    expect(COLLABORATOR_COLOURS).toContain(colourOf(A));
    const second = await drawings.join('a', B);
    expect(second.ok && second.value.name).toBe('Guest');
    expect(second.ok && second.value.collaborators).toEqual([
      { session: A, name: 'Ana', colour: colourOf(A), pointer: null, selection: null },
    ]);
  });

  it('refuses what cannot be joined', async () => {
    const { drawings } = setUp();
    const codes = await Promise.all([
      drawings.join('nothing', A),
      drawings.join('a', 'short'),
      drawings.join('a', 'has space in it'),
      drawings.join('a\u0000', A),
      drawings.join('a', A, 'x'.repeat(41)),
    ]);
    expect(codes.map((result) => !result.ok && result.error.code)).toEqual([
      'UNKNOWN_LEVEL',
      'INVALID_SESSION',
      'INVALID_SESSION',
      'INVALID_ID',
      'INVALID_EDIT',
    ]);
    expect(codes[0]).toMatchObject({ error: { message: "there is no level 'nothing'" } });
  });
});

describe('edits', () => {
  it('are ordered, applied, and a resend changes nothing', async () => {
    const { drawings } = setUp();
    expect(await drawings.edit('a', A, 1, cells(0, 1, '##'))).toEqual({
      ok: true,
      value: { seq: 1 },
    });
    expect(await drawings.edit('a', B, 1, cells(0, 2, 'a'))).toEqual({
      ok: true,
      value: { seq: 2 },
    });
    expect(await drawings.edit('a', A, 1, cells(0, 1, '..'))).toEqual({
      ok: true,
      value: { seq: 1 },
    });
    expect((await drawings.drawing('a'))!).toMatchObject({
      seq: 2,
      rows: ['S#a.', '.#..', '...E'],
      unsaved: true,
      savedVersion: 1,
    });
  });

  it('refuse bad input with a code, changing nothing', async () => {
    const { drawings } = setUp();
    const refused = await Promise.all([
      drawings.edit('a', A, 1, {}),
      drawings.edit('a', A, 1, { ...cells(0, 0, '#'), rows: ROWS }),
      drawings.edit('a', A, 0, cells(0, 0, '#')),
      drawings.edit('a', A, 1.5, cells(0, 0, '#')),
      drawings.edit('a', A, 1, cells(0, 0, 'x')),
      drawings.edit('a', A, 1, cells(0, 0, '😀')),
      drawings.edit('a', A, 1, cells(3, 0, '#')),
      drawings.edit('a', A, 1, cells(0, -1, '#')),
      drawings.edit('a', A, 1, cells(0, 3, '##')),
      drawings.edit('a', A, 1, { rows: [] }),
      drawings.edit('a', A, 1, { rows: ['S..', 'E.'] }),
      drawings.edit('a', A, 1, { rows: ['S?E'] }),
      drawings.edit('a', A, 1, { rows: Array.from({ length: 1001 }, () => '.') }),
      drawings.edit('a', A, 1, {
        cells: Array.from({ length: 100_001 }, () => ({ row: 0, col: 0, glyphs: '#' })),
      }),
      drawings.edit('a', A, 1, {
        cells: Array.from({ length: 1001 }, () => ({ row: 0, col: 0, glyphs: '#'.repeat(1000) })),
      }),
      drawings.edit('nothing', A, 1, cells(0, 0, '#')),
      drawings.edit('a', 'bad', 1, cells(0, 0, '#')),
    ]);
    expect(refused.map((result) => !result.ok && result.error.code)).toEqual([
      'INVALID_EDIT',
      'INVALID_EDIT',
      'INVALID_EDIT',
      'INVALID_EDIT',
      'UNKNOWN_GLYPH',
      'UNKNOWN_GLYPH',
      'OUTSIDE_LEVEL',
      'OUTSIDE_LEVEL',
      'OUTSIDE_LEVEL',
      'LEVEL_TOO_LARGE',
      'LEVEL_TOO_LARGE',
      'UNKNOWN_GLYPH',
      'LEVEL_TOO_LARGE',
      'EDIT_TOO_LARGE',
      'EDIT_TOO_LARGE',
      'UNKNOWN_LEVEL',
      'INVALID_SESSION',
    ]);
    expect(refused[5]).toMatchObject({ error: { message: "'😀' is not a glyph (row 0, col 0)" } });
    expect(refused[8]).toMatchObject({
      error: { message: 'cells from row 0, col 3 (2 of them) are outside the 4x3 level' },
    });
    expect((await drawings.drawing('a'))!).toMatchObject({ seq: 0, rows: ROWS });
  });

  it(`are bounded per client: ${EDIT_BURST} at once, then ${EDITS_PER_SECOND} a second`, async () => {
    const { drawings, tick } = setUp();
    for (let n = 1; n <= EDIT_BURST; n++) {
      expect((await drawings.edit('a', A, n, cells(0, 1, '#'), '10.0.0.1')).ok).toBe(true);
    }
    expect(() => drawings.edit('a', A, 999, cells(0, 1, '#'), '10.0.0.1')).toThrow(
      TooManyEditsError,
    );
    // Another client is not held back; nothing was stored for the refused edit.
    expect(await drawings.edit('a', B, 1, cells(0, 1, '.'), '10.0.0.2')).toEqual({
      ok: true,
      value: { seq: EDIT_BURST + 1 },
    });
    tick(1000);
    for (let n = 0; n < EDITS_PER_SECOND; n++) {
      expect((await drawings.edit('a', A, 1000 + n, cells(0, 1, '#'), '10.0.0.1')).ok).toBe(true);
    }
    expect(() => drawings.edit('a', A, 2000, cells(0, 1, '#'), '10.0.0.1')).toThrow(
      'this client sent more than 100 edits a second: try again in a second',
    );
  });

  it('of a level no one joined make its drawing first; a delete keeps the drawing', async () => {
    const { drawings, store } = setUp();
    expect(await drawings.edit('a', A, 1, cells(2, 0, 'b'))).toEqual({
      ok: true,
      value: { seq: 1 },
    });
    store.delete('a');
    expect(await drawings.edit('a', A, 2, cells(2, 1, 'B'))).toEqual({
      ok: true,
      value: { seq: 2 },
    });
    expect((await drawings.drawing('a'))!).toMatchObject({
      rows: ['S...', '.#..', 'bB.E'],
      savedVersion: null,
      unsaved: true,
    });
  });
});

describe('streams', () => {
  it('replay the edits after `after`, then go on live, in seq order', async () => {
    const { drawings, listen } = setUp();
    await drawings.edit('a', A, 1, cells(0, 1, '#'));
    await drawings.edit('a', A, 2, cells(0, 2, '#'));
    const stream = listen(1);
    await drawings.edit('a', B, 1, cells(0, 3, 'a'));
    await drawings.edit('a', A, 2, cells(0, 3, 'b')); // a resend: not told again
    await drawings.edit('a', A, 3, { rows: ['S.E'] });
    expect(await stream.take(3)).toEqual([
      { kind: 'edited', seq: 2, session: A, edit: 2, cells: [{ row: 0, col: 2, glyphs: '#' }] },
      { kind: 'edited', seq: 3, session: B, edit: 1, cells: [{ row: 0, col: 3, glyphs: 'a' }] },
      { kind: 'replaced', seq: 4, session: A, edit: 3, rows: ['S.E'] },
    ]);
  });

  it('send the whole drawing to a stream from further back than the edits kept', async () => {
    const { drawings, listen } = setUp();
    for (let n = 1; n <= KEPT_EDITS + 5; n++)
      await drawings.edit('a', A, n, cells(1, 0, String(1 + (n % 9))));
    const [caughtUp] = await listen(2).take(1);
    const now = (await drawings.drawing('a'))!;
    expect(caughtUp).toEqual({
      kind: 'replaced',
      seq: now.seq,
      session: null,
      edit: null,
      rows: now.rows,
    });
    // A seq the drawing never had (a stream from another database) is caught up the same way.
    const [fromElsewhere] = await listen(now.seq + 50).take(1);
    expect(fromElsewhere).toEqual(caughtUp);
  });

  it(`that do not read for ${MAX_QUEUED_EVENTS} events get the whole drawing`, async () => {
    const { drawings, listen } = setUp();
    const stream = listen(0);
    for (let n = 1; n <= MAX_QUEUED_EVENTS + 10; n++)
      await drawings.edit('a', A, n, cells(0, 1, n % 2 ? '#' : '.'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = (await drawings.drawing('a'))!;
    const [first] = await stream.take(1);
    expect(first).toEqual({
      kind: 'replaced',
      seq: now.seq,
      session: null,
      edit: null,
      rows: now.rows,
    });
    await drawings.edit('a', B, 1, cells(0, 2, '#'));
    expect(await stream.take(1)).toEqual([
      {
        kind: 'edited',
        seq: now.seq + 1,
        session: B,
        edit: 1,
        cells: [{ row: 0, col: 2, glyphs: '#' }],
      },
    ]);
  });

  it('refuse a bad id, session or `after`', () => {
    const { drawings } = setUp();
    const refused = [
      drawings.subscribe('a\u0000', 0, null),
      drawings.subscribe('a', 0, 'bad'),
      drawings.subscribe('a', -1, null),
      drawings.subscribe('a', 0.5, null),
    ];
    expect(refused.map((result) => !result.ok && result.error.code)).toEqual([
      'INVALID_ID',
      'INVALID_SESSION',
      'INVALID_EDIT',
      'INVALID_EDIT',
    ]);
  });

  it('converge: every stream rebuilds the drawing the store holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            session: fc.constantFrom(A, B),
            row: fc.integer({ min: 0, max: 3 }),
            col: fc.integer({ min: 0, max: 4 }),
            glyphs: fc.stringMatching(/^[#.a-dSE]{1,3}$/),
            resize: fc.boolean(),
          }),
          { minLength: 1, maxLength: 15 },
        ),
        async (steps) => {
          const { drawings, listen } = setUp();
          const streams = [listen(0, A), listen(0, B)];
          const numbers = { [A]: 0, [B]: 0 };
          let accepted = 0;
          for (const { session, row, col, glyphs, resize } of steps) {
            const change = resize
              ? { rows: Array.from({ length: 1 + row }, () => '.'.repeat(1 + col)) }
              : cells(row, col, glyphs);
            const done = await drawings.edit('a', session, ++numbers[session], change);
            if (done.ok) accepted++;
          }
          const final = (await drawings.drawing('a'))!;
          for (const stream of streams) {
            let rows = [...ROWS];
            const heard: DrawingEvent[] = [];
            // Presence (the other session's stream) comes too: read until every edit is in.
            while (heard.filter((event) => 'seq' in event).length < accepted) {
              heard.push(...(await stream.take(1)));
            }
            for (const event of heard) {
              if (event.kind === 'replaced') rows = [...event.rows];
              else if (event.kind === 'edited') {
                for (const run of event.cells) {
                  const row = [...rows[run.row]];
                  row.splice(run.col, run.glyphs.length, ...run.glyphs);
                  rows[run.row] = row.join('');
                }
              }
            }
            expect(rows).toEqual(final.rows);
            await stream.events.return!();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('presence', () => {
  it('tells the others who joined, where they point, and who left', async () => {
    const { drawings, listen } = setUp();
    await drawings.join('a', A, 'Ana');
    const theirs = listen(0, B);
    expect(await theirs.take(1)).toEqual([
      {
        kind: 'moved',
        collaborator: {
          session: A,
          name: 'Ana',
          colour: colourOf(A),
          pointer: null,
          selection: null,
        },
      },
    ]);
    expect(drawings.move('a', A, [1, 2], { top: 0, left: 0, bottom: 1, right: 1 })).toBe(true);
    expect(drawings.move('a', 'sessionNobody', [1, 2], null)).toBe(false);
    expect(drawings.leave('a', A)).toBe(true);
    expect(drawings.leave('a', A)).toBe(false);
    expect(await theirs.take(2)).toEqual([
      {
        kind: 'moved',
        collaborator: {
          session: A,
          name: 'Ana',
          colour: colourOf(A),
          pointer: [1, 2],
          selection: { top: 0, left: 0, bottom: 1, right: 1 },
        },
      },
      { kind: 'left', session: A },
    ]);
  });

  it(`drops moves past ${MOVES_PER_SECOND} a second of a session`, async () => {
    const { drawings, tick } = setUp();
    await drawings.join('a', A);
    const taken = Array.from({ length: MOVES_PER_SECOND + 5 }, (_, i) =>
      drawings.move('a', A, [0, i % 4], null),
    );
    expect(taken.filter(Boolean)).toHaveLength(MOVES_PER_SECOND);
    tick(1000);
    expect(drawings.move('a', A, [0, 0], null)).toBe(true);
  });

  it(`lets a session unheard for ${PRESENCE_TIMEOUT_MS / 1000} s go, but not one with a stream open`, async () => {
    const { drawings, listen, tick } = setUp();
    await drawings.join('a', A, 'Ana');
    await drawings.join('a', B, 'Bo');
    const bo = listen(0, B);
    const watcher = listen(0);
    await watcher.take(2); // Ana and Bo here
    tick(PRESENCE_TIMEOUT_MS - 1);
    drawings.sweep();
    tick(1);
    drawings.sweep();
    expect(await watcher.take(1)).toEqual([{ kind: 'left', session: A }]);
    tick(PRESENCE_TIMEOUT_MS * 3);
    drawings.sweep();
    const joined = await drawings.join('a', 'sessionCCCC');
    expect(joined.ok && joined.value.collaborators.map((c) => c.name)).toEqual(['Bo']);
    // Bo's stream ends: Bo leaves.
    await bo.events.return!();
    expect(await watcher.take(2)).toEqual([
      { kind: 'moved', collaborator: expect.objectContaining({ session: 'sessionCCCC' }) },
      { kind: 'left', session: B },
    ]);
  });
});

describe('through the service', () => {
  it('counts drawing streams with the subscriptions', () => {
    const service = new LevelService(new MemoryLevelStore(), { maxSubscriptions: 2 });
    service.load('a', ROWS);
    const one = service.drawings.subscribe('a', 0, null);
    service.changes();
    expect(one.ok).toBe(true);
    expect(() => service.drawings.subscribe('a', 0, null)).toThrow(
      'this server has 2 subscriptions open, as many as it takes',
    );
  });

  it('makes a clean drawing follow a save, and a save of the drawing mark it saved', async () => {
    const service = LevelService.inMemory();
    service.load('a', ROWS);
    await service.drawings.join('a', A);
    const script = ['S..#', '.#..', '...E'];
    service.load('a', script);
    expect(await service.drawings.drawing('a')).toMatchObject({
      seq: 1,
      rows: script,
      unsaved: false,
    });
    await service.drawings.edit('a', A, 1, cells(2, 0, 'a'));
    expect(await service.drawings.drawing('a')).toMatchObject({ unsaved: true, savedVersion: 2 });
    service.load('a', ['S..#', '.#..', 'a..E']);
    expect(await service.drawings.drawing('a')).toMatchObject({
      unsaved: false,
      savedVersion: 3,
      baseVersion: 3,
    });
  });
});
