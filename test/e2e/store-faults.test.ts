// A store that cannot write, as real processes on a real file system of the test's own (a tmpfs
// in a mount namespace: support/private-mount.ts): a disk that fills, a data directory that is
// read-only, a PostgreSQL whose data directory fills (the database server in the namespace:
// support/mounted-postgres.ts). Writes answer 503 STORE_UNAVAILABLE (they answered 200
// "Unexpected error."), /ready is 503 while they fail (it was 200), and what was stored reads
// back exactly as it was, through the server and from the database itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openSqliteStore } from '../../src/service/storage/sqlite.js';
import { type MountedPostgres, startPostgresOn } from '../support/mounted-postgres.js';
import { type PrivateMount, privateTmpfs } from '../support/private-mount.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { splitCost } from '../support/cost.js';

const mounts: PrivateMount[] = [];
const servers: ServerProcess[] = [];
const databases: MountedPostgres[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const database of databases) await database.close();
  for (const mount of mounts) await mount.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function mounted(size: string): Promise<PrivateMount> {
  const mount = await privateTmpfs(size);
  mounts.push(mount);
  return mount;
}

async function serverIn(mount: PrivateMount): Promise<ServerProcess> {
  const server = await startServerProcess(
    { DATA_DIR: join(mount.dir, 'data'), SOLVER_THREADS: '0' },
    mount.enter,
  );
  servers.push(server);
  return server;
}

/** A server on a PostgreSQL whose data directory is on `mount` (the server itself outside). */
async function serverOnPostgresIn(
  mount: PrivateMount,
): Promise<{ server: ServerProcess; database: MountedPostgres }> {
  const database = await startPostgresOn(mount);
  databases.push(database);
  const server = await startServerProcess({ DATABASE_URL: database.url, SOLVER_THREADS: '0' });
  servers.push(server);
  return { server, database };
}

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: {
    data?: Record<string, { __typename?: string; version?: number; rows?: string[] } | null>;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
}

async function gql(
  server: ServerProcess,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Answer> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: splitCost((await response.json()) as Answer['body']).body,
  };
}

const SAVE = `mutation ($id: ID!, $rows: [String!]!) {
  loadLevel(id: $id, rows: $rows) { __typename ... on Level { version } } }`;
const DELETE = 'mutation ($id: ID!) { deleteLevel(id: $id) }';
const VERSION = 'query ($id: ID!, $v: Int) { level(id: $id, version: $v) { version rows } }';

/** A size x size open room with a wall at `mark`: each one different. */
function room(size: number, mark: number): string[] {
  return Array.from({ length: size }, (_, r) => {
    const row: string[] = Array.from({ length: size }, (_, c) =>
      r === 1 && c === mark % size ? '#' : '.',
    );
    if (r === 0) row[0] = 'S';
    if (r === size - 1) row[size - 1] = 'E';
    return row.join('');
  });
}

/**
 * A size x size room with walls scattered by a generator seeded with `mark`: rows that
 * PostgreSQL's compression of long values (TOAST) cannot shrink to nothing, as it does the
 * open rooms above.
 */
function scattered(size: number, mark: number): string[] {
  let state = (mark + 1) * 2654435761;
  const bit = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state & 1;
  };
  return Array.from({ length: size }, (_, r) => {
    const row: string[] = Array.from({ length: size }, () => (bit() ? '#' : '.'));
    if (r === 0) row[0] = 'S';
    if (r === size - 1) row[size - 1] = 'E';
    return row.join('');
  });
}

/**
 * Saves new levels `fill-0`, `fill-1`, … (the rows of `fill-N`: `rowsOf(N)`) until one is
 * refused, at most 1000: how many were saved, and the first refusal's answer.
 */
async function saveUntilRefused(
  server: ServerProcess,
  rowsOf: (n: number) => string[],
): Promise<{ saved: number; failed: Answer | undefined }> {
  let saved = 0;
  while (saved < 1000) {
    const answer = await gql(server, SAVE, { id: `fill-${saved}`, rows: rowsOf(saved) });
    if (answer.body.data?.loadLevel?.__typename !== 'Level') return { saved, failed: answer };
    saved++;
  }
  return { saved, failed: undefined };
}

/** What a write that the store could not make is answered. */
const CANNOT_WRITE = {
  status: 503,
  retryAfter: '30',
  body: {
    data: null,
    errors: [
      {
        message:
          'the level store cannot write now (its disk is full, or it is read-only): nothing ' +
          'was changed; try again later',
        extensions: { code: 'STORE_UNAVAILABLE' },
      },
    ],
  },
};

