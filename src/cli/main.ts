// The `labyrinth` command's dispatcher: each command lives in its own module under src/cli/
// and is loaded only when called, so `labyrinth run` never loads the GraphQL server.
import { type CliCommand, type CliIO, UsageError } from './command.js';

const commands: Record<string, { run: () => Promise<CliCommand>; help: string }> = {
  crusade: {
    run: async () => (await import('./crusade.js')).crusadeCommand,
    help: 'play the rotating-rooms puzzle over stdin/stdout',
  },
  generate: {
    run: async () => (await import('./generate.js')).generateCommand,
    help: '--width W --height H --seed N [options]  print a generated level (--help for options)',
  },
  maze: {
    run: async () => (await import('./maze.js')).mazeCommand,
    help: 'CONFIG  write an A-Maze-ing hex maze file from a KEY=VALUE config',
  },
  run: {
    run: async () => (await import('./run.js')).runCommand,
    help: 'FILE|-  apply a JSON list of operations, print the outputs as JSON',
  },
  serve: {
    run: async () => (await import('./serve.js')).serveCommand,
    help: '[--port N] [--data-dir DIR]  serve the GraphQL API (env PORT, DATA_DIR, DATABASE_URL)',
  },
};

const usage = `usage: labyrinth <command> [args]

commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(10)}${c.help}`)
  .join('\n')}
`;

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(usage);
    return name === undefined ? 1 : 0;
  }
  const command = commands[name];
  if (!command) {
    io.stderr.write(`labyrinth: unknown command '${name}' (try 'labyrinth help')\n`);
    return 1;
  }
  try {
    return await (
      await command.run()
    )(args, io);
  } catch (error) {
    // Bad input is reported in one line; anything else is a bug, still without a stack trace.
    const message =
      error instanceof UsageError ? error.message : `internal error: ${String(error)}`;
    io.stderr.write(`labyrinth ${name}: ${message}\n`);
    return 1;
  }
}
