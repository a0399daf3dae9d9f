// A merge's differing cells over the grid (merge.ts): a tinted square with an outline in the
// colour of the side each holds now, and a ring round the current one. However small the
// cells, a mark is at least MIN_MARK pixels: below that, cells are marked in blocks (one mark
// for each block holding a difference), so a 1000x1000 level at 1 pixel a cell still shows
// where they differ, in a few thousand squares.
import { type MergeMarks, type Side, sideOf } from '../merge.js';
import { type View, cellBox, cellCentre } from './view.js';

export const MERGE_COLOURS = {
  /** A differing cell holding my glyph (or one drawn since). */
  mine: '#c2185b',
  /** A differing cell holding theirs. */
  theirs: '#00897b',
} as const;

const TINT = { mine: 'rgba(194, 24, 91, 0.3)', theirs: 'rgba(0, 137, 123, 0.3)' } as const;

export const MIN_MARK = 6;

export function drawDiff(ctx: CanvasRenderingContext2D, view: View, marks: MergeMarks): void {
  const { session, grid } = marks;
  const { diff, mine, theirs } = session;
  if (diff.cells.length === 0) return;
  const { cell } = view;
  const block = cell >= MIN_MARK ? 1 : Math.ceil(MIN_MARK / cell);
  const size = block * cell;
  const first = (offset: number) => Math.max(0, Math.floor(offset / size)) * block;
  const lastRow = Math.min(diff.height, Math.ceil((view.top + view.height) / cell));
  const lastCol = Math.min(diff.width, Math.ceil((view.left + view.width) / cell));
  const paths = { mine: new Path2D(), theirs: new Path2D() };
  const line = Math.max(2, size * 0.12);
  for (let top = first(view.top); top < lastRow; top += block) {
    for (let left = first(view.left); left < lastCol; left += block) {
      let side: Side | null = null;
      for (let row = top; row < Math.min(top + block, diff.height) && side !== 'mine'; row++) {
        for (let col = left; col < Math.min(left + block, diff.width); col++) {
          if (diff.mask[row * diff.width + col] === 0) continue;
          // A block is 'mine' when any of its cells still is: it needs a look.
          side = sideOf(grid, mine, theirs, { row, col }) === 'theirs' ? 'theirs' : 'mine';
          if (side === 'mine') break;
        }
      }
      if (side) {
        const rows = Math.min(block, diff.height - top);
        const cols = Math.min(block, diff.width - left);
        const { x, y, w, h } = cellBox(view, top, left, rows, cols);
        paths[side].rect(x + line / 2, y + line / 2, w - line, h - line);
      }
    }
  }
  ctx.save();
  ctx.lineWidth = line;
  for (const side of ['theirs', 'mine'] as const) {
    ctx.fillStyle = TINT[side];
    ctx.fill(paths[side]);
    ctx.strokeStyle = MERGE_COLOURS[side];
    ctx.stroke(paths[side]);
  }
  const current = diff.cells[session.current];
  if (current) {
    // A ring like the error cell's: easy to find at any size.
    const { x, y } = cellCentre(view, current.row, current.col);
    const radius = Math.max(cell * 0.95, 14);
    const side = sideOf(grid, mine, theirs, current) === 'theirs' ? 'theirs' : 'mine';
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 5;
    ctx.stroke();
    ctx.strokeStyle = MERGE_COLOURS[side];
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  ctx.restore();
}