/** Three versions of `kept`, saved; answers their rows by version. */
async function keep(server: ServerProcess): Promise<Map<number, string[]>> {
  const kept = new Map<number, string[]>();
  for (let version = 1; version <= 3; version++) {
    const rows = room(20, version);
    expect((await gql(server, SAVE, { id: 'kept', rows })).body.data!.loadLevel).toEqual({
      __typename: 'Level',
      version,
    });
    kept.set(version, rows);
  }
  return kept;
}

/** Each version of `kept` reads back exactly as saved, and the third is the current one. */
async function expectKept(server: ServerProcess, kept: Map<number, string[]>): Promise<void> {
  for (const [version, rows] of kept) {
    expect((await gql(server, VERSION, { id: 'kept', v: version })).body).toEqual({
      data: { level: { version, rows } },
    });
  }
  expect((await gql(server, VERSION, { id: 'kept' })).body).toEqual({
    data: { level: { version: 3, rows: kept.get(3) } },
  });
}

/** The database file as it is on the disk now, opened by a store of its own. */
async function expectOnDisk(mount: PrivateMount, kept: Map<number, string[]>): Promise<void> {
  const copy = await mkdtemp(join(tmpdir(), 'labyrinth-store-copy-'));
  dirs.push(copy);
  // The namespace sees this directory too: the files are copied out of the tmpfs from inside.
  await mount.sh(`cp "${mount.dir}"/data/levels.sqlite* "${copy}"/`);
  const store = await openSqliteStore(join(copy, 'levels.sqlite'));
  try {
    for (const [version, rows] of kept) {
      expect((await store.getVersion('kept', version))?.rows).toEqual(rows);
    }
    expect((await store.get('kept'))?.version).toBe(3);
  } finally {
    await store.close();
  }
}

async function readiness(server: ServerProcess): Promise<number> {
  return (await fetch(`${server.base}/ready`)).status;
}

async function until(what: () => Promise<boolean>, label: string): Promise<void> {
  for (let tries = 0; !(await what()); tries++) {
    if (tries > 400) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a disk that fills', () => {
  it('refuses writes with 503 STORE_UNAVAILABLE, is not ready, keeps what was stored, and recovers', async () => {
    const mount = await mounted('32m');
    // Ballast, removed later to make room again: more than the store's free-space margin.
    await mount.sh(`head -c 12582912 /dev/zero > "${mount.dir}/ballast"`);
    const server = await serverIn(mount);
    const kept = await keep(server);
    expect(await readiness(server)).toBe(200);

    // Saves of new 300x300 levels (90 KB each) until the disk is full.
    const { saved, failed } = await saveUntilRefused(server, (n) => room(300, n));
    expect(saved).toBeGreaterThan(10);
    expect(failed).toEqual(CANNOT_WRITE);
    // Every write now, of any size and kind, says so; reads go on.
    expect(await gql(server, SAVE, { id: 'kept', rows: room(300, 7) })).toEqual(CANNOT_WRITE);
    expect(await gql(server, SAVE, { id: 'new', rows: room(300, 8) })).toEqual(CANNOT_WRITE);
    expect(await readiness(server)).toBe(503);
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    // A small write such as a delete may fit in the log pages a failed write left behind, which
    // SQLite reuses, and then go through: whether it does depends on where the disk ran out. It
    // is done whole or refused whole, the level as it was (the read-only test below checks that
    // deletes are refused).
    const deleted = await gql(server, DELETE, { id: 'fill-0' });
    const afterDelete = (await gql(server, VERSION, { id: 'fill-0' })).body;
    expect([
      [
        { status: 200, retryAfter: null, body: { data: { deleteLevel: true } } },
        { data: { level: null } },
      ],
      [CANNOT_WRITE, { data: { level: { version: 1, rows: room(300, 0) } } }],
    ]).toContainEqual([deleted, afterDelete]);
    await expectKept(server, kept);
    await expectOnDisk(mount, kept);

    // Room again: ready by itself, and writes work.
    await mount.sh(`rm "${mount.dir}/ballast"`);
    await until(async () => (await readiness(server)) === 200, '/ready 200 once there is room');
    expect((await gql(server, SAVE, { id: 'after', rows: room(20, 0) })).body.data).toEqual({
      loadLevel: { __typename: 'Level', version: 1 },
    });
    await expectKept(server, kept);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  });
});

