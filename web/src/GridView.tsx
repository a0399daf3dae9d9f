// The drawing surface: a canvas as big as the view, kept in place (position: sticky) over a
// spacer as big as the level, so scrolling is the browser's and only the cells in view are
// drawn. A stroke writes cells into the grid and redraws them in the next animation frame
// without a Preact render; the stroke becomes one undoable edit when the pointer is released.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type Cell, type Overlays, type View, drawAll, drawCell } from './draw.js';
import { glyphName } from './glyphs.js';
import { type Edit, type Grid, cellsBetween } from './grid.js';

interface Props {
  readonly grid: Grid;
  /** Changes whenever the grid's cells change outside a stroke (undo, load, resize…). */
  readonly revision: number;
  readonly cell: number;
  readonly tool: string;
  readonly overlays: Omit<Overlays, 'cursor'>;
  readonly onStroke: (edit: Edit) => void;
  /** Called when a stroke starts: the answers shown are about to be stale. */
  readonly onStrokeStart: () => void;
}

type StrokeCell = readonly [row: number, col: number, before: string, after: string];

export function GridView({ grid, revision, cell, tool, overlays, onStroke, onStrokeStart }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [viewport, setViewport] = useState({ width: 0, height: 0, left: 0, top: 0 });
  const [cursor, setCursor] = useState<Cell>({ row: 0, col: 0 });
  const [focused, setFocused] = useState(false);
  // Mutable drawing state, read by the event handlers and the frame callback.
  const stroke = useRef<Map<number, StrokeCell> | null>(null);
  const last = useRef<Cell | null>(null);
  const dirty = useRef<Cell[]>([]);
  const pending = useRef<{ id: number; all: boolean } | null>(null);
  const state = useRef({ grid, cell, tool, overlays, viewport, cursor, focused });
  state.current = { grid, cell, tool, overlays, viewport, cursor, focused };

  const view = (): View => {
    const { viewport: v, cell: size, grid: g } = state.current;
    return {
      cell: size,
      left: v.left,
      top: v.top,
      width: Math.min(v.width, g.width * size),
      height: Math.min(v.height, g.height * size),
    };
  };

  const context = (): CanvasRenderingContext2D | null => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return null;
    const v = view();
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(v.width * ratio));
    const height = Math.max(1, Math.round(v.height * ratio));
    if (element.width !== width || element.height !== height) {
      element.width = width;
      element.height = height;
      element.style.width = `${v.width}px`;
      element.style.height = `${v.height}px`;
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    return ctx;
  };

  const redraw = () => {
    const ctx = context();
    if (!ctx) return;
    const s = state.current;
    drawAll(ctx, s.grid, view(), { ...s.overlays, cursor: s.focused ? s.cursor : null });
  };

  // Cells painted since the last frame; the frame draws just them, or everything.
  const schedule = (cells: Cell[] | 'all') => {
    const whole = cells === 'all' || dirty.current.length + cells.length > 5000;
    if (whole) {
      dirty.current = [];
      if (pending.current) pending.current.all = true;
    } else {
      dirty.current.push(...(cells as Cell[]));
    }
    if (pending.current) return;
    const job = { id: 0, all: whole };
    job.id = requestAnimationFrame(() => {
      pending.current = null;
      const ctx = context();
      if (!ctx) return;
      if (job.all) redraw();
      else {
        const v = view();
        for (const { row, col } of dirty.current) drawCell(ctx, state.current.grid, v, row, col);
      }
      dirty.current = [];
    });
    pending.current = job;
  };

  useLayoutEffect(() => {
    const element = scroller.current!;
    const measure = () =>
      setViewport({
        width: element.clientWidth,
        height: element.clientHeight,
        left: element.scrollLeft,
        top: element.scrollTop,
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  useEffect(() => schedule('all'), [grid, revision, cell, overlays, viewport, cursor, focused]);
  useEffect(() => () => cancelAnimationFrame(pending.current?.id ?? 0), []);

  const cellAt = (event: PointerEvent): Cell => {
    const rect = scroller.current!.getBoundingClientRect();
    const element = scroller.current!;
    return {
      row: Math.floor((event.clientY - rect.top - element.clientTop + element.scrollTop) / cell),
      col: Math.floor((event.clientX - rect.left - element.clientLeft + element.scrollLeft) / cell),
    };
  };

  const paint = (cells: Cell[]) => {
    const current = stroke.current;
    if (!current) return;
    const painted: Cell[] = [];
    for (const { row, col } of cells) {
      if (!grid.inside(row, col)) continue;
      const before = grid.get(row, col);
      if (before === tool) continue;
      const index = row * grid.width + col;
      const first = current.get(index);
      current.set(index, [row, col, first ? first[2] : before, tool]);
      grid.set(row, col, tool);
      painted.push({ row, col });
    }
    if (painted.length > 0) schedule(painted);
  };

  const begin = () => {
    stroke.current = new Map();
    onStrokeStart();
  };

  const finish = () => {
    const current = stroke.current;
    stroke.current = null;
    last.current = null;
    if (current && current.size > 0) onStroke({ kind: 'cells', cells: [...current.values()] });
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    try {
      // Keeps the stroke going when the pointer leaves the grid while the button is down.
      (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic event): paint without capture.
    }
    event.preventDefault();
    scroller.current!.focus({ preventScroll: true });
    const at = cellAt(event);
    begin();
    last.current = at;
    setCursor(clampCell(grid, at));
    paint([at]);
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!stroke.current || !last.current) return;
    const at = cellAt(event);
    if (at.row === last.current.row && at.col === last.current.col) return;
    // A fast drag skips cells between two events: paint the line between them.
    paint(cellsBetween(last.current, at));
    last.current = at;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowRight: [0, 1],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = clampCell(grid, { row: cursor.row + move[0], col: cursor.col + move[1] });
      setCursor(next);
      scrollIntoView(scroller.current!, next, cell);
      // Shift+arrow paints as the cursor moves.
      if (event.shiftKey) {
        begin();
        paint([cursor, next]);
        finish();
      }
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      begin();
      paint([cursor]);
      finish();
    }
  };

  const at = clampCell(grid, cursor);
  return (
    <div
      ref={scroller}
      class="grid-scroller"
      data-cell-size={cell}
      tabIndex={0}
      role="application"
      aria-roledescription="level grid"
      aria-label={`Level grid, ${grid.width} by ${grid.height}. Cursor at row ${at.row}, column ${at.col}: ${glyphName(grid.get(at.row, at.col))}. Arrow keys move, Space paints ${glyphName(tool)}, Shift+arrows paint while moving.`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onKeyDown={onKeyDown}
    >
      <div
        class="grid-spacer"
        style={{ width: `${grid.width * cell}px`, height: `${grid.height * cell}px` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
      >
        <canvas ref={canvas} class="grid-canvas" data-testid="grid-canvas" />
      </div>
    </div>
  );
}

function clampCell(grid: Grid, { row, col }: Cell): Cell {
  return {
    row: Math.max(0, Math.min(grid.height - 1, row)),
    col: Math.max(0, Math.min(grid.width - 1, col)),
  };
}

/** Scrolls just enough to show a cell (keyboard cursor, an error cell). */
export function scrollIntoView(element: HTMLElement, { row, col }: Cell, cell: number): void {
  const x = col * cell;
  const y = row * cell;
  if (x < element.scrollLeft) element.scrollLeft = x;
  else if (x + cell > element.scrollLeft + element.clientWidth)
    element.scrollLeft = x + cell - element.clientWidth;
  if (y < element.scrollTop) element.scrollTop = y;
  else if (y + cell > element.scrollTop + element.clientHeight)
    element.scrollTop = y + cell - element.clientHeight;
}
