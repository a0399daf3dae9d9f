// Editing together (web/src/collab/sync.ts) against a deliberately plain server: one drawing, one
// order of edits, a (session, edit) stored once. Pages draw, send, hear the server's events and
// its answers in any interleaving, resize the drawing, close with edits unsent and reopen with
// them kept; once every message is delivered, every page shows the server's drawing and has
// nothing left to send; and at every step, each page shows the server's drawing as of the last
// event it heard with its own edits not yet heard back over it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CellRun,
  DrawingSync,
  type PendingEdit,
  type SyncHost,
  cellsOf,
  runsOf,
} from '../../web/src/collab/sync.js';

/** A page's grid, as plain as it gets. */
class Page implements SyncHost {
  cells: string[][];
  constructor(rows: readonly string[]) {
    this.cells = rows.map((row) => row.split(''));
  }
  get width(): number {
    return this.cells[0]?.length ?? 0;
  }
  get height(): number {
    return this.cells.length;
  }
  get(row: number, col: number): string {
    return this.cells[row][col];
  }
  rows(): string[] {
    return this.cells.map((row) => row.join(''));
  }
  apply(cells: readonly (readonly [number, number, string])[]): void {
    for (const [row, col, glyph] of cells) this.cells[row][col] = glyph;
  }
  applyRows(rows: readonly string[]): void {
    this.cells = rows.map((row) => row.split(''));
  }
}

type Event =
  | { kind: 'cells'; seq: number; session: string; edit: number; runs: CellRun[] }
  | { kind: 'rows'; seq: number; session: string | null; edit: number | null; rows: string[] };

type Answer = { kind: 'stored'; seq: number } | { kind: 'refused' };

/** The server: applies each edit as it arrives, in one order, and tells every joined page. */
class Server {
  rows: string[];
  seq = 0;
  /** The drawing after each seq. */
  readonly history: string[][];
  private readonly stored = new Map<string, number>();
  readonly listeners = new Set<Event[]>();

  constructor(rows: readonly string[]) {
    this.rows = [...rows];
    this.history = [this.rows];
  }

  edit(pending: PendingEdit): Answer {
    const key = `${pending.session}:${pending.edit}`;
    const before = this.stored.get(key);
    if (before !== undefined) return { kind: 'stored', seq: before };
    let event: Event;
    if (pending.rows) {
      this.rows = [...pending.rows];
      event = { kind: 'rows', seq: this.seq + 1, ...this.ids(pending), rows: [...pending.rows] };
    } else {
      const runs = runsOf(pending.cells!, pending.width);
      const width = this.rows[0]?.length ?? 0;
      const inside = runs.every(
        (run) => run.row < this.rows.length && run.col + run.glyphs.length <= width,
      );
      if (!inside) return { kind: 'refused' };
      const cells = this.rows.map((row) => row.split(''));
      for (const [index, glyph] of cellsOf(runs, width)) {
        cells[Math.floor(index / width)][index % width] = glyph;
      }
      this.rows = cells.map((row) => row.join(''));
      event = { kind: 'cells', seq: this.seq + 1, ...this.ids(pending), runs };
    }
    this.seq = event.seq;
    this.history.push(this.rows);
    this.stored.set(key, this.seq);
    for (const inbox of this.listeners) inbox.push(event);
    return { kind: 'stored', seq: this.seq };
  }

  /** The server itself replaces the drawing (a version saved by a script, say). */
  replace(rows: string[]): void {
    this.rows = rows;
    this.seq++;
    this.history.push(rows);
    const event: Event = { kind: 'rows', seq: this.seq, session: null, edit: null, rows };
    for (const inbox of this.listeners) inbox.push(event);
  }

  private ids(pending: PendingEdit): { session: string; edit: number } {
    return { session: pending.session, edit: pending.edit };
  }
}

/** One open page: its grid, its sync, what it has yet to hear, and its edit on the way. */
interface Client {
  readonly page: Page;
  readonly sync: DrawingSync;
  readonly inbox: Event[];
  /** The join's answer, once asked and before it is heard: the drawing as it was then. */
  joining: { seq: number; rows: string[] } | null;
  joinAsked: boolean;
  /** Unsent edits kept from a page closed before, given to the join. */
  readonly restored: PendingEdit[];
  /** The edit sent and its answer, not heard yet. */
  flight: { pending: PendingEdit; answer: Answer } | null;
}

type Action =
  | { kind: 'draw'; client: number; cells: Array<[number, number, number]> }
  | { kind: 'resize'; client: number; grow: boolean }
  | { kind: 'send' | 'hear' | 'answer' | 'join' | 'reopen'; client: number }
  | { kind: 'script' };

const GLYPHS = '.#ab';
const START = ['S...', '.#..', '...E'];

class World {
  readonly server = new Server(START);
  readonly clients: Client[] = [];
  private sessions = 0;

