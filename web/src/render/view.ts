// The part of the level in view: what every drawing layer of render/ takes, in a module of its
// own so that the layers and the compositor (compose.ts) all import it and none another's.
// A cell may be a fraction of a pixel wide (2.4 px at Zoom to fit): its edges are put on whole
// device pixels, each from its own index (edge i at round(i × cell × ratio)), so neighbours
// share an edge (no gap, no seam) and the cell under the pointer is found from the same edges.

/** The part of the level in view, in CSS pixels. */
export interface View {
  readonly cell: number;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** Device pixels a CSS pixel (window.devicePixelRatio); 1 when not given. */
  readonly ratio?: number;
}

/** Whether a cell shows (even in part) in the view. */
export function inView(view: View, row: number, col: number): boolean {
  const x = col * view.cell - view.left;
  const y = row * view.cell - view.top;
  return x > -view.cell - 1 && y > -view.cell - 1 && x < view.width + 1 && y < view.height + 1;
}

/** Edge `index` of the level (a column's left, a row's top) in whole device pixels. */
export function cellEdge(index: number, cell: number, ratio = 1): number {
  return Math.round(index * cell * ratio);
}

/** The cell whose edges hold a device pixel of the level (the inverse of cellEdge). */
export function cellIndexAt(pixel: number, cell: number, ratio = 1): number {
  const step = cell * ratio;
  let index = Math.floor((pixel + 0.5) / step);
  // Rounding of the edges: the guess is at most one off.
  while (index > 0 && cellEdge(index, cell, ratio) > pixel) index--;
  while (cellEdge(index + 1, cell, ratio) <= pixel) index++;
  return index;
}

/** A cell's box in the view, in CSS pixels whose edges are whole device pixels. */
export interface CellBox {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export function cellBox(view: View, row: number, col: number, rows = 1, cols = 1): CellBox {
  const ratio = view.ratio ?? 1;
  const left = Math.round(view.left * ratio);
  const top = Math.round(view.top * ratio);
  const x0 = cellEdge(col, view.cell, ratio) - left;
  const x1 = cellEdge(col + cols, view.cell, ratio) - left;
  const y0 = cellEdge(row, view.cell, ratio) - top;
  const y1 = cellEdge(row + rows, view.cell, ratio) - top;
  return { x: x0 / ratio, y: y0 / ratio, w: (x1 - x0) / ratio, h: (y1 - y0) / ratio };
}

/** The middle of a cell's box (cellBox): where a mark centred on the cell goes. */
export function cellCentre(view: View, row: number, col: number): { x: number; y: number } {
  const { x, y, w, h } = cellBox(view, row, col);
  return { x: x + w / 2, y: y + h / 2 };
}

/**
 * The cell under a point of the view (CSS pixels from its top-left corner): the one drawn at
 * the device pixel there.
 */
export function cellUnder(view: View, x: number, y: number): { row: number; col: number } {
  const ratio = view.ratio ?? 1;
  const px = Math.floor(x * ratio) + Math.round(view.left * ratio);
  const py = Math.floor(y * ratio) + Math.round(view.top * ratio);
  return { row: cellIndexAt(py, view.cell, ratio), col: cellIndexAt(px, view.cell, ratio) };
}
