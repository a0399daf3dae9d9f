// The insight overlays over the cells (docs/editor.md, Insights): unreachable cells shaded and
// hatched (under the paths), dead ends marked with a teal bar and needed keys ringed (over
// the paths and the keys drawn again on them). Only the cells in view are
// drawn; colour is never the only clue (hatching, a shape, a ring).
import type { InsightMarks } from '../insights.js';
import { type View, cellBox, cellCentre, inView } from './view.js';

export const INSIGHT_COLOURS = {
  /** Laid over an unreachable cell, whatever it holds. */
  unreachable: 'rgba(60, 60, 70, 0.55)',
  hatch: 'rgba(255, 255, 255, 0.55)',
  deadEnd: '#00897b',
  needed: '#111111',
} as const;

/** Under the paths: the unreachable cells' shade. */
export function drawInsightShade(
  ctx: CanvasRenderingContext2D,
  view: View,
  marks: InsightMarks,
): void {
  const { cell } = view;
  ctx.save();
  if (marks.unreachable.length > 0) {
    ctx.fillStyle = INSIGHT_COLOURS.unreachable;
    ctx.strokeStyle = INSIGHT_COLOURS.hatch;
    ctx.lineWidth = Math.max(1, cell * 0.06);
    for (const { row, col } of marks.unreachable) {
      if (!inView(view, row, col)) continue;
      const { x, y, w, h } = cellBox(view, row, col);
      ctx.fillRect(x, y, w, h);
      if (cell >= 8) {
        // One hatch stroke from the bottom-left corner to the top-right one: off the centre's
        // glyph, readable in grey.
        ctx.beginPath();
        ctx.moveTo(x + w * 0.1, y + h * 0.9);
        ctx.lineTo(x + w * 0.3, y + h * 0.7);
        ctx.moveTo(x + w * 0.7, y + h * 0.3);
        ctx.lineTo(x + w * 0.9, y + h * 0.1);
        ctx.stroke();
      }
    }
  }
  ctx.restore();
}

/** Over the paths and the marks drawn again on their cells: dead ends and needed keys. */
export function drawInsightMarks(
  ctx: CanvasRenderingContext2D,
  view: View,
  marks: InsightMarks,
): void {
  const { cell } = view;
  ctx.save();
  for (const { row, col } of marks.neededKeys) {
    if (!inView(view, row, col)) continue;
    const { x: cx, y: cy } = cellCentre(view, row, col);
    // A dark ring with a white one inside, outside the key's disc: seen on any colour.
    const radius = Math.max(7, cell * 0.47);
    ctx.lineWidth = Math.max(2, cell * 0.08);
    ctx.strokeStyle = INSIGHT_COLOURS.needed;
    ctx.beginPath();
    ctx.arc(cx, cy, radius, 0, Math.PI * 2);
    ctx.stroke();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = Math.max(1, cell * 0.04);
    ctx.beginPath();
    ctx.arc(cx, cy, radius - Math.max(2, cell * 0.07), 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.fillStyle = INSIGHT_COLOURS.deadEnd;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1;
  for (const { row, col } of marks.deadEnds) {
    if (!inView(view, row, col)) continue;
    // A bar along the bottom of the cell, under its glyph (a key's letter stays readable).
    const box = cellBox(view, row, col);
    const height = Math.max(2, box.h * 0.14);
    const x = box.x + box.w * 0.15;
    const y = box.y + box.h * 0.92 - height;
    ctx.fillRect(x, y, box.w * 0.7, height);
    if (cell >= 12) ctx.strokeRect(x, y, box.w * 0.7, height);
  }
  ctx.restore();
}
