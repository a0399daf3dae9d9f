// Two instances behind PgBouncer in transaction pooling mode (docs/deploy.md, "Behind
// PgBouncer"): DATABASE_URL through PgBouncer, PG_LISTEN_URL straight to PostgreSQL. Their
// migrations at start, conflict-safe saves, history, reverts, deletes, shared answers and events
// all work while PgBouncer hands a few server connections from transaction to transaction.
// Run by `npm run test:pgbouncer` (it needs the `pgbouncer` binary; .ci/run installs it).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIG_ROOM,
  type Instance,
  SAVE,
  gql,
  killAll,
  opened,
  sharedAnswers,
  startInstance,
  until,
  watch,
} from '../support/instances.js';
import { type PgBouncer, startPgBouncer } from '../support/pgbouncer.js';
import {
  answersKept,
  databaseOnServer,
  postgresUrl,
  runStatement,
} from '../support/postgres-url.js';

/** Server connections PgBouncer may open to the database: fewer than the instances' pools. */
const POOL_SIZE = 2;
const database = `labyrinth_bouncer_${randomBytes(4).toString('hex')}`;
let bouncer: PgBouncer;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  await runStatement(`create database ${database}`);
  bouncer = await startPgBouncer(postgresUrl(), POOL_SIZE);
  const env = {
    PG_LISTEN_URL: databaseOnServer(database),
    PG_POOL_MAX: '8',
    PG_STATEMENT_TIMEOUT_MS: '',
  };
  // Both migrate the new database at once, through PgBouncer.
  [a, b] = await Promise.all([
    startInstance('a', bouncer.url(database), env),
    startInstance('b', bouncer.url(database), env),
  ]);
});

afterAll(async () => {
  await killAll();
  await bouncer?.stop();
  await runStatement(`drop database if exists ${database} with (force)`);
});

const REVERT = `mutation ($id: ID!, $version: Int!, $expected: Int) {
  revertLevel(id: $id, version: $version, expectedVersion: $expected) {
    __typename ... on Level { version rows history(first: 1) { edges { node { revertedFrom } } } } ... on VersionConflict { currentVersion }
  } }`;

