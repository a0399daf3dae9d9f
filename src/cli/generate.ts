// `labyrinth generate --width W --height H --seed N [options]`: prints a generated level's
// rows (docs/generation.md), so designers can try seeds from a shell. The option checks and their
// messages are generateLevel's own; this file only turns flags into its input.
import { ALGORITHMS, OPTION_NAMES, SHAPES, LevelService, expectSync } from '../service/index.js';
import { answersObject } from './answers-json.js';
import {
  type CliCommand,
  type CliIO,
  type CliOption,
  type CommandSpec,
  UsageError,
  parseArgs,
} from './command.js';

/** The option column of the help: names, the first one the default, wrapped at 80 columns. */
function listWrapped(names: readonly string[], indent: number): string {
  const lines: string[] = [];
  let line = '';
  names.forEach((name, i) => {
    const word = `${name}${i === 0 ? ' (default)' : ''}${i < names.length - 1 ? ',' : ''}`;
    if (line !== '' && indent + line.length + 1 + word.length > 80) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  });
  lines.push(line);
  return lines.join('\n');
}

type OptionName = (typeof OPTION_NAMES)[number];

/**
 * How each generator option is given on the command line: typed over the engine's option
 * names, so an option added there does not compile here until it has a flag.
 */
const OPTION_FLAGS: Record<
  OptionName,
  CliOption & { kind: 'text' | 'number' | 'cell' | 'switch' }
> = {
  algorithm: { name: 'algorithm', value: 'NAME', kind: 'text', help: listWrapped(ALGORITHMS, 21) },
  shape: { name: 'shape', value: 'NAME', kind: 'text', help: listWrapped(SHAPES, 21) },
  pattern42: {
    name: 'pattern42',
    kind: 'switch',
    help: 'draw the "42" of closed cells in the middle',
  },
  entry: { name: 'entry', value: 'X,Y', kind: 'cell', help: 'S cell (default 0,0)' },
  exit: { name: 'exit', value: 'X,Y', kind: 'cell', help: 'E cell (default W-1,H-1)' },
  terrain: {
    name: 'terrain',
    value: 'F',
    kind: 'number',
    help: 'fraction 0..1 of floor turned into terrain 2-9 (default 0)',
  },
  gates: { name: 'gates', value: 'N', kind: 'number', help: 'one-way gates (default 0)' },
  keys: { name: 'keys', value: 'N', kind: 'number', help: 'key/door pairs, 0-4 (default 0)' },
};

/** What is printed: one of these at most, the rows by default. */
const OUTPUTS = ['solution', 'hex', 'json'] as const;

const spec: CommandSpec = {
  name: 'generate',
  usage: '--width W --height H --seed N [options]',
  about: [
    'Prints the rows of a generated level: the same options give the same level on every',
    'machine. W and H count maze cells; the level is 2H+1 rows of 2W+1 glyphs.',
  ].join('\n'),
  options: [
    { name: 'width', value: 'W', help: 'maze cells across, 1-250' },
    { name: 'height', value: 'H', help: 'maze cells down, 1-250' },
    { name: 'seed', value: 'N', help: 'any whole number 0-4294967295' },
    ...OPTION_NAMES.map((name) => OPTION_FLAGS[name]),
    { name: 'solution', help: 'print the level with its fewest-steps path drawn as *' },
    { name: 'hex', help: 'print the A-Maze-ing hex wall file instead of the rows' },
    { name: 'json', help: 'print the rows, warnings and every answer as one JSON object' },
  ],
  example: 'labyrinth generate --width 8 --height 5 --seed 1 --solution',
};

/** A number when the text is one, else the text itself (generateLevel names what is wrong). */
function numberOrText(text: string): number | string {
  return /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(text) ? Number(text) : text;
}

function cellOrText(flag: string, text: string): { x: number; y: number } {
  const match = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text);
  if (match === null) throw new UsageError(`--${flag} must be X,Y (two integers), got '${text}'`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

export const generateCommand: CliCommand = { spec, run: runGenerate };

async function runGenerate(args: readonly string[], io: CliIO): Promise<number> {
  const { options: flags, operands } = parseArgs(spec, args);
  if (operands.length > 0) {
    throw new UsageError(`unexpected argument '${operands[0]}' (see labyrinth generate --help)`);
  }
  const text = (name: string): string | undefined => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  for (const required of ['width', 'height', 'seed']) {
    if (!flags.has(required))
      throw new UsageError(`missing --${required} (see labyrinth generate --help)`);
  }
  const outputs = OUTPUTS.filter((output) => flags.has(output));
  if (outputs.length > 1) {
    throw new UsageError(
      `${outputs.map((output) => `--${output}`).join(' and ')} print different things: pick one`,
    );
  }
  const options: Record<string, unknown> = {};
  for (const name of OPTION_NAMES) {
    const given = flags.get(name);
    if (given === undefined) continue;
    const { kind } = OPTION_FLAGS[name];
    if (kind === 'switch') options[name] = true;
    else if (kind === 'text') options[name] = given;
    else if (kind === 'number') options[name] = numberOrText(String(given));
    else options[name] = cellOrText(name, String(given));
  }

  // A one-off service: the level, its drawing and its hex file come from the service's answers.
  const service = LevelService.inMemory();
  const result = expectSync(
    service.generate('generated', {
      width: numberOrText(text('width')!),
      height: numberOrText(text('height')!),
      seed: numberOrText(text('seed')!),
      options,
    }),
  );
  if (!result.ok) throw new UsageError(result.error.message);
  const { level, warnings } = result.value;
  for (const warning of warnings) io.stderr.write(`labyrinth generate: warning: ${warning}\n`);

  const answers = service.answers(level);
  switch (outputs[0]) {
    case 'hex': {
      const maze = answers.get('maze');
      if (maze === null) throw new Error('a generated level has no hex export');
      io.stdout.write(maze.text);
      return 0;
    }
    case 'json':
      io.stdout.write(
        `${JSON.stringify({ rows: level.rows, warnings, ...answersObject(answers) })}\n`,
      );
      return 0;
    case 'solution': {
      const render = answers.get('render');
      if (render === null) throw new Error('a generated level has no route');
      io.stdout.write(`${render.join('\n')}\n`);
      return 0;
    }
    case undefined:
      io.stdout.write(`${level.rows.join('\n')}\n`);
      return 0;
  }
}
