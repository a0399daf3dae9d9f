// Play mode over the grid: the trail walked so far, the player, the keys picked up (the key
// drawn as taken: floor with a dashed ring of its colour) and the doors they open (floor with a
// dashed frame of their colour).
import { COLOURS, KEY_COLOURS } from '../glyphs.js';
import type { Cell } from '../store.js';
import { type View, cellBox, cellCentre, inView } from './view.js';

export const PLAYER_COLOUR = '#ffd600';

export interface PlayMarks {
  readonly trail: readonly Cell[];
  /** Key cells whose key is held, and door cells it opens, with their glyph. */
  readonly taken: readonly { readonly cell: Cell; readonly glyph: string }[];
}

export function drawPlay(ctx: CanvasRenderingContext2D, view: View, marks: PlayMarks): void {
  const { cell } = view;
  ctx.save();
  for (const { cell: at, glyph } of marks.taken) {
    if (!inView(view, at.row, at.col)) continue;
    const { x, y, w, h } = cellBox(view, at.row, at.col);
    // Floor as the ground draws it (ground.ts): the grid's gap kept from 8 pixels on.
    const gap = cell >= 8 ? 1 : 0;
    const inner = Math.min(w, h) - gap;
    ctx.fillStyle = COLOURS.floor;
    ctx.fillRect(x, y, w - gap, h - gap);
    ctx.strokeStyle = KEY_COLOURS[glyph.toLowerCase()];
    ctx.lineWidth = Math.max(1, cell * 0.08);
    ctx.setLineDash([Math.max(2, cell * 0.12), Math.max(2, cell * 0.08)]);
    ctx.beginPath();
    if (glyph === glyph.toLowerCase()) ctx.arc(x + inner / 2, y + inner / 2, inner * 0.35, 0, 7);
    else ctx.rect(x + inner * 0.1, y + inner * 0.1, inner * 0.8, inner * 0.8);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  const { trail } = marks;
  const centre = (p: Cell) => {
    const { x, y } = cellCentre(view, p.row, p.col);
    return [x, y];
  };
  if (trail.length > 1) {
    ctx.strokeStyle = 'rgba(27, 127, 59, 0.7)';
    ctx.lineWidth = Math.max(2, cell * 0.1);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    trail.forEach((p, i) => {
      const [cx, cy] = centre(p);
      if (i === 0) ctx.moveTo(cx, cy);
      else ctx.lineTo(cx, cy);
    });
    ctx.stroke();
  }
  const at = trail[trail.length - 1];
  if (at) {
    const [cx, cy] = centre(at);
    ctx.fillStyle = PLAYER_COLOUR;
    ctx.strokeStyle = '#111';
    ctx.lineWidth = Math.max(1.5, cell * 0.08);
    ctx.beginPath();
    ctx.arc(cx, cy, Math.max(4, cell * 0.32), 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}