describe('behind PgBouncer in transaction mode', () => {
  it('lets exactly one of 40 concurrent saves expecting version 0 create a level', async () => {
    const saves = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        gql(i % 2 === 0 ? a : b, SAVE, {
          id: 'first',
          rows: ['S' + '.'.repeat(i) + 'E'],
          expected: 0,
        }),
      ),
    );
    const kinds = saves.map((save) => save.body.data!.loadLevel.__typename);
    expect(kinds.filter((kind) => kind === 'Level')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'VersionConflict')).toHaveLength(39);
    const winner = saves.find((save) => save.body.data!.loadLevel.__typename === 'Level')!;
    expect((await gql(b, '{ level(id: "first") { version rows } }')).body.data!.level).toEqual({
      version: 1,
      rows: winner.body.data!.loadLevel.rows,
    });
  });

  it('gives 60 concurrent saves of one id through both instances distinct versions', async () => {
    const saves = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        gql(i % 2 === 0 ? a : b, SAVE, { id: 'crowd', rows: ['S' + '.'.repeat(i) + 'E'] }),
      ),
    );
    const versions = saves.map((save) => save.body.data!.loadLevel.version);
    expect([...versions].sort((x, y) => x - y)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    // Every version is in the history with the rows its save sent.
    for (const save of saves) {
      const { version, rows } = save.body.data!.loadLevel;
      const old = await gql(a, 'query ($v: Int!) { level(id: "crowd", version: $v) { rows } }', {
        v: version,
      });
      expect(old.body.data!.level, `crowd@${version}`).toEqual({ rows });
    }
  });

  it('reverts and deletes, and tells the other instance of each change', async () => {
    const onB = watch(b);
    try {
      await opened(b, onB);
      await gql(a, SAVE, { id: 'edited', rows: ['SE'] });
      await gql(a, SAVE, { id: 'edited', rows: ['S.E'] });
      const reverted = await gql(a, REVERT, { id: 'edited', version: 1, expected: 2 });
      expect(reverted.body.errors).toBeUndefined();
      expect(reverted.body.data).toEqual({
        revertLevel: {
          __typename: 'Level',
          version: 3,
          rows: ['SE'],
          history: { edges: [{ node: { revertedFrom: 1 } }] },
        },
      });
      const stale = await gql(b, REVERT, { id: 'edited', version: 2, expected: 2 });
      expect(stale.body.data).toEqual({
        revertLevel: { __typename: 'VersionConflict', currentVersion: 3 },
      });
      expect((await gql(b, 'mutation { deleteLevel(id: "edited") }')).body.data).toEqual({
        deleteLevel: true,
      });
      expect((await gql(a, '{ level(id: "edited") { version } }')).body.data).toEqual({
        level: null,
      });
      await until(
        () => onB.events.filter((event) => event.id === 'edited').length === 4,
        'the four events on b',
      );
      expect(onB.events.filter((event) => event.id === 'edited')).toEqual([
        { id: 'edited', version: 1, kind: 'SAVED' },
        { id: 'edited', version: 2, kind: 'SAVED' },
        { id: 'edited', version: 3, kind: 'REVERTED' },
        { id: 'edited', version: 3, kind: 'DELETED' },
      ]);
    } finally {
      await onB.stop();
    }
  });

  it('shares a big level’s answers through the database', async () => {
    await gql(a, SAVE, { id: 'big', rows: BIG_ROOM });
    expect((await gql(a, '{ level(id: "big") { steps } }')).body.data).toEqual({
      level: { steps: 298 },
    });
    // A keeps the search in the database in the background: b asks once it is there (asked
    // earlier, b would solve it itself, a miss).
    await until(
      async () => (await answersKept(databaseOnServer(database), 'big')) > 0,
      "a's answer in the database",
    );
    expect((await gql(b, '{ level(id: "big") { steps } }')).body.data).toEqual({
      level: { steps: 298 },
    });
    expect(await sharedAnswers(b, 'hit')).toBe(1);
    expect(await sharedAnswers(b, 'miss')).toBe(0);
  });

  it('went through PgBouncer, on at most its pool of server connections', async () => {
    // Concurrent saves on both instances make their pools open several connections each (a pool
    // closes those idle for 10 s, so the counts below are taken right after).
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        gql(i % 2 === 0 ? a : b, SAVE, { id: `pooled-${i}`, rows: ['S.E'] }),
      ),
    );
    const pools = await bouncer.admin('SHOW POOLS');
    const pool = pools.find((row) => row.database === database)!;
    expect(pool.pool_mode).toBe('transaction');
    const stats = (await bouncer.admin('SHOW STATS')).find((row) => row.database === database)!;
    // The saves above alone were more than 100 transactions.
    expect(Number(stats.total_xact_count)).toBeGreaterThan(100);
    const servers = (await bouncer.admin('SHOW SERVERS')).filter(
      (row) => row.database === database,
    );
    const clients = (await bouncer.admin('SHOW CLIENTS')).filter(
      (row) => row.database === database,
    );
    expect(servers.length).toBeLessThanOrEqual(POOL_SIZE);
    // More client connections (the instances' pools) than server connections: they were shared.
    expect(clients.length).toBeGreaterThan(POOL_SIZE);
  });

  it('migrates a new database once when four instances start on it at once, five times', async () => {
    // Kysely's migration lock is a session lock: through the pooler it would not hold, and two
    // instances would create the same tables (PG_LISTEN_URL's direct connection migrates).
    for (let round = 0; round < 5; round++) {
      const fresh = `${database}_m${round}`;
      await runStatement(`create database ${fresh}`);
      const url = new URL(databaseOnServer(database));
      url.pathname = `/${fresh}`;
      const started = await Promise.allSettled(
        ['w', 'x', 'y', 'z'].map((name) =>
          startInstance(`${name}${round}`, bouncer.url(fresh), {
            PG_LISTEN_URL: url.toString(),
            PG_STATEMENT_TIMEOUT_MS: '',
          }),
        ),
      );
      const failures = started.flatMap((result) =>
        result.status === 'rejected' ? [String(result.reason)] : [],
      );
      expect(failures, `round ${round}`).toEqual([]);
      for (const result of started) {
        if (result.status === 'fulfilled') result.value.child.kill('SIGKILL');
      }
      await until(
        () =>
          started.every(
            (result) =>
              result.status !== 'fulfilled' ||
              result.value.child.exitCode !== null ||
              result.value.child.signalCode !== null,
          ),
        'the instances to exit',
      );
      await runStatement(`drop database ${fresh} with (force)`);
    }
    // Twenty server processes started four at a time: 41 s on the 2-core machine with other
    // tests running (it timed out at the default 30 s on main as well).
  }, 120_000);

  it('refuses PG_STATEMENT_TIMEOUT_MS through PgBouncer in one line, at start', async () => {
    await expect(
      startInstance('timeout', bouncer.url(database), {
        PG_LISTEN_URL: databaseOnServer(database),
        PG_STATEMENT_TIMEOUT_MS: '5000',
      }),
    ).rejects.toThrow(/unsupported startup parameter: statement_timeout/);
  });
});
