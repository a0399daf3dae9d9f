// Editing together over real HTTP: streams of edits with graphql-sse, the bounds a client
// meets, every acknowledged edit kept across `kill -9` of the server (SQLite), the bot of
// examples/scripts/draw-along.ts, and two instances on one PostgreSQL hearing each other.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from 'graphql-sse';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, startInstance } from '../support/instances.js';
import { databaseOnServer, runStatement } from '../support/postgres-url.js';
import { root, startServerProcess } from '../support/server-process.js';

const run = promisify(execFile);
const ROWS = ['S.........', '..........', '.........E'];

interface Cells {
  readonly row: number;
  readonly col: number;
  readonly glyphs: string;
}

/** An event of `levelEdits` as FOLLOW asks it. */
interface EditEvent {
  readonly __typename: string;
  readonly seq: number;
  readonly session?: string;
  readonly cells: Cells[];
  readonly rows?: string[];
  readonly collaborator?: { readonly session: string; readonly name: string };
}

/** The answers these tests read, as their queries ask them. */
interface Answer {
  readonly __typename: string;
  readonly seq: number;
  readonly code?: string;
  readonly colour?: string;
  readonly drawing: { readonly seq: number; readonly rows: string[] };
  readonly collaborators: Array<{ readonly name: string }>;
}

async function gql(url: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as {
      data?: Record<string, Answer>;
      errors?: Array<{ message: string; extensions: { code: string } }>;
    },
  };
}

const LOAD = `mutation ($id: ID!, $rows: [String!]!) { loadLevel(id: $id, rows: $rows) { __typename } }`;
const JOIN = `mutation ($id: ID!, $session: ID!, $name: String) { joinLevel(id: $id, session: $session, name: $name) {
  __typename ... on LevelSession { colour drawing { seq rows unsaved savedVersion } collaborators { name } } } }`;
const EDIT = `mutation ($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!], $rows: [String!]) {
  editLevel(id: $id, session: $session, edit: $edit, cells: $cells, rows: $rows) {
    __typename ... on EditAccepted { seq } ... on EditError { code message } } }`;
const FOLLOW = `subscription ($id: ID!, $after: Int!, $session: ID) { levelEdits(id: $id, after: $after, session: $session) {
  __typename ... on CellsEdited { seq session cells { row col glyphs } } ... on DrawingReplaced { seq rows }
  ... on CollaboratorMoved { collaborator { session name pointer { row col } } } ... on CollaboratorLeft { session } } }`;

