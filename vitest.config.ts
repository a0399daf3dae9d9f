import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 has no "exports": without this alias Vite loads index.mjs for our code while
    // Pothos loads index.js, and the schema fails with "from another module or realm".
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Needs the pgbouncer binary: `npm run test:pgbouncer` (vitest.pgbouncer.config.ts).
    exclude: [...configDefaults.exclude, 'test/pgbouncer/**'],
    // A PostgreSQL for the tests: TEST_POSTGRES_URL's, or one started for the run.
    globalSetup: ['test/support/postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
