// Select: a drag always starts a new box, as Tiled's Rectangular Select does (one started
// inside an old selection too); Ctrl+drag (or Cmd+drag) inside the selection moves its cells
// (the cells they leave become floor). Copy, cut, paste and delete act on the selection
// (clipboard.ts, commands.ts).
import { type Box, Grid, boxOf, clipBox, inBox, sameBox } from '../grid.js';
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
      const next = clipBox(boxOf(state.anchor, input.cell), box.store.grid);
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
      box.selection = clipBox(box.selection!, box.store.grid);
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
