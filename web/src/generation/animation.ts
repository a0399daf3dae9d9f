// Generate's preview and Animate (A-Maze-ing's display): the Generate panel's maze, from
// generateCarving (which stores nothing), shown over the grid: at once (Generate, Redraw) or
// carved step by step from the closed grid (Animate), ending on the preview. Keep stores it with
// generateLevel and the same id and input; Discard (or Stop) stores nothing. Apart from any view
// (CarvingView draws it).
//
// Nothing is lost: the document never changes until Keep. While the maze is carved or
// previewed the grid shows it over the document, which is locked (as in Play mode: strokes,
// undo and paste do nothing) and stays as it was, unsaved strokes and undo history too. Keep's
// generateLevel gives exactly the rows previewed: generation is a function of the input (the
// seed among it), generateCarving answers the rows generateLevel stores (the server's tests
// check both), and Keep says so if the stored rows ever differ. The maze shown is checked as
// the drawing is (its steps and cheapest cost, `checked`), so the page can tell what it would
// keep.
import { type Ask, type CheckState, askOrFail } from '../check.js';
import type { DocumentStore } from '../store.js';
import type { GenerateLevelInput } from '../gql/graphql.js';
import { CarvingReplay, type CarvingData } from './carving.js';

/** What the animation needs of the page (editor.ts; a fake in test/web/carving.test.ts). */
export interface AnimationHost {
  readonly store: DocumentStore;
  /** generateCarving: the carving, or the GenerationError's message. */
  carve(input: GenerateLevelInput, signal: AbortSignal): Promise<CarvingData | string>;
  /** The live check's question (check.ts askServer), of the rows of the maze shown. */
  readonly check: Ask;
  /** generateLevel (Keep), stored as the next version of `id`; settles when the write is done. */
  generate(id: string, input: GenerateLevelInput): Promise<void>;
  /** Something to say: a problem, or a status. */
  say(message: { readonly problem?: string; readonly status?: string }): void;
  /** Whether the document cannot be animated over now (Play mode). */
  busy(): string | null;
  /** Whether storing into `id` would open another level over unsaved work that nothing keeps. */
  losesWork(id: string): boolean;
}

/** `preview`: the whole maze shown, waiting for Keep or Discard; `storing`: kept, being stored. */
export type AnimationStage = 'idle' | 'loading' | 'playing' | 'paused' | 'preview' | 'storing';

/** The mode of the page's keys (commands.ts) while the maze is shown, or null when it is not. */
export type ShowMode = 'animate' | 'preview' | null;

/** Speeds as powers of two of the base (the whole carving in about 10 s): ×1/8 to ×64. */
export const SPEEDS = { min: -3, max: 6 } as const;
/** The whole carving at speed ×1, in seconds (at least MIN_RATE steps a second). */
const BASE_SECONDS = 10;
const MIN_RATE = 20;
/** The most steps one frame applies (a frame never stalls the page, whatever the speed). */
export const MAX_STEPS_PER_FRAME = 20_000;

export interface FrameListener {
  /** `changed`: the glyphs this frame changed; `all`: draw everything (a new carving, the end). */
  (changed: readonly number[], all: boolean): void;
}

export class CarvingAnimation {
  stage: AnimationStage = 'idle';
  replay: CarvingReplay | null = null;
  /** log2 of the speed multiplier. */
  speed = 0;
  /** The Generate panel's id and input, as they were last typed (App keeps it current). */
  request: { readonly id: string; readonly input: GenerateLevelInput } | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly frames = new Set<FrameListener>();
  private frame = 0;
  private last = 0;
  private owed = 0;
  private abort: AbortController | null = null;
  /** Skip to end was asked while the carving loaded: it ends as soon as it is here. */
  private skipping = false;
  /** Keep as soon as the maze is whole (Save during Animate). */
  private keeping = false;
  /** Keep was asked over unsaved work another id would replace: Keep again confirms it. */
  asking = false;
  /** What is shown: the id and input it was asked with (Keep stores exactly these). */
  playing: { readonly id: string; readonly input: GenerateLevelInput } | null = null;
  /** The check of the maze shown (steps, cheapest cost); null until it is answered. */
  checked: CheckState | null = null;

  constructor(private readonly host: AnimationHost) {}

  get active(): boolean {
    return this.stage !== 'idle';
  }

  /** The keys' mode: Animate's while it carves, the preview's while it waits for Keep. */
  get mode(): ShowMode {
    if (this.stage === 'idle') return null;
    return this.stage === 'preview' || this.stage === 'storing' ? 'preview' : 'animate';
  }

