// Editing together, apart from the network and the page. The server puts every edit of a
// level's shared drawing in one order (seq); this keeps the drawing as the server ordered it
// (`confirmed`, at `seq`), this page's edits it has not sent back yet (`pending`, in the order
// they were made), and what the page shows: the confirmed drawing with the pending edits over
// it (`expected`). A local change is found by comparing the page's grid with `expected`, so
// every command (a stroke, undo, a paste, a resize, another version) becomes an edit the same
// way. Someone else's edit reaches the page unless a pending edit of ours covers the cell: once
// ours comes back, the server's order decides, the same on every screen.

export interface CellRun {
  readonly row: number;
  readonly col: number;
  readonly glyphs: string;
}

/** An edit of ours, from the moment it is made until the server sends it back. */
export interface PendingEdit {
  readonly session: string;
  readonly edit: number;
  /** Cells by index (row * width + col), or null for a whole-drawing edit. */
  readonly cells: Map<number, string> | null;
  readonly width: number;
  readonly rows: readonly string[] | null;
  /** Sent at least once: it may be stored, so it never changes again (a resend is the same). */
  sent: boolean;
  /** The seq the server answered (the edit is stored for good), once known. */
  seq: number | null;
}

/** The page's side: its grid, and a way to show what others drew (not a step of its undo). */
export interface SyncHost {
  readonly width: number;
  readonly height: number;
  get(row: number, col: number): string;
  rows(): string[];
  apply(cells: readonly (readonly [number, number, string])[]): void;
  applyRows(rows: readonly string[]): void;
}

/** A drawing as a flat array of glyphs. */
class Plane {
  constructor(
    readonly width: number,
    readonly height: number,
    readonly cells: string[],
  ) {}

  static ofRows(rows: readonly string[]): Plane {
    const width = rows[0]?.length ?? 0;
    return new Plane(width, rows.length, rows.join('').split(''));
  }

  static ofHost(host: SyncHost): Plane {
    return Plane.ofRows(host.rows());
  }

  copy(): Plane {
    return new Plane(this.width, this.height, [...this.cells]);
  }

  rows(): string[] {
    const rows: string[] = [];
    for (let r = 0; r < this.height; r++) {
      rows.push(this.cells.slice(r * this.width, (r + 1) * this.width).join(''));
    }
    return rows;
  }

  /** Sets the cell an edit of `width` names by `index`, when it is inside. */
  setFrom(index: number, width: number, glyph: string): void {
    const row = Math.floor(index / width);
    const col = index - row * width;
    if (row < this.height && col < this.width) this.cells[row * this.width + col] = glyph;
  }
}

/** The runs of an edit's cells, row by row, left to right. */
export function runsOf(cells: ReadonlyMap<number, string>, width: number): CellRun[] {
  const runs: CellRun[] = [];
  let current: { row: number; col: number; glyphs: string } | null = null;
  for (const index of [...cells.keys()].sort((a, b) => a - b)) {
    const row = Math.floor(index / width);
    const col = index - row * width;
    if (current && current.row === row && current.col + current.glyphs.length === col) {
      current.glyphs += cells.get(index)!;
    } else {
      current = { row, col, glyphs: cells.get(index)! };
      runs.push(current);
    }
  }
  return runs;
}

/** The cells of runs, by index in a drawing `width` wide. */
export function cellsOf(runs: readonly CellRun[], width: number): Map<number, string> {
  const cells = new Map<number, string>();
  for (const { row, col, glyphs } of runs) {
    for (let i = 0; i < glyphs.length; i++) cells.set(row * width + col + i, glyphs[i]);
  }
  return cells;
}

export class DrawingSync {
  /** The drawing as the server ordered it, up to `seq`; null until joined. */
  private confirmed: Plane | null = null;
  seq = 0;
  pending: PendingEdit[] = [];
  /** Bumped by every change of the pending edits (what is kept in the browser follows it). */
  changes = 0;
  private expected: Plane;
  private dirty: Set<number> | 'all' = new Set();
  /** While the page is being given others' cells: they are not changes of ours. */
  private applying = false;

  constructor(
    private readonly host: SyncHost,
    /** A new (session, edit) pair for the next edit. */
    private readonly nextEdit: () => { session: string; edit: number },
  ) {
    this.expected = Plane.ofHost(host);
  }

  get joined(): boolean {
    return this.confirmed !== null;
  }

  /** Cells of the page changed (by this page's person). */
  changed(cells: readonly { row: number; col: number }[] | 'all'): void {
    if (this.applying || this.dirty === 'all') return;
    if (cells === 'all') this.dirty = 'all';
    else for (const { row, col } of cells) this.dirty.add(row * this.host.width + col);
  }

  /** The page's changes since the last flush, as a pending edit; true when there was one. */
  flush(): boolean {
    const { host, expected } = this;
    const dirty = this.dirty;
    this.dirty = new Set();
    if (host.width !== expected.width || host.height !== expected.height) {
      const rows = host.rows();
      this.add(null, rows);
      this.expected = Plane.ofRows(rows);
      return true;
    }
    const cells = new Map<number, string>();
    const look = (index: number) => {
      const row = Math.floor(index / host.width);
      const glyph = host.get(row, index - row * host.width);
      if (glyph !== expected.cells[index]) {
        cells.set(index, glyph);
        expected.cells[index] = glyph;
      }
    };
    if (dirty === 'all') for (let i = 0; i < expected.cells.length; i++) look(i);
    else for (const index of dirty) look(index);
    if (cells.size === 0) return false;
    this.add(cells, null);
    return true;
  }

