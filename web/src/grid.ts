// A level being drawn: a rectangle of glyphs, one string per cell (levels are ASCII, but a
// pasted row may hold any character: columns count code points like the server's).

export class Grid {
  /**
   * Each row's text as rows() last built it, undefined once a cell of it changed: the live
   * check asks for the rows after every stroke, and rebuilding the 300 rows of a 300x300 level
   * took the check's task 2-4 ms (most of it) and 0.7 MB of garbage a stroke; a stroke
   * changes a few rows.
   */
  private readonly rowTexts: (string | undefined)[];

  private constructor(
    readonly width: number,
    readonly height: number,
    private readonly cells: string[],
    rowTexts?: readonly (string | undefined)[],
  ) {
    this.rowTexts = rowTexts ? rowTexts.slice() : new Array<string | undefined>(height);
  }

  static filled(width: number, height: number, glyph = '.'): Grid {
    return new Grid(width, height, new Array<string>(width * height).fill(glyph));
  }

  /** A new level: floor with S top left and E bottom right. */
  static blank(width: number, height: number): Grid {
    const grid = Grid.filled(width, height);
    grid.set(0, 0, 'S');
    grid.set(height - 1, width - 1, 'E');
    return grid;
  }

  /** Rows of equal length (in code points); anything else is refused with the reason. */
  static fromRows(rows: readonly string[]): Grid | string {
    const split = rows.map((row) => Array.from(row));
    const width = split[0]?.length ?? 0;
    if (split.length === 0 || width === 0) return 'the level is empty';
    const uneven = split.findIndex((row) => row.length !== width);
    if (uneven >= 0) {
      return `row ${uneven} has ${split[uneven].length} characters, row 0 has ${width}`;
    }
    return new Grid(width, split.length, split.flat());
  }

  /** ASCII text as pasted: CRLF or LF lines, blank lines around it ignored. */
  static fromText(text: string): Grid | string {
    const lines = text.replace(/\r\n?/g, '\n').split('\n');
    while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
    while (lines.length > 0 && lines[0].trim() === '') lines.shift();
    return Grid.fromRows(lines.map((line) => line.replace(/\s+$/, '')));
  }

  get(row: number, col: number): string {
    return this.cells[row * this.width + col];
  }

  set(row: number, col: number, glyph: string): void {
    const at = row * this.width + col;
    if (this.cells[at] === glyph) return;
    this.cells[at] = glyph;
    this.rowTexts[row] = undefined;
  }

  inside(row: number, col: number): boolean {
    return row >= 0 && col >= 0 && row < this.height && col < this.width;
  }

  rows(): string[] {
    const rows: string[] = [];
    for (let row = 0; row < this.height; row++) {
      let text = this.rowTexts[row];
      if (text === undefined) {
        text = this.cells.slice(row * this.width, (row + 1) * this.width).join('');
        this.rowTexts[row] = text;
      }
      rows.push(text);
    }
    return rows;
  }

  text(): string {
    return this.rows().join('\n') + '\n';
  }

  clone(): Grid {
    return new Grid(this.width, this.height, this.cells.slice(), this.rowTexts);
  }

  /**
   * The same level cut or grown to width x height, kept in place at `anchor` (the side or
   * corner that stays put: 'top-left' keeps row 0 and column 0); new cells are floor.
   */
  resized(width: number, height: number, anchor: Anchor = 'top-left'): Grid {
    const next = Grid.filled(width, height);
    const [vertical, horizontal] = anchorParts(anchor);
    const dRow = shift(vertical, height - this.height);
    const dCol = shift(horizontal, width - this.width);
    for (let row = 0; row < this.height; row++) {
      for (let col = 0; col < this.width; col++) {
        if (next.inside(row + dRow, col + dCol))
          next.set(row + dRow, col + dCol, this.get(row, col));
      }
    }
    return next;
  }

  /** The cells of a rectangle (corners included, clipped to the level) as a new grid. */
  block(box: Box): Grid {
    const out = Grid.filled(box.right - box.left + 1, box.bottom - box.top + 1);
    for (let row = box.top; row <= box.bottom; row++) {
      for (let col = box.left; col <= box.right; col++)
        out.set(row - box.top, col - box.left, this.get(row, col));
    }
    return out;
  }

  /** Cells of this grid, differing or not, as one flat array (for the store's saved copy). */
  cellsCopy(): string[] {
    return this.cells.slice();
  }
}

/** Where a resize keeps the level: one of 9 positions. */
export const ANCHORS = [
  'top-left',
  'top',
  'top-right',
  'left',
  'centre',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export type Anchor = (typeof ANCHORS)[number];

function anchorParts(anchor: Anchor): ['start' | 'middle' | 'end', 'start' | 'middle' | 'end'] {
  const index = ANCHORS.indexOf(anchor);
  const part = (n: number) => (n === 0 ? 'start' : n === 1 ? 'middle' : 'end');
  return [part(Math.floor(index / 3)), part(index % 3)];
}

/** How far the old cells move when a side grows by `growth` (negative: shrinks). */
function shift(part: 'start' | 'middle' | 'end', growth: number): number {
  if (part === 'start') return 0;
  if (part === 'end') return growth;
  return Math.trunc(growth / 2);
}

/** A rectangle of cells, both corners included. */
export interface Box {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

export function boxOf(a: CellAt, b: CellAt): Box {
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.col, b.col),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.col, b.col),
  };
}

