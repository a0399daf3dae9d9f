// A real PgBouncer (Debian's `pgbouncer` binary; .ci/run installs it) in transaction pooling
// mode in front of a PostgreSQL, on a free port of 127.0.0.1, for test/pgbouncer/. As root it
// runs as the `postgres` user (PgBouncer refuses to run as root).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../harness/embedded-postgres.js';

export interface PgBouncer {
  /** postgres://… of `database` through PgBouncer. */
  url(database: string): string;
  /** Rows of an admin console command (`SHOW POOLS`, `SHOW SERVERS`, …). */
  admin(command: string): Promise<Array<Record<string, unknown>>>;
  stop(): Promise<void>;
}

export function pgbouncerPath(): string {
  for (const path of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) {
    try {
      execFileSync(path, ['--version'], { stdio: 'ignore' });
      return path;
    } catch {
      // not there
    }
  }
  throw new Error('pgbouncer is not installed: apt-get install pgbouncer (.ci/run does)');
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts PgBouncer before the PostgreSQL of `serverUrl` (any database there is served as
 * itself, logging in as that URL's user), pooling at most `poolSize` server connections per
 * database in transaction mode.
 */
export async function startPgBouncer(serverUrl: string, poolSize: number): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const dir = await mkdtemp(join(tmpdir(), 'labyrinth-pgbouncer-'));
  await chmod(dir, 0o777);
  const port = await freePort();
  const login = `user=${decodeURIComponent(server.username)}${
    server.password ? ` password=${decodeURIComponent(server.password)}` : ''
  }`;
  const config = join(dir, 'pgbouncer.ini');
  await writeFile(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} ${login}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      // Clients are not checked (the database entry logs in); the admin console is the
      // server URL's user's.
      'auth_type = any',
      `admin_users = ${decodeURIComponent(server.username)}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
    ].join('\n') + '\n',
    { mode: 0o644 },
  );
  const binary = pgbouncerPath();
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(
    asRoot ? 'runuser' : binary,
    asRoot ? ['-u', 'postgres', '--', binary, config] : [config],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; !(await reachable(port)); tries++) {
    if (child.exitCode !== null || tries > 200) {
      child.kill('SIGKILL');
      throw new Error(`pgbouncer did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const url = (database: string) => {
    const through = new URL(serverUrl);
    through.host = `127.0.0.1:${port}`;
    through.pathname = `/${database}`;
    return through.toString();
  };
  return {
    url,
    async admin(command) {
      // The admin console speaks the simple query protocol only: a query without values is sent
      // that way by node-postgres.
      const client = new pg.Client({ connectionString: url('pgbouncer') });
      await client.connect();
      try {
        return (await client.query<Record<string, unknown>>(command)).rows;
      } finally {
        await client.end();
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
