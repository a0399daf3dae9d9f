// `labyrinth run FILE|-`: applies a JSON list of operations (SPEC §4) and prints the outputs
// as one JSON array.
import { run } from '../service/run.js';
import { type CliCommand, UsageError, readInputFile } from './command.js';

export const runCommand: CliCommand = async (args, io) => {
  if (args.length !== 1) throw new UsageError('usage: labyrinth run FILE   (FILE "-" reads stdin)');
  const [file] = args;
  const text = await readInputFile(file, io);
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${file === '-' ? 'stdin' : file} is not valid JSON: ${(error as Error).message}`,
    );
  }
  // Also accept {"ops": [...]}, the shape of the SPEC's example files.
  const operations =
    input !== null && typeof input === 'object' && !Array.isArray(input) && 'ops' in input
      ? input.ops
      : input;
  if (!Array.isArray(operations)) {
    throw new UsageError('expected a JSON list of operations (or an object with an "ops" list)');
  }
  io.stdout.write(JSON.stringify(run(operations)) + '\n');
  return 0;
};
