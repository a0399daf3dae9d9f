// `labyrinth serve [--port N] [--data-dir DIR] [--instances N|auto]`: the server, as
// `npm start` runs it (the options: serve-options.ts). Runs until SIGTERM or SIGINT, then shuts
// down gracefully.
import { ConfigError, type ServerConfig } from '../config.js';
import { serve } from '../server/lifecycle.js';
import { type CliCommand, UsageError } from './command.js';
import { serveConfig, serveSpec } from './serve-options.js';

export const serveCommand: CliCommand = {
  spec: serveSpec,
  async run(args, io) {
    let config: ServerConfig;
    try {
      config = serveConfig(args);
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