  /** A page opened on `rows` (what it read of the level), joining later. */
  open(rows: readonly string[], restored: PendingEdit[] = []): Client {
    const page = new Page(rows);
    const session = `s${++this.sessions}`;
    let edits = 0;
    const sync = new DrawingSync(page, () => ({ session, edit: ++edits }));
    const client: Client = {
      page,
      sync,
      inbox: [],
      joining: null,
      joinAsked: false,
      restored,
      flight: null,
    };
    return client;
  }

  act(action: Action): void {
    if (action.kind === 'script') {
      const rows = this.server.rows.map((row) => row.replace(/b/g, '.'));
      this.server.replace(rows);
      return;
    }
    const client = this.clients[action.client % this.clients.length];
    const { page, sync } = client;
    switch (action.kind) {
      case 'draw': {
        const changed = [];
        for (const [row, col, glyph] of action.cells) {
          if (page.height === 0) break;
          const r = row % page.height;
          const c = col % page.width;
          page.cells[r][c] = GLYPHS[glyph % GLYPHS.length];
          changed.push({ row: r, col: c });
        }
        sync.changed(changed);
        return;
      }
      case 'resize': {
        const rows = page.rows();
        const next = action.grow
          ? rows.map((row) => row + '.')
          : rows.length > 1
            ? rows.slice(0, -1)
            : rows;
        page.applyRows(next);
        sync.changed('all');
        return;
      }
      case 'join':
        return this.join(client);
      case 'send':
        return this.send(client);
      case 'hear':
        return this.hear(client);
      case 'answer':
        return this.answer(client);
      case 'reopen':
        return this.reopen(action.client % this.clients.length);
    }
  }

  /** Asks to join (the answer is the drawing now), or hears the answer asked before. */
  join(client: Client): void {
    if (client.sync.joined) return;
    if (!client.joinAsked) {
      client.joinAsked = true;
      client.joining = { seq: this.server.seq, rows: [...this.server.rows] };
      this.server.listeners.add(client.inbox);
      return;
    }
    const { seq, rows } = client.joining!;
    client.joining = null;
    // Events up to the join's seq are in its rows.
    client.sync.join(seq, rows, client.restored);
  }

  send(client: Client): void {
    const { sync } = client;
    if (!sync.joined || client.flight) return;
    sync.flush();
    const next = sync.next();
    if (!next) return;
    next.sent = true;
    client.flight = { pending: next, answer: this.server.edit(next) };
  }

  hear(client: Client): void {
    const event = client.inbox.shift();
    if (!event) return;
    if (!client.sync.joined) {
      // Not joined yet: the join's rows hold what came before it; later events wait.
      if (client.joining && event.seq <= client.joining.seq) return;
      client.inbox.unshift(event);
      return;
    }
    if (event.kind === 'cells') {
      client.sync.edited(event.seq, event.session, event.edit, event.runs);
    } else {
      client.sync.replaced(event.seq, event.session, event.edit, event.rows);
    }
  }

  answer(client: Client): void {
    const flight = client.flight;
    if (!flight) return;
    client.flight = null;
    if (flight.answer.kind === 'stored') client.sync.acked(flight.pending, flight.answer.seq);
    else client.sync.refused(flight.pending);
  }

  /** The page closes (its answer on the way is lost) and opens again with its unsent edits. */
  reopen(index: number): void {
    const old = this.clients[index];
    this.server.listeners.delete(old.inbox);
    const kept = old.sync.joined ? old.sync.unsent() : [...old.restored];
    // It reads the level as the server has it now; what it draws before joining counts too.
    this.clients[index] = this.open(this.server.rows, kept);
  }

  /**
   * What each joined page shows once its changes are flushed: the server's drawing at the
   * page's seq, with the page's pending edits over it in order (cells outside left out).
   */
  shown(client: Client): string[] {
    let cells = this.server.history[client.sync.seq].map((row) => row.split(''));
    for (const pending of client.sync.pending) {
      if (pending.rows) {
        cells = pending.rows.map((row) => row.split(''));
        continue;
      }
      for (const [index, glyph] of pending.cells!) {
        const row = Math.floor(index / pending.width);
        const col = index % pending.width;
        if (row < cells.length && col < (cells[0]?.length ?? 0)) cells[row][col] = glyph;
      }
    }
    return cells.map((row) => row.join(''));
  }

