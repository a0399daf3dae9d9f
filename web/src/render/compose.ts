// The screen, a frame at a time (docs/editor.md, "What each glyph looks like"): the ground
// layer (ground.ts) copied, then the paths, the marks on the path cells again (S, E, keys and
// digits stay readable where a path runs), the badges that keep S, E, keys and doors legible
// when cells are small, and the cursor, selection and error. The compositor imports the
// layers; no layer imports it (they share view.ts).
import type { PathCells } from '../check.js';
import { COLOURS } from '../glyphs.js';
import type { Box, Grid } from '../grid.js';
import type { InsightMarks } from '../insights.js';
import type { MergeMarks } from '../merge.js';
import type { Cell } from '../store.js';
import { drawDiff } from './diff.js';
import { type Badges, drawMark } from './ground.js';
import { drawInsightMarks, drawInsightShade } from './insights.js';
import { drawBadges, drawBox, drawPath, drawWalker, outlineCell } from './overlays.js';
import { type PlayMarks, drawPlay } from './play.js';
import { type PersonMark, drawPeople } from './presence.js';
import { type View, cellBox, inView } from './view.js';

export interface Overlays {
  readonly path: PathCells | null;
  readonly cheapest: PathCells | null;
  readonly error: Cell | null;
  readonly cursor: Cell | null;
  /** While the path is walked: how far along it the walker is (in cells, fractional). */
  readonly walker: number | null;
  readonly selection: Box | null;
  readonly marquee: Box | null;
  /** The insight overlays that are on (insights.ts). */
  readonly insights?: InsightMarks | null;
  /** A merge's differing cells, over everything (diff.ts). */
  readonly merge?: MergeMarks | null;
  /** Play mode: the walk so far (play.ts). */
  readonly play?: PlayMarks | null;
  /** The others editing the level (presence.ts). */
  readonly people?: readonly PersonMark[];
}

/** Below this cell size S, E, keys and doors are drawn as badges bigger than their cell. */
export const BADGE_BELOW = 14;

/** The screen: the ground, then the paths and everything over them. */
export function composite(
  ctx: CanvasRenderingContext2D,
  ground: HTMLCanvasElement | OffscreenCanvas,
  grid: Grid,
  view: View,
  overlays: Overlays,
  badges: Badges,
): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(ground, 0, 0);
  ctx.restore();
  const { cell } = view;
  if (overlays.insights) drawInsightShade(ctx, view, overlays.insights);
  if (overlays.cheapest) {
    drawPath(ctx, view, overlays.cheapest, Infinity, COLOURS.cheapest, cell * 0.14, [
      Math.max(3, cell * 0.25),
      Math.max(2, cell * 0.15),
    ]);
  }
  if (overlays.path) {
    const shown = overlays.walker === null ? Infinity : overlays.walker + 1;
    drawPath(ctx, view, overlays.path, shown, COLOURS.path, 0, []);
  }
  // The marks on the path cells again, over the lines.
  if (cell >= BADGE_BELOW) {
    for (const path of [overlays.cheapest, overlays.path]) {
      for (const { row, col } of path?.cells ?? []) {
        if (inView(view, row, col)) {
          const box = cellBox(view, row, col);
          drawMark(ctx, grid.get(row, col), box.x, box.y, Math.min(box.w, box.h));
        }
      }
    }
  } else {
    drawBadges(ctx, grid, view, badges.values());
  }
  if (overlays.insights) drawInsightMarks(ctx, view, overlays.insights);
  if (overlays.path && overlays.walker !== null) {
    drawWalker(ctx, view, overlays.path.cells, overlays.walker);
  }
  if (overlays.play) drawPlay(ctx, view, overlays.play);
  if (overlays.selection) drawBox(ctx, view, overlays.selection, true);
  if (overlays.marquee) drawBox(ctx, view, overlays.marquee, false);
  // The error over the keyboard cursor: it matters more.
  if (overlays.cursor) outlineCell(ctx, view, overlays.cursor, COLOURS.cursor, false);
  if (overlays.error) outlineCell(ctx, view, overlays.error, COLOURS.error, true);
  if (overlays.merge) drawDiff(ctx, view, overlays.merge);
  if (overlays.people?.length) drawPeople(ctx, view, overlays.people);
}
