// The server's command-line options, the same for `labyrinth serve`, `npm start -- …` and
// `node dist/src/server.js …` (one spec, one parser): PORT, DATA_DIR and INSTANCES come from
// the environment, and the options win. Anything else on the line is refused in one line.
import {
  ConfigError,
  type ServerConfig,
  configFromEnv,
  parseInstances,
  parsePort,
} from '../config.js';
import { type CommandSpec, UsageError, formatHelp, isHelpRequest, parseArgs } from './command.js';

export const serveSpec: CommandSpec = {
  name: 'serve',
  usage: '[--port N] [--data-dir DIR] [--instances N|auto]',
  about: [
    'Serves the level editor at /, the GraphQL API and GraphiQL at /graphql, /health and /ready',
    'until SIGTERM or SIGINT, then finishes the requests in flight and exits 0. npm start and',
    'node dist/src/server.js take the same options. The environment sets PORT [4000],',
    'DATA_DIR [./data], INSTANCES [1] and DATABASE_URL (postgres://... for PostgreSQL); the',
    'options win. HOST [127.0.0.1], LABYRINTH_WRITE_TOKEN, CORS_ORIGINS, GRAPHIQL, INTROSPECTION',
    'and the budgets: docs/deploy.md, Every variable.',
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

/** The help text when the arguments ask for it, else undefined. */
export function serveHelp(args: readonly string[]): string | undefined {
  return isHelpRequest(args) ? formatHelp(serveSpec) : undefined;
}

/**
 * The configuration from the environment and the command line. A bad option, argument or
 * variable throws a UsageError (options) or a ConfigError (the environment) naming it.
 */
export function serveConfig(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig {
  const { options, operands } = parseArgs(serveSpec, args);
  if (operands.length > 0) {
    throw new UsageError(`unexpected argument '${operands[0]}' (see labyrinth serve --help)`);
  }
  // The environment is checked first: a bad variable is reported before a bad option.
  configFromEnv(env);
  try {
    const port = options.get('port');
    const dataDir = options.get('data-dir');
    const instances = options.get('instances');
    return configFromEnv(env, {
      ...(typeof port === 'string' ? { port: parsePort(port, '--port') } : {}),
      ...(typeof dataDir === 'string' ? { dataDir } : {}),
      ...(typeof instances === 'string'
        ? { instances: parseInstances(instances, '--instances') }
        : {}),
    });
  } catch (error) {
    // A bad option value: a usage error, like an unknown option.
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}
