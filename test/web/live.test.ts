// The logic the editor's hooks wrap (web/src/check.ts, writes.ts, changes.ts), without a
// browser: the live check's delay, cancelling and one request a change; versioned writes with their
// conflicts and token retries as intents; someone else's saves held during our own writes.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/api.js';
import {
  type Ask,
  CheckRunner,
  type CheckResult,
  askServer,
  hasTerrain,
  startOf,
  tracePath,
} from '../../web/src/check.js';
import { LiveChanges, type RemoteChange } from '../../web/src/changes.js';
import { type WriteIntent, type WriteOutcome, Writer } from '../../web/src/writes.js';
import { documentText } from '../support/editor-documents.js';

/** Timers run by hand: `advance` fires what is due. */
function fakeTimers() {
  let now = 0;
  const due: { at: number; run: () => void; id: number }[] = [];
  let next = 1;
  return {
    timers: {
      setTimeout: (run: () => void, ms: number) => {
        due.push({ at: now + ms, run, id: next });
        return next++;
      },
      clearTimeout: (id: unknown) => {
        const index = due.findIndex((entry) => entry.id === id);
        if (index >= 0) due.splice(index, 1);
      },
      now: () => now,
    },
    async advance(ms: number) {
      now += ms;
      for (const entry of due.filter((e) => e.at <= now)) {
        due.splice(due.indexOf(entry), 1);
        entry.run();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('CheckRunner', () => {
  it('asks once after the delay, for the newest rows only, and names the revision', async () => {
    const { timers, advance } = fakeTimers();
    const asked: string[][] = [];
    const ask: Ask = async (rows) => {
      asked.push(rows);
      return {
        kind: 'answers',
        steps: 2,
        cheapest: 2,
        path: null,
        cheapestPath: null,
        insights: null,
      };
    };
    const results: CheckResult[] = [];
    const runner = new CheckRunner(ask, (result) => results.push(result), timers, 20);
    runner.schedule(() => ['S.E'], 1);
    await advance(10);
    runner.schedule(() => ['SE'], 2);
    await advance(19);
    expect(asked).toEqual([]);
    await advance(1);
    expect(asked).toEqual([['SE']]);
    expect(results.map((r) => [r.revision, r.state.kind])).toEqual([[2, 'answers']]);
  });

  it('asks once whatever the answer: a refusal is said, never asked again another way', async () => {
    const { timers, advance } = fakeTimers();
    const asked: string[][] = [];
    const ask: Ask = async (rows) => {
      asked.push(rows);
      throw new ApiError('too big', 'TOO_EXPENSIVE');
    };
    const results: CheckResult[] = [];
    const runner = new CheckRunner(ask, (result) => results.push(result), timers, 0);
    runner.schedule(() => ['SE'], 1);
    await advance(0);
    await advance(0);
    expect(asked).toEqual([['SE']]);
    expect(results.map((r) => r.state)).toEqual([{ kind: 'failed', message: 'too big' }]);
  });

  it('says why a check failed, and drops the answer to a request it cancelled', async () => {
    const { timers, advance } = fakeTimers();
    let release: () => void = () => {};
    const ask: Ask = (_rows, signal) =>
      new Promise((resolve, reject) => {
        release = () => reject(new ApiError('the server cannot be reached', 'NETWORK'));
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const results: CheckResult[] = [];
    const runner = new CheckRunner(ask, (result) => results.push(result), timers, 0);
    runner.schedule(() => ['SE'], 1);
    await advance(0);
    runner.cancel();
    await advance(0);
    expect(results).toEqual([]);
    runner.schedule(() => ['SE'], 2);
    await advance(0);
    release();
    await advance(0);
    expect(results.map((r) => r.state)).toEqual([
      { kind: 'failed', message: 'the server cannot be reached' },
    ]);
  });

  it('traces a walk from S by its moves, in walking order, a cell twice when it comes back', () => {
    expect(tracePath(startOf(['S..', '#..', '..E']), 'RRDD')).toEqual({
      cells: [
        { row: 0, col: 0 },
        { row: 0, col: 1 },
        { row: 0, col: 2 },
        { row: 1, col: 2 },
        { row: 2, col: 2 },
      ],
    });
    // Up to the key and back through S to its door: S twice, in the order walked.
    expect(tracePath(startOf(['a#.', 'SAE']), 'UDRR')?.cells).toEqual([
      { row: 1, col: 0 },
      { row: 0, col: 0 },
      { row: 1, col: 0 },
      { row: 1, col: 1 },
      { row: 1, col: 2 },
    ]);
    expect(tracePath(startOf(['S#E']), null)).toBeNull();
    expect(tracePath(startOf(['SE']), '')?.cells).toEqual([{ row: 0, col: 0 }]);
  });
});

describe('askServer', () => {
  it('asks one document once: one search without terrain, both with it', async () => {
    const sent: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (_url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as Parameters<typeof documentText>[0] & {
        variables: { terrain: boolean };
      };
      const name = /query (\w+)/.exec(documentText(body))![1];
      sent.push(`${name} ${JSON.stringify(body.variables)}`);
      const draft = {
        __typename: 'LevelDraft',
        steps: 2,
        moves: 'RR',
        cheapest: 3,
        cheapestMoves: 'DR',
        ...{ neededKeys: [], deadEnds: 0, shortestWalks: 1, unreachableMask: ['000', '000'] },
      };
      return new Response(JSON.stringify({ data: { checkLevel: draft } }));
    }) as unknown as typeof fetch;
    try {
      const signal = new AbortController().signal;
      const plain = await askServer(['S.E', '...'], signal);
      const terrain = await askServer(['S3E', '...'], signal);
      // One document; without terrain the cheapest walk is not asked apart.
      const asked = (rows: string, terrain: boolean) =>
        `LiveCheck {"rows":${rows},"terrain":${terrain}}`;
      expect(sent).toEqual([asked('["S.E","..."]', false), asked('["S3E","..."]', true)]);
      const right = [
        { row: 0, col: 0 },
        { row: 0, col: 1 },
        { row: 0, col: 2 },
      ];
      // Without terrain the cheapest walk is the fewest-steps walk, at the same cost.
      expect(plain).toMatchObject({
        steps: 2,
        cheapest: 2,
        path: { cells: right },
        cheapestPath: { cells: right },
      });
      expect(terrain).toMatchObject({
        steps: 2,
        cheapest: 3,
        path: { cells: right },
        cheapestPath: {
          cells: [
            { row: 0, col: 0 },
            { row: 1, col: 0 },
            { row: 1, col: 1 },
          ],
        },
      });
    } finally {
      globalThis.fetch = original;
    }
    expect([hasTerrain(['S.1.E']), hasTerrain(['S.', '.9E'])]).toEqual([false, true]);
  });

  it('asks the insights in the same request: every unreachable cell from the mask', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = (async () => {
      const draft = {
        __typename: 'LevelDraft',
        steps: null,
        moves: null,
        neededKeys: [],
        deadEnds: 3,
        shortestWalks: null,
        unreachableMask: ['000', '000', '011'],
      };
      return new Response(JSON.stringify({ data: { checkLevel: draft } }));
    }) as unknown as typeof fetch;
    // S.a / .## / #.E, E walled off: a, (1, 0) and (2, 1) have one open neighbour each.
    const rows = ['S.a', '.##', '#.E'];
    try {
      const state = await askServer(rows, new AbortController().signal);
      expect(state).toMatchObject({ steps: null, cheapest: null, path: null, cheapestPath: null });
      expect(state.kind === 'answers' && state.insights).toEqual({
        unreachable: [
          { row: 2, col: 1 },
          { row: 2, col: 2 },
        ],
        neededKeys: [],
        deadEnds: 3,
        shortestWalks: null,
        deadEndCells: [
          { row: 0, col: 2 },
          { row: 1, col: 0 },
          { row: 2, col: 1 },
        ],
        neededKeyCells: [],
      });
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('Writer', () => {
  const level = (version: number) => ({
    id: 'castle',
    levelId: 'castle',
    version,
    savedAt: '',
    width: 2,
    height: 1,
    rows: ['SE'],
    name: null,
    tags: [],
  });

  it('keeps a conflict as its intent, and "Keep mine" sends it again over their version', async () => {
    const sent: [WriteIntent, number][] = [];
    const stored: WriteIntent[] = [];
    const writer = new Writer({
      send: async (intent, expected): Promise<WriteOutcome> => {
        sent.push([intent, expected]);
        return expected === 5
          ? { kind: 'stored', level: level(6), warnings: [] }
          : { kind: 'conflict', currentVersion: 5 };
      },
      current: async () => level(5),
      stored: (intent) => stored.push(intent),
      problem: () => {},
    });
    await writer.run({ kind: 'save', id: 'castle' }, 3);
    expect(writer.state.conflict).toEqual({
      intent: { kind: 'save', id: 'castle' },
      currentVersion: 5,
      theirs: level(5),
    });
    await writer.keepMine();
    expect(sent.map(([, expected]) => expected)).toEqual([3, 5]);
    expect(stored).toEqual([{ kind: 'save', id: 'castle' }]);
    expect(writer.state).toEqual({ busy: false, conflict: null, retry: null });
  });

  it('asks for the token and retries the same intent; says what a refusal says', async () => {
    const problems: [string, boolean][] = [];
    let token = false;
    const writer = new Writer({
      send: async (intent): Promise<WriteOutcome> => {
        if (intent.kind === 'import') return { kind: 'refused', message: 'not a maze' };
        if (!token)
          throw Object.assign(new Error('a write token is needed'), {
            name: 'UnauthenticatedError',
          });
        return { kind: 'stored', level: level(1), warnings: [] };
      },
      current: async () => null,
      stored: () => problems.push(['stored', false]),
      problem: (message, needsToken) => problems.push([message, needsToken]),
    });
    await writer.run({ kind: 'save', id: 'castle' }, 0);
    expect(writer.state.retry).toEqual({ intent: { kind: 'save', id: 'castle' }, expected: 0 });
    token = true;
    await writer.retryWithToken();
    await writer.run({ kind: 'import', id: 'castle', text: 'x' }, 1);
    expect(problems).toEqual([
      ['a write token is needed: enter the write token, then try again.', true],
      ['stored', false],
      ['Not imported: not a maze', false],
    ]);
  });
});

describe('LiveChanges', () => {
  it('announces newer versions of the open level only, held while our write is in flight', async () => {
    const announced: RemoteChange[] = [];
    let writing = true;
    const idle: (() => void)[] = [];
    const open = { id: 'castle', version: 2 };
    const changes = new LiveChanges({
      open: () => open,
      writing: () => writing,
      whenIdle: (run) => idle.push(run),
      currentVersion: async () => 7,
      announce: (change) => announced.push(change),
      listChanged: () => {},
      problem: () => {},
    });
    changes.event({ id: 'castle', version: 3, kind: 'SAVED' });
    changes.event({ id: 'other', version: 9, kind: 'SAVED' });
    expect(announced).toEqual([]);
    // Our own save made version 3: its event is not someone else's.
    open.version = 3;
    writing = false;
    idle.forEach((run) => run());
    expect(announced).toEqual([]);
    changes.event({ id: 'castle', version: 4, kind: 'SAVED' });
    changes.event({ id: null, version: null, kind: 'MISSED' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(announced).toEqual([
      { version: 4, kind: 'SAVED' },
      { version: 7, kind: 'SAVED' },
    ]);
  });
});
