// The carving animation and the preview over the grid (animation.ts): the glyphs at one pixel each in an
// ImageData that each step updates (4 bytes), copied to the screen once a frame and scaled up
// without smoothing, so a frame costs the same for a 2x2 maze and a 250x250 one; the walls in
// the chosen colour, the "42" apart, the walls the last frame changed in the accent colour.
// At the end (the preview), the level as the grid draws it (render/ground.ts), features and all,
// with Keep it and Discard. It covers the grid: nothing can be drawn on the document meanwhile.
import { useEffect, useRef } from 'preact/hooks';
import type { CheckState } from '../check.js';
import { titleOf, withKeys } from '../commands.js';
import { drawGround } from '../render/ground.js';
import { COLOURS, KEY_COLOURS, glyphKind, terrainColour } from '../glyphs.js';
import { Grid } from '../grid.js';
import { useSubscribe } from '../hooks/subscribe.js';
import { type CarvingAnimation, SPEEDS } from './animation.js';
import type { CarvingReplay } from './carving.js';
import { wallColour } from './wall-colour.js';

/** From this glyph size on, the end is drawn as the grid draws a level (marks and all). */
const DRAWN_FROM = 4;
/** The walls the last frame opened or closed. */
const HEAD = '#0a58ca';

function rgb(colour: string): RGB {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const speedLabel = (speed: number) => (speed >= 0 ? `×${2 ** speed}` : `×1/${2 ** -speed}`);

export function CarvingView({ animation }: { animation: CarvingAnimation }) {
  useSubscribe(animation, wallColour);
  const { stage, replay } = animation;
  const area = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const live = useRef<Drawing>({ replay: null, image: null, small: null, head: [], cell: 1 });

  useEffect(
    () =>
      animation.onFrame((changed, all) => {
        const screen = canvas.current;
        const box = area.current;
        const current = animation.replay;
        if (!screen || !box || !current) return;
        const state = live.current;
        if (state.replay !== current) {
          // A new carving: the glyph size that fits the area, and everything drawn.
          state.replay = current;
          state.image = null;
          state.cell = Math.max(
            1,
            Math.floor(
              Math.min(
                (box.clientWidth - 8) / current.columns,
                (box.clientHeight - 8) / current.lines,
              ),
            ),
          );
          screen.width = current.columns * state.cell;
          screen.height = current.lines * state.cell;
        }
        draw(screen, current, state, changed, all, animation.mode === 'preview');
      }),
    [animation],
  );

  // Another wall colour while it plays: every glyph again, at once (a paused carving too).
  useEffect(
    () =>
      wallColour.subscribe(() => {
        const screen = canvas.current;
        const current = animation.replay;
        const state = live.current;
        if (!screen || !current || state.replay !== current) return;
        draw(screen, current, state, [], true, animation.mode === 'preview');
      }),
    [animation],
  );

  if (stage === 'idle') return null;
  const previewing = animation.mode === 'preview';
  const done = replay?.done ?? 0;
  const total = replay?.total ?? 0;
  const what =
    stage === 'loading'
      ? 'Carving…'
      : `step ${done} of ${total} · ${(replay?.phaseAt(done) ?? '').toLowerCase()}`;
  return (
    <div class="carving-stage" data-testid="carving">
      {previewing ? (
        <PreviewBar animation={animation} />
      ) : (
        <AnimationBar animation={animation} what={what} />
      )}
      <div class="carving-area" ref={area}>
        <canvas ref={canvas} class="carving-canvas" data-testid="carving-canvas" />
      </div>
    </div>
  );
}

/** What the check of the maze shown says, as the check line says it of the drawing. */
function shownCheck(checked: CheckState | null): string {
  if (checked === null) return 'Checking…';
  if (checked.kind === 'answers') {
    return checked.steps === null
      ? 'E cannot be reached from S.'
      : `Steps ${checked.steps}, cheapest cost ${checked.cheapest}.`;
  }
  if (checked.kind === 'error') return `Invalid: ${checked.message}`;
  if (checked.kind === 'failed') return `Cannot check: ${checked.message}`;
  return '';
}

/** The preview's bar: what is shown, not stored yet, and its steps; Keep it, Discard. */
function PreviewBar({ animation }: { animation: CarvingAnimation }) {
  const { stage, replay, playing } = animation;
  const carving = replay?.carving;
  const warnings = carving?.warnings ?? [];
  const seed = playing?.input.seed ?? '';
  const size = carving ? `${carving.width}×${carving.height} cells` : '';
  return (
    <div class="row carving-bar" role="toolbar" aria-label="Preview">
      <span class="carving-progress" data-testid="preview" data-stage={stage}>
        {stage === 'storing'
          ? `Storing ${playing?.id ?? ''}…`
          : `Preview of ${playing?.id ?? ''}, seed ${seed}, ${size}: not stored yet.`}
        {stage === 'preview' && (
          <span data-testid="preview-check"> {shownCheck(animation.checked)}</span>
        )}
        {warnings.length > 0 && ` ${warnings.join('; ')}`}
        {animation.asking && (
          <strong data-testid="preview-asking">
            {' '}
            Keeping it opens {playing?.id ?? ''}: the drawing’s unsaved changes will be lost. Keep
            it again to go on.
          </strong>
        )}
      </span>
      <button
        type="button"
        class="primary"
        disabled={stage !== 'preview'}
        title={titleOf('preview-keep')}
        onClick={() => animation.keep()}
      >
        {withKeys(animation.asking ? 'Keep it anyway' : 'Keep it', 'preview-keep')}
      </button>
      <button
        type="button"
        disabled={stage !== 'preview'}
        title={titleOf('preview-discard')}
        onClick={() => animation.stop()}
      >
        {withKeys('Discard', 'preview-discard')}
      </button>
    </div>
  );
}

/** Animate's bar: the step, the speed, Pause, Skip to end and Stop. */
function AnimationBar({ animation, what }: { animation: CarvingAnimation; what: string }) {
  const { stage, speed } = animation;
  return (
    <div class="row carving-bar" role="toolbar" aria-label="Animation">
      <span
        class="carving-progress"
        data-testid="carving-progress"
        data-done={animation.replay?.done ?? 0}
        data-total={animation.replay?.total ?? 0}
        data-stage={stage}
      >
        {what}
      </span>
      <label class="inline">
        Speed
        <input
          type="range"
          name="carving-speed"
          min={SPEEDS.min}
          max={SPEEDS.max}
          step={1}
          value={speed}
          aria-valuetext={speedLabel(speed)}
          title={titleOf('animate-speed')}
          onInput={(event) =>
            animation.setSpeed(Number((event.currentTarget as HTMLInputElement).value))
          }
        />
        <span class="muted" data-testid="carving-speed">
          {speedLabel(speed)}
        </span>
      </label>
      <button
        type="button"
        disabled={stage !== 'playing' && stage !== 'paused'}
        title={titleOf('animate-pause')}
        onClick={() => animation.pause()}
      >
        {stage === 'paused' ? 'Resume' : 'Pause'}
      </button>
      <button
        type="button"
        disabled={stage !== 'playing' && stage !== 'paused'}
        title={titleOf('animate-skip')}
        onClick={() => animation.skip()}
      >
        Skip to end
      </button>
      <button type="button" title={titleOf('animate-stop')} onClick={() => animation.stop()}>
        Stop
      </button>
    </div>
  );
}

interface Drawing {
  replay: CarvingReplay | null;
  image: ImageData | null;
  small: HTMLCanvasElement | null;
  head: readonly number[];
  cell: number;
}

function draw(
  screen: HTMLCanvasElement,
  replay: CarvingReplay,
  state: Drawing,
  changed: readonly number[],
  all: boolean,
  end: boolean,
): void {
  const ctx = screen.getContext('2d')!;
  if (end && state.cell >= DRAWN_FROM) {
    // The level as the grid draws it: S, E, keys, doors, gates, terrain on the final walls.
    const grid = Grid.fromRows(replay.carving.rows);
    if (typeof grid === 'string') return;
    const { cell } = state;
    drawGround(
      ctx,
      grid,
      { cell, left: 0, top: 0, width: screen.width, height: screen.height },
      new Map(),
    );
    return;
  }
  const { columns, lines } = replay;
  const colours: Colours = {
    head: rgb(HEAD),
    solid: rgb(wallColour.solid),
    wall: rgb(wallColour.wall),
    floor: rgb(COLOURS.floor),
  };
  if (all || !state.image) {
    state.image = new ImageData(columns, lines);
    state.head = [];
    for (let glyph = 0; glyph < columns * lines; glyph++) {
      paint(state.image, replay, colours, glyph, false);
    }
  }
  const image = state.image;
  for (const glyph of state.head) paint(image, replay, colours, glyph, false);
  for (const glyph of changed) paint(image, replay, colours, glyph, true);
  state.head = changed;
  if (end) {
    // Glyphs too small for their marks: S, E, keys, doors, gates and terrain as their colours.
    const { rows } = replay.carving;
    for (let r = 0; r < lines; r++) {
      for (let c = 0; c < columns; c++) {
        const glyph = rows[r][c];
        if (glyph !== '#' && glyph !== '.')
          setPixel(image, r * columns + c, rgbOf(glyphColour(glyph)));
      }
    }
    state.head = [];
  }
  const small = (state.small ??= document.createElement('canvas'));
  if (small.width !== columns || small.height !== lines) {
    small.width = columns;
    small.height = lines;
  }
  small.getContext('2d')!.putImageData(image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(small, 0, 0, screen.width, screen.height);
}

type RGB = [number, number, number];
interface Colours {
  readonly head: RGB;
  readonly solid: RGB;
  readonly wall: RGB;
  readonly floor: RGB;
}

/** The colour a glyph other than wall and floor shows as one pixel. */
function glyphColour(glyph: string): string {
  const kind = glyphKind(glyph);
  if (kind === 'start') return COLOURS.start;
  if (kind === 'exit') return COLOURS.exit;
  if (kind === 'gate') return COLOURS.gate;
  if (kind === 'key' || kind === 'door') return KEY_COLOURS[glyph.toLowerCase()];
  if (kind === 'terrain') return terrainColour(Number(glyph));
  return COLOURS.floor;
}

/** `#rrggbb`, or a CSS colour the canvas reads (terrain's hsl), as RGB. */
function rgbOf(colour: string): RGB {
  if (colour.startsWith('#')) return rgb(colour);
  const probe = (probeContext ??= document.createElement('canvas').getContext('2d')!);
  probe.fillStyle = colour;
  return rgb(probe.fillStyle);
}
let probeContext: CanvasRenderingContext2D | null = null;

function setPixel(image: ImageData, glyph: number, [r, g, b]: RGB): void {
  const at = glyph * 4;
  image.data[at] = r;
  image.data[at + 1] = g;
  image.data[at + 2] = b;
  image.data[at + 3] = 255;
}

function paint(
  image: ImageData,
  replay: CarvingReplay,
  colours: Colours,
  glyph: number,
  head: boolean,
): void {
  const [r, g, b] = head
    ? colours.head
    : replay.solid[glyph]
      ? colours.solid
      : replay.walls[glyph]
        ? colours.wall
        : colours.floor;
  setPixel(image, glyph, [r, g, b]);
}
