// Draws the visible part of a level on a canvas: only the cells in view are drawn, so a
// 1000x1000 level costs what a screenful does. One look per glyph (docs/editor.md, "What you
// see"); paths and the error cell are drawn over the cells.
import { COLOURS, GATE_DIRECTIONS, KEY_COLOURS, terrainColour } from './glyphs.js';
import type { Grid } from './grid.js';

export interface Cell {
  readonly row: number;
  readonly col: number;
}

/** The part of the level in view, in CSS pixels. */
export interface View {
  readonly cell: number;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export interface Overlays {
  readonly path: readonly Cell[] | null;
  readonly cheapest: readonly Cell[] | null;
  readonly error: Cell | null;
  readonly cursor: Cell | null;
  /** While the path is animated: how far along it the walker is (in cells, fractional). */
  readonly walker: number | null;
}

const KEY_TEXT: Readonly<Record<string, string>> = { a: '#fff', b: '#fff', c: '#000', d: '#000' };

/** The cells in view: [firstRow, lastRow) x [firstCol, lastCol). */
export function visibleCells(grid: Grid, view: View): [number, number, number, number] {
  const firstRow = Math.max(0, Math.floor(view.top / view.cell));
  const firstCol = Math.max(0, Math.floor(view.left / view.cell));
  const lastRow = Math.min(grid.height, Math.ceil((view.top + view.height) / view.cell));
  const lastCol = Math.min(grid.width, Math.ceil((view.left + view.width) / view.cell));
  return [firstRow, lastRow, firstCol, lastCol];
}

export function drawAll(
  ctx: CanvasRenderingContext2D,
  grid: Grid,
  view: View,
  overlays: Overlays,
): void {
  ctx.fillStyle = COLOURS.gridLine;
  ctx.fillRect(0, 0, view.width, view.height);
  const [firstRow, lastRow, firstCol, lastCol] = visibleCells(grid, view);
  for (let row = firstRow; row < lastRow; row++) {
    for (let col = firstCol; col < lastCol; col++) drawGround(ctx, grid, view, row, col);
  }
  const { cell } = view;
  if (overlays.cheapest) {
    const offset = cell * 0.14;
    drawPath(ctx, view, overlays.cheapest, overlays.cheapest.length, COLOURS.cheapest, offset, [
      Math.max(3, cell * 0.25),
      Math.max(2, cell * 0.15),
    ]);
  }
  if (overlays.path) {
    const shown = overlays.walker === null ? overlays.path.length : overlays.walker + 1;
    drawPath(ctx, view, overlays.path, shown, COLOURS.path, 0, []);
  }
  // The marks over the paths, so that S, E, keys and digits stay readable where a path runs.
  for (let row = firstRow; row < lastRow; row++) {
    for (let col = firstCol; col < lastCol; col++) drawMark(ctx, grid, view, row, col);
  }
  if (overlays.path && overlays.walker !== null) {
    drawWalker(ctx, view, overlays.path, overlays.walker);
  }
  // The error over the keyboard cursor: it matters more.
  if (overlays.cursor) outlineCell(ctx, view, overlays.cursor, COLOURS.cursor, false);
  if (overlays.error) outlineCell(ctx, view, overlays.error, COLOURS.error, true);
}

/** A cell whole: its ground and its mark (for a stroke's cells, drawn without the paths). */
export function drawCell(
  ctx: CanvasRenderingContext2D,
  grid: Grid,
  view: View,
  row: number,
  col: number,
): void {
  drawGround(ctx, grid, view, row, col);
  drawMark(ctx, grid, view, row, col);
}

/** The ground of a cell: wall, floor, terrain shade, or a door's colour. */
function drawGround(
  ctx: CanvasRenderingContext2D,
  grid: Grid,
  view: View,
  row: number,
  col: number,
): void {
  const { cell } = view;
  const x = col * cell - view.left;
  const y = row * cell - view.top;
  const glyph = grid.get(row, col);
  ctx.fillStyle = COLOURS.gridLine;
  ctx.fillRect(x, y, cell, cell);
  if (glyph === '#') {
    ctx.fillStyle = COLOURS.wall;
    ctx.fillRect(x, y, cell, cell);
    return;
  }
  // A one-pixel gap shows the grid between open cells once cells are big enough to see it.
  const inner = cell >= 8 ? cell - 1 : cell;
  const cost = glyph >= '1' && glyph <= '9' ? Number(glyph) : 0;
  const door = glyph >= 'A' && glyph <= 'D' ? KEY_COLOURS[glyph.toLowerCase()] : undefined;
  ctx.fillStyle = cost > 0 ? terrainColour(cost) : (door ?? COLOURS.floor);
  if (glyph !== '.' && !cost && !door && !isMarked(glyph)) ctx.fillStyle = '#ff00aa';
  ctx.fillRect(x, y, inner, inner);
}

function isMarked(glyph: string): boolean {
  return glyph in GATE_DIRECTIONS || glyph === 'S' || glyph === 'E' || glyph in KEY_COLOURS;
}

/** What stands on a cell, drawn over the paths: S, E, gates, keys, door frames, digits. */
function drawMark(
  ctx: CanvasRenderingContext2D,
  grid: Grid,
  view: View,
  row: number,
  col: number,
): void {
  const glyph = grid.get(row, col);
  if (glyph === '#' || glyph === '.') return;
  const { cell } = view;
  const x = col * cell - view.left;
  const y = row * cell - view.top;
  const inner = cell >= 8 ? cell - 1 : cell;
  const cx = x + inner / 2;
  const cy = y + inner / 2;
  const text = (letter: string, colour: string, scale = 0.6) => {
    if (cell < 9) return;
    ctx.fillStyle = colour;
    ctx.font = `bold ${Math.round(cell * scale)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(letter, cx, cy + cell * 0.04);
  };
  const cost = glyph >= '1' && glyph <= '9' ? Number(glyph) : 0;
  if (cost > 0) {
    if (cost > 1) text(glyph, cost >= 6 ? '#fff' : '#3a3320', 0.5);
    return;
  }
  const direction = GATE_DIRECTIONS[glyph];
  if (direction) {
    drawArrow(ctx, cx, cy, inner, direction);
    return;
  }
  if (glyph === 'S' || glyph === 'E') {
    ctx.fillStyle = glyph === 'S' ? COLOURS.start : COLOURS.exit;
    ctx.beginPath();
    if (glyph === 'S') ctx.arc(cx, cy, inner * 0.42, 0, Math.PI * 2);
    else ctx.rect(x + inner * 0.1, y + inner * 0.1, inner * 0.8, inner * 0.8);
    ctx.fill();
    text(glyph, '#fff');
    return;
  }
  const key = glyph.toLowerCase();
  const colour = KEY_COLOURS[key];
  if (colour && glyph === key) {
    // A key: a disc in its colour with its letter.
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(cx, cy, inner * 0.4, 0, Math.PI * 2);
    ctx.fill();
    text(glyph, KEY_TEXT[key]);
    return;
  }
  if (colour) {
    // A door (its colour is the ground): a dark frame and its letter.
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
    ctx.lineWidth = Math.max(1, cell * 0.1);
    const inset = ctx.lineWidth / 2;
    ctx.strokeRect(x + inset, y + inset, inner - 2 * inset, inner - 2 * inset);
    text(glyph, KEY_TEXT[key]);
    return;
  }
  // Not a glyph of the game (pasted text): loud, so the check's error is easy to find.
  text('?', '#fff');
}

function drawArrow(
  ctx: CanvasRenderingContext2D,
  cx: number,
  cy: number,
  size: number,
  [dRow, dCol]: readonly [number, number],
): void {
  const r = size * 0.38;
  // Tip in the arrow's direction, the two back corners across it.
  const tip = [cx + dCol * r, cy + dRow * r];
  const back = [cx - dCol * r * 0.6, cy - dRow * r * 0.6];
  const side = [dRow * r * 0.75, -dCol * r * 0.75];
  ctx.fillStyle = COLOURS.gate;
  ctx.beginPath();
  ctx.moveTo(tip[0], tip[1]);
  ctx.lineTo(back[0] + side[0], back[1] + side[1]);
  ctx.lineTo(back[0] - side[0], back[1] - side[1]);
  ctx.closePath();
  ctx.fill();
}

function drawPath(
  ctx: CanvasRenderingContext2D,
  view: View,
  path: readonly Cell[],
  count: number,
  colour: string,
  offset: number,
  dash: number[],
): void {
  if (path.length === 0 || count <= 0) return;
  const { cell } = view;
  const centre = (p: Cell): [number, number] => [
    p.col * cell + cell / 2 - view.left + offset,
    p.row * cell + cell / 2 - view.top + offset,
  ];
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, cell * 0.16);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash(dash);
  ctx.beginPath();
  const [x0, y0] = centre(path[0]);
  ctx.moveTo(x0, y0);
  for (let i = 1; i < Math.min(count, path.length); i++) {
    const [x, y] = centre(path[i]);
    ctx.lineTo(x, y);
  }
  ctx.stroke();
  ctx.restore();
}

function drawWalker(
  ctx: CanvasRenderingContext2D,
  view: View,
  path: readonly Cell[],
  walker: number,
): void {
  const { cell } = view;
  const i = Math.min(Math.floor(walker), path.length - 1);
  const next = path[Math.min(i + 1, path.length - 1)];
  const t = walker - i;
  const row = path[i].row + (next.row - path[i].row) * t;
  const col = path[i].col + (next.col - path[i].col) * t;
  ctx.fillStyle = COLOURS.path;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = Math.max(1, cell * 0.08);
  ctx.beginPath();
  ctx.arc(
    col * cell + cell / 2 - view.left,
    row * cell + cell / 2 - view.top,
    Math.max(3, cell * 0.3),
    0,
    Math.PI * 2,
  );
  ctx.fill();
  ctx.stroke();
}

function outlineCell(
  ctx: CanvasRenderingContext2D,
  view: View,
  { row, col }: Cell,
  colour: string,
  fill: boolean,
): void {
  const { cell } = view;
  const x = col * cell - view.left;
  const y = row * cell - view.top;
  ctx.save();
  if (fill) {
    ctx.fillStyle = 'rgba(208, 2, 27, 0.35)';
    ctx.fillRect(x, y, cell, cell);
    // A ring around it too: a 4-pixel cell of a 300x300 level is easy to miss.
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(x + cell / 2, y + cell / 2, Math.max(cell * 0.95, 14), 0, Math.PI * 2);
    ctx.stroke();
  } else {
    ctx.setLineDash([Math.max(2, cell * 0.15), Math.max(2, cell * 0.1)]);
  }
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, cell * 0.12);
  ctx.strokeRect(
    x + ctx.lineWidth / 2,
    y + ctx.lineWidth / 2,
    cell - ctx.lineWidth,
    cell - ctx.lineWidth,
  );
  ctx.restore();
}
