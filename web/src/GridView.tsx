// The drawing surface: a canvas as big as the view, sticky over a spacer as big as the level,
// so scrolling is the browser's and only the cells in view are drawn. Pointer input goes to the
// tool; a stroke's cells are drawn in the next frame without a Preact render. Ctrl+wheel (a
// trackpad's pinch) and a two-finger pinch zoom around the pointer; Space+drag and middle pan
// (and a middle release never pastes).
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { CheckResult } from './check.js';
import { type Overlays, composite } from './render/compose.js';
import { type Badges, drawCells, drawGround } from './render/ground.js';
import { type View, cellUnder } from './render/view.js';
import { capture, middle, pointIn, spread } from './grid-input.js';
import { wallColour } from './generation/wall-colour.js';
import { glyphName } from './glyphs.js';
import type { InsightMarks } from './insights.js';
import type { Merge } from './merge.js';
import { useSubscribe } from './hooks/subscribe.js';
import type { Cell, DocumentStore } from './store.js';
import type { ToolBox } from './tools/index.js';
import { TOOL_INFO } from './tools/tool.js';
import {
  MAX_CELL,
  MIN_CELL,
  type Viewport,
  fitCell,
  scrollAfterZoom,
  scrollIntoView,
  stepZoom,
} from './viewport.js';

interface Props {
  readonly store: DocumentStore;
  readonly tools: ToolBox;
  readonly viewport: Viewport;
  /** The live check's last answer: its paths and error are drawn while it is current. */
  readonly check: CheckResult | null;
  readonly showPath: boolean;
  readonly showCheapest: boolean;
  readonly walker: number | null;
  /** The insight overlays that are on, drawn while the check's answer is current. */
  readonly insights?: InsightMarks | null;
  /** A merge's differing cells (render/diff.ts); a click on one makes it the current one. */
  readonly merge?: Merge | null;
  /** Play mode's walk. */
  readonly play?: Overlays['play'];
  /** The others editing the level: their pointers and selections. */
  readonly people?: Overlays['people'];
}

type Gesture =
  | { readonly kind: 'tool'; readonly erase: boolean }
  | {
      readonly kind: 'pan';
      readonly x: number;
      readonly y: number;
      readonly left: number;
      readonly top: number;
    }
  | { readonly kind: 'pinch'; readonly distance: number; readonly cell: number };

