// The response cache across instances (docs/graphql.md, "Caching"): two servers on one
// PostgreSQL; a level read twice through B (the second answer from B's cache), saved through A,
// then read through B at once: the new version, with no wait for A's NOTIFY. Over GET, B's ETag
// of the old answer answers 304 until the save, then the new answer.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Instance, SAVE, gql, killAll, startInstance } from '../support/instances.js';
import { databaseOnServer, runStatement } from '../support/postgres-url.js';

const database = `labyrinth_response_cache_${randomBytes(4).toString('hex')}`;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  await runStatement(`create database ${database}`);
  const url = databaseOnServer(database);
  // One after the other: the first creates the tables.
  a = await startInstance('a', url);
  b = await startInstance('b', url);
});

afterAll(async () => {
  await killAll();
  await runStatement(`drop database if exists ${database} with (force)`);
});

const READ = '{ level(id: "cached") { version steps } }';

function get(instance: Instance, headers: Record<string, string> = {}) {
  return fetch(`${instance.url}?query=${encodeURIComponent(READ)}`, {
    headers: { accept: 'application/json', ...headers },
  });
}

it('a save through one instance is read through another at once', async () => {
  expect((await gql(a, SAVE, { id: 'cached', rows: ['S.E'] })).body).toEqual({
    data: { loadLevel: { __typename: 'Level', version: 1, rows: ['S.E'] } },
  });
  for (let i = 0; i < 3; i++) {
    expect((await gql(b, READ)).body).toEqual({ data: { level: { version: 1, steps: 2 } } });
  }
  const first = await get(b);
  const etag = first.headers.get('etag')!;
  expect(first.headers.get('cache-control')).toBe('no-cache');
  expect((await get(b, { 'if-none-match': etag })).status).toBe(304);

  for (let version = 2; version <= 6; version++) {
    const rows = ['S' + '.'.repeat(version) + 'E'];
    expect((await gql(a, SAVE, { id: 'cached', rows })).body).toEqual({
      data: { loadLevel: { __typename: 'Level', version, rows } },
    });
    // Straight after A answered: B's cache must not answer the version before.
    expect((await gql(b, READ)).body).toEqual({
      data: { level: { version, steps: version + 1 } },
    });
  }
  const changed = await get(b, { 'if-none-match': etag });
  expect(changed.status).toBe(200);
  expect(((await changed.json()) as { data: unknown }).data).toEqual({
    level: { version: 6, steps: 7 },
  });
});
