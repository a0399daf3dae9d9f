// The others editing the level, drawn over everything: each one's selection as a box and the
// cell under their pointer as a ring, in their colour, with their name beside it.
import { type View, cellBox } from './view.js';

export interface PersonMark {
  readonly name: string;
  readonly colour: string;
  readonly pointer: { readonly row: number; readonly col: number } | null;
  readonly selection: {
    readonly top: number;
    readonly left: number;
    readonly bottom: number;
    readonly right: number;
  } | null;
}

export function drawPeople(
  ctx: CanvasRenderingContext2D,
  view: View,
  people: readonly PersonMark[],
): void {
  const { cell } = view;
  ctx.save();
  for (const { name, colour, pointer, selection } of people) {
    ctx.strokeStyle = colour;
    if (selection) {
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 3]);
      const rows = selection.bottom - selection.top + 1;
      const cols = selection.right - selection.left + 1;
      const { x, y, w, h } = cellBox(view, selection.top, selection.left, rows, cols);
      ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
      ctx.setLineDash([]);
    }
    if (!pointer) continue;
    const { x, y, w, h } = cellBox(view, pointer.row, pointer.col);
    // A ring a little bigger than the cell (a cell of a few pixels is easy to miss) that
    // leaves the cell's middle as it is.
    const size = Math.max(cell, 10);
    const line = Math.max(2, Math.min(4, cell * 0.1));
    ctx.lineWidth = line;
    ctx.strokeRect(
      x + (w - size) / 2 - line / 2,
      y + (h - size) / 2 - line / 2,
      size + line,
      size + line,
    );
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    const label = name.length > 16 ? `${name.slice(0, 15)}…` : name;
    const width = ctx.measureText(label).width + 8;
    const lx = x + w / 2 + size / 2 + line;
    const ly = y + h / 2 - size / 2 - line - 14;
    ctx.fillStyle = colour;
    ctx.fillRect(lx, ly, width, 15);
    ctx.fillStyle = '#fff';
    ctx.fillText(label, lx + 4, ly + 11.5);
  }
  ctx.restore();
}
