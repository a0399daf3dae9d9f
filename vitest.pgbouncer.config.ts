// `npm run test:pgbouncer`: the suite that needs Debian's `pgbouncer` binary (test/pgbouncer/),
// with the same PostgreSQL setup as `npm test`. .ci/run installs pgbouncer and runs it.
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  ...base,
  test: { ...base.test, include: ['test/pgbouncer/**/*.test.ts'], exclude: configDefaults.exclude },
});
