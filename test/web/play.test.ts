// Play mode (web/src/play/play.ts) without a browser, against a fake server whose walk is a
// deliberately simple reference of the rules (walls, edges, keys, doors; no gates here): one
// request at a time with the moves so far, refused moves dropped and the later ones tried
// again, the trail drawn from the moves made, Restart, the verdict against the best, and the
// document locked while playing. Then against the real API in process (play-api.ts and the
// server's default budget): a walk of 100,000 moves, and none past it.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_WALK_MOVES } from '../../src/engine/search/walk.js';
import { Grid } from '../../web/src/grid.js';
import { playServer } from '../../web/src/play/play-api.js';
import {
  MAX_MOVES,
  type Move,
  type PlayApi,
  PlayMode,
  type Walk,
} from '../../web/src/play/play.js';
import { playMessage } from '../../web/src/play/play-message.js';
import { DocumentStore } from '../../web/src/store.js';
import { makeApp } from '../graphql/helpers.js';
import { EDITOR_MANIFEST } from '../support/editor-documents.js';

const STEP: Record<string, [number, number]> = { U: [-1, 0], R: [0, 1], D: [1, 0], L: [0, -1] };

/** The reference walk: stops before a refused move, or at E. */
function reference(rows: readonly string[], moves: string): Walk {
  let row = rows.findIndex((line) => line.includes('S'));
  let col = rows[row].indexOf('S');
  const positions = [{ row, col }];
  const keys = new Set<string>();
  for (let i = 0; i < moves.length; i++) {
    if (rows[row][col] === 'E') break;
    const [dr, dc] = STEP[moves[i]];
    const glyph = rows[row + dr]?.[col + dc];
    const door = glyph !== undefined && glyph >= 'A' && glyph <= 'D' && glyph !== 'E';
    if (glyph === undefined || glyph === '#' || (door && !keys.has(glyph.toLowerCase()))) {
      return { positions, keys: [...keys].sort(), steps: i, reachedExit: false, blockedAt: i };
    }
    row += dr;
    col += dc;
    positions.push({ row, col });
    if (glyph >= 'a' && glyph <= 'd') keys.add(glyph);
  }
  const reachedExit = rows[row][col] === 'E';
  return {
    positions,
    keys: [...keys].sort(),
    steps: positions.length - 1,
    reachedExit,
    blockedAt: null,
  };
}

/** A fake server: each request waits until `answer()` is called (to test what comes meanwhile). */
function fakeServer(best: number | null) {
  const sent: string[] = [];
  const waiting: (() => void)[] = [];
  const api: PlayApi = {
    start: async (rows) => ({ start: { kind: 'walk', walk: reference(rows, '') }, best }),
    walk: (rows, moves, signal) =>
      new Promise((resolve, reject) => {
        sent.push(moves);
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        // As the page asks it: without the positions.
        const { positions: _, ...walk } = reference(rows, moves);
        waiting.push(() => resolve({ kind: 'walk', walk }));
      }),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    api,
    sent,
    /** Answers the request in flight. */
    async answer() {
      waiting.shift()?.();
      await settle();
    },
  };
}

const LEVEL = ['S.a#E', '.#.A.', '.....'];

async function playing(best: number | null = 6) {
  const store = new DocumentStore(Grid.fromRows(LEVEL) as Grid);
  const server = fakeServer(best);
  const play = new PlayMode(store, server.api);
  await play.start();
  return { store, server, play };
}

const go = (play: PlayMode, moves: string) => {
  for (const move of moves) play.move(move as Move);
};

