// Play mode (web/src/play/play.ts) without a browser, against a fake server whose walk is a
// deliberately simple reference of the rules (walls, edges, keys, doors; no gates here): one
// request at a time with the moves so far, refused moves dropped and the later ones tried
// again, Restart, the verdict against the best, and the document locked while playing.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../web/src/grid.js';
import {
  type Move,
  type PlayApi,
  PlayMode,
  type Walk,
  playMessage,
} from '../../web/src/play/play.js';
import { DocumentStore } from '../../web/src/store.js';

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
        waiting.push(() => resolve({ kind: 'walk', walk: reference(rows, moves) }));
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
