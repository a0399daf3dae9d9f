// `labyrinth serve [--port N] [--data-dir DIR]`: the GraphQL server, as `npm start` runs it
// (PORT, DATA_DIR and DATABASE_URL from the environment; the flags win). Runs until SIGTERM
// or SIGINT, then shuts down gracefully.
import {
  ConfigError,
  type ServerConfig,
  configFromEnv,
  parseInstances,
  parsePort,
} from '../config.js';
import { serve } from '../server.js';
import { type CliCommand, type CommandSpec, UsageError, parseArgs } from './command.js';

const spec: CommandSpec = {
  name: 'serve',
  usage: '[--port N] [--data-dir DIR] [--instances N|auto]',
  about: [
    'Serves the GraphQL API (GraphiQL at /graphql, /health, /ready) until SIGTERM or SIGINT,',
    'then finishes the requests in flight and exits 0. The environment sets PORT [4000],',
    'DATA_DIR [./data] and DATABASE_URL (postgres://... for PostgreSQL); the options win.',
    'HOST [127.0.0.1], LABYRINTH_WRITE_TOKEN, CORS_ORIGINS, GRAPHIQL, INTROSPECTION and the',
    'budgets: docs/graphql.md, Configuration.',
  ].join('\n'),
  options: [
    { name: 'port', value: 'N', help: 'the HTTP port, 0 for any free one (default: PORT)' },
    { name: 'data-dir', value: 'DIR', help: 'where levels.sqlite lives (default: DATA_DIR)' },
    {
      name: 'instances',
      value: 'N',
      help: 'server processes on one port, PostgreSQL only; auto: one per core (default: INSTANCES)',
    },
  ],
  example: 'labyrinth serve --port 4000 --data-dir ./data',
};

export const serveCommand: CliCommand = {
  spec,
  async run(args, io) {
    const { options, operands } = parseArgs(spec, args);
    if (operands.length > 0) {
      throw new UsageError(`unexpected argument '${operands[0]}' (see labyrinth serve --help)`);
    }
    let config: ServerConfig;
    try {
      const port = options.get('port');
      const dataDir = options.get('data-dir');
      const instances = options.get('instances');
      config = {
        ...configFromEnv(),
        ...(typeof port === 'string' ? { port: parsePort(port, '--port') } : {}),
        ...(typeof dataDir === 'string' ? { dataDir } : {}),
        ...(typeof instances === 'string'
          ? { instances: parseInstances(instances, '--instances') }
          : {}),
      };
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.message);
      throw error;
    }
    return serve(
      config,
      (line) => io.stdout.write(line + '\n'),
      (line) => io.stderr.write(line + '\n'),
    );
  },
};
