// The document: the open level's grid, what it is saved as, and its history of commands
// (undo/redo), apart from any view. Tools change cells through a Stroke, one command when it
// ends; loading, pasting and resizing replace the grid as one command. Views subscribe:
// `onCells` hears each cell painted, and `subscribe` every finished change (a new revision).
import { type Anchor, type Edit, Grid, UndoStack } from './grid.js';
import {
  type Cell,
  type DocMeta,
  type LevelInfo,
  type LevelRows,
  NO_INFO,
  infoOf,
  sameInfo,
} from './level-meta.js';

export type { Cell };

type Listener = () => void;
type CellsListener = (cells: readonly Cell[] | 'all') => void;

/** The cells one tool gesture changes; `commit` makes them one undo step. */
export class Stroke {
  private readonly before = new Map<number, string>();
  private open = true;

  constructor(private readonly store: DocumentStore) {}

  /** Paints cells (outside the level: ignored); answers the cells that changed. */
  paint(cells: Iterable<Cell>, glyph: string): Cell[] {
    const changed: Cell[] = [];
    for (const { row, col } of cells) {
      if (this.set(row, col, glyph)) changed.push({ row, col });
    }
    if (changed.length > 0) this.store.cellsChanged(changed);
    return changed;
  }

  /** Writes a block of glyphs with its top-left cell at `at` (a paste or a move). */
  place(block: Grid, at: Cell): void {
    const changed: Cell[] = [];
    for (let row = 0; row < block.height; row++) {
      for (let col = 0; col < block.width; col++) {
        const r = at.row + row;
        const c = at.col + col;
        if (this.set(r, c, block.get(row, col))) changed.push({ row: r, col: c });
      }
    }
    if (changed.length > 0) this.store.cellsChanged(changed);
  }

  /** Puts every cell this stroke changed back as it was (a shape's preview moving on). */
  reset(): void {
    const grid = this.store.grid;
    const changed: Cell[] = [];
    for (const [index, glyph] of this.before) {
      const row = Math.floor(index / grid.width);
      const col = index - row * grid.width;
      if (grid.get(row, col) !== glyph) {
        this.store.setCell(row, col, glyph);
        changed.push({ row, col });
      }
    }
    this.before.clear();
    if (changed.length > 0) this.store.cellsChanged(changed);
  }

  get changed(): boolean {
    const grid = this.store.grid;
    for (const [index, glyph] of this.before) {
      if (grid.get(Math.floor(index / grid.width), index % grid.width) !== glyph) return true;
    }
    return false;
  }

  /** Ends the stroke: one command when a cell changed, nothing otherwise (a no-op click). */
  commit(): void {
    if (!this.open) return;
    this.open = false;
    const grid = this.store.grid;
    const cells: [number, number, string, string][] = [];
    for (const [index, before] of this.before) {
      const row = Math.floor(index / grid.width);
      const col = index - row * grid.width;
      const after = grid.get(row, col);
      if (after !== before) cells.push([row, col, before, after]);
    }
    this.store.strokeEnded(this, cells.length > 0 ? { kind: 'cells', cells } : null);
  }

  /** Ends the stroke leaving the level as it was. */
  cancel(): void {
    if (!this.open) return;
    this.reset();
    this.open = false;
    this.store.strokeEnded(this, null);
  }

  private set(row: number, col: number, glyph: string): boolean {
    const grid = this.store.grid;
    if (this.store.locked || !grid.inside(row, col)) return false;
    const current = grid.get(row, col);
    if (current === glyph) return false;
    const index = row * grid.width + col;
    if (!this.before.has(index)) this.before.set(index, current);
    this.store.setCell(row, col, glyph);
    return true;
  }
}

export class DocumentStore {
  grid: Grid;
  meta: DocMeta;
  /** Bumped by every finished change: views and the live check follow it. */
  revision = 0;
  /**
   * Play mode (play/play.ts): while set, nothing a person does changes the drawing (strokes
   * paint nothing; undo, redo, replace and resize do nothing). A level opened from the server
   * still replaces it (and ends play).
   */
  locked = false;
  /**
   * The name and tags to save with the level (saved with Save). Typing in the fields is not a
   * command; another version replacing the drawing brings its own, and undo gives the typed
   * ones back with the rows (docs/editor.md, "Nothing is lost").
   */
  info: LevelInfo = NO_INFO;
  private savedInfo: LevelInfo = NO_INFO;
  private readonly undoStack = new UndoStack();
  /** The cells as saved at meta.version (or as a new level began), and how many differ. */
  private saved: string[];
  private savedWidth: number;
  private differing = 0;
  private stroke: Stroke | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly cellListeners = new Set<CellsListener>();

