// @vitest-environment happy-dom
// Fractional zoom's arithmetic: Zoom to fit in hundredths of a pixel, cell edges on whole
// device pixels (each from its own index), and the cell under a point found from those edges;
// and the side panels' folds kept for the next visit.
import { beforeEach, describe, expect, it } from 'vitest';
import { cellBox, cellEdge, cellIndexAt, cellUnder } from '../../web/src/render/view.js';
import { PanelFolds } from '../../web/src/panels/folds.js';
import { cellLabel, fitCell, stepZoom } from '../../web/src/viewport.js';

describe('Zoom to fit', () => {
  it('takes a fraction of a pixel so that the level fills the view', () => {
    expect(fitCell(300, 300, 633, 700)).toBe(2.11);
    expect(300 * fitCell(300, 300, 633, 700)).toBeLessThanOrEqual(633);
    expect(fitCell(10, 8, 919, 633)).toBe(64);
    expect(fitCell(2000, 2000, 633, 633)).toBe(1);
    expect(cellLabel(2.11)).toBe('2.11px');
    expect(cellLabel(32)).toBe('32px');
  });

  it('steps from a fraction to the zoom steps around it', () => {
    expect(stepZoom(2.11, 1)).toBe(3);
    expect(stepZoom(2.11, -1)).toBe(2);
  });
});

describe('cell edges at 2.4 px a cell', () => {
  it('puts every edge on a whole pixel, neighbours sharing one (no gap, no seam)', () => {
    const edges = Array.from({ length: 11 }, (_, i) => cellEdge(i, 2.4));
    expect(edges).toEqual([0, 2, 5, 7, 10, 12, 14, 17, 19, 22, 24]);
    const view = { cell: 2.4, left: 0, top: 0, width: 100, height: 100 };
    for (let col = 0; col < 10; col++) {
      const box = cellBox(view, 0, col);
      const next = cellBox(view, 0, col + 1);
      expect(box.x + box.w).toBe(next.x);
    }
  });

  it('finds the cell under each pixel from the same edges', () => {
    for (let pixel = 0; pixel < 24; pixel++) {
      const col = cellIndexAt(pixel, 2.4);
      expect(cellEdge(col, 2.4)).toBeLessThanOrEqual(pixel);
      expect(cellEdge(col + 1, 2.4)).toBeGreaterThan(pixel);
    }
    // Scrolled by 7 px: the 3rd pixel of the view is the level's 10th, cell 4's first.
    const view = { cell: 2.4, left: 7, top: 0, width: 100, height: 100 };
    expect(cellUnder(view, 3.6, 0.2)).toEqual({ row: 0, col: 4 });
    expect(cellUnder(view, 2.9, 0.2)).toEqual({ row: 0, col: 3 });
  });

  it('rounds in device pixels on a high-density screen', () => {
    const view = { cell: 2.4, left: 0, top: 0, width: 100, height: 100, ratio: 2 };
    expect(cellBox(view, 0, 1)).toEqual({ x: 2.5, y: 0, w: 2.5, h: 2.5 });
    expect(cellUnder(view, 2.5, 0)).toEqual({ row: 0, col: 1 });
    expect(cellUnder(view, 2.4, 0)).toEqual({ row: 0, col: 0 });
  });
});

describe('the side panels’ folds', () => {
  beforeEach(() => localStorage.clear());

  it('keeps each panel’s fold and the column’s for the next visit', () => {
    const folds = new PanelFolds();
    expect(folds.isOpen('levels', true)).toBe(true);
    expect(folds.folded).toBe(false);
    let told = 0;
    folds.subscribe(() => told++);
    folds.setOpen('levels', false);
    folds.setOpen('history', true);
    folds.toggle();
    expect(told).toBe(3);
    const next = new PanelFolds();
    expect(next.isOpen('levels', true)).toBe(false);
    expect(next.isOpen('history', false)).toBe(true);
    expect(next.isOpen('generate', false)).toBe(false);
    expect(next.folded).toBe(true);
  });

  it('starts from the defaults when what is stored cannot be read', () => {
    localStorage.setItem('labyrinth.panels', '{not json');
    expect(new PanelFolds().isOpen('insights', true)).toBe(true);
  });
});
