// Tools as objects (tldraw's idea): each takes the pointer's and the keyboard cursor's input
// and changes the document through a Stroke, one undo step per gesture. A tool keeps its own
// gesture state (idle, dragging, anchored); the ToolBox holds what tools share: the current
// tool and glyph, the selection, the box being dragged out, and where the pointer is.
import type { Box } from '../grid.js';
import type { Cell, DocumentStore } from '../store.js';

/** A tool's input: the cell and what was held. */
export interface ToolInput {
  readonly cell: Cell;
  readonly shift: boolean;
  /** Paint floor instead of the current glyph (the right button: the eraser). */
  readonly erase: boolean;
  /** Ctrl (or Cmd) held: Select moves the selection instead of starting a new box. */
  readonly ctrl?: boolean;
}

export const TOOL_IDS = ['brush', 'rectangle', 'line', 'fill', 'pick', 'select'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/** Each tool's button name (its accessible name, exactly), key and what it does. */
export const TOOL_INFO: Readonly<
  Record<ToolId, { readonly name: string; readonly key: string; readonly help: string }>
> = {
  brush: { name: 'Brush', key: 'n', help: 'paint the cells dragged over' },
  rectangle: { name: 'Rectangle', key: 'u', help: 'drag a rectangle outline (Shift: filled)' },
  line: { name: 'Line', key: 'l', help: 'drag a straight line' },
  fill: { name: 'Fill', key: 'f', help: 'paint the 4-connected region of one glyph' },
  pick: { name: 'Pick', key: 'i', help: 'the glyph under the pointer becomes the current one' },
  select: {
    name: 'Select',
    key: 'm',
    help: 'drag a box (always a new one); hold Ctrl and drag inside it to move it',
  },
};

export interface Tool {
  readonly id: ToolId;
  down(box: ToolBox, input: ToolInput): void;
  move(box: ToolBox, input: ToolInput): void;
  up(box: ToolBox, input: ToolInput): void;
  /** Escape, a lost pointer, another tool chosen: the gesture ends with nothing changed. */
  cancel(box: ToolBox): void;
  /** Space or Enter at the keyboard cursor. */
  activate(box: ToolBox, input: ToolInput): void;
  /** The keyboard cursor moved (Shift: with Shift held). */
  cursorMoved(box: ToolBox, input: ToolInput, from: Cell): void;
  /** Whether a gesture is under way (a shape anchored, a box being dragged). */
  readonly busy: boolean;
}

export const FLOOR = '.';

type Listener = () => void;

/** What the tools share, outside any view; views subscribe to redraw. */
export class ToolBox {
  toolId: ToolId = 'brush';
  glyph = '#';
  /** The selected box of cells (Select), or none. */
  selection: Box | null = null;
  /** A box being dragged out (Select), or an anchored shape's extent: drawn dashed. */
  marquee: Box | null = null;
  /** The cell under the pointer while it is over the grid; paste goes there. */
  pointerCell: Cell | null = null;
  /** The keyboard cursor. */
  cursor: Cell = { row: 0, col: 0 };
  private previousTool: ToolId = 'brush';
  private readonly listeners = new Set<Listener>();

  constructor(
    readonly store: DocumentStore,
    readonly tools: Readonly<Record<ToolId, Tool>>,
  ) {}

  get tool(): Tool {
    return this.tools[this.toolId];
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    for (const listener of this.listeners) listener();
  }

  choose(id: ToolId): void {
    if (id === this.toolId) return;
    this.tool.cancel(this);
    if (id === 'pick') this.previousTool = this.toolId;
    this.toolId = id;
    if (id !== 'select') this.selection = null;
    this.marquee = null;
    this.changed();
  }

  /** A glyph from the palette or its key; picking a glyph while selecting starts painting. */
  chooseGlyph(glyph: string): void {
    this.glyph = glyph;
    if (this.toolId === 'select' || this.toolId === 'pick') this.choose('brush');
    this.changed();
  }

  /** Pick took a glyph: it is current, and the tool used before Pick comes back. */
  picked(glyph: string): void {
    this.glyph = glyph;
    this.toolId = this.previousTool === 'pick' ? 'brush' : this.previousTool;
    this.changed();
  }

  /** The glyph a gesture paints. */
  ink(input: ToolInput): string {
    return input.erase ? FLOOR : this.glyph;
  }

  /** The paste target: the cell under the pointer, or the keyboard cursor. */
  get target(): Cell {
    return this.pointerCell ?? this.cursor;
  }

  /** The keyboard cursor moves (clamped to the level); the tool hears of it. */
  moveCursor(dRow: number, dCol: number, shift: boolean): void {
    const from = this.clampCursor();
    const { grid } = this.store;
    const cell = {
      row: Math.max(0, Math.min(grid.height - 1, from.row + dRow)),
      col: Math.max(0, Math.min(grid.width - 1, from.col + dCol)),
    };
    this.cursor = cell;
    this.tool.cursorMoved(this, { cell, shift, erase: false }, from);
    this.changed();
  }

  /** Space or Enter: the tool at the keyboard cursor. */
  activate(shift: boolean): void {
    this.tool.activate(this, { cell: this.clampCursor(), shift, erase: false });
    this.changed();
  }

  /** Delete: the selection, or else the cursor's cell, becomes floor. */
  erase(): void {
    const cells: Cell[] = [];
    const box = this.selection;
    if (box) {
      for (let row = box.top; row <= box.bottom; row++) {
        for (let col = box.left; col <= box.right; col++) cells.push({ row, col });
      }
    } else cells.push(this.clampCursor());
    this.store.paint(cells, FLOOR);
  }

  /** Escape: the gesture under way is dropped, else the selection. */
  escape(): void {
    if (this.tool.busy) this.tool.cancel(this);
    else this.selection = null;
    this.marquee = null;
    this.changed();
  }

  /** The cursor kept inside the level (after a resize or another level). */
  clampCursor(): Cell {
    const { grid } = this.store;
    this.cursor = {
      row: Math.max(0, Math.min(grid.height - 1, this.cursor.row)),
      col: Math.max(0, Math.min(grid.width - 1, this.cursor.col)),
    };
    return this.cursor;
  }
}