/** A stream of `levelEdits`, its events kept as they come. */
function follow(url: string, id: string, after: number, session?: string) {
  const client = createClient({ url, retryAttempts: 0 });
  const events: EditEvent[] = [];
  const iterator = client.iterate<{ levelEdits: EditEvent }>({
    query: FOLLOW,
    variables: { id, after, session },
  });
  const done = (async () => {
    for await (const event of iterator) if (event.data) events.push(event.data.levelEdits);
  })().catch(() => undefined);
  return {
    events,
    /** Waits until `check` holds for the events (at most 10 s). */
    async until(check: (events: EditEvent[]) => boolean, what: string) {
      const end = Date.now() + 10_000;
      while (!check(events)) {
        if (Date.now() > end) throw new Error(`${what}: only ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      await iterator.return?.();
      client.dispose();
      await done;
    },
  };
}

const edits = (events: EditEvent[]) =>
  events.filter(
    (event) => event.__typename === 'CellsEdited' || event.__typename === 'DrawingReplaced',
  );

describe('one server on SQLite', () => {
  it('streams each edit to the others in order, and refuses a flood of one client', async () => {
    const server = await startServerProcess();
    try {
      await gql(server.url, LOAD, { id: 'castle', rows: ROWS });
      const ana = (
        await gql(server.url, JOIN, { id: 'castle', session: 'anaSession1', name: 'Ana' })
      ).body;
      expect(ana.data!.joinLevel).toMatchObject({
        __typename: 'LevelSession',
        drawing: { seq: 0, rows: ROWS, unsaved: false, savedVersion: 1 },
        collaborators: [],
      });
      const bo = follow(server.url, 'castle', 0, 'boSession11');
      await bo.until(
        (events) => events.some((e) => e.__typename === 'CollaboratorMoved'),
        'Ana here',
      );
      expect(bo.events[0]).toEqual({
        __typename: 'CollaboratorMoved',
        collaborator: { session: 'anaSession1', name: 'Ana', pointer: null },
      });
      for (let n = 1; n <= 5; n++) {
        const done = await gql(server.url, EDIT, {
          id: 'castle',
          session: 'anaSession1',
          edit: n,
          cells: [{ row: 1, col: n, glyphs: '#' }],
        });
        expect(done.body.data!.editLevel).toEqual({ __typename: 'EditAccepted', seq: n });
      }
      await bo.until((events) => edits(events).length === 5, 'five edits');
      expect(edits(bo.events).map((event) => [event.seq, event.cells[0].col])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
        [5, 5],
      ]);
      // Bo is here for Ana while the stream is open.
      const again = (await gql(server.url, JOIN, { id: 'castle', session: 'anaSession1' })).body;
      expect(again.data!.joinLevel.collaborators).toEqual([{ name: 'Guest' }]);
      await bo.close();
      // One client, batches of 300 edits at once: faster than 100 a second, so refused soon
      // (429 with Retry-After), and never before its first 200.
      let refused: Awaited<ReturnType<typeof gql>> | undefined;
      let taken = 0;
      for (let batch = 0; batch < 20 && !refused; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 300 }, (_, i) =>
            gql(server.url, EDIT, {
              id: 'castle',
              session: 'anaSession1',
              edit: 6 + batch * 300 + i,
              cells: [{ row: 0, col: 1, glyphs: i % 2 ? '#' : '.' }],
            }),
          ),
        );
        taken += answers.filter((answer) => answer.status === 200).length;
        refused = answers.find((answer) => answer.status !== 200);
      }
      expect(taken).toBeGreaterThanOrEqual(200);
      expect(refused).toMatchObject({
        status: 429,
        retryAfter: '1',
        body: { errors: [{ extensions: { code: 'TOO_MANY_EDITS' } }] },
      });
      expect(refused!.body.errors![0].message).toBe(
        'this client sent more than 100 edits a second: try again in a second',
      );
    } finally {
      await server.stop();
    }
  });

  it('keeps every acknowledged edit across kill -9 of the server', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-editing-'));
    const cellsOf = (i: number) => [{ row: i % 3, col: 1 + (i % 8), glyphs: String(1 + (i % 9)) }];
    try {
      const first = await startServerProcess({ DATA_DIR: dataDir });
      await gql(first.url, LOAD, { id: 'keep', rows: ROWS });
      /** Edit number -> the seq its answer gave. */
      const acknowledged = new Map<number, number>();
      // Edits sent without waiting, the server killed in the middle.
      const sent = Array.from({ length: 60 }, (_, i) =>
        gql(first.url, EDIT, {
          id: 'keep',
          session: 'killSession',
          edit: i + 1,
          cells: cellsOf(i),
        }).then(
          (answer) => {
            const done = answer.body.data?.editLevel;
            if (done?.__typename === 'EditAccepted') acknowledged.set(i + 1, done.seq);
          },
          () => undefined,
        ),
      );
      // Killed once some are answered, while others are on their way.
      while (acknowledged.size < 5) await new Promise((resolve) => setTimeout(resolve, 1));
      first.child.kill('SIGKILL');
      await Promise.all(sent);
      await first.exited;
      const second = await startServerProcess({ DATA_DIR: dataDir });
      try {
        const joined = (await gql(second.url, JOIN, { id: 'keep', session: 'afterSession' })).body;
        const { seq } = joined.data!.joinLevel.drawing;
        // Every acknowledged edit is there, with its cells, at the seq it was answered.
        const stream = follow(second.url, 'keep', 0);
        await stream.until((events) => edits(events).length === seq, `the ${seq} edits kept`);
        await stream.close();
        const kept = new Map(edits(stream.events).map((event) => [event.seq, event.cells]));
        expect(acknowledged.size).toBeGreaterThanOrEqual(5);
        for (const [edit, at] of acknowledged) expect(kept.get(at)).toEqual(cellsOf(edit - 1));
        // Sent again, every edit is stored once: those kept answer their first seq.
        for (let i = 0; i < 60; i++) {
          const again = await gql(second.url, EDIT, {
            id: 'keep',
            session: 'killSession',
            edit: i + 1,
            cells: cellsOf(i),
          });
          const answered = again.body.data!.editLevel.seq as number;
          if (acknowledged.has(i + 1)) expect(answered).toBe(acknowledged.get(i + 1));
        }
        const final = (await gql(second.url, JOIN, { id: 'keep', session: 'afterSession' })).body;
        expect(final.data!.joinLevel.drawing.seq).toBe(60);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs the draw-along bot beside a person', async () => {
    const server = await startServerProcess();
    try {
      await gql(server.url, LOAD, { id: 'bot', rows: ['S.##', '####', '#..E'] });
      const person = follow(server.url, 'bot', 0, 'personSession');
      const env = { ...process.env, LABYRINTH_URL: server.url };
      const args = [
        'run',
        '--silent',
        'draw-along',
        '--',
        '--level',
        'bot',
        '--cells',
        '3',
        '--every',
        '20',
      ];
      const { stdout } = await run('npm', args, { cwd: root, env });
      expect(stdout.split('\n').filter(Boolean)).toEqual([
        'joined bot at seq 0 (here: Guest)',
        'painted row 0, col 1 (seq 1)',
        'painted row 2, col 1 (seq 2)',
        'painted row 2, col 2 (seq 3)',
        'painted 3 cells, left bot',
      ]);
      await person.until(
        (events) => events.some((e) => e.__typename === 'CollaboratorLeft'),
        'the bot left',
      );
      expect(edits(person.events).map((event) => event.cells)).toEqual([
        [{ row: 0, col: 1, glyphs: '#' }],
        [{ row: 2, col: 1, glyphs: '#' }],
        [{ row: 2, col: 2, glyphs: '#' }],
      ]);
      await person.close();
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('two instances on PostgreSQL', () => {
  const database = `labyrinth_editing_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    await killAll();
    await runStatement(`drop database if exists ${database} with (force)`);
  });

  it('hear each other: edits in one order, presence, and a stream that comes back', async () => {
    await runStatement(`create database ${database}`);
    const url = databaseOnServer(database);
    const one = await startInstance('one', url);
    const two = await startInstance('two', url);
    await gql(one.url, LOAD, { id: 'shared', rows: ROWS });
    await gql(one.url, JOIN, { id: 'shared', session: 'onOneSession', name: 'Ana' });
    const onTwo = follow(two.url, 'shared', 0, 'onTwoSession');
    const onOne = follow(one.url, 'shared', 0);
    await onTwo.until((events) => events.some((e) => e.collaborator?.name === 'Ana'), 'Ana on two');
    // Both paint the same cell, and others, at once through both instances.
    const sent = [];
    for (let n = 1; n <= 20; n++) {
      const [instance, session] = n % 2 ? [one, 'onOneSession'] : [two, 'onTwoSession'];
      sent.push(
        gql(instance.url, EDIT, {
          id: 'shared',
          session,
          edit: n,
          cells: [
            { row: 1, col: n % 2 ? 4 : 5, glyphs: n % 2 ? 'a' : 'b' },
            { row: 0, col: 4, glyphs: String(1 + (n % 9)) },
          ],
        }),
      );
    }
    const answers = await Promise.all(sent);
    expect(answers.map((answer) => answer.body.data!.editLevel.__typename)).toEqual(
      Array(20).fill('EditAccepted'),
    );
    expect(new Set(answers.map((answer) => answer.body.data!.editLevel.seq)).size).toBe(20);
    for (const stream of [onOne, onTwo])
      await stream.until((events) => edits(events).length === 20, '20 edits');
    // The same order on both instances, the seqs 1 to 20.
    const order = (events: EditEvent[]) =>
      edits(events).map((event) => `${event.seq}:${event.session}`);
    expect(order(onOne.events)).toEqual(order(onTwo.events));
    expect(edits(onOne.events).map((event) => event.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const last = edits(onOne.events).at(-1)!;
    const drawings = await Promise.all(
      [one, two].map(
        async (instance) =>
          (await gql(instance.url, JOIN, { id: 'shared', session: 'readerSession' })).body,
      ),
    );
    expect(drawings[0].data!.joinLevel.drawing).toEqual(drawings[1].data!.joinLevel.drawing);
    expect(drawings[0].data!.joinLevel.drawing.rows[0][4]).toBe(last.cells[1].glyphs);
    await onOne.close();
    // A stream on two, from seq 10: the ten after it.
    const late = follow(two.url, 'shared', 10);
    await late.until((events) => edits(events).length === 10, 'the ten after seq 10');
    expect(edits(late.events)[0].seq).toBe(11);
    await late.close();
    await onTwo.close();
  }, 60_000);
});
