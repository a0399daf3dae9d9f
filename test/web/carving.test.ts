// Animate's replay and player (web/src/generation/): the steps the server sends, replayed from
// the closed grid, end on exactly the walls of the generated rows for every algorithm and
// shape; the player locks the document while it plays, stores nothing when stopped, and
// ends on the preview (Generate's too), which Keep stores (generateLevel) and Discard does not.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALGORITHMS,
  SHAPES,
  encodeSteps,
  generateCarving,
} from '../../src/engine/generation/generate.js';
import type { CheckState } from '../../web/src/check.js';
import { CarvingAnimation, type AnimationHost } from '../../web/src/generation/animation.js';
import {
  CarvingReplay,
  type CarvingData,
  decodeSteps,
  solidGlyphs,
} from '../../web/src/generation/carving.js';
import { solidColourFor, colourDistance } from '../../web/src/generation/wall-colour.js';
import { Editor } from '../../web/src/editor.js';
import { COLOURS } from '../../web/src/glyphs.js';
import { DocumentStore } from '../../web/src/store.js';

function carvingOf(width: number, height: number, seed: number, options: object = {}): CarvingData {
  const carved = generateCarving({ width, height, seed, options });
  if (!carved.ok) throw new Error(carved.error.message);
  const { rows, steps, phases } = carved.value;
  return { rows, width, height, steps: encodeSteps(steps), phases };
}

