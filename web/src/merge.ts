// Merging two versions of a level cell by cell, apart from any view: the cells where my
// drawing and theirs differ (their overlap, when the sizes differ), which of them is current,
// and choices that change the drawing in the document store, one undo step each. What each
// differing cell holds now (mine, theirs, something else) is read from the drawing, so undo
// and redo need no state here.
import { request } from './api.js';
import { OpenLevelDocument } from './gql/graphql.js';
import { Grid } from './grid.js';
import type { LevelRows } from './level-meta.js';
import type { Cell, DocumentStore } from './store.js';
import type { Conflict, Writer } from './writes.js';

/** A version of a level from the server (null: its current one); null: none. */
export type ReadVersion = (id: string, version: number | null) => Promise<LevelRows | null>;

const readVersion: ReadVersion = async (id, version) =>
  (await request(OpenLevelDocument, { id, version })).level ?? null;

/** The cells of the overlap where two grids differ, row by row. */
export interface Diff {
  readonly cells: readonly Cell[];
  /** Over the overlap (width x height): a differing cell's index in `cells` plus one, else 0. */
  readonly mask: Int32Array;
  readonly width: number;
  readonly height: number;
  readonly sameSize: boolean;
}

export function diffGrids(mine: Grid, theirs: Grid): Diff {
  const width = Math.min(mine.width, theirs.width);
  const height = Math.min(mine.height, theirs.height);
  const mask = new Int32Array(width * height);
  const cells: Cell[] = [];
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      if (mine.get(row, col) !== theirs.get(row, col)) {
        cells.push({ row, col });
        mask[row * width + col] = cells.length;
      }
    }
  }
  const sameSize = mine.width === theirs.width && mine.height === theirs.height;
  return { cells, mask, width, height, sameSize };
}

/** A differing cell's index in diff.cells, or -1. */
export function diffIndex(diff: Diff, { row, col }: Cell): number {
  if (row < 0 || col < 0 || row >= diff.height || col >= diff.width) return -1;
  return diff.mask[row * diff.width + col] - 1;
}

export type Side = 'mine' | 'theirs' | 'edited';

/** What a differing cell of `grid` holds now: my glyph, theirs, or another (drawn since). */
export function sideOf(grid: Grid, mine: Grid, theirs: Grid, { row, col }: Cell): Side {
  if (!grid.inside(row, col)) return 'edited';
  const glyph = grid.get(row, col);
  return glyph === theirs.get(row, col)
    ? 'theirs'
    : glyph === mine.get(row, col)
      ? 'mine'
      : 'edited';
}

/**
 * `grid` with every differing cell taken from `from` (mine or theirs); a grid of another size
 * than `from` becomes `from` whole (the sizes differed: taking one side takes its size).
 */
export function chooseAll(grid: Grid, diff: Diff, from: Grid): Grid {
  if (grid.width !== from.width || grid.height !== from.height) return from.clone();
  const next = grid.clone();
  for (const { row, col } of diff.cells) next.set(row, col, from.get(row, col));
  return next;
}

/** A merge under way: mine as it was when it began, theirs, and the difference shown. */
export interface MergeSession {
  readonly id: string;
  /** Their version's number (a conflict: the level's current one). */
  readonly version: number;
  /** 'conflict': a save was refused; 'compare': another version asked for over my changes. */
  readonly origin: 'conflict' | 'compare';
  readonly mine: Grid;
  readonly theirs: Grid;
  readonly diff: Diff;
  /** The current difference's index in diff.cells (-1: none). */
  readonly current: number;
  /** Bumped when the view should centre on the current difference. */
  readonly focus: number;
  /** The store's version when the merge began: another one (saved, loaded) ends it. */
  readonly base: number;
}

/** What the grid draws of a merge (render/diff.ts). */
export interface MergeMarks {
  readonly session: MergeSession;
  readonly grid: Grid;
}

