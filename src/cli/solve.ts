// `labyrinth solve LEVEL`: a level as a plain text file (one row per line), solved for people:
// the fewest steps with the path drawn, the cheapest walk with --cheapest, or every answer as
// JSON. The answers come from the service's table, like `run`'s and GraphQL's.
import { LevelService } from '../service/level-service.js';
import { expectSync } from '../service/maybe-promise.js';
import { answersObject } from './answers-json.js';
import {
  type CliCommand,
  type CliIO,
  type CommandSpec,
  UsageError,
  parseArgs,
  readInputFile,
} from './command.js';

const spec: CommandSpec = {
  name: 'solve',
  usage: 'LEVEL [--cheapest | --json]',
  about: [
    'Reads a level, one row per line (LEVEL - reads stdin), and prints the fewest steps from S',
    'to E with the path drawn as * (S and E keep their glyph). The rules: docs/rules.md.',
  ].join('\n'),
  options: [
    { name: 'cheapest', help: 'the least-cost walk instead (terrain 1-9 costs its digit)' },
    { name: 'json', help: 'every answer as one JSON object (the names of docs/rules.md)' },
  ],
  example: 'labyrinth solve examples/level.txt --cheapest',
};

export const solveCommand: CliCommand = { spec, run: runSolve };

/** The rows of a level file: one per line; CRLF and blank lines at the end are tolerated. */
export function levelRows(text: string): string[] {
  const rows = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
  return rows;
}

async function runSolve(args: readonly string[], io: CliIO): Promise<number> {
  const { options, operands } = parseArgs(spec, args);
  if (operands.length !== 1) {
    throw new UsageError(
      `expected one LEVEL file ("-" reads stdin), got ${operands.length} (see labyrinth solve --help)`,
    );
  }
  if (options.has('cheapest') && options.has('json')) {
    throw new UsageError('--json prints every answer, the cheapest ones too: leave out --cheapest');
  }
  const [file] = operands;
  const rows = levelRows(await readInputFile(file, io));
  const service = LevelService.inMemory();
  const loaded = expectSync(service.load('level', rows));
  if (!loaded.ok) throw new UsageError(`${file === '-' ? 'stdin' : file}: ${loaded.error.message}`);
  const answers = service.answers(loaded.value);

  if (options.has('json')) {
    io.stdout.write(`${JSON.stringify(answersObject(answers))}\n`);
    return 0;
  }
  if (options.has('cheapest')) {
    const [cost, path, render] = [
      answers.get('cheapest'),
      answers.get('cheapestPath'),
      answers.get('cheapestRender'),
    ];
    if (cost === null || path === null || render === null) return unreachable(io, 'cheapest');
    io.stdout.write(`cheapest: ${cost} (${path.length - 1} steps)\n${render.join('\n')}\n`);
    return 0;
  }
  const [steps, render] = [answers.get('steps'), answers.get('render')];
  if (steps === null || render === null) return unreachable(io, 'steps');
  io.stdout.write(`steps: ${steps}\n${render.join('\n')}\n`);
  return 0;
}

/** No walk reaches E: an answer, not an error. */
function unreachable(io: CliIO, name: string): number {
  io.stdout.write(`${name}: none (E cannot be reached from S)\n`);
  return 0;
}