describe('PlayMode', () => {
  it('sends the moves so far, one request at a time, and shows what the server answers', async () => {
    const { server, play } = await playing();
    expect(play.state?.walk.positions).toEqual([{ row: 0, col: 0 }]);
    go(play, 'R');
    go(play, 'R');
    go(play, 'D');
    // One request in flight ("R"); the two typed meanwhile wait and go together.
    expect(server.sent).toEqual(['R']);
    expect(play.state?.waiting).toBe(3);
    expect(play.state?.walk.steps).toBe(0);
    await server.answer();
    expect(server.sent).toEqual(['R', 'RRD']);
    expect(play.state?.walk.steps).toBe(1);
    await server.answer();
    expect(play.state?.walk.steps).toBe(3);
    expect(play.state?.walk.keys).toEqual(['a']);
    expect(play.state?.waiting).toBe(0);
  });

  it('drops a refused move, counts it, and tries the moves typed after it again', async () => {
    const { server, play } = await playing();
    go(play, 'U');
    go(play, 'UR');
    await server.answer();
    expect(play.state).toMatchObject({ blocked: 1, lastBlocked: true });
    expect(playMessage(play.state!)).toContain('Blocked');
    // "U" refused at once; then "UR" was sent: U refused again, R tried once more.
    await server.answer();
    expect(server.sent).toEqual(['U', 'UR', 'R']);
    expect(play.state).toMatchObject({ blocked: 2 });
    await server.answer();
    expect(play.state).toMatchObject({ blocked: 2, lastBlocked: false });
    expect(play.state?.walk.positions.at(-1)).toEqual({ row: 0, col: 1 });
  });

  it('draws the trail from S and the moves the server says were made', async () => {
    const { server, play } = await playing();
    // One move at a time: up (the edge), down to the bottom row and right, up into door A
    // without its key, back to S, the key, and through the door to E. Refused moves leave no
    // mark on the trail.
    for (const move of 'UDDRRRULLLUURRDDRURU') {
      go(play, move);
      await server.answer();
      const made = server.sent.at(-1)!.slice(0, play.state!.walk.steps);
      expect(play.state?.walk.positions).toEqual(reference(LEVEL, made).positions);
    }
    expect(play.state?.walk).toMatchObject({ steps: 18, keys: ['a'], reachedExit: true });
    expect(play.state?.blocked).toBe(2);
    play.restart();
    go(play, 'D');
    await server.answer();
    expect(play.state?.walk.positions).toEqual([
      { row: 0, col: 0 },
      { row: 1, col: 0 },
    ]);
  });

  it('restarts from S, dropping the answer of a request in flight', async () => {
    const { server, play } = await playing();
    go(play, 'DD');
    await server.answer();
    go(play, 'R');
    play.restart();
    await server.answer();
    expect(play.state?.walk.steps).toBe(0);
    go(play, 'D');
    await server.answer();
    expect(server.sent.at(-1)).toBe('D');
    expect(play.state?.walk.steps).toBe(1);
  });

  it('says how the walk did against the best, and ignores moves after E', async () => {
    const { server, play } = await playing(6);
    // S.a#E / .#.A. / .....: R R (key) D R (door) R U to E = 6 moves.
    go(play, 'RRDRRU');
    await server.answer();
    await server.answer();
    expect(playMessage(play.state!)).toBe('You reached E in 6 steps: the best there is.');
    go(play, 'D');
    expect(server.sent).toHaveLength(2);
    play.restart();
    go(play, 'DDRRLRRRUU');
    await server.answer();
    await server.answer();
    expect(play.state?.walk.reachedExit).toBe(true);
    expect(playMessage(play.state!)).toBe('You reached E in 10 steps; the best is 6.');
  });

  it('locks the document while playing, and leaves it as it was', async () => {
    const { store, play } = await playing();
    const revision = store.revision;
    store.paint([{ row: 2, col: 0 }], '#');
    store.replace(Grid.blank(3, 3));
    store.undo();
    store.resize(8, 8, 'top-left');
    expect(store.grid.rows()).toEqual(LEVEL);
    play.stop();
    expect(store.locked).toBe(false);
    expect(store.revision).toBe(revision);
    store.paint([{ row: 2, col: 0 }], '#');
    expect(store.grid.rows()[2]).toBe('#....');
  });

  it('ends when another level is opened meanwhile; refuses an invalid level with its reason', async () => {
    const { store, play } = await playing();
    store.open({ levelId: 'other', version: 1, rows: ['SE'] });
    expect(play.active).toBe(false);
    expect(store.locked).toBe(false);
    const refusals: string[] = [];
    const invalid = new PlayMode(
      new DocumentStore(Grid.fromRows(['S.S', '..E']) as Grid),
      {
        start: async () => ({
          start: { kind: 'invalid', message: 'expected exactly one S' },
          best: null,
        }),
        walk: async () => ({ kind: 'invalid', message: '' }),
      },
      (message) => refusals.push(message),
    );
    await invalid.start();
    expect(invalid.active).toBe(false);
    expect(refusals).toEqual(['Cannot play this level: expected exactly one S']);
    // A document locked by an animation is not played, and stays locked.
    const busy = new DocumentStore(Grid.fromRows(LEVEL) as Grid);
    busy.locked = true;
    const blocked = new PlayMode(busy, fakeServer(6).api, (message) => refusals.push(message));
    await blocked.start();
    expect([blocked.active, busy.locked, refusals.at(-1)]).toEqual([
      false,
      true,
      'Cannot play while a maze is being animated: stop it first.',
    ]);
  });
});

/** Resolves once no move waits for the server (answered, or a problem said). */
function settled(play: PlayMode): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (play.state?.waiting !== 0) return;
      stop();
      resolve();
    };
    const stop = play.subscribe(check);
    check();
  });
}

describe('PlayMode on the real API', () => {
  const original = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = original;
  });

  it("takes walkLevel's limit of moves", () => {
    expect(MAX_MOVES).toBe(MAX_WALK_MOVES);
  });

  it('walks 100,000 moves within the default response budget, and says when no more are taken', async () => {
    // The page's requests, to the server in process with its default budget (16 MB).
    const { app } = makeApp({ app: { persistedDocuments: { manifest: EDITOR_MANIFEST } } });
    const sent: number[] = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      const { variables } = JSON.parse(init.body as string) as { variables: { moves?: string } };
      if (variables.moves !== undefined) sent.push(variables.moves.length);
      return app.fetch('http://localhost/graphql', init);
    }) as unknown as typeof fetch;
    const store = new DocumentStore(Grid.fromRows(['S.', '.E']) as Grid);
    const play = new PlayMode(store, playServer);
    await play.start();
    // Right and left along the top row: the first move alone, the others together.
    for (let i = 0; i < MAX_MOVES; i++) play.move(i % 2 === 0 ? 'R' : 'L');
    await settled(play);
    expect(play.state).toMatchObject({
      problem: '',
      blocked: 0,
      walk: { steps: 100_000, keys: [], reachedExit: false, blockedAt: null },
    });
    expect(sent).toEqual([1, 100_000]);
    const { positions } = play.state!.walk;
    expect(positions).toHaveLength(100_001);
    expect([positions[99_999], positions[100_000]]).toEqual([
      { row: 0, col: 1 },
      { row: 0, col: 0 },
    ]);
    expect(playMessage(play.state!)).toBe(
      'That is 100,000 moves, the most a walk can have: Escape or R starts again.',
    );
    // One more is not taken: nothing is sent (the server would refuse it).
    play.move('D');
    expect(play.state?.waiting).toBe(0);
    expect(sent).toHaveLength(2);
    // Starting again makes room.
    play.restart();
    play.move('D');
    await settled(play);
    expect(sent.at(-1)).toBe(1);
    expect(play.state?.walk.positions).toEqual([
      { row: 0, col: 0 },
      { row: 1, col: 0 },
    ]);
    expect(playMessage(play.state!)).toBe('');
  });
});