export function GridView(props: Props) {
  const { store, tools, viewport } = props;
  useSubscribe(store, tools, viewport);
  const scroller = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const ground = useRef<HTMLCanvasElement | null>(null);
  // What the handlers and the frame callback read (the latest props, the drawing state).
  const live = useRef({
    props,
    focused: false,
    drawn: '',
    cells: [] as Cell[],
    all: true,
    frame: 0,
    gesture: null as Gesture | null,
    touches: new Map<number, { x: number; y: number }>(),
    wheel: 0,
    answered: null as CheckResult | null,
    badges: new Map() as Badges,
  });
  live.current.props = props;

  const view = (): View => {
    const element = scroller.current!;
    const { cell } = viewport;
    const { grid } = store;
    return {
      cell,
      left: element.scrollLeft,
      top: element.scrollTop,
      width: Math.min(element.clientWidth, grid.width * cell),
      height: Math.min(element.clientHeight, grid.height * cell),
      ratio: window.devicePixelRatio || 1,
    };
  };

  /** How many cells the view shows (in part or whole): what drawing it all again draws. */
  const cellsInView = (): number => {
    if (!scroller.current) return 0;
    const v = view();
    return (Math.ceil(v.width / v.cell) + 1) * (Math.ceil(v.height / v.cell) + 1);
  };

  const overlays = (): Overlays => {
    const { props: p, focused } = live.current;
    // Answers about another level than the one drawn are not shown (a stroke under way, or a
    // change not checked yet).
    const current =
      p.check && p.check.revision === store.revision && !store.editing ? p.check.state : null;
    const answers = current?.kind === 'answers' ? current : null;
    return {
      path: answers && (p.showPath || p.walker !== null) ? answers.path : null,
      cheapest: answers && p.showCheapest ? answers.cheapestPath : null,
      error: current?.kind === 'error' ? current.cell : null,
      walker: p.walker,
      cursor: focused && !p.play ? tools.cursor : null,
      selection: tools.selection,
      marquee: tools.marquee,
      insights: answers ? p.insights : null,
      merge: p.merge?.marks(),
      play: p.play,
      people: p.people,
    };
  };

  const draw = () => {
    const state = live.current;
    state.frame = 0;
    const screen = canvas.current;
    const ctx = screen?.getContext('2d');
    if (!screen || !ctx || !scroller.current) return;
    const v = view();
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(v.width * ratio));
    const height = Math.max(1, Math.round(v.height * ratio));
    const layer = (ground.current ??= document.createElement('canvas'));
    const g = layer.getContext('2d')!;
    const key = `${width}x${height}:${v.cell}:${v.left},${v.top}`;
    if (screen.width !== width || screen.height !== height) {
      screen.width = width;
      screen.height = height;
      screen.style.width = `${v.width}px`;
      screen.style.height = `${v.height}px`;
    }
    if (layer.width !== width || layer.height !== height) {
      layer.width = width;
      layer.height = height;
    }
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (state.all || state.drawn !== key) drawGround(g, store.grid, v, state.badges);
    else if (state.cells.length > 0) drawCells(g, store.grid, v, state.cells, state.badges);
    state.drawn = key;
    state.all = false;
    state.cells = [];
    composite(ctx, layer, store.grid, v, overlays(), state.badges);
    if (state.answered && state.answered === state.props.check) {
      // The check's answer is on the screen: the last part of its latency.
      performance.measure('check:draw', { start: state.answered.at, end: performance.now() });
      state.answered = null;
    }
  };

  const schedule = (cells?: readonly Cell[] | 'all') => {
    const state = live.current;
    if (cells === 'all') state.all = true;
    else if (cells && !state.all) {
      // Cell by cell up to as many cells as the view shows; past that, the whole view again
      // is less work. (A fixed cap of 5,000 redrew all 90,000 cells of a 300x300 level in
      // view for a fill of 7,000: 180,000 fillRect calls, 75 ms of a 120-360 ms task.)
      if (state.cells.length + cells.length > cellsInView()) state.all = true;
      else for (const cell of cells) state.cells.push(cell);
    }
    if (!state.frame) state.frame = requestAnimationFrame(draw);
  };

  // Cells a stroke paints, and every other change, are drawn in the next frame.
  useEffect(() => store.onCells((cells) => schedule(cells)), [store]);
  useEffect(() => props.merge?.subscribe(() => schedule()), [props.merge]);
  // Another wall colour (wall-colour.ts): every cell again.
  useEffect(() => wallColour.load().subscribe(() => schedule('all')), []);
  // Right after the render, not after the next paint (useEffect): the check's answer, a
  // finished stroke, are drawn in the next frame, not the one after.
  useLayoutEffect(() => {
    live.current.answered = props.check;
  }, [props.check]);
  useLayoutEffect(() => schedule());
  useEffect(() => () => cancelAnimationFrame(live.current.frame), []);

  // The viewport's zoom, done here where the scroll position is known.
  useLayoutEffect(() => {
    const element = scroller.current!;
    const observer = new ResizeObserver(() => schedule());
    observer.observe(element);
    const onScroll = () => schedule();
    element.addEventListener('scroll', onScroll, { passive: true });
    viewport.zoomTo = (cell, at) => {
      const before = viewport.cell;
      const point = at ?? { x: element.clientWidth / 2, y: element.clientHeight / 2 };
      const next = Math.max(MIN_CELL, Math.min(MAX_CELL, cell));
      const left = scrollAfterZoom(element.scrollLeft, point.x, before, next);
      const top = scrollAfterZoom(element.scrollTop, point.y, before, next);
      // The spacer's new size first, so that the new scroll position is there to take.
      spacer.current!.style.width = `${store.grid.width * next}px`;
      spacer.current!.style.height = `${store.grid.height * next}px`;
      element.dataset.cellSize = String(next);
      [element.scrollLeft, element.scrollTop] = [left, top];
      viewport.setCell(next);
      schedule('all');
    };
    viewport.fit = () => {
      const { grid } = store;
      viewport.zoomTo(
        fitCell(grid.width, grid.height, element.clientWidth - 2, element.clientHeight - 2),
      );
      element.scrollLeft = element.scrollTop = 0;
    };
    // Ctrl+wheel, and a trackpad's pinch (which browsers send as Ctrl+wheel), zoom here.
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const state = live.current;
      state.wheel += event.deltaMode === 0 ? event.deltaY : event.deltaY * 40;
      if (Math.abs(state.wheel) < 40) return;
      const direction = state.wheel < 0 ? 1 : -1;
      state.wheel = 0;
      viewport.zoomTo(stepZoom(viewport.cell, direction), pointIn(element, event));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', onWheel);
    };
  }, [store, viewport]);

  // The keyboard cursor stays in view.
  const cursorKey = `${tools.cursor.row},${tools.cursor.col}`;
  useEffect(() => {
    if (scroller.current && live.current.focused)
      scrollIntoView(scroller.current, tools.cursor, viewport.cell);
  }, [cursorKey]);

  const cellAt = (event: PointerEvent): Cell => {
    // From the device-pixel edges the cells are drawn with (render/view.ts).
    const { x, y } = pointIn(scroller.current!, event);
    return cellUnder(view(), x, y);
  };

  const input = (event: PointerEvent, erase: boolean) => ({
    cell: cellAt(event),
    shift: event.shiftKey,
    erase,
    ctrl: event.ctrlKey || event.metaKey,
  });

  const onPointerDown = (event: PointerEvent) => {
    const state = live.current;
    const element = scroller.current!;
    capture(event);
    if (event.pointerType === 'touch') {
      state.touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (state.touches.size === 2) {
        // A second finger: the stroke the first began is dropped, and the pinch begins.
        if (state.gesture?.kind === 'tool') tools.tool.cancel(tools);
        state.gesture = { kind: 'pinch', distance: spread(state.touches), cell: viewport.cell };
        return;
      }
    }
    if (event.button === 1 || (event.button === 0 && viewport.spaceHeld)) {
      event.preventDefault();
      viewport.panned = true;
      state.gesture = {
        kind: 'pan',
        x: event.clientX,
        y: event.clientY,
        left: element.scrollLeft,
        top: element.scrollTop,
      };
      return;
    }
    if (event.button !== 0 && event.button !== 2) return;
    event.preventDefault();
    element.focus({ preventScroll: true });
    if (event.button === 0 && !event.shiftKey && state.props.merge?.select(cellAt(event))) return;
    const erase = event.button === 2;
    state.gesture = { kind: 'tool', erase };
    const at = input(event, erase);
    tools.cursor = at.cell;
    tools.clampCursor();
    tools.tool.down(tools, at);
    tools.changed();
  };

  const onPointerMove = (event: PointerEvent) => {
    const state = live.current;
    const element = scroller.current!;
    const at = cellAt(event);
    tools.pointerCell = store.grid.inside(at.row, at.col) ? at : null;
    viewport.setHover(tools.pointerCell);
    const gesture = state.gesture;
    if (!gesture) return;
    if (gesture.kind === 'pinch') {
      state.touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (state.touches.size < 2) return;
      const cell = Math.round(gesture.cell * (spread(state.touches) / gesture.distance));
      if (cell !== viewport.cell) viewport.zoomTo(cell, pointIn(element, middle(state.touches)));
    } else if (gesture.kind === 'pan') {
      element.scrollLeft = gesture.left - (event.clientX - gesture.x);
      element.scrollTop = gesture.top - (event.clientY - gesture.y);
    } else {
      tools.tool.move(tools, input(event, gesture.erase));
    }
  };

  const onPointerUp = (event: PointerEvent) => {
    const state = live.current;
    state.touches.delete(event.pointerId);
    // The middle button pans: its release must not paste the primary selection (Linux).
    if (event.button === 1) event.preventDefault();
    const gesture = state.gesture;
    if (gesture?.kind === 'pinch' && state.touches.size > 0) return;
    state.gesture = null;
    if (gesture?.kind === 'tool') {
      tools.tool.up(tools, input(event, gesture.erase));
      tools.changed();
    }
  };

  const onPointerCancel = (event: PointerEvent) => {
    const state = live.current;
    state.touches.delete(event.pointerId);
    if (state.gesture?.kind === 'tool') tools.tool.cancel(tools);
    state.gesture = null;
  };

  const { grid } = store;
  const cursor = tools.clampCursor();
  const cell = viewport.cell;
  return (
    <div
      ref={scroller}
      id="grid"
      class={`grid-scroller tool-${tools.toolId}`}
      data-cell-size={cell}
      tabIndex={0}
      role="application"
      aria-roledescription="level grid"
      aria-label={`Level grid, ${grid.width} by ${grid.height}. Cursor at row ${cursor.row}, column ${cursor.col}: ${glyphName(grid.get(cursor.row, cursor.col))}. Tool: ${TOOL_INFO[tools.toolId].name}, glyph ${glyphName(tools.glyph)}.`}
      // Its keys, from the COMMANDS table (App's Grid: the element with this id).
      aria-describedby="grid-keys"
      onFocus={() => {
        live.current.focused = true;
        schedule();
      }}
      onBlur={() => {
        live.current.focused = false;
        viewport.spaceHeld = false;
        schedule();
      }}
      onKeyUp={(event) => {
        // Space alone uses the tool when released; Space held for a drag only pans.
        if (event.key !== ' ' || !viewport.spaceHeld) return;
        viewport.spaceHeld = false;
        if (!viewport.panned) tools.activate(event.shiftKey);
      }}
    >
      <div
        ref={spacer}
        class="grid-spacer"
        style={{ width: `${grid.width * cell}px`, height: `${grid.height * cell}px` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerLeave={() => {
          tools.pointerCell = null;
          viewport.setHover(null);
        }}
        onContextMenu={(event) => event.preventDefault()}
      >
        <canvas ref={canvas} class="grid-canvas" data-testid="grid-canvas" />
      </div>
    </div>
  );
}