export class Merge {
  session: MergeSession | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: DocumentStore,
    private readonly writer: Writer,
    private readonly problem: (message: string) => void = () => {},
    private readonly read: ReadVersion = readVersion,
  ) {
    this.follow();
    store.subscribe(() => {
      const session = this.session;
      if (!session) return;
      const { id, version } = store.meta;
      if (id !== session.id || version !== session.base) this.end();
      // Another revision (a choice, undo, a stroke): what the marks show changed.
      else this.emit();
    });
  }

  /**
   * A save refused for a conflict begins a merge with their version; the conflict answered
   * (Keep mine, Take theirs, Decide later, a save) ends it.
   */
  private follow(): void {
    const { writer } = this;
    let seen: Conflict | null = null;
    writer.subscribe(() => {
      const { busy, conflict } = writer.state;
      if (busy || conflict === seen) return;
      seen = conflict;
      if (conflict?.intent.kind === 'save' && conflict.theirs)
        this.start(conflict.theirs, 'conflict');
      else if (this.session?.origin === 'conflict') this.end();
    });
  }

  /** Merges the drawing with another version of the open level (null: its current one). */
  async compare(version: number | null): Promise<void> {
    const { id } = this.store.meta;
    try {
      const level = await this.read(id, version);
      const refused = level ? this.start(level, 'compare') : `no version ${version} of ${id}`;
      if (refused) this.problem(`cannot compare: ${refused}`);
    } catch (error) {
      this.problem(error instanceof Error ? error.message : String(error));
    }
  }

  /** Save merged: the drawing, expecting the version merged with (a conflict: theirs). */
  save(): void {
    const session = this.session;
    if (session) void this.writer.run({ kind: 'save', id: session.id }, this.expected);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Begins merging the drawing with `theirs`; answers null, or why it cannot. */
  start(theirs: LevelRows, origin: MergeSession['origin']): string | null {
    const other = Grid.fromRows(theirs.rows);
    if (typeof other === 'string') return other;
    const mine = this.store.grid.clone();
    const diff = diffGrids(mine, other);
    this.session = {
      id: theirs.levelId,
      version: theirs.version,
      origin,
      mine,
      theirs: other,
      diff,
      current: diff.cells.length > 0 ? 0 : -1,
      focus: 1,
      base: this.store.meta.version,
    };
    this.emit();
    return null;
  }

  end(): void {
    if (!this.session) return;
    this.session = null;
    this.emit();
  }

  /** The version a merged save expects: theirs, or mine when theirs is older (an old version). */
  get expected(): number {
    return Math.max(this.session?.version ?? 0, this.store.meta.version);
  }

  /** The marks the grid draws, or none. */
  marks(): MergeMarks | null {
    return this.session && { session: this.session, grid: this.store.grid };
  }

  /** The current difference's cell, and what it holds in each version and now. */
  currentCell(): { cell: Cell; mine: string; theirs: string; side: Side } | null {
    const session = this.session;
    const cell = session?.diff.cells[session.current];
    if (!session || !cell) return null;
    return {
      cell,
      mine: session.mine.get(cell.row, cell.col),
      theirs: session.theirs.get(cell.row, cell.col),
      side: sideOf(this.store.grid, session.mine, session.theirs, cell),
    };
  }

  /** How many differing cells hold theirs now. */
  taken(): number {
    const session = this.session;
    if (!session) return 0;
    let count = 0;
    for (const cell of session.diff.cells) {
      if (sideOf(this.store.grid, session.mine, session.theirs, cell) === 'theirs') count++;
    }
    return count;
  }

  /** The next (1) or previous (-1) difference, round the end; the view centres on it. */
  step(direction: 1 | -1): void {
    const session = this.session;
    const count = session?.diff.cells.length ?? 0;
    if (!session || count === 0) return;
    this.go((session.current + direction + count) % count);
  }

  /** A differing cell (a click on a marked cell) becomes the current one; answers whether it was one. */
  select(cell: Cell): boolean {
    const index = this.session ? diffIndex(this.session.diff, cell) : -1;
    if (index < 0) return false;
    this.go(index, false);
    return true;
  }

  /** The current difference takes their glyph (one undo step). */
  takeTheirsHere(): void {
    this.chooseHere('theirs');
  }

  /** The current difference keeps (or gets back) my glyph (one undo step). */
  keepMineHere(): void {
    this.chooseHere('mine');
  }

  takeAllTheirs(): void {
    this.chooseAll('theirs');
  }

  keepAllMine(): void {
    this.chooseAll('mine');
  }

  private chooseHere(side: 'mine' | 'theirs'): void {
    const session = this.session;
    const at = this.currentCell();
    if (!session || !at) return;
    const glyph = side === 'mine' ? at.mine : at.theirs;
    if (this.store.grid.inside(at.cell.row, at.cell.col)) this.store.paint([at.cell], glyph);
  }

  private chooseAll(side: 'mine' | 'theirs'): void {
    const session = this.session;
    if (!session) return;
    const from = side === 'mine' ? session.mine : session.theirs;
    const next = chooseAll(this.store.grid, session.diff, from);
    if (next.rows().join('\n') !== this.store.grid.rows().join('\n')) this.store.replace(next);
  }

  private go(current: number, centre = true): void {
    const session = this.session;
    if (!session) return;
    this.session = { ...session, current, focus: centre ? session.focus + 1 : session.focus };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
