// Zoom and pan, apart from the canvas: the cell size in pixels, its steps, and the scroll
// position that keeps a point of the level under the same point of the screen.

/** The cell sizes of the zoom steps, in CSS pixels. */
/** About √2 apart: 32 to 4 pixels is 6 steps (it was 8 clicks of 4 pixels). */
export const ZOOM_STEPS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64] as const;
export const MIN_CELL = ZOOM_STEPS[0];
export const MAX_CELL = ZOOM_STEPS[ZOOM_STEPS.length - 1];

/** The next step up (1) or down (-1) from a cell size (which may lie between steps). */
export function stepZoom(cell: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((size) => size > cell) ?? MAX_CELL;
  return [...ZOOM_STEPS].reverse().find((size) => size < cell) ?? MIN_CELL;
}

/**
 * The largest cell size, in hundredths of a pixel, at which the level fits the view (1 to 64):
 * a fraction (2.4 px a cell) so that the level fills the view, not a whole number below it.
 */
export function fitCell(
  width: number,
  height: number,
  viewWidth: number,
  viewHeight: number,
): number {
  const fit = Math.floor(Math.min(viewWidth / width, viewHeight / height) * 100) / 100;
  return Math.max(MIN_CELL, Math.min(MAX_CELL, fit));
}

/** A cell size as the zoom label shows it: 32px, 2.4px. */
export function cellLabel(cell: number): string {
  return `${Math.round(cell * 100) / 100}px`;
}

/**
 * The scroll offset after zooming from `before` to `after` pixels a cell so that the level
 * point under `at` (pixels from the view's left or top edge) stays under it.
 */
export function scrollAfterZoom(scroll: number, at: number, before: number, after: number): number {
  return Math.max(0, ((scroll + at) / before) * after - at);
}

type Listener = () => void;

/** The view's zoom (shared by the grid, the zoom buttons and the commands). */
export class Viewport {
  cell = 32;
  /** The cell under the pointer, or null (shown below the grid: "row 12, col 40"). */
  hover: { row: number; col: number } | null = null;
  private readonly hoverListeners = new Set<Listener>();
  /** Where the next zoom centres (pixels in the view), or null: the view's centre. */
  private readonly listeners = new Set<Listener>();
  /** Space is held: a drag pans instead of drawing. */
  spaceHeld = false;
  /** A pan happened while Space was held (then its release does not paint). */
  panned = false;
  /** Set by the grid: zooms around a point of the view (or its centre) to a cell size. */
  zoomTo: (cell: number, at?: { x: number; y: number }) => void = (cell) => this.setCell(cell);
  /** Set by the grid: the cell size at which the whole level fits. */
  fit: () => void = () => {};

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The hovered cell's own listeners: a pointer move re-renders the status, not the grid. */
  onHover(listener: Listener): () => void {
    this.hoverListeners.add(listener);
    return () => this.hoverListeners.delete(listener);
  }

  setHover(cell: { row: number; col: number } | null): void {
    if (cell?.row === this.hover?.row && cell?.col === this.hover?.col) return;
    this.hover = cell;
    for (const listener of this.hoverListeners) listener();
  }

  setCell(cell: number): void {
    this.cell = Math.max(MIN_CELL, Math.min(MAX_CELL, cell));
    for (const listener of this.listeners) listener();
  }

  step(direction: 1 | -1): void {
    this.zoomTo(stepZoom(this.cell, direction));
  }
}

/** Scrolls just enough to show a cell (keyboard cursor, an error cell). */
export function scrollIntoView(
  element: HTMLElement,
  { row, col }: { row: number; col: number },
  cell: number,
): void {
  const x = col * cell;
  const y = row * cell;
  if (x < element.scrollLeft) element.scrollLeft = x;
  else if (x + cell > element.scrollLeft + element.clientWidth)
    element.scrollLeft = x + cell - element.clientWidth;
  if (y < element.scrollTop) element.scrollTop = y;
  else if (y + cell > element.scrollTop + element.clientHeight)
    element.scrollTop = y + cell - element.clientHeight;
}
