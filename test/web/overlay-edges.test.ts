// The marks drawn over the cells sit on the cells' own edges: at a fractional cell size (Zoom
// to fit) each cell's box has its edges on whole device pixels (render/view.ts cellBox), and an
// overlay computed from `col * cell` instead lands up to half a device pixel off, a seam of
// blended colour between a shaded cell and its neighbour. Each layer is drawn into a context
// that records what it was asked to draw.
import { describe, expect, it } from 'vitest';
import { drawInsightMarks, drawInsightShade } from '../../web/src/render/insights.js';
import { drawPath, drawWalker } from '../../web/src/render/overlays.js';
import { drawPlay } from '../../web/src/render/play.js';
import { drawPeople } from '../../web/src/render/presence.js';
import { type View, cellBox, cellCentre } from '../../web/src/render/view.js';

type Call = [string, ...number[]];

/** A 2D context that keeps the calls that take coordinates, and ignores the rest. */
function recorder(): { ctx: CanvasRenderingContext2D; calls: Call[] } {
  const calls: Call[] = [];
  const kept = new Set(['fillRect', 'strokeRect', 'rect', 'arc', 'moveTo', 'lineTo']);
  const ctx = new Proxy(
    {},
    {
      get: (_target, name: string) =>
        kept.has(name)
          ? (...args: number[]) => calls.push([name, ...args])
          : name === 'measureText'
            ? () => ({ width: 20 })
            : () => {},
      set: () => true,
    },
  ) as CanvasRenderingContext2D;
  return { ctx, calls };
}

/** 2.11 px a cell, scrolled by a fraction, on a screen of 1.25 device pixels a CSS pixel. */
const view: View = { cell: 2.11, left: 3.3, top: 1.7, width: 400, height: 300, ratio: 1.25 };
const cells = Array.from({ length: 40 }, (_, i) => ({ row: 3 + (i % 7), col: 2 + i }));
const onDevicePixel = (n: number) => Math.abs(n * 1.25 - Math.round(n * 1.25)) < 1e-9;

describe('overlays at a fractional cell size', () => {
  it('shade each unreachable cell over exactly its box, on whole device pixels', () => {
    const { ctx, calls } = recorder();
    drawInsightShade(ctx, view, { unreachable: cells, neededKeys: [], deadEnds: [] });
    const rects = calls.filter(([name]) => name === 'fillRect').map(([, ...args]) => args);
    expect(rects).toEqual(
      cells.map(({ row, col }) => {
        const { x, y, w, h } = cellBox(view, row, col);
        return [x, y, w, h];
      }),
    );
    for (const [x, y, w, h] of rects) {
      for (const edge of [x, y, x + w, y + h]) expect(onDevicePixel(edge)).toBe(true);
    }
  });

  it('centre the paths, the walker, the rings and the play trail on the cells', () => {
    const centres = cells.map(({ row, col }) => cellCentre(view, row, col));
    const points = (calls: Call[], names: string[]) =>
      calls.filter(([name]) => names.includes(name)).map(([, x, y]) => ({ x, y }));
    const path = recorder();
    drawPath(path.ctx, view, { cells }, Infinity, '#000', 0, []);
    expect(points(path.calls, ['moveTo', 'lineTo'])).toEqual(centres);
    const walker = recorder();
    drawWalker(walker.ctx, view, cells, 5);
    expect(points(walker.calls, ['arc'])).toEqual([centres[5]]);
    // Half way between two cells: half way between their centres.
    const between = recorder();
    drawWalker(between.ctx, view, cells, 5.5);
    expect(points(between.calls, ['arc'])).toEqual([
      { x: (centres[5].x + centres[6].x) / 2, y: (centres[5].y + centres[6].y) / 2 },
    ]);
    const rings = recorder();
    drawInsightMarks(rings.ctx, view, { unreachable: [], neededKeys: cells, deadEnds: [] });
    // Two rings a key: a dark one and a white one inside it.
    expect(points(rings.calls, ['arc'])).toEqual(centres.flatMap((centre) => [centre, centre]));
    const play = recorder();
    drawPlay(play.ctx, view, { trail: cells, taken: [] });
    expect(points(play.calls, ['moveTo', 'lineTo'])).toEqual(centres);
  });

  it('frame another person’s selection and pointer on the cells’ edges', () => {
    const { ctx, calls } = recorder();
    drawPeople(ctx, view, [
      {
        name: 'Ada',
        colour: '#c00',
        pointer: { row: 4, col: 7 },
        selection: { top: 3, left: 5, bottom: 6, right: 11 },
      },
    ]);
    const [selection, pointer] = calls.filter(([name]) => name === 'strokeRect');
    const box = cellBox(view, 3, 5, 4, 7);
    expect(selection.slice(1)).toEqual([box.x + 1, box.y + 1, box.w - 2, box.h - 2]);
    // The pointer's ring is centred on its cell's box.
    const [, x, y, w, h] = pointer;
    const centre = cellCentre(view, 4, 7);
    expect(x + w / 2).toBeCloseTo(centre.x, 9);
    expect(y + h / 2).toBeCloseTo(centre.y, 9);
  });
});