export function inBox(box: Box, { row, col }: CellAt): boolean {
  return row >= box.top && row <= box.bottom && col >= box.left && col <= box.right;
}

type CellAt = { readonly row: number; readonly col: number };

export function sameBox(a: Box | null, b: Box | null): boolean {
  return (
    a === b ||
    (!!a &&
      !!b &&
      a.top === b.top &&
      a.left === b.left &&
      a.bottom === b.bottom &&
      a.right === b.right)
  );
}

/** The part of a box inside a level of that width and height. */
export function clipBox(b: Box, { width, height }: { width: number; height: number }): Box {
  return {
    top: Math.max(0, b.top),
    left: Math.max(0, b.left),
    bottom: Math.min(height - 1, b.bottom),
    right: Math.min(width - 1, b.right),
  };
}

/** The cells of a rectangle from a to b: its outline, or all of it when `filled`. */
export function rectangleCells(a: CellAt, b: CellAt, filled: boolean): CellAt[] {
  const { top, left, bottom, right } = boxOf(a, b);
  const cells: CellAt[] = [];
  for (let row = top; row <= bottom; row++) {
    for (let col = left; col <= right; col++) {
      if (filled || row === top || row === bottom || col === left || col === right) {
        cells.push({ row, col });
      }
    }
  }
  return cells;
}

/** The 4-connected region of cells with the same glyph as `start` (flood fill). */
export function regionCells(grid: Grid, start: CellAt): CellAt[] {
  if (!grid.inside(start.row, start.col)) return [];
  const glyph = grid.get(start.row, start.col);
  const seen = new Uint8Array(grid.width * grid.height);
  const stack = [start.row * grid.width + start.col];
  seen[stack[0]] = 1;
  const cells: CellAt[] = [];
  while (stack.length > 0) {
    const index = stack.pop()!;
    const row = Math.floor(index / grid.width);
    const col = index - row * grid.width;
    cells.push({ row, col });
    const visit = (r: number, c: number) => {
      if (!grid.inside(r, c)) return;
      const next = r * grid.width + c;
      if (seen[next] || grid.get(r, c) !== glyph) return;
      seen[next] = 1;
      stack.push(next);
    };
    visit(row - 1, col);
    visit(row, col + 1);
    visit(row + 1, col);
    visit(row, col - 1);
  }
  return cells;
}

/** One undoable change: cells painted by one stroke, or the whole grid replaced. */
export type Edit =
  | {
      readonly kind: 'cells';
      readonly cells: readonly (readonly [
        row: number,
        col: number,
        before: string,
        after: string,
      ])[];
    }
  | {
      readonly kind: 'replace';
      readonly before: Grid;
      readonly after: Grid;
      /** Another version's name and tags came with its rows (store.ts): undone with them. */
      readonly info?: { readonly before: NameTags; readonly after: NameTags };
    };

/** A level's name and tags as the fields hold them (store.ts, LevelInfo). */
export interface NameTags {
  readonly name: string;
  readonly tags: string;
}

/** Undo and redo over edits; the grid lives outside it, edits are applied by the caller. */
export class UndoStack {
  private done: Edit[] = [];
  private undone: Edit[] = [];

  constructor(private readonly limit = 200) {}

  push(edit: Edit): void {
    this.done.push(edit);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  undo(): Edit | undefined {
    const edit = this.done.pop();
    if (edit) this.undone.push(edit);
    return edit;
  }

  redo(): Edit | undefined {
    const edit = this.undone.pop();
    if (edit) this.done.push(edit);
    return edit;
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }

  /** Forgets the whole-level steps (someone else drew over them: undoing one would undo theirs). */
  dropReplaces(): void {
    this.done = this.done.filter((edit) => edit.kind !== 'replace');
    this.undone = this.undone.filter((edit) => edit.kind !== 'replace');
  }
}

/** The cells on a straight line from a to b, both included (Bresenham): a fast drag's gaps. */
export function cellsBetween(
  a: { readonly row: number; readonly col: number },
  b: { readonly row: number; readonly col: number },
): { row: number; col: number }[] {
  const cells: { row: number; col: number }[] = [];
  let { row, col } = a;
  const dRow = Math.abs(b.row - row);
  const dCol = Math.abs(b.col - col);
  const sRow = row < b.row ? 1 : -1;
  const sCol = col < b.col ? 1 : -1;
  let err = dCol - dRow;
  for (;;) {
    cells.push({ row, col });
    if (row === b.row && col === b.col) return cells;
    const e2 = 2 * err;
    if (e2 > -dRow) {
      err -= dRow;
      col += sCol;
    }
    if (e2 < dCol) {
      err += dCol;
      row += sRow;
    }
  }
}