  /** Every message delivered and every edit sent, as a page left alone does. */
  drain(): void {
    for (let round = 0; round < 1000; round++) {
      let busy = false;
      for (const client of this.clients) {
        if (!client.sync.joined) {
          this.join(client);
          this.join(client);
          busy = true;
        }
        while (client.inbox.length > 0) {
          this.hear(client);
          busy = true;
        }
        if (client.flight) {
          this.answer(client);
          busy = true;
        }
        this.send(client);
        if (client.flight) busy = true;
      }
      if (!busy) return;
    }
    throw new Error('the pages never settled');
  }
}

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('draw' as const),
      client: fc.nat(2),
      cells: fc.array(fc.tuple(fc.nat(5), fc.nat(6), fc.nat(3)), {
        minLength: 1,
        maxLength: 4,
        size: 'max',
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('resize' as const),
      client: fc.nat(2),
      grow: fc.boolean(),
    }),
  },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constantFrom('send' as const, 'hear' as const, 'answer' as const, 'join' as const),
      client: fc.nat(2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopen' as const), client: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'script' as const }) },
);

function settle(clients: number, actions: readonly Action[]): World {
  const world = new World();
  for (let i = 0; i < clients; i++) world.clients.push(world.open(START));
  for (const step of actions) {
    world.act(step);
    for (const client of world.clients) {
      if (!client.sync.joined) continue;
      client.sync.flush();
      expect(client.page.rows()).toEqual(world.shown(client));
    }
  }
  world.drain();
  return world;
}

describe('DrawingSync against a plain server', () => {
  it('brings every page to the server’s drawing, in any interleaving, with nothing left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.array(action, { maxLength: 80, size: 'max' }),
        (n, steps) => {
          const world = settle(n, steps);
          for (const client of world.clients) {
            expect(client.page.rows()).toEqual(world.server.rows);
            expect(client.sync.pending).toEqual([]);
            expect(client.sync.seq).toBe(world.server.seq);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps what two pages drew at once: each cell as the server ordered it', () => {
    const world = settle(2, [
      { kind: 'join', client: 0 },
      { kind: 'join', client: 0 },
      { kind: 'join', client: 1 },
      { kind: 'join', client: 1 },
      { kind: 'draw', client: 0, cells: [[0, 1, 1]] },
      { kind: 'draw', client: 1, cells: [[0, 1, 2]] },
      { kind: 'draw', client: 1, cells: [[2, 0, 3]] },
      // Page 1's edit reaches the server first; page 0's, after it, wins the shared cell.
      { kind: 'send', client: 1 },
      { kind: 'send', client: 0 },
    ]);
    expect(world.server.rows).toEqual(['S#..', '.#..', 'b..E']);
    expect(world.clients.map((client) => client.page.rows())).toEqual([
      world.server.rows,
      world.server.rows,
    ]);
  });

  it('shows our cell over someone else’s until ours comes back, then the server’s order', () => {
    const world = settle(2, [
      { kind: 'join', client: 0 },
      { kind: 'join', client: 0 },
      { kind: 'join', client: 1 },
      { kind: 'join', client: 1 },
    ]);
    const [mine, theirs] = world.clients;
    theirs.page.cells[0][1] = 'a';
    theirs.sync.changed([{ row: 0, col: 1 }]);
    world.send(theirs);
    mine.page.cells[0][1] = '#';
    mine.sync.changed([{ row: 0, col: 1 }]);
    world.send(mine);
    world.hear(mine);
    expect(mine.page.rows()[0]).toBe('S#..');
    world.drain();
    expect(world.clients.map((client) => client.page.rows()[0])).toEqual(['S#..', 'S#..']);
  });

  it('a reopened page sends the edits it kept and what it drew before its join answered', () => {
    const world = new World();
    const first = world.open(START);
    world.clients.push(first);
    world.join(first);
    world.join(first);
    first.page.cells[0][1] = 'a';
    first.sync.changed([{ row: 0, col: 1 }]);
    first.sync.flush();
    // Closed before sending: the edit is kept, and the page opens again on the stored level.
    world.reopen(0);
    const again = world.clients[0];
    expect(again.restored).toHaveLength(1);
    expect(again.page.rows()).toEqual(START);
    again.page.cells[1][0] = '#';
    again.sync.changed([{ row: 1, col: 0 }]);
    world.join(again);
    world.join(again);
    expect(again.page.rows()).toEqual(['Sa..', '##..', '...E']);
    world.drain();
    expect(world.server.rows).toEqual(['Sa..', '##..', '...E']);
    expect(world.server.seq).toBe(2);
    expect(again.sync.pending).toEqual([]);
  });

  it('an edit stored before the page closed is not stored twice when the reopened page sends it', () => {
    const world = new World();
    const first = world.open(START);
    world.clients.push(first);
    world.join(first);
    world.join(first);
    first.page.cells[2][1] = 'b';
    first.sync.changed([{ row: 2, col: 1 }]);
    world.send(first);
    // Stored, but the answer never reached the page: it is still unsent there.
    world.reopen(0);
    world.drain();
    expect(world.server.seq).toBe(1);
    expect(world.server.rows).toEqual(['S...', '.#..', '.b.E']);
    expect(world.clients[0].page.rows()).toEqual(world.server.rows);
  });
});
