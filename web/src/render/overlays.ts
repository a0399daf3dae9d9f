// What the grid draws over the cells: the paths, the badges of S, E, keys and doors on small
// cells, the walker, the selection and the box being dragged, the cursor and the error cell.
import type { PathCells } from '../check.js';
import { COLOURS, KEY_COLOURS, KEY_TEXT, glyphKind } from '../glyphs.js';
import type { Box, Grid } from '../grid.js';
import type { Cell } from '../store.js';
import { type View, cellBox, cellCentre } from './view.js';

/** S, E, keys and doors as badges of 16 px with their letter, over small cells. */
export function drawBadges(
  ctx: CanvasRenderingContext2D,
  grid: Grid,
  view: View,
  cells: Iterable<Cell>,
): void {
  const radius = 8;
  ctx.save();
  ctx.font = 'bold 10px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 1.5;
  for (const { row, col } of cells) {
    const glyph = grid.get(row, col);
    const kind = glyphKind(glyph);
    if (kind !== 'start' && kind !== 'exit' && kind !== 'key' && kind !== 'door') continue;
    // Kept whole inside the view: a badge at the level's edge would be cut in half.
    const centre = cellCentre(view, row, col);
    const cx = clamp(centre.x, radius + 1, view.width - radius - 1);
    const cy = clamp(centre.y, radius + 1, view.height - radius - 1);
    const key = glyph.toLowerCase();
    ctx.fillStyle =
      kind === 'start' ? COLOURS.start : kind === 'exit' ? COLOURS.exit : KEY_COLOURS[key];
    ctx.strokeStyle = '#fff';
    ctx.beginPath();
    if (kind === 'start' || kind === 'key') ctx.arc(cx, cy, radius, 0, Math.PI * 2);
    else ctx.rect(cx - radius, cy - radius, radius * 2, radius * 2);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = kind === 'start' || kind === 'exit' ? '#fff' : KEY_TEXT[key];
    ctx.fillText(glyph, cx, cy + 0.5);
  }
  ctx.restore();
}

export function drawPath(
  ctx: CanvasRenderingContext2D,
  view: View,
  path: PathCells,
  count: number,
  colour: string,
  offset: number,
  dash: number[],
): void {
  const { cells } = path;
  if (cells.length === 0 || count <= 0) return;
  const { cell } = view;
  const x = (p: Cell) => cellCentre(view, p.row, p.col).x + offset;
  const y = (p: Cell) => cellCentre(view, p.row, p.col).y + offset;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, cell * 0.16);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x(cells[0]), y(cells[0]));
  for (let i = 1; i < Math.min(count, cells.length); i++) ctx.lineTo(x(cells[i]), y(cells[i]));
  ctx.stroke();
  ctx.restore();
}

export function drawWalker(
  ctx: CanvasRenderingContext2D,
  view: View,
  path: readonly Cell[],
  walker: number,
) {
  const { cell } = view;
  if (path.length === 0) return;
  const i = Math.max(0, Math.min(Math.floor(walker), path.length - 1));
  const next = path[Math.min(i + 1, path.length - 1)];
  const t = walker - i;
  // Between the middles of the two cells it walks between.
  const from = cellCentre(view, path[i].row, path[i].col);
  const to = cellCentre(view, next.row, next.col);
  ctx.fillStyle = COLOURS.path;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = Math.max(1, cell * 0.08);
  ctx.beginPath();
  ctx.arc(
    from.x + (to.x - from.x) * t,
    from.y + (to.y - from.y) * t,
    Math.max(3, cell * 0.3),
    0,
    Math.PI * 2,
  );
  ctx.fill();
  ctx.stroke();
}

/** The selection (tinted, solid edge) or a box being dragged out (dashed). */
export function drawBox(ctx: CanvasRenderingContext2D, view: View, box: Box, selected: boolean) {
  const rows = box.bottom - box.top + 1;
  const { x, y, w, h } = cellBox(view, box.top, box.left, rows, box.right - box.left + 1);
  ctx.save();
  if (selected) {
    ctx.fillStyle = 'rgba(10, 88, 202, 0.18)';
    ctx.fillRect(x, y, w, h);
  }
  ctx.strokeStyle = COLOURS.selection;
  ctx.lineWidth = 2;
  ctx.setLineDash(selected ? [] : [5, 3]);
  ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
  ctx.restore();
}

export function outlineCell(
  ctx: CanvasRenderingContext2D,
  view: View,
  { row, col }: Cell,
  colour: string,
  fill: boolean,
): void {
  const { cell } = view;
  const { x, y, w, h } = cellBox(view, row, col);
  ctx.save();
  if (fill) {
    ctx.fillStyle = 'rgba(208, 2, 27, 0.35)';
    ctx.fillRect(x, y, w, h);
    // A ring around it too: a 4-pixel cell of a 300x300 level is easy to miss.
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(x + w / 2, y + h / 2, Math.max(cell * 0.95, 14), 0, Math.PI * 2);
    ctx.stroke();
  } else {
    ctx.setLineDash([Math.max(2, cell * 0.15), Math.max(2, cell * 0.1)]);
  }
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, cell * 0.12);
  ctx.strokeRect(
    x + ctx.lineWidth / 2,
    y + ctx.lineWidth / 2,
    w - ctx.lineWidth,
    h - ctx.lineWidth,
  );
  ctx.restore();
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, value));
}