describe('a read-only data directory', () => {
  it('refuses writes with 503 STORE_UNAVAILABLE, is not ready, and keeps what was stored', async () => {
    const mount = await mounted('32m');
    const first = await serverIn(mount);
    const kept = await keep(first);
    // A crash leaves the database's log beside it, as a server killed by the machine does.
    first.child.kill('SIGKILL');
    await first.exited;
    await mount.readOnly();

    const server = await serverIn(mount);
    expect(await readiness(server)).toBe(503);
    expect(await gql(server, SAVE, { id: 'kept', rows: room(20, 9) })).toEqual(CANNOT_WRITE);
    expect(await gql(server, SAVE, { id: 'new', rows: room(20, 9) })).toEqual(CANNOT_WRITE);
    expect(await gql(server, DELETE, { id: 'kept' })).toEqual(CANNOT_WRITE);
    expect(await readiness(server)).toBe(503);
    await expectKept(server, kept);
    await expectOnDisk(mount, kept);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  });
});

/** Each version of `kept` as PostgreSQL has it, read on a connection of its own. */
async function expectInDatabase(url: string, kept: Map<number, string[]>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: number; rows: string }>(
      "select version, rows from level_versions where id = 'kept' order by version",
    );
    expect(rows.map((row) => [row.version, JSON.parse(row.rows) as string[]])).toEqual([
      ...kept.entries(),
    ]);
    const current = await client.query("select version from levels where id = 'kept'");
    expect(current.rows).toEqual([{ version: 3 }]);
  } finally {
    await client.end();
  }
}

/** The rows of each level `fill-N` (by N) as PostgreSQL has them, on a connection of its own. */
async function fillsInDatabase(url: string): Promise<Map<number, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; rows: string }>(
      "select id, rows from levels where id like 'fill-%' and version = 1",
    );
    return new Map(rows.map((row) => [Number(row.id.slice(5)), JSON.parse(row.rows) as string[]]));
  } finally {
    await client.end();
  }
}

/** Bytes free now on the file system of `dir` (the mount's own by default), seen inside it. */
async function freeBytes(mount: PrivateMount, dir = mount.dir): Promise<number> {
  return Number((await mount.sh(`df -B1 --output=avail "${dir}" | tail -n 1`)).trim());
}

// Each starts a database server and a service and fills a disk: more than the default 30 s on a
// busy machine (a guard against a hang; nothing here is timed).
const POSTGRES_TEST = { timeout: 120_000 };

describe('a PostgreSQL data directory that fills', POSTGRES_TEST, () => {
  it('refuses writes with 503 STORE_UNAVAILABLE, is not ready, keeps what was stored, and recovers', async () => {
    // The cluster takes about 24 MiB of it; its write-ahead log is on the ordinary disk.
    const mount = await mounted('40m');
    const { server, database } = await serverOnPostgresIn(mount);
    const kept = await keep(server);
    expect(await readiness(server)).toBe(200);
    // Ballast over all the room but 2 MiB, removed later to make room again.
    const ballast = (await freeBytes(mount)) - 2 * 1024 * 1024;
    await mount.sh(`head -c ${ballast} /dev/zero > "${mount.dir}/ballast"`);

    // Saves of new 300x300 levels (about 45 KB each in PostgreSQL) until the disk is full.
    const { saved, failed } = await saveUntilRefused(server, (n) => scattered(300, n));
    expect(saved).toBeGreaterThan(10);
    expect(failed).toEqual(CANNOT_WRITE);
    // It was the disk: PostgreSQL's disk_full (53100) on a file of the data directory.
    expect(database.output()).toMatch(
      /ERROR: {2}could not extend file "base\/[0-9/]+": No space left on device/,
    );
    // Every write that needs room now says so; reads go on.
    expect(await gql(server, SAVE, { id: 'kept', rows: scattered(300, 7) })).toEqual(CANNOT_WRITE);
    expect(await gql(server, SAVE, { id: 'new', rows: scattered(300, 8) })).toEqual(CANNOT_WRITE);
    expect(await readiness(server)).toBe(503);
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    const last = `fill-${saved - 1}`;
    expect((await gql(server, VERSION, { id: last })).body).toEqual({
      data: { level: { version: 1, rows: scattered(300, saved - 1) } },
    });
    // A delete needs little room (a small new version of the level's row; index entries go
    // without any) and goes through here, but whether a page has that room is PostgreSQL's
    // business: it is done whole or refused whole, the level as it was.
    const deleted = await gql(server, DELETE, { id: 'fill-0' });
    const afterDelete = (await gql(server, VERSION, { id: 'fill-0' })).body;
    expect([
      [
        { status: 200, retryAfter: null, body: { data: { deleteLevel: true } } },
        { data: { level: null } },
      ],
      [CANNOT_WRITE, { data: { level: { version: 1, rows: scattered(300, 0) } } }],
    ]).toContainEqual([deleted, afterDelete]);
    await expectKept(server, kept);
    await expectInDatabase(database.url, kept);

    // Room again: ready by itself, and writes work.
    await mount.sh(`rm "${mount.dir}/ballast"`);
    await until(async () => (await readiness(server)) === 200, '/ready 200 once there is room');
    expect((await gql(server, SAVE, { id: 'after', rows: room(20, 0) })).body.data).toEqual({
      loadLevel: { __typename: 'Level', version: 1 },
    });
    expect((await gql(server, SAVE, { id: 'new', rows: scattered(300, 8) })).body.data).toEqual({
      loadLevel: { __typename: 'Level', version: 1 },
    });
    await expectKept(server, kept);
    await expectInDatabase(database.url, kept);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  });
});