const walls = (rows: readonly string[]) => rows.map((row) => row.replace(/[^#]/g, '.'));

describe('CarvingReplay', () => {
  it('ends on the walls of the rows, every algorithm and shape, with the "42" solid throughout', () => {
    let seed = 100;
    for (const algorithm of ALGORITHMS) {
      for (const shape of SHAPES) {
        const carving = carvingOf(15, 11, ++seed, { algorithm, shape, pattern42: true, keys: 1 });
        const replay = new CarvingReplay(carving);
        const start = replay.wallRows();
        // The closed grid: every glyph a wall but the open cells.
        expect(start.join('').replace(/#/g, '').length).toBe(15 * 11 - 18);
        const half = replay.advance(replay.total >> 1);
        expect(half.length).toBe(replay.total >> 1);
        replay.advance(replay.total);
        expect(replay.done).toBe(replay.total);
        expect(replay.wallRows()).toEqual(walls(carving.rows));
        // The "42": 18 closed cells and the walls between them, never a step's wall.
        const solid = solidGlyphs(carving.rows);
        const { steps } = replay;
        expect(solid.reduce((sum, value) => sum + value, 0)).toBeGreaterThan(18);
        const touched = new CarvingReplay(carving);
        for (const glyph of touched.advance(steps.length)) expect(solid[glyph]).toBe(0);
      }
    }
  });

  it("reads the text of docs/generation.md's worked example, and refuses another text", () => {
    expect([...decodeSteps('AAJAADAAB')!]).toEqual([9, 3, 1]);
    expect(decodeSteps('AAJA')).toBeNull();
    expect(decodeSteps('AA*')).toBeNull();
    const replay = new CarvingReplay(carvingOf(2, 2, 7));
    // Step 9: the east wall of cell 2 = (0, 1), the glyph at row 3, column 2.
    expect(replay.advance(1)).toEqual([3 * 5 + 2]);
    expect(replay.wallRows()).toEqual(['#####', '#.#.#', '#####', '#...#', '#####']);
    expect(replay.phaseAt(0)).toBe('carve');
    expect(replay.phaseAt(3)).toBe('shape');
  });
});

describe('the "42" colour', () => {
  it('stays apart from any wall colour and from the floor', () => {
    for (const wall of [
      '#2b3340',
      COLOURS.solid,
      '#e07b00',
      '#0a8f7a',
      '#000000',
      '#ffffff',
      '#7f7f7f',
    ]) {
      const solid = solidColourFor(wall);
      expect(colourDistance(solid, wall)).toBeGreaterThanOrEqual(150);
      expect(colourDistance(solid, COLOURS.floor)).toBeGreaterThanOrEqual(150);
    }
    expect(solidColourFor('#2b3340')).toBe(COLOURS.solid);
  });
});

describe('CarvingAnimation', () => {
  let frames: Array<(now: number) => void> = [];
  let now = 0;
  beforeEach(() => {
    frames = [];
    globalThis.requestAnimationFrame = (callback) => frames.push(callback);
    globalThis.cancelAnimationFrame = () => {};
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'requestAnimationFrame');
    Reflect.deleteProperty(globalThis, 'cancelAnimationFrame');
  });
  /** Runs the frames asked for, 1/60 s apart, until none is asked or `limit` frames ran. */
  const runFrames = (limit: number) => {
    let ran = 0;
    while (frames.length > 0 && ran < limit) {
      const next = frames;
      frames = [];
      now += 1000 / 60;
      for (const frame of next) frame(now);
      ran++;
    }
    return ran;
  };

  function setUp(carving: CarvingData | string = carvingOf(12, 8, 5), loses = false) {
    const store = new DocumentStore();
    const generated: string[] = [];
    const said: string[] = [];
    /** The rows each check asked about, and its answer to give (the steps: the rows' count). */
    const checks: { rows: string[]; answer: (state: CheckState) => void }[] = [];
    const host: AnimationHost = {
      store,
      carve: () => Promise.resolve(carving),
      check: (rows) => new Promise((answer) => checks.push({ rows, answer })),
      generate: (id) => {
        generated.push(id);
        return Promise.resolve();
      },
      say: (message) => said.push(message.problem || message.status || ''),
      busy: () => null,
      losesWork: () => loses,
    };
    const animation = new CarvingAnimation(host);
    animation.request = { id: 'maze', input: { width: 12, height: 8, seed: 5 } };
    const drawn: number[] = [];
    animation.onFrame((changed) => drawn.push(changed.length));
    return { store, animation, generated, said, drawn, checks };
  }

  /** Two turns of the microtask queue: the stub generate's answer and the end after it. */
  const settle = async () => {
    for (let i = 0; i < 3; i++) await Promise.resolve();
  };

  it('plays every step in frames, locked, then previews the level; Keep stores it', async () => {
    const { store, animation, generated, drawn } = setUp();
    await animation.start();
    expect(animation.stage).toBe('playing');
    expect(store.locked).toBe(true);
    const total = animation.replay!.total;
    // At speed x1 the whole carving takes about 10 s, and at least 20 steps a second.
    const seconds = total / Math.max(20, total / 10);
    const ran = runFrames(2000);
    expect(Math.abs(ran - seconds * 60)).toBeLessThanOrEqual(2);
    expect(drawn.reduce((sum, n) => sum + n, 0)).toBe(total);
    await settle();
    // The end is the preview: nothing stored, the document still locked, the keys the preview's.
    expect([animation.stage, animation.mode, generated, store.locked]).toEqual([
      'preview',
      'preview',
      [],
      true,
    ]);
    animation.keep();
    expect(animation.stage).toBe('storing');
    await settle();
    expect(generated).toEqual(['maze']);
    expect(animation.stage).toBe('idle');
    expect(store.locked).toBe(false);
  });

  it('previews at once for Generate, and Discard stores nothing and leaves the document', async () => {
    const { store, animation, generated, said } = setUp();
    store.paint([{ row: 1, col: 1 }], '#');
    const rows = store.grid.rows();
    await animation.preview({ id: 'other', input: { width: 12, height: 8, seed: 5 } });
    expect([animation.stage, frames.length, animation.playing?.id]).toEqual([
      'preview',
      0,
      'other',
    ]);
    // A second Generate replaces the preview; Discard (Escape) ends it.
    await animation.preview({ id: 'other', input: { width: 12, height: 8, seed: 6 } });
    expect([animation.stage, animation.playing?.input.seed]).toEqual(['preview', 6]);
    animation.stop();
    await settle();
    expect([animation.stage, store.locked, generated]).toEqual(['idle', false, []]);
    expect(said.at(-1)).toBe('Preview discarded: nothing was stored, the drawing is as it was.');
    expect(store.grid.rows()).toEqual(rows);
    expect(store.dirty).toBe(true);
    store.undo();
    expect(store.grid.get(1, 1)).not.toBe('#');
  });

  it('checks the maze shown, and keeps the answer only while that maze is shown', async () => {
    const { animation, checks } = setUp();
    const answered = (steps: number): CheckState => ({
      kind: 'answers',
      steps,
      cheapest: steps,
      path: null,
      cheapestPath: null,
      insights: null,
    });
    await animation.preview({ id: 'maze', input: { width: 12, height: 8, seed: 5 } });
    // Asked of the rows shown, not of the drawing; unanswered yet.
    expect(checks.map((check) => check.rows)).toEqual([carvingOf(12, 8, 5).rows]);
    expect(animation.checked).toBeNull();
    checks[0].answer(answered(41));
    await settle();
    expect(animation.checked).toEqual(answered(41));
    // Another maze replaces it, and another that one: each its own check. The answer for
    // the one replaced comes late and is not taken.
    await animation.preview({ id: 'maze', input: { width: 12, height: 8, seed: 6 } });
    expect([checks.length, animation.checked]).toEqual([2, null]);
    await animation.preview({ id: 'maze', input: { width: 12, height: 8, seed: 7 } });
    checks[1].answer(answered(7));
    await settle();
    expect(animation.checked).toBeNull();
    checks[2].answer(answered(43));
    await settle();
    expect(animation.checked).toEqual(answered(43));
    animation.stop();
    expect(animation.checked).toBeNull();
  });

  it('asks before a Keep that would open another level over unsaved work', async () => {
    const { animation, generated } = setUp(carvingOf(12, 8, 5), true);
    await animation.preview({ id: 'elsewhere', input: { width: 12, height: 8, seed: 5 } });
    animation.keep();
    await settle();
    expect([animation.stage, animation.asking, generated]).toEqual(['preview', true, []]);
    animation.keep();
    await settle();
    expect([animation.stage, animation.asking, generated]).toEqual(['idle', false, ['elsewhere']]);
  });

  it('stops without storing, pauses, goes faster, and skips to the end', async () => {
    const first = setUp();
    await first.animation.start();
    runFrames(3);
    first.animation.stop();
    expect(first.animation.stage).toBe('idle');
    expect(first.store.locked).toBe(false);
    expect(first.generated).toEqual([]);
    expect(first.said.at(-1)).toBe(
      'Animation stopped: nothing was stored, the drawing is as it was.',
    );

    const second = setUp();
    await second.animation.start();
    second.animation.pause();
    expect(runFrames(10)).toBeLessThanOrEqual(1);
    expect(second.animation.replay!.done).toBe(0);
    second.animation.pause();
    second.animation.setSpeed(99);
    expect(second.animation.speed).toBe(6);
    runFrames(1);
    // x64: about 64 * total / 600 steps a frame.
    const { done, total } = second.animation.replay!;
    expect(done).toBe(Math.floor((1000 / 60 / 1000) * Math.max(20, total / 10) * 64));
    second.animation.toggle();
    expect(second.animation.stage).toBe('preview');
    await settle();
    expect(second.generated).toEqual([]);
  });

  it('skips to the end as soon as the carving is here when asked while it loads', async () => {
    const { animation, generated, store } = setUp();
    const stages: string[] = [];
    animation.subscribe(() => {
      if (stages.at(-1) !== animation.stage) stages.push(animation.stage);
    });
    const started = animation.start();
    expect(animation.stage).toBe('loading');
    animation.skip();
    await started;
    await settle();
    // Every step at once (no frame asked for), and the preview.
    expect(stages).toEqual(['loading', 'playing', 'preview']);
    expect([frames.length, generated, store.locked]).toEqual([0, [], true]);
  });

  it('keeps the maze on Save during Animate (skipped to the end) and during a preview', async () => {
    const { animation, generated } = setUp();
    await animation.start();
    runFrames(2);
    animation.save();
    await settle();
    expect([animation.stage, generated]).toEqual(['idle', ['maze']]);
    await animation.preview({ id: 'kept', input: { width: 12, height: 8, seed: 5 } });
    animation.save();
    await settle();
    expect([animation.stage, generated]).toEqual(['idle', ['maze', 'kept']]);
  });

  it('makes Save (the button, Ctrl+S) during Animate keep the maze, writing nothing else', () => {
    const editor = new Editor();
    const save = vi.spyOn(editor.animation, 'save').mockImplementation(() => {});
    const write = vi.spyOn(editor.writer, 'run').mockResolvedValue(undefined);
    for (const stage of ['loading', 'playing', 'paused', 'preview', 'storing'] as const) {
      editor.animation.stage = stage;
      editor.save();
    }
    expect([save.mock.calls.length, write.mock.calls.length]).toEqual([5, 0]);
    // Not animating: Save writes the drawing.
    editor.animation.stage = 'idle';
    editor.save();
    expect([save.mock.calls.length, write.mock.calls.length]).toEqual([5, 1]);
  });

  it('says why it cannot animate, and leaves the document alone', async () => {
    const { store, animation, generated, said } = setUp(
      'width must be an integer from 1 to 250, got 0',
    );
    await animation.start();
    expect([animation.stage, store.locked, generated, said.at(-1)]).toEqual([
      'idle',
      false,
      [],
      'width must be an integer from 1 to 250, got 0',
    ]);
  });
});