  constructor(grid: Grid = Grid.blank(10, 8), meta: DocMeta = { id: 'untitled', version: 0 }) {
    this.grid = grid;
    this.meta = meta;
    this.saved = grid.cellsCopy();
    this.savedWidth = grid.width;
  }

  // --- reading -------------------------------------------------------------------------
  /** Unsaved changes: the drawing differs from what it was opened or saved as. */
  get dirty(): boolean {
    return (
      this.differing > 0 ||
      !sameInfo(this.info, this.savedInfo) ||
      this.grid.width !== this.savedWidth ||
      this.saved.length !== this.grid.width * this.grid.height
    );
  }

  get canUndo(): boolean {
    return this.undoStack.canUndo;
  }

  get canRedo(): boolean {
    return this.undoStack.canRedo;
  }

  /** A stroke is being drawn and has changed cells: answers shown describe another level. */
  get editing(): boolean {
    return this.stroke !== null && this.stroke.changed;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onCells(listener: CellsListener): () => void {
    this.cellListeners.add(listener);
    return () => this.cellListeners.delete(listener);
  }

  // --- strokes ---------------------------------------------------------------------------
  /** Starts a gesture; a stroke still open is finished first. */
  beginStroke(): Stroke {
    this.stroke?.commit();
    this.stroke = new Stroke(this);
    return this.stroke;
  }

  /** One command with a single stroke: paint these cells now. */
  paint(cells: Iterable<Cell>, glyph: string): void {
    const stroke = this.beginStroke();
    stroke.paint(cells, glyph);
    stroke.commit();
  }

  // --- whole-grid commands -------------------------------------------------------------------
  /**
   * Replaces the grid as one undoable command (a paste, a resize, another version); `info`:
   * the name and tags that come with it (another version's), undone with it.
   */
  replace(next: Grid, info?: LevelInfo): void {
    if (this.locked) return;
    this.push(next, info);
  }

  private push(next: Grid, info?: LevelInfo): void {
    this.stroke?.commit();
    const edit = { kind: 'replace', before: this.grid, after: next.clone() } as const;
    this.undoStack.push(info ? { ...edit, info: { before: this.info, after: info } } : edit);
    if (info) this.info = info;
    this.setGrid(next);
  }

  resize(width: number, height: number, anchor: Anchor): void {
    this.replace(this.grid.resized(width, height, anchor));
  }

  /**
   * Opens a level from the server. Another level starts a new history; the same level again
   * (someone else's version) is one undoable command, so the drawing stays one undo away.
   */
  open(level: LevelRows): string | null {
    const next = Grid.fromRows(level.rows);
    if (typeof next === 'string') return next;
    if (level.levelId === this.meta.id) this.push(next, infoOf(level));
    else {
      this.stroke?.cancel();
      this.undoStack.clear();
      this.setGrid(next);
    }
    this.markSaved({ id: level.levelId, version: level.version }, infoOf(level));
    return null;
  }

  /** A new level: floor with S and E, not saved, no history. */
  newLevel(width = 10, height = 8): void {
    this.stroke?.cancel();
    this.undoStack.clear();
    this.setGrid(Grid.blank(width, height));
    this.markSaved({ id: 'untitled', version: 0 }, NO_INFO);
  }

  /**
   * The drawing is what the server holds at `meta` now (saved, or just opened); `level`: the
   * name and tags it holds (as the server answered them), else those of the fields.
   */
  markSaved(meta: DocMeta, level?: LevelRows | LevelInfo): void {
    const info = !level ? this.info : 'levelId' in level ? infoOf(level) : level;
    this.info = info;
    this.savedInfo = info;
    this.meta = meta;
    this.saved = this.grid.cellsCopy();
    this.savedWidth = this.grid.width;
    this.differing = 0;
    this.emit();
  }

  /**
   * The server holds `level` at `meta` now (a save of the shared drawing, by anyone): the
   * drawing stays, what is unsaved is counted against its rows and name and tags.
   */
  rebase(meta: DocMeta, level: LevelRows): void {
    const saved = Grid.fromRows(level.rows);
    if (typeof saved === 'string') return;
    if (sameInfo(this.info, this.savedInfo)) this.info = infoOf(level);
    this.savedInfo = infoOf(level);
    this.meta = meta;
    this.saved = saved.cellsCopy();
    this.savedWidth = saved.width;
    this.recount();
    this.emit();
  }

  /**
   * Cells someone else drew (editing together): not a step of this page's undo history, and
   * drawn even in play mode. A whole-level step (a resize, a pasted level, another version)
   * can no longer be undone over them.
   */
  applyRemote(cells: readonly (readonly [row: number, col: number, glyph: string])[]): void {
    const changed: Cell[] = [];
    for (const [row, col, glyph] of cells) {
      if (!this.grid.inside(row, col) || this.grid.get(row, col) === glyph) continue;
      this.setCell(row, col, glyph);
      changed.push({ row, col });
    }
    if (changed.length === 0) return;
    this.undoStack.dropReplaces();
    this.cellsChanged(changed);
    this.emit();
  }

  /** The whole drawing as someone else made it (a resize, a pasted level): as applyRemote. */
  applyRemoteGrid(next: Grid): void {
    this.undoStack.dropReplaces();
    this.setGrid(next);
  }

  /** The level left the server (deleted): the drawing stays, as a level not saved yet. */
  markUnsaved(meta: DocMeta): void {
    this.meta = meta;
    this.saved = [];
    this.savedWidth = -1;
    this.emit();
  }

  /** The name and tags fields changed: heard by views, no new revision (nothing to check). */
  setInfo(info: LevelInfo): void {
    this.info = info;
    for (const listener of this.listeners) listener();
  }

  /** Renames the level before its first save (the id field). */
  setId(id: string): void {
    this.meta = { ...this.meta, id };
    this.emit();
  }

  undo(): void {
    if (this.locked) return;
    this.stroke?.commit();
    const edit = this.undoStack.undo();
    if (edit) this.applyEdit(edit, 'undo');
  }

  redo(): void {
    if (this.locked) return;
    this.stroke?.commit();
    const edit = this.undoStack.redo();
    if (edit) this.applyEdit(edit, 'redo');
  }

  // --- for Stroke ------------------------------------------------------------------------
  /** Sets one cell, keeping the count of cells that differ from the saved level. */
  setCell(row: number, col: number, glyph: string): void {
    const before = this.grid.get(row, col);
    this.grid.set(row, col, glyph);
    if (this.grid.width !== this.savedWidth) return;
    const saved = this.saved[row * this.grid.width + col];
    if (before === saved && glyph !== saved) this.differing++;
    else if (before !== saved && glyph === saved) this.differing--;
  }

  cellsChanged(cells: readonly Cell[] | 'all'): void {
    for (const listener of this.cellListeners) listener(cells);
  }

  strokeEnded(stroke: Stroke, edit: Edit | null): void {
    if (this.stroke === stroke) this.stroke = null;
    if (edit) {
      this.undoStack.push(edit);
      this.emit();
    } else {
      // Nothing changed: the answers shown still hold (a no-op click keeps the paths).
      for (const listener of this.listeners) listener();
    }
  }

  private applyEdit(edit: Edit, direction: 'undo' | 'redo'): void {
    if (edit.kind === 'replace') {
      if (edit.info) this.info = direction === 'undo' ? edit.info.before : edit.info.after;
      this.setGrid((direction === 'undo' ? edit.before : edit.after).clone());
      return;
    }
    // Only the cells still as this step left them: one someone else has painted since keeps
    // their glyph (undo undoes your own strokes only).
    const changed: Cell[] = [];
    for (const [row, col, before, after] of edit.cells) {
      const [from, to] = direction === 'undo' ? [after, before] : [before, after];
      if (this.grid.inside(row, col) && this.grid.get(row, col) === from) {
        this.setCell(row, col, to);
        changed.push({ row, col });
      }
    }
    this.cellsChanged(changed);
    this.emit();
  }

  private setGrid(next: Grid): void {
    this.grid = next;
    this.recount();
    this.cellsChanged('all');
    this.emit();
  }

  private recount(): void {
    this.differing = 0;
    if (
      this.grid.width !== this.savedWidth ||
      this.saved.length !== this.grid.width * this.grid.height
    )
      return;
    const { width } = this.grid;
    for (let i = 0; i < this.saved.length; i++) {
      if (this.grid.get(Math.floor(i / width), i % width) !== this.saved[i]) this.differing++;
    }
  }

  private emit(): void {
    this.revision++;
    for (const listener of this.listeners) listener();
  }
}
