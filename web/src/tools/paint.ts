// The painting tools: Brush (cells under the pointer), Rectangle and Line (a shape from the
// first cell to the last, shown as it is dragged), Fill (a 4-connected region of one glyph)
// and Pick (the eyedropper). Each gesture is one Stroke, so one undo step.
import { cellsBetween, rectangleCells, regionCells } from '../grid.js';
import type { Cell, Stroke } from '../store.js';
import type { Tool, ToolBox, ToolInput } from './tool.js';

export class Brush implements Tool {
  readonly id = 'brush';
  private stroke: Stroke | null = null;
  private last: Cell | null = null;
  private ink = '';

  get busy(): boolean {
    return this.stroke !== null;
  }

  down(box: ToolBox, input: ToolInput): void {
    this.stroke = box.store.beginStroke();
    this.ink = box.ink(input);
    this.last = input.cell;
    this.stroke.paint([input.cell], this.ink);
  }

  move(_box: ToolBox, input: ToolInput): void {
    if (!this.stroke || !this.last) return;
    if (this.last.row === input.cell.row && this.last.col === input.cell.col) return;
    // A fast drag skips cells between two events: paint the line between them.
    this.stroke.paint(cellsBetween(this.last, input.cell), this.ink);
    this.last = input.cell;
  }

  up(): void {
    this.stroke?.commit();
    this.stroke = null;
    this.last = null;
  }

  /** A second finger (a pinch) or a lost pointer: the cells go back as they were. */
  cancel(): void {
    this.stroke?.cancel();
    this.stroke = null;
    this.last = null;
  }

  activate(box: ToolBox, input: ToolInput): void {
    box.store.paint([input.cell], box.ink(input));
  }

  /** Shift+arrow paints the cell left and the one reached, as one step. */
  cursorMoved(box: ToolBox, input: ToolInput, from: Cell): void {
    if (input.shift) box.store.paint([from, input.cell], box.ink(input));
  }
}

/** Rectangle and Line: a shape between an anchor and the current cell. */
abstract class Shape implements Tool {
  abstract readonly id: 'rectangle' | 'line';
  private stroke: Stroke | null = null;
  private anchor: Cell | null = null;
  private ink = '';

  protected abstract cells(from: Cell, to: Cell, shift: boolean): Cell[];

  get busy(): boolean {
    return this.anchor !== null;
  }

  down(box: ToolBox, input: ToolInput): void {
    this.start(box, input);
  }

  move(_box: ToolBox, input: ToolInput): void {
    this.preview(input);
  }

  up(_box: ToolBox, input: ToolInput): void {
    this.preview(input);
    this.finish();
  }

  cancel(box: ToolBox): void {
    this.stroke?.cancel();
    this.stroke = null;
    this.anchor = null;
    box.marquee = null;
  }

  /** Keyboard: the first Space anchors the shape, the cursor stretches it, the second draws. */
  activate(box: ToolBox, input: ToolInput): void {
    if (!this.anchor) {
      this.start(box, input);
      box.marquee = {
        top: input.cell.row,
        left: input.cell.col,
        bottom: input.cell.row,
        right: input.cell.col,
      };
      box.changed();
      return;
    }
    this.preview(input);
    this.finish();
    box.marquee = null;
    box.changed();
  }

  cursorMoved(_box: ToolBox, input: ToolInput): void {
    this.preview(input);
  }

  private start(box: ToolBox, input: ToolInput): void {
    this.stroke = box.store.beginStroke();
    this.anchor = input.cell;
    this.ink = box.ink(input);
    this.stroke.paint([input.cell], this.ink);
  }

  private preview(input: ToolInput): void {
    if (!this.stroke || !this.anchor) return;
    this.stroke.reset();
    this.stroke.paint(this.cells(this.anchor, input.cell, input.shift), this.ink);
  }

  private finish(): void {
    this.stroke?.commit();
    this.stroke = null;
    this.anchor = null;
  }
}

export class Rectangle extends Shape {
  readonly id = 'rectangle';
  protected cells(from: Cell, to: Cell, shift: boolean): Cell[] {
    return rectangleCells(from, to, shift);
  }
}

export class Line extends Shape {
  readonly id = 'line';
  protected cells(from: Cell, to: Cell): Cell[] {
    return cellsBetween(from, to);
  }
}

export class Fill implements Tool {
  readonly id = 'fill';
  readonly busy = false;

  down(box: ToolBox, input: ToolInput): void {
    this.activate(box, input);
  }
  move(): void {}
  up(): void {}
  cancel(): void {}
  cursorMoved(): void {}

  activate(box: ToolBox, input: ToolInput): void {
    const { store } = box;
    if (!store.grid.inside(input.cell.row, input.cell.col)) return;
    store.paint(regionCells(store.grid, input.cell), box.ink(input));
  }
}

export class Pick implements Tool {
  readonly id = 'pick';
  readonly busy = false;

  down(box: ToolBox, input: ToolInput): void {
    this.activate(box, input);
  }
  move(): void {}
  up(): void {}
  cancel(): void {}
  cursorMoved(): void {}

  activate(box: ToolBox, input: ToolInput): void {
    const { grid } = box.store;
    if (grid.inside(input.cell.row, input.cell.col))
      box.picked(grid.get(input.cell.row, input.cell.col));
  }
}