/** What a request is answered while the database cannot be reached. */
const UNREACHABLE = {
  status: 503,
  retryAfter: '2',
  body: {
    data: null,
    errors: [
      {
        message: 'the database cannot be reached now: try again shortly',
        extensions: { code: 'DATABASE_UNAVAILABLE' },
      },
    ],
  },
};

describe('a PostgreSQL write-ahead log that cannot grow', POSTGRES_TEST, () => {
  it('is not ready while PostgreSQL is down after its PANIC, and serves again once it is back', async () => {
    // The log on a disk of its own, in the mount; the data directory has room.
    const mount = await mounted('40m');
    const walDisk = join(mount.dir, 'wal');
    await mount.sh(`mkdir "${walDisk}" && mount -t tmpfs -o size=12m,mode=0777 tmpfs "${walDisk}"`);
    const database = await startPostgresOn(mount, { walDir: join(walDisk, 'pg_wal') });
    databases.push(database);
    const server = await startServerProcess({ DATABASE_URL: database.url, SOLVER_THREADS: '0' });
    servers.push(server);
    const kept = await keep(server);
    // Ballast over all the room but half a segment: the log fills the segment it is in, and
    // the next one cannot be made.
    const ballast = (await freeBytes(mount, walDisk)) - 512 * 1024;
    await mount.sh(`head -c ${ballast} /dev/zero > "${walDisk}/ballast"`);

    // Saves of new levels until one fails: PostgreSQL cannot write its log, PANICs, ends every
    // connection, and its crash recovery cannot write the log either.
    const { saved, failed } = await saveUntilRefused(server, (n) => scattered(300, n));
    expect(saved).toBeGreaterThan(5);
    expect(failed).toEqual(UNREACHABLE);
    expect(database.output()).toMatch(
      /PANIC: {2}could not write to file "pg_wal\/xlogtemp\.\d+": No space left on device/,
    );
    // It cannot serve until the log has room; the service waits, without a restart.
    expect(await readiness(server)).toBe(503);
    expect(await gql(server, VERSION, { id: 'kept' })).toEqual({
      ...UNREACHABLE,
      body: { ...UNREACHABLE.body, data: { level: null } },
    });
    expect((await fetch(`${server.base}/health`)).status).toBe(200);

    // Room again, and PostgreSQL started again (as its supervisor would) once it has stopped.
    await mount.sh(`rm "${walDisk}/ballast"`);
    const panicked = database.output().indexOf('PANIC:');
    await until(
      async () =>
        !database.running() ||
        database.output().indexOf('ready to accept connections', panicked) > 0,
      'PostgreSQL stopped or back',
    );
    if (!database.running()) await database.start();
    await until(async () => (await readiness(server)) === 200, '/ready 200 once it is back');
    // Every save that was answered is there, whole; the one that failed is whole or not at all.
    const stored = await fillsInDatabase(database.url);
    const upTo = (count: number) => Array.from({ length: count }, (_, n) => n);
    expect([upTo(saved), upTo(saved + 1)]).toContainEqual([...stored.keys()].sort((a, b) => a - b));
    for (const [n, rows] of stored) expect(rows, `fill-${n}`).toEqual(scattered(300, n));
    expect((await gql(server, VERSION, { id: `fill-${saved - 1}` })).body).toEqual({
      data: { level: { version: 1, rows: scattered(300, saved - 1) } },
    });
    await expectKept(server, kept);
    await expectInDatabase(database.url, kept);
    expect((await gql(server, SAVE, { id: 'after', rows: room(20, 0) })).body.data).toEqual({
      loadLevel: { __typename: 'Level', version: 1 },
    });
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  });
});
