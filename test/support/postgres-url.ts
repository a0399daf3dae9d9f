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
