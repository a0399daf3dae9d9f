// @vitest-environment happy-dom
// useLiveCheck (web/src/hooks/live-check.ts) rendered in a component, with vitest's fake timers and a
// checkLevel of the test's own (the hook's `ask`): the level is checked CHECK_DELAY_MS after
// it opens and after each finished change, a newer change cancels the wait and the request in
// flight (whose answer is dropped), the answer lands in the editor with the revision it is
// about, and nothing is asked once the page is gone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Ask, CHECK_DELAY_MS, type CheckState } from '../../web/src/check.js';
import { Editor } from '../../web/src/editor.js';
import { useLiveCheck } from '../../web/src/hooks/live-check.js';
import { type Mounted, deferred, level, mountHook } from './hooks-harness.js';

const ROWS = ['S..', '.#.', '..E'];

/** One question the hook asked: about which rows, and its answer to send. */
interface Asked {
  readonly rows: string[];
  readonly signal: AbortSignal;
  answer(state: CheckState): Promise<void>;
}

const answers = (steps: number): CheckState => ({
  kind: 'answers',
  steps,
  cheapest: steps,
  path: null,
  cheapestPath: null,
  insights: null,
});

let editor: Editor;
let page: Mounted | null;
let asked: Asked[];

const ask: Ask = (rows, signal) => {
  const reply = deferred<CheckState>();
  asked.push({
    rows,
    signal,
    async answer(state) {
      reply.resolve(state);
      // The runner's await, then its hand-over.
      await vi.advanceTimersByTimeAsync(0);
    },
  });
  return reply.promise;
};

beforeEach(async () => {
  vi.useFakeTimers();
  editor = new Editor();
  expect(editor.store.open(level('castle', 1, ROWS))).toBeNull();
  asked = [];
  page = await mountHook(() => useLiveCheck(editor, ask));
});

afterEach(async () => {
  await page?.unmount();
  vi.useRealTimers();
});

const paint = (row: number, col: number, glyph: string) =>
  editor.store.paint([{ row, col }], glyph);

describe('useLiveCheck', () => {
  it('checks the level CHECK_DELAY_MS after the page opens, and keeps the answer', async () => {
    expect(CHECK_DELAY_MS).toBeGreaterThan(1);
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked.map((a) => a.rows)).toEqual([ROWS]);
    expect(editor.ui.check).toBeNull();
    await asked[0].answer(answers(4));
    expect(editor.ui.check).toMatchObject({ state: answers(4), revision: editor.store.revision });
  });

  it('waits again after each change: one request, for the newest rows', async () => {
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS - 1);
    paint(0, 1, '#');
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS - 1);
    paint(0, 2, '#');
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked.map((a) => a.rows)).toEqual([['S##', '.#.', '..E']]);
    await asked[0].answer({ kind: 'failed', message: 'no way' });
    expect(editor.ui.check).toMatchObject({
      state: { kind: 'failed', message: 'no way' },
      revision: editor.store.revision,
    });
  });

  it('cancels the request in flight on a change, and drops its answer', async () => {
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    const first = asked[0];
    const opened = editor.store.revision;
    paint(1, 1, '.');
    expect(editor.store.revision).toBe(opened + 1);
    expect(first.signal.aborted).toBe(true);
    await first.answer(answers(4));
    expect(editor.ui.check).toBeNull();
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect(asked.map((a) => a.rows)).toEqual([ROWS, ['S..', '...', '..E']]);
    expect(asked[1].signal.aborted).toBe(false);
    await asked[1].answer(answers(4));
    expect(editor.ui.check).toMatchObject({ state: answers(4), revision: opened + 1 });
  });

  it('asks nothing again when the store changes no revision (a name typed)', async () => {
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    await asked[0].answer(answers(4));
    const check = editor.ui.check;
    editor.store.setInfo({ name: 'Castle', tags: 'keep' });
    await vi.advanceTimersByTimeAsync(10 * CHECK_DELAY_MS);
    expect(asked).toHaveLength(1);
    expect(editor.ui.check).toBe(check);
    paint(2, 0, '#');
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect(asked).toHaveLength(2);
  });

  it('asks a big level once, the same way as a small one', async () => {
    editor.resize(501, 500, 'top-left');
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect(asked.map((a) => [a.rows.length, a.rows[0].length])).toEqual([[500, 501]]);
    await asked[0].answer({ kind: 'failed', message: 'too big' });
    await vi.advanceTimersByTimeAsync(10 * CHECK_DELAY_MS);
    expect(asked).toHaveLength(1);
  });

  it('asks nothing once the page is gone, and drops the answer in flight', async () => {
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    paint(0, 1, '#');
    await page?.unmount();
    page = null;
    expect(asked[0].signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * CHECK_DELAY_MS);
    paint(0, 2, '#');
    await vi.advanceTimersByTimeAsync(10 * CHECK_DELAY_MS);
    expect(asked).toHaveLength(1);
    await asked[0].answer(answers(4));
    expect(editor.ui.check).toBeNull();
  });
});
