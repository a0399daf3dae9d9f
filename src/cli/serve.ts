// `labyrinth serve [--port N] [--data-dir DIR]`: the GraphQL server, as `npm start` runs it
// (PORT, DATA_DIR and DATABASE_URL from the environment; the flags win). Runs until SIGTERM
// or SIGINT, then shuts down gracefully.
import { ConfigError, type ServerConfig, configFromEnv, parsePort } from '../config.js';
import { serve } from '../server.js';
import { type CliCommand, UsageError } from './command.js';

const USAGE = 'usage: labyrinth serve [--port N] [--data-dir DIR]';

export const serveCommand: CliCommand = async (args, io) => {
  let config: ServerConfig;
  try {
    config = { ...configFromEnv(), ...parseFlags(args) };
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  return serve(
    config,
    (line) => io.stdout.write(line + '\n'),
    (line) => io.stderr.write(line + '\n'),
  );
};

function parseFlags(args: readonly string[]): Partial<ServerConfig> {
  const flags: { port?: number; dataDir?: string } = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined) throw new UsageError(`${flag} needs a value\n${USAGE}`);
    if (flag === '--port') flags.port = parsePort(value, '--port');
    else if (flag === '--data-dir') flags.dataDir = value;
    else throw new UsageError(`unknown option '${flag}'\n${USAGE}`);
  }
  return flags;
}
