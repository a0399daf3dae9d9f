// A level being drawn: a rectangle of glyphs, one string per cell (levels are ASCII, but a
// pasted row may hold any character: columns count code points like the server's).

export class Grid {
  private constructor(
    readonly width: number,
    readonly height: number,
    private readonly cells: string[],
  ) {}

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
    this.cells[row * this.width + col] = glyph;
  }

  inside(row: number, col: number): boolean {
    return row >= 0 && col >= 0 && row < this.height && col < this.width;
  }

  rows(): string[] {
    const rows: string[] = [];
    for (let row = 0; row < this.height; row++) {
      rows.push(this.cells.slice(row * this.width, (row + 1) * this.width).join(''));
    }
    return rows;
  }

  text(): string {
    return this.rows().join('\n') + '\n';
  }

  clone(): Grid {
    return new Grid(this.width, this.height, this.cells.slice());
  }

  /** The same level cut or grown from the top-left corner; new cells are floor. */
  resized(width: number, height: number): Grid {
    const next = Grid.filled(width, height);
    for (let row = 0; row < Math.min(height, this.height); row++) {
      for (let col = 0; col < Math.min(width, this.width); col++) {
        next.set(row, col, this.get(row, col));
      }
    }
    return next;
  }
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
  | { readonly kind: 'replace'; readonly before: Grid; readonly after: Grid };

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
