// The server's command line (`npm start`, `node dist/src/server.js`): the options of
// `labyrinth serve` (cli/serve-options.ts), `--help`, a usage error in one line, then serve().
import { ConfigError, type ServerConfig } from '../config.js';
import { UsageError, oneLine } from '../cli/command.js';
import { serveConfig, serveHelp } from '../cli/serve-options.js';
import { messageOf, serve } from './lifecycle.js';

/** Runs the server with the command line's arguments; resolves with the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  const help = serveHelp(args);
  if (help !== undefined) {
    process.stdout.write(help);
    return 0;
  }
  let config: ServerConfig;
  try {
    config = serveConfig(args);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ConfigError)) throw error;
    process.stderr.write(`labyrinth server: ${oneLine(messageOf(error))}\n`);
    return 1;
  }
  return serve(config);
}
