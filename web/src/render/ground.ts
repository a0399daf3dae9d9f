// The ground layer (docs/editor.md, "What each glyph looks like"): the cells in view, drawn
// onto an offscreen canvas the size of the view that a stroke updates cell by cell, and the
// marks that stand on them (S, E, gates, keys, door frames, digits), which the compositor
// (compose.ts) draws again over the paths.
import {
  COLOURS,
  GATE_DIRECTIONS,
  KEY_COLOURS,
  KEY_TEXT,
  glyphKind,
  terrainColour,
} from '../glyphs.js';
import { wallColour } from '../generation/wall-colour.js';
import type { Grid } from '../grid.js';
import type { Cell } from '../store.js';
import { type View, cellBox, inView } from './view.js';

/** The cells in view: [firstRow, lastRow) x [firstCol, lastCol). */
export function visibleCells(grid: Grid, view: View): [number, number, number, number] {
  // One more on each side: at a fractional cell size an edge is rounded to a device pixel.
  const firstRow = Math.max(0, Math.floor(view.top / view.cell) - 1);
  const firstCol = Math.max(0, Math.floor(view.left / view.cell) - 1);
  const lastRow = Math.min(grid.height, Math.ceil((view.top + view.height) / view.cell) + 1);
  const lastCol = Math.min(grid.width, Math.ceil((view.left + view.width) / view.cell) + 1);
  return [firstRow, lastRow, firstCol, lastCol];
}

/**
 * The cells with a badge when cells are small (S, E, keys, doors), by index: found while the
 * ground is drawn, so that a frame never scans the level for them.
 */
export type Badges = Map<number, Cell>;

function noteBadge(badges: Badges, grid: Grid, row: number, col: number): void {
  const kind = glyphKind(grid.get(row, col));
  const index = row * grid.width + col;
  if (kind === 'start' || kind === 'exit' || kind === 'key' || kind === 'door') {
    badges.set(index, { row, col });
  } else badges.delete(index);
}

/** Every cell in view onto the ground layer (and its badges noted). */
export function drawGround(
  ctx: CanvasRenderingContext2D,
  grid: Grid,
  view: View,
  badges: Badges,
): void {
  badges.clear();
  ctx.fillStyle = COLOURS.gridLine;
  ctx.fillRect(0, 0, view.width, view.height);
  const [firstRow, lastRow, firstCol, lastCol] = visibleCells(grid, view);
  const solid = solidWalls(grid, firstRow, lastRow, firstCol, lastCol);
  const width = lastCol - firstCol;
  for (let row = firstRow; row < lastRow; row++) {
    for (let col = firstCol; col < lastCol; col++) {
      const isSolid = solid[(row - firstRow) * width + (col - firstCol)] === 1;
      drawCellAt(ctx, grid, view, row, col, isSolid);
      noteBadge(badges, grid, row, col);
    }
  }
}

/** Some cells again (a stroke's), with the neighbours whose solid-wall shade they change. */
export function drawCells(
  ctx: CanvasRenderingContext2D,
  grid: Grid,
  view: View,
  cells: readonly Cell[],
  badges: Badges,
): void {
  const done = new Set<number>();
  for (const { row, col } of cells) {
    for (let r = row - 2; r <= row + 2; r++) {
      for (let c = col - 2; c <= col + 2; c++) {
        if (!grid.inside(r, c)) continue;
        // Around the cell only walls can change (their solid shade): the others stay as drawn.
        if ((r !== row || c !== col) && grid.get(r, c) !== '#') continue;
        // Off the view: drawn when it scrolls into view (the whole view is drawn then).
        if (!inView(view, r, c)) continue;
        const index = r * grid.width + c;
        if (done.has(index)) continue;
        done.add(index);
        drawCellAt(ctx, grid, view, r, c, isSolidWall(grid, r, c));
        noteBadge(badges, grid, r, c);
      }
    }
  }
}

/**
 * A wall is solid when it is part of a 3x3 block of walls: closed on every side, like the
 * cells of a generated maze's "42" (an ordinary maze wall always has open cells beside it).
 */
export function isSolidWall(grid: Grid, row: number, col: number): boolean {
  if (grid.get(row, col) !== '#') return false;
  for (let r = row - 1; r <= row + 1; r++) {
    for (let c = col - 1; c <= col + 1; c++) if (allWalls(grid, r, c)) return true;
  }
  return false;
}

