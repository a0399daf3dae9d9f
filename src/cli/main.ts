// The `labyrinth` command's dispatcher: each command lives in its own module under src/cli/
// and is loaded only when called, so `labyrinth run` never loads the GraphQL server.
import {
  type CliCommand,
  type CliIO,
  UsageError,
  excerpt,
  formatHelp,
  isHelpRequest,
  oneLine,
} from './command.js';

const commands: Record<string, { load: () => Promise<CliCommand>; args: string; summary: string }> =
  {
    solve: {
      load: async () => (await import('./solve.js')).solveCommand,
      args: 'LEVEL',
      summary: 'solve a level or hex maze file: fewest steps, cheapest, the path',
    },
    generate: {
      load: async () => (await import('./generate.js')).generateCommand,
      args: '--width W ...',
      summary: 'print a generated level (its answers with --json)',
    },
    run: {
      load: async () => (await import('./run.js')).runCommand,
      args: 'FILE',
      summary: 'apply a JSON list of operations, print the outputs as JSON',
    },
    maze: {
      load: async () => (await import('./maze.js')).mazeCommand,
      args: 'CONFIG',
      summary: 'write an A-Maze-ing hex maze file from a KEY=VALUE config',
    },
    crusade: {
      load: async () => (await import('./crusade.js')).crusadeCommand,
      args: '< INPUT',
      summary: 'play the rotating-rooms puzzle over stdin/stdout',
    },
    serve: {
      load: async () => (await import('./serve.js')).serveCommand,
      args: '[--port N]',
      summary: 'serve the editor and the GraphQL API (like npm start)',
    },
  };

export const USAGE = `usage: labyrinth COMMAND [ARGS]

commands:
${Object.entries(commands)
  .map(([name, command]) => `  ${name.padEnd(10)}${command.args.padEnd(16)}${command.summary}`)
  .join('\n')}

'labyrinth COMMAND --help' (or 'labyrinth help COMMAND') shows a command's options and an
example. FILE, LEVEL and CONFIG may be '-' for stdin. 'labyrinth --version' (-V) prints the
version.
`;

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') {
    io.stdout.write(USAGE);
    return first === undefined ? 1 : 0;
  }
  if (first === '--version' || first === '-V') {
    const { packageVersion } = await import('./version.js');
    io.stdout.write(`labyrinth ${packageVersion()}\n`);
    return 0;
  }
  // `labyrinth help` and `labyrinth help COMMAND` are the same as --help.
  const [name, args] = first === 'help' ? [rest[0], ['--help']] : [first, rest];
  if (name === undefined) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (!Object.hasOwn(commands, name)) {
    io.stderr.write(
      `labyrinth: unknown command '${oneLine(excerpt(name))}' (commands: ${Object.keys(commands).join(', ')}; try 'labyrinth --help')\n`,
    );
    return 1;
  }
  try {
    const command = await commands[name].load();
    if (isHelpRequest(args)) {
      io.stdout.write(formatHelp(command.spec));
      return 0;
    }
    return await command.run(args, io);
  } catch (error) {
    // Bad input is reported in one line; anything else is a bug, still without a stack trace.
    const message =
      error instanceof UsageError ? error.message : `internal error: ${String(error)}`;
    io.stderr.write(`labyrinth ${name}: ${oneLine(message)}\n`);
    return 1;
  }
}
