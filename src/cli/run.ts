// `labyrinth run FILE|-`: applies a JSON list of operations (docs/rules.md, "run") and prints
// the outputs as one JSON array.
import { run } from '../service/index.js';
import {
  type CliCommand,
  type CommandSpec,
  UsageError,
  parseArgs,
  readInputFile,
} from './command.js';

const spec: CommandSpec = {
  name: 'run',
  usage: 'FILE',
  about: [
    'Applies a JSON list of operations (or {"ops": [...]}) to a fresh in-memory service and',
    'prints one output per operation as one JSON array. FILE - reads stdin.',
  ].join('\n'),
  options: [],
  example: 'labyrinth run examples/operations.json',
};

export const runCommand: CliCommand = {
  spec,
  async run(args, io) {
    const { operands } = parseArgs(spec, args);
    if (operands.length !== 1) {
      throw new UsageError(
        `expected one FILE ("-" reads stdin), got ${operands.length} (see labyrinth run --help)`,
      );
    }
    const [file] = operands;
    const text = await readInputFile(file, io);
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (error) {
      throw new UsageError(
        `${file === '-' ? 'stdin' : file} is not valid JSON: ${(error as Error).message}`,
      );
    }
    // Also accept {"ops": [...]}, the shape of test/fixtures/level-service.json.
    const operations =
      input !== null && typeof input === 'object' && !Array.isArray(input) && 'ops' in input
        ? input.ops
        : input;
    if (!Array.isArray(operations)) {
      throw new UsageError('expected a JSON list of operations (or an object with an "ops" list)');
    }
    io.stdout.write(JSON.stringify(run(operations)) + '\n');
    return 0;
  },
};
