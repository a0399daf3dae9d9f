import pg from 'pg';

/**
 * The PostgreSQL of this test run (test/support/postgres.ts): TEST_POSTGRES_URL as given, or
 * the server started for the run. Never a default: no test reaches the machine's own server
 * unless TEST_POSTGRES_URL names it.
 */
export function postgresUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url)
    throw new Error('TEST_POSTGRES_URL is not set: run the tests with vitest (its globalSetup)');
  return url;
}

/** The URL of database `name` on the run's server. */
export function databaseOnServer(name: string): string {
  const url = new URL(postgresUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on its own connection (`url`: the run's server by default). */
export async function runStatement(statement: string, url = postgresUrl()): Promise<void> {
  await queryRows(statement, [], url);
}

/** Runs one query on its own connection and answers its rows. */
export async function queryRows(
  statement: string,
  values: unknown[] = [],
  url = postgresUrl(),
): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

/** How many answers of level `id` the database at `url` keeps for the fleet. */
export async function answersKept(url: string, id: string): Promise<number> {
  const rows = await queryRows(
    'select count(*)::int as n from level_answers where id = $1',
    [id],
    url,
  );
  return rows[0]!.n as number;
}
