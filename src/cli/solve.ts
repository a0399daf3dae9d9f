// `labyrinth solve LEVEL`: a level as a plain text file (one row per line), or an A-Maze-ing
// hex maze file (recognised, or --format hex), solved for people: the fewest steps with the
// path drawn, the cheapest walk with --cheapest, or every answer as JSON. The answers come from
// the service's table, like `run`'s and GraphQL's; a hex file is read by the service's
// importMaze, as GraphQL's importMaze reads it.
import { LevelService, expectSync } from '../service/index.js';
import { answersObject } from './answers-json.js';
import {
  type CliCommand,
  type CliIO,
  type CommandSpec,
  UsageError,
  parseArgs,
  readInputFile,
} from './command.js';

const FORMATS = ['level', 'hex'] as const;
type Format = (typeof FORMATS)[number];

const spec: CommandSpec = {
  name: 'solve',
  usage: 'LEVEL [--cheapest | --json] [--format level|hex]',
  about: [
    'Reads a level, one row per line (LEVEL - reads stdin), and prints the fewest steps from S',
    'to E with the path drawn as * (S and E keep their glyph). The rules: docs/rules.md.',
    'An A-Maze-ing hex maze file (as labyrinth maze writes: hex digit lines, an empty line,',
    'the entry and exit "x,y" and the path) is recognised and solved as the level it describes',
    '(docs/generation.md, "The hex wall format").',
  ].join('\n'),
  options: [
    { name: 'cheapest', help: 'the least-cost walk instead (terrain 1-9 costs its digit)' },
    { name: 'json', help: 'every answer as one JSON object (the names of docs/rules.md)' },
    {
      name: 'format',
      value: 'F',
      help: 'level (rows of glyphs) or hex (a hex maze file); default: recognised from the text',
    },
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

/**
 * Whether a text has the shape of a hex maze file: lines of hex digits up to an empty line,
 * then an `x,y` line. A level never does: an empty line in a level is a row of its own, and
 * the rows would differ in length.
 */
export function looksLikeHexMaze(text: string): boolean {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const blank = lines.indexOf('');
  return (
    blank > 0 &&
    lines.slice(0, blank).every((line) => /^[0-9a-f]+$/i.test(line)) &&
    /^\s*\d+\s*,\s*\d+\s*$/.test(lines[blank + 1] ?? '')
  );
}

function formatOf(option: string | true | undefined, text: string): Format {
  if (option === undefined) return looksLikeHexMaze(text) ? 'hex' : 'level';
  const format = FORMATS.find((name) => name === option);
  if (format === undefined) {
    throw new UsageError(
      `--format must be level or hex, got '${String(option)}' (see labyrinth solve --help)`,
    );
  }
  return format;
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
  const name = file === '-' ? 'stdin' : file;
  const text = await readInputFile(file, io);
  const service = LevelService.inMemory();
  let level;
  const hex = formatOf(options.get('format'), text) === 'hex';
  if (hex) {
    const imported = expectSync(service.importMaze('level', text));
    if (!imported.ok) throw new UsageError(`${name}: ${imported.error.message} (a hex maze file)`);
    for (const warning of imported.value.warnings) {
      io.stderr.write(`labyrinth solve: warning: ${name}: ${warning}\n`);
    }
    level = imported.value.level;
  } else {
    const loaded = expectSync(service.load('level', levelRows(text)));
    if (!loaded.ok) throw new UsageError(`${name}: ${loaded.error.message}`);
    level = loaded.value;
  }
  const answers = service.answers(level);
  if (hex && !options.has('json')) {
    // The maze in its own terms first: cells, and moves from cell to cell (a move is two steps
    // of the level drawn below).
    const maze = answers.get('maze')!;
    io.stdout.write(
      `hex maze: ${maze.rows[0].length}x${maze.rows.length} cells, shortest path ${maze.path.length} moves\n`,
    );
  }

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
