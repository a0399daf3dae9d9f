// @vitest-environment happy-dom
// useLiveChanges (web/src/hooks/live-changes.ts) rendered in a component, with a levelsChanged stream of
// the test's own (the hook's `server`) and, for our own saves, a stubbed fetch: someone else's
// save of the open level is announced, our own save's event is not, and events heard during
// our write wait for it; the lists are read again once the events stop; a broken, refused or
// restored stream is told, and the open level's version asked again, as when the stream
// first opens; unmounting closes it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '../../web/src/editor.js';
import type { LevelChangeKind, LevelsChangedSubscription } from '../../web/src/gql/graphql.js';
import {
  type ChangesServer,
  changesServer,
  useLiveChanges,
} from '../../web/src/hooks/live-changes.js';
import type { StreamHandlers } from '../../web/src/live-stream.js';
import { type Mounted, SETTLED, deferred, level, mountHook, stubServer } from './hooks-harness.js';

const ROWS = ['S.#', '..E'];

let editor: Editor;
let page: Mounted | null;
let stream: StreamHandlers<LevelsChangedSubscription>;
let closed: number;
/** The versions the server has now (currentVersion's answers); absent: no such level. */
let current: Map<string, number>;
let versionsAsked: string[];

const server: ChangesServer = {
  subscribe(handlers) {
    stream = handlers;
    return { close: () => closed++ };
  },
  async currentVersion(id) {
    versionsAsked.push(id);
    return current.get(id) ?? null;
  },
};

/** One event of the stream. */
function heard(id: string | null, version: number | null, kind: LevelChangeKind = 'SAVED') {
  stream.onData({ levelsChanged: { id, version, kind } });
}

beforeEach(async () => {
  editor = new Editor();
  expect(editor.store.open(level('castle', 2, ROWS))).toBeNull();
  closed = 0;
  current = new Map();
  versionsAsked = [];
  page = await mountHook(() => useLiveChanges(editor, server));
});