function allWalls(grid: Grid, row: number, col: number): boolean {
  for (let r = row - 1; r <= row + 1; r++) {
    for (let c = col - 1; c <= col + 1; c++) {
      if (!grid.inside(r, c) || grid.get(r, c) !== '#') return false;
    }
  }
  return true;
}

/** isSolidWall for a region at once (two passes: centres of 3x3 wall blocks, then their cells). */
function solidWalls(grid: Grid, r0: number, r1: number, c0: number, c1: number): Uint8Array {
  const width = c1 - c0;
  const out = new Uint8Array(Math.max(0, width * (r1 - r0)));
  // Centres one cell around the region count too.
  const cw = width + 2;
  const centres = new Uint8Array(Math.max(0, cw * (r1 - r0 + 2)));
  for (let r = r0 - 1; r <= r1; r++) {
    for (let c = c0 - 1; c <= c1; c++) {
      if (grid.inside(r, c) && grid.get(r, c) === '#' && allWalls(grid, r, c)) {
        centres[(r - r0 + 1) * cw + (c - c0 + 1)] = 1;
      }
    }
  }
  for (let r = r0; r < r1; r++) {
    for (let c = c0; c < c1; c++) {
      if (grid.get(r, c) !== '#') continue;
      let found = 0;
      for (let dr = 0; dr <= 2 && !found; dr++) {
        for (let dc = 0; dc <= 2; dc++) found |= centres[(r - r0 + dr) * cw + (c - c0 + dc)];
      }
      out[(r - r0) * width + (c - c0)] = found;
    }
  }
  return out;
}

function drawCellAt(
  ctx: CanvasRenderingContext2D,
  grid: Grid,
  view: View,
  row: number,
  col: number,
  solid: boolean,
): void {
  // Its edges on whole device pixels (view.ts): fractional cells meet without gaps or seams.
  const { x, y, w, h } = cellBox(view, row, col);
  const glyph = grid.get(row, col);
  ctx.fillStyle = COLOURS.gridLine;
  ctx.fillRect(x, y, w, h);
  const kind = glyphKind(glyph);
  if (kind === 'wall') {
    ctx.fillStyle = solid ? wallColour.solid : wallColour.wall;
    ctx.fillRect(x, y, w, h);
    return;
  }
  // A one-pixel gap shows the grid between open cells once cells are big enough to see it.
  const gap = view.cell >= 8 ? 1 : 0;
  ctx.fillStyle =
    kind === 'terrain'
      ? terrainColour(Number(glyph))
      : kind === 'door'
        ? KEY_COLOURS[glyph.toLowerCase()]
        : kind === 'unknown'
          ? '#ff00aa'
          : COLOURS.floor;
  ctx.fillRect(x, y, w - gap, h - gap);
  drawMark(ctx, glyph, x, y, Math.min(w, h));
}

/** What stands on a cell: S, E, gates, keys, door frames, digits (within the cell). */
export function drawMark(
  ctx: CanvasRenderingContext2D,
  glyph: string,
  x: number,
  y: number,
  cell: number,
) {
  const kind = glyphKind(glyph);
  if (kind === 'wall' || kind === 'floor') return;
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
  if (kind === 'terrain') {
    if (glyph !== '1') text(glyph, Number(glyph) >= 6 ? '#fff' : '#3a3320', 0.5);
  } else if (kind === 'gate') {
    drawArrow(ctx, cx, cy, inner, GATE_DIRECTIONS[glyph]);
  } else if (kind === 'start' || kind === 'exit') {
    ctx.fillStyle = kind === 'start' ? COLOURS.start : COLOURS.exit;
    ctx.beginPath();
    if (kind === 'start') ctx.arc(cx, cy, inner * 0.42, 0, Math.PI * 2);
    else ctx.rect(x + inner * 0.1, y + inner * 0.1, inner * 0.8, inner * 0.8);
    ctx.fill();
    text(glyph, '#fff');
  } else if (kind === 'key') {
    ctx.fillStyle = KEY_COLOURS[glyph];
    ctx.beginPath();
    ctx.arc(cx, cy, inner * 0.4, 0, Math.PI * 2);
    ctx.fill();
    text(glyph, KEY_TEXT[glyph]);
  } else if (kind === 'door') {
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
    ctx.lineWidth = Math.max(1, cell * 0.1);
    const inset = ctx.lineWidth / 2;
    ctx.strokeRect(x + inset, y + inset, inner - 2 * inset, inner - 2 * inset);
    text(glyph, KEY_TEXT[glyph.toLowerCase()]);
  } else {
    // Not a glyph of the game (pasted text): loud, so the check's error is easy to find.
    text('?', '#fff');
  }
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
