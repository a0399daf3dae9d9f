// @vitest-environment happy-dom
// Together (web/src/collab/together.ts) with a server of the test's own: someone else's save
// of the drawing as it is here makes it that version, whatever order the page hears of two
// saves in; a save of other rows stays announced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Together } from '../../web/src/collab/together.js';
import type { TogetherServer } from '../../web/src/collab/together-api.js';
import type { LevelEditsSubscription } from '../../web/src/gql/graphql.js';
import type { StreamHandlers } from '../../web/src/live-stream.js';
import { DocumentStore } from '../../web/src/store.js';
import { SETTLED, deferred, level, stubServer } from './hooks-harness.js';

const ROWS = ['S.#', '..E'];
const MINE = ['S##', '..E'];
const SCRIPT = ['S..', '..E'];

let store: DocumentStore;
let together: Together;
let stop: () => void;
let edits: StreamHandlers<LevelEditsSubscription>;

const server: TogetherServer = {
  join: async () => ({ kind: 'joined', seq: 1, rows: ROWS, colour: '#123456', collaborators: [] }),
  edit: async () => ({ kind: 'stored', seq: 2 }),
  move: async () => true,
  leave: async () => true,
  stream(_id, _after, _session, handlers) {
    edits = handlers;
    return { close: () => {} };
  },
};

/** The shared drawing gets someone else's cells: row 0 becomes MINE's. */
function othersDraw(seq: number) {
  edits.onData({
    levelEdits: {
      __typename: 'CellsEdited',
      seq,
      session: 'someoneElse',
      edit: 1,
      cells: [{ row: 0, col: 1, glyphs: '#' }],
    },
  } as LevelEditsSubscription);
}

beforeEach(async () => {
  store = new DocumentStore();
  expect(store.open(level('castle', 5, ROWS))).toBeNull();
  together = new Together(store, () => {}, server);
  stop = together.connect();
  await vi.waitFor(() => expect(together.state.joined).toBe(true), SETTLED);
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('someone else saves', () => {
  it('the drawing as it is here: the newer save wins when the answers cross', async () => {
    // A script's save (6, other rows), then someone's save of the drawing here (7); the
    // answer for 7 comes first.
    const answers = new Map([6, 7].map((v) => [v, deferred<void>()]));
    stubServer(async ({ operation, variables }) => {
      expect(operation).toBe('OpenLevel');
      const version = variables.version as number;
      await answers.get(version)!.promise;
      return { level: level('castle', version, version === 6 ? SCRIPT : MINE) };
    });
    const six = together.followSave(6);
    const seven = together.followSave(7);
    answers.get(7)!.resolve();
    await seven;
    answers.get(6)!.resolve();
    await six;
    expect(store.meta.version).toBe(5);
    othersDraw(2);
    expect(store.grid.rows()).toEqual(MINE);
    expect(store.meta).toEqual({ id: 'castle', version: 7 });
    expect(store.dirty).toBe(false);
  });

  it('other rows: the version stays as it was', async () => {
    stubServer(() => ({ level: level('castle', 6, SCRIPT) }));
    await together.followSave(6);
    othersDraw(2);
    expect(store.grid.rows()).toEqual(MINE);
    expect(store.meta).toEqual({ id: 'castle', version: 5 });
  });
});
