// Select: a drag always starts a new box, as Tiled's Rectangular Select does (one started
// inside an old selection too); Ctrl+drag (or Cmd+drag) inside the selection moves its cells
// (the cells they leave become floor). Copy, cut, paste and delete act on it (commands.ts). A block copied is kept here and on
// the system clipboard as ASCII rows, so it can be pasted into another level, another tab, or
// a text editor, and ASCII from anywhere pastes as a block.
import { type Box, Grid, boxOf, inBox } from '../grid.js';
import type { Cell, Stroke } from '../store.js';
import { FLOOR, type Tool, type ToolBox, type ToolInput } from './tool.js';

export class Select implements Tool {
  readonly id = 'select';
  /** Idle, dragging a box out from `anchor`, or moving the selected block from `grab`. */
  private state:
    | { readonly kind: 'idle' }
    | { readonly kind: 'boxing'; readonly anchor: Cell; moved: boolean }
    | {
        readonly kind: 'moving';
        readonly grab: Cell;
        readonly from: Box;
        readonly block: Grid;
        readonly stroke: Stroke;
      } = { kind: 'idle' };

  get busy(): boolean {
    return this.state.kind !== 'idle';
  }

  down(box: ToolBox, input: ToolInput): void {
    if (input.ctrl && box.selection && inBox(box.selection, input.cell)) {
      const from = box.selection;
      const block = box.store.grid.block(from);
      this.state = {
        kind: 'moving',
        grab: input.cell,
        from,
        block,
        stroke: box.store.beginStroke(),
      };
      return;
    }
    this.state = { kind: 'boxing', anchor: input.cell, moved: false };
    box.marquee = boxOf(input.cell, input.cell);
    box.changed();
  }

  move(box: ToolBox, input: ToolInput): void {
    const state = this.state;
    if (state.kind === 'boxing') {
      const next = clip(box, boxOf(state.anchor, input.cell));
      if (!sameBox(next, box.marquee)) {
        state.moved = true;
        box.marquee = next;
        box.changed();
      }
    } else if (state.kind === 'moving') {
      const dRow = input.cell.row - state.grab.row;
      const dCol = input.cell.col - state.grab.col;
      const to = shifted(state.from, dRow, dCol);
      if (sameBox(to, box.selection)) return;
      state.stroke.reset();
      state.stroke.paint(cellsOf(state.from), FLOOR);
      state.stroke.place(state.block, { row: to.top, col: to.left });
      box.selection = to;
      box.changed();
    }
  }

  up(box: ToolBox, input: ToolInput): void {
    this.move(box, input);
    const state = this.state;
    this.state = { kind: 'idle' };
    if (state.kind === 'boxing') {
      // A click without a drag clears the selection.
      box.selection = state.moved ? box.marquee : null;
      box.marquee = null;
      box.changed();
    } else if (state.kind === 'moving') {
      state.stroke.commit();
      box.selection = clip(box, box.selection!);
      box.changed();
    }
  }

  cancel(box: ToolBox): void {
    const state = this.state;
    this.state = { kind: 'idle' };
    if (state.kind === 'moving') {
      state.stroke.cancel();
      box.selection = state.from;
    }
    box.marquee = null;
    box.changed();
  }

  /** Keyboard: the first Space anchors a box at the cursor, the second fixes it. */
  activate(box: ToolBox, input: ToolInput): void {
    const state = this.state;
    if (state.kind === 'boxing') {
      box.selection = box.marquee;
      box.marquee = null;
      this.state = { kind: 'idle' };
    } else {
      this.state = { kind: 'boxing', anchor: input.cell, moved: true };
      box.marquee = boxOf(input.cell, input.cell);
    }
    box.changed();
  }

  cursorMoved(box: ToolBox, input: ToolInput): void {
    if (this.state.kind === 'boxing') this.move(box, input);
  }
}

// --- the commands on a selection (commands.ts) ------------------------------------------

/** The last block copied here, kept across levels opened in this page. */
let copied: Grid | null = null;

/** The selection as ASCII rows (a newline after each), kept for pasting; null: none. */
export function copySelection(box: ToolBox): string | null {
  if (!box.selection) return null;
  copied = box.store.grid.block(box.selection);
  return copied.text();
}

/** Copies the selection and clears it to floor (one undo step). */
export function cutSelection(box: ToolBox): string | null {
  const text = copySelection(box);
  if (text !== null) deleteSelection(box);
  return text;
}

function deleteSelection(box: ToolBox): void {
  if (box.selection) box.store.paint(cellsOf(box.selection), FLOOR);
}

/**
 * Pastes a block with its top-left cell at the paste target (under the pointer, or the
 * keyboard cursor), as one undo step, and selects it. `text`: ASCII from the system clipboard
 * (any rectangle of rows); without it, the block copied last in this page. Answers why not.
 */
export function paste(box: ToolBox, text?: string): string | null {
  let block = copied;
  if (text !== undefined && text.trim() !== '') {
    const parsed = Grid.fromText(text);
    if (typeof parsed === 'string') return `cannot paste that text: ${parsed}`;
    block = parsed;
  }
  if (!block) return 'nothing to paste: select cells and copy them first';
  const at = box.target;
  const stroke = box.store.beginStroke();
  stroke.place(block, at);
  stroke.commit();
  if (box.toolId !== 'select') box.choose('select');
  box.selection = clip(box, {
    top: at.row,
    left: at.col,
    bottom: at.row + block.height - 1,
    right: at.col + block.width - 1,
  });
  box.changed();
  return null;
}

export function cellsOf(box: Box): Cell[] {
  const cells: Cell[] = [];
  for (let row = box.top; row <= box.bottom; row++) {
    for (let col = box.left; col <= box.right; col++) cells.push({ row, col });
  }
  return cells;
}

function shifted(box: Box, dRow: number, dCol: number): Box {
  return {
    top: box.top + dRow,
    left: box.left + dCol,
    bottom: box.bottom + dRow,
    right: box.right + dCol,
  };
}

function sameBox(a: Box | null, b: Box | null): boolean {
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

/** The part of a box inside the level. */
function clip(box: ToolBox, b: Box): Box {
  const { grid } = box.store;
  return {
    top: Math.max(0, b.top),
    left: Math.max(0, b.left),
    bottom: Math.min(grid.height - 1, b.bottom),
    right: Math.min(grid.width - 1, b.right),
  };
}