  /** Joined at `seq` with the drawing `rows`; `restored`: unsent edits kept from before. */
  join(seq: number, rows: readonly string[], restored: readonly PendingEdit[] = []): void {
    this.flush();
    const known = new Set(this.pending.map((p) => `${p.session}:${p.edit}`));
    this.pending = [
      ...restored.filter((p) => !known.has(`${p.session}:${p.edit}`)),
      ...this.pending,
    ];
    this.confirmed = Plane.ofRows(rows);
    this.seq = seq;
    this.changes++;
    this.rebuild();
  }

  /** Cells edited, in the server's order. */
  edited(seq: number, session: string, edit: number, runs: readonly CellRun[]): void {
    const confirmed = this.confirmed;
    if (!confirmed || seq <= this.seq) return;
    this.flush();
    this.seq = seq;
    const cells = cellsOf(runs, confirmed.width);
    for (const [index, glyph] of cells) confirmed.setFrom(index, confirmed.width, glyph);
    const mine = this.take(session, edit);
    const simple =
      this.pending.every((p) => p.cells !== null && p.width === confirmed.width) &&
      (!mine || (mine.cells !== null && mine.width === confirmed.width)) &&
      this.expected.width === confirmed.width &&
      this.expected.height === confirmed.height;
    if (!simple) return this.rebuild();
    const shown: [number, number, string][] = [];
    const follow = (index: number) => {
      if (index >= confirmed.cells.length || this.pending.some((p) => p.cells!.has(index))) return;
      const glyph = confirmed.cells[index];
      if (this.expected.cells[index] === glyph) return;
      this.expected.cells[index] = glyph;
      const row = Math.floor(index / confirmed.width);
      shown.push([row, index - row * confirmed.width, glyph]);
    };
    for (const index of cells.keys()) follow(index);
    for (const index of mine?.cells?.keys() ?? []) follow(index);
    this.show(shown);
  }

  /** The whole drawing replaced, in the server's order (session null: by the server). */
  replaced(
    seq: number,
    session: string | null,
    edit: number | null,
    rows: readonly string[],
  ): void {
    if (!this.confirmed || seq <= this.seq) return;
    this.flush();
    this.seq = seq;
    this.confirmed = Plane.ofRows(rows);
    if (session !== null && edit !== null) this.take(session, edit);
    // Ours the server stored at or before this seq are in these rows.
    this.pending = this.pending.filter((p) => p.seq === null || p.seq > seq);
    this.changes++;
    this.rebuild();
  }

  /** The server stored an edit of ours at `seq`. */
  acked(pending: PendingEdit, seq: number): void {
    this.settled(pending, seq);
    // The stream is already past it (it came in a whole drawing): it is in `confirmed`.
    if (seq <= this.seq && this.pending.includes(pending)) {
      this.flush();
      this.pending = this.pending.filter((p) => p !== pending);
      this.rebuild();
    }
  }

  /** The server refused an edit of ours for good: the page goes back to the server's cells. */
  refused(pending: PendingEdit): void {
    this.flush();
    this.changes++;
    this.pending = this.pending.filter((p) => p !== pending);
    this.rebuild();
  }

  /** An edit of ours is stored at `seq` (-1: refused), nothing else done (a page left it). */
  settled(pending: PendingEdit, seq: number): void {
    pending.seq = seq;
    this.changes++;
  }

  /** The next edit to send: the first one not stored yet. */
  next(): PendingEdit | undefined {
    return this.pending.find((p) => p.seq === null);
  }

  /** The edits not known to be stored (to keep in the page until they are). */
  unsent(): PendingEdit[] {
    return this.pending.filter((p) => p.seq === null);
  }

  private add(cells: Map<number, string> | null, rows: readonly string[] | null): void {
    this.changes++;
    const last = this.pending.at(-1);
    if (cells && last && !last.sent && last.seq === null && last.cells) {
      if (last.width === this.host.width) {
        for (const [index, glyph] of cells) last.cells.set(index, glyph);
        return;
      }
    }
    const { session, edit } = this.nextEdit();
    this.pending.push({
      session,
      edit,
      cells,
      rows,
      width: this.host.width,
      sent: false,
      seq: null,
    });
  }

  private take(session: string, edit: number): PendingEdit | undefined {
    const found = this.pending.find((p) => p.session === session && p.edit === edit);
    if (found) {
      this.pending = this.pending.filter((p) => p !== found);
      this.changes++;
    }
    return found;
  }

  /** `expected` again from the confirmed drawing and the pending edits; the page follows. */
  private rebuild(): void {
    let plane = this.confirmed!.copy();
    for (const p of this.pending) {
      if (p.rows) plane = Plane.ofRows(p.rows);
      else for (const [index, glyph] of p.cells!) plane.setFrom(index, p.width, glyph);
    }
    this.expected = plane;
    const { host } = this;
    if (host.width !== plane.width || host.height !== plane.height) {
      this.applying = true;
      try {
        host.applyRows(plane.rows());
      } finally {
        this.applying = false;
      }
      return;
    }
    const shown: [number, number, string][] = [];
    for (let row = 0; row < plane.height; row++) {
      for (let col = 0; col < plane.width; col++) {
        const glyph = plane.cells[row * plane.width + col];
        if (host.get(row, col) !== glyph) shown.push([row, col, glyph]);
      }
    }
    this.show(shown);
  }

  private show(cells: readonly (readonly [number, number, string])[]): void {
    if (cells.length === 0) return;
    this.applying = true;
    try {
      this.host.apply(cells);
    } finally {
      this.applying = false;
    }
  }
}
