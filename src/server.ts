// `npm start`: the GraphQL API on node:http (README.md). Reads the environment (src/config.ts:
// PORT [4000], HOST [127.0.0.1], DATA_DIR [./data], DATABASE_URL, ...) and the options of
// `labyrinth serve` (cli/serve-options.ts); / serves the editor, /graphql GraphiQL, /health and
// /ready answer; SIGTERM or SIGINT finishes the requests in flight, cuts the open subscription
// streams, closes the database and exits 0. The parts are in server/: app.ts (the wiring),
// start-text.ts, lifecycle.ts (signals, instances, graceful shutdown), main.ts (the arguments).
import { pathToFileURL } from 'node:url';
import { main } from './server/main.js';

// Run when started as the entry point (`node dist/src/server.js`, `npm start`), not when
// imported. The same options as `labyrinth serve`: `npm start -- --port 4001`.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