  /** Steps a second at the current speed. */
  get rate(): number {
    const total = this.replay?.total ?? 0;
    return Math.max(MIN_RATE, total / BASE_SECONDS) * 2 ** this.speed;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The view's drawing, called once a frame with what changed. */
  onFrame(listener: FrameListener): () => void {
    this.frames.add(listener);
    return () => this.frames.delete(listener);
  }

  /** Animate the panel's maze (the `animate` command); while animating, skip to the end. */
  toggle(): void {
    if (this.active) this.skip();
    else void this.start();
  }

  /** Generate and Redraw: the panel's maze previewed at once (a preview shown is replaced). */
  preview(request: { readonly id: string; readonly input: GenerateLevelInput }): Promise<void> {
    this.request = request;
    return this.start(true);
  }

  /** Animate (`atOnce`: the preview without the carving); a preview shown is replaced. */
  async start(atOnce = false): Promise<void> {
    if (this.stage === 'preview') this.end();
    if (this.active) return;
    const request = this.request;
    if (!request) return this.host.say({ problem: 'open the Generate panel to choose a maze' });
    const id = request.id.trim();
    if (!id) return this.host.say({ problem: 'give the generated level an id' });
    const refused = this.host.busy();
    if (refused) return this.host.say({ problem: refused });
    this.playing = { id, input: request.input };
    this.skipping = atOnce;
    this.keeping = false;
    this.abort = new AbortController();
    this.host.store.locked = true;
    this.set('loading');
    let answer: CarvingData | string;
    try {
      answer = await this.host.carve(request.input, this.abort.signal);
    } catch (error) {
      if (this.stage !== 'loading') return;
      answer = error instanceof Error ? error.message : String(error);
    }
    if (this.stage !== 'loading') return;
    if (typeof answer === 'string') {
      this.end();
      return this.host.say({ problem: answer });
    }
    this.replay = new CarvingReplay(answer);
    this.checked = null;
    void this.checkShown(this.replay, this.abort.signal);
    this.owed = 0;
    this.host.say({ problem: '', status: '' });
    this.set('playing');
    this.draw([], true);
    if (this.skipping) return this.finish();
    this.schedule();
  }

  /** Pause, or go on. */
  pause(): void {
    if (this.stage === 'playing') this.set('paused');
    else if (this.stage === 'paused') {
      this.set('playing');
      this.schedule();
    }
  }

  /** Faster (1) or slower (-1), by a factor of 2. */
  faster(direction: 1 | -1): void {
    this.setSpeed(this.speed + direction);
  }

  setSpeed(speed: number): void {
    this.speed = Math.max(SPEEDS.min, Math.min(SPEEDS.max, Math.round(speed)));
    this.emit();
  }

  /** Stop (Animate) or Discard (the preview): nothing is stored, the document is as it was. */
  stop(): void {
    if (!this.active || this.stage === 'storing') return;
    const preview = this.stage === 'preview';
    this.end();
    this.host.say({
      status: preview
        ? 'Preview discarded: nothing was stored, the drawing is as it was.'
        : 'Animation stopped: nothing was stored, the drawing is as it was.',
    });
  }

  /** Every step at once, then the preview (while it loads: as soon as it is here). */
  skip(): void {
    if (this.stage === 'loading') this.skipping = true;
    if (this.stage !== 'playing' && this.stage !== 'paused') return;
    this.finish();
  }

  /** Save while the maze is shown: what the page shows is stored (skipped to the end, kept). */
  save(): void {
    if (this.stage === 'preview') return this.keep();
    this.keeping = true;
    this.skip();
  }

  /**
   * Keep it: the previewed maze stored as the next version of its id, with generateLevel and
   * the very id and input it was previewed with (one version), then shown as the level.
   */
  keep(): void {
    const replay = this.replay;
    const playing = this.playing;
    if (this.stage !== 'preview' || !replay || !playing) return;
    if (!this.asking && this.host.losesWork(playing.id)) {
      this.asking = true;
      return this.emit();
    }
    this.set('storing');
    this.host.store.locked = false;
    const { store } = this.host;
    const before = store.meta;
    const rows = replay.carving.rows.join('\n');
    void this.host
      .generate(playing.id, playing.input)
      .then(() => {
        const { id, version } = store.meta;
        const stored = id === playing.id && (before.id !== id || before.version !== version);
        if (stored && store.grid.rows().join('\n') !== rows) {
          this.host.say({ problem: 'The stored level is not the one previewed: see History.' });
        }
      })
      .finally(() => this.end());
  }

  /** Checks the rows of the maze `replay` shows; kept while that maze is still the one shown. */
  private async checkShown(replay: CarvingReplay, signal: AbortSignal): Promise<void> {
    const checked = await askOrFail(this.host.check, [...replay.carving.rows], signal);
    if (signal.aborted || this.replay !== replay) return;
    this.checked = checked;
    this.emit();
  }

  private schedule(): void {
    if (this.frame) return;
    this.last = 0;
    this.frame = requestAnimationFrame((now) => this.tick(now));
  }

  private tick(now: number): void {
    this.frame = 0;
    const replay = this.replay;
    if (this.stage !== 'playing' || !replay) return;
    // A frame late by more than 100 ms (a busy page, a hidden tab) does not make up for it.
    const elapsed = this.last === 0 ? 1000 / 60 : Math.min(100, now - this.last);
    this.last = now;
    this.owed += (elapsed / 1000) * this.rate;
    const count = Math.min(MAX_STEPS_PER_FRAME, Math.floor(this.owed));
    this.owed -= count;
    const changed = replay.advance(replay.done + count);
    this.draw(changed, false);
    if (replay.done >= replay.total) return this.finish();
    this.emit();
    this.frame = requestAnimationFrame((next) => this.tick(next));
  }

  private finish(): void {
    const replay = this.replay;
    const playing = this.playing;
    if (!replay || !playing) return;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    replay.advance(replay.total);
    this.set('preview');
    this.draw([], true);
    if (this.keeping) this.keep();
  }

  private end(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.abort?.abort();
    this.abort = null;
    this.host.store.locked = false;
    this.replay = null;
    this.playing = null;
    this.checked = null;
    this.keeping = false;
    this.asking = false;
    this.set('idle');
  }

  private draw(changed: readonly number[], all: boolean): void {
    for (const listener of this.frames) listener(changed, all);
  }

  private set(stage: AnimationStage): void {
    this.stage = stage;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