afterEach(async () => {
  await page?.unmount();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLiveChanges', () => {
  it("announces someone else's change of the open level, and no other", () => {
    heard('castle', 2);
    heard('tower', 9);
    heard('castle', 1, 'REVERTED');
    expect(editor.ui.remote).toBeNull();
    heard('castle', 3);
    expect(editor.ui.remote).toEqual({ version: 3, kind: 'SAVED' });
    editor.set({ remote: null });
    heard('castle', 4, 'DELETED');
    expect(editor.ui.remote).toEqual({ version: 4, kind: 'DELETED' });
  });

  it('reads the lists again 300 ms after the last event', async () => {
    vi.useFakeTimers();
    heard('tower', 9);
    await vi.advanceTimersByTimeAsync(100);
    heard('castle', 3);
    await vi.advanceTimersByTimeAsync(299);
    expect(editor.ui.listRefresh).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(editor.ui.listRefresh).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(editor.ui.listRefresh).toBe(1);
  });

  describe('during our own save', () => {
    /** Saves the open level; the server answers version `version` when `finish` is called. */
    function save(version: number) {
      const answer = deferred<void>();
      stubServer(async ({ operation }) => {
        if (operation !== 'SaveLevel') throw new Error(`unexpected ${operation}`);
        await answer.promise;
        return { loadLevel: { __typename: 'Level', ...level('castle', version, ROWS) } };
      });
      editor.save();
      expect(editor.writer.state.busy).toBe(true);
      return async () => {
        answer.resolve();
        await vi.waitFor(() => expect(editor.writer.state.busy).toBe(false), SETTLED);
      };
    }

    it('holds its own event, and shows nothing once the save says it was ours', async () => {
      const finish = save(3);
      heard('castle', 3);
      expect(editor.ui.remote).toBeNull();
      await finish();
      expect(editor.store.meta).toEqual({ id: 'castle', version: 3 });
      expect(editor.ui.status).toBe('Saved castle as version 3.');
      expect(editor.ui.remote).toBeNull();
    });

    it("holds someone else's save heard meanwhile, and shows it after ours", async () => {
      const finish = save(3);
      heard('castle', 3);
      heard('castle', 4);
      expect(editor.ui.remote).toBeNull();
      await finish();
      expect(editor.store.meta).toEqual({ id: 'castle', version: 3 });
      expect(editor.ui.remote).toEqual({ version: 4, kind: 'SAVED' });
    });
  });

  it('says the stream is down and why it was refused, and asks the version when back', async () => {
    stream.onInterrupted(undefined, 1000);
    expect([editor.ui.liveDown, editor.ui.liveRefused]).toEqual([true, '']);
    stream.onInterrupted(
      { status: 429, reason: 'TOO_MANY_SUBSCRIPTIONS: too many streams', retryAfterSeconds: 3 },
      2500,
    );
    expect([editor.ui.liveDown, editor.ui.liveRefused]).toEqual([
      true,
      'The server refused the stream for now (TOO_MANY_SUBSCRIPTIONS: too many streams); ' +
        'trying again in 3 s.',
    ]);
    current.set('castle', 6);
    stream.onReconnected();
    expect([editor.ui.liveDown, editor.ui.liveRefused]).toEqual([false, '']);
    await vi.waitFor(
      () => expect(editor.ui.remote).toEqual({ version: 6, kind: 'SAVED' }),
      SETTLED,
    );
    expect(versionsAsked).toEqual(['castle']);
  });

  it('asks the open level when its stream first opens: a save made before it is announced', async () => {
    current.set('castle', 3);
    stream.onConnected!();
    expect(versionsAsked).toEqual(['castle']);
    await vi.waitFor(
      () => expect(editor.ui.remote).toEqual({ version: 3, kind: 'SAVED' }),
      SETTLED,
    );
  });

  it('with no stored level open when the stream opens, asks about the first one opened', async () => {
    editor.store.newLevel();
    stream.onConnected!();
    expect(versionsAsked).toEqual([]);
    editor.store.open(level('tower', 0, ROWS));
    expect(versionsAsked).toEqual([]);
    current.set('castle', 4);
    expect(editor.store.open(level('castle', 2, ROWS))).toBeNull();
    expect(versionsAsked).toEqual(['castle']);
    await vi.waitFor(
      () => expect(editor.ui.remote).toEqual({ version: 4, kind: 'SAVED' }),
      SETTLED,
    );
    // Once only: the stream is open from then on.
    expect(editor.store.open(level('tower', 5, ROWS))).toBeNull();
    expect(versionsAsked).toEqual(['castle']);
  });

  it('asks the open level again after MISSED, and announces it gone', async () => {
    heard(null, null, 'MISSED');
    expect(versionsAsked).toEqual(['castle']);
    await vi.waitFor(
      () => expect(editor.ui.remote).toEqual({ version: 2, kind: 'DELETED' }),
      SETTLED,
    );
  });

  it('says why live changes stopped', () => {
    stream.onError('the server refused the subscription');
    expect(editor.ui.problem).toBe('Live changes stopped: the server refused the subscription');
  });

  it('closes the stream when the page is gone, and reads no list after', async () => {
    vi.useFakeTimers();
    heard('tower', 9);
    expect(closed).toBe(0);
    await page?.unmount();
    page = null;
    expect(closed).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(editor.ui.listRefresh).toBe(0);
  });

  it("the page's own server asks OpenLevel for a level's version now", async () => {
    const sent = stubServer(({ variables }) => ({
      level: variables.id === 'castle' ? level('castle', 7, ROWS) : null,
    }));
    expect(await changesServer.currentVersion('castle')).toBe(7);
    expect(await changesServer.currentVersion('gone')).toBeNull();
    expect(sent).toEqual([
      { operation: 'OpenLevel', variables: { id: 'castle' } },
      { operation: 'OpenLevel', variables: { id: 'gone' } },
    ]);
  });
});
