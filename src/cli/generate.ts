// `labyrinth generate --width W --height H --seed N [options]`: prints a generated level's
// rows (SPEC §6), so designers can try seeds from a shell. The option checks and their
// messages are generateLevel's own; this file only turns flags into its input.
import { OPTION_NAMES, generateLevel } from '../engine/generation/generate.js';
import { parseLevel } from '../engine/level/parse.js';
import { exportHexMaze } from '../engine/maze-format/hex.js';
import { renderRoute } from '../engine/render.js';
import { fewestSteps } from '../engine/search/fewest-steps.js';
import { type CliCommand, UsageError } from './command.js';

export const GENERATE_USAGE = `usage: labyrinth generate --width W --height H --seed N [options]
  --algorithm NAME   backtracker (default), growing-tree, prim, kruskal, wilson,
                     aldous-broder, hunt-and-kill, eller, sidewinder, binary-tree
  --shape NAME       perfect (default), imperfect, braid
  --pattern42        draw the "42" of closed cells in the middle
  --entry X,Y        S cell (default 0,0)
  --exit X,Y         E cell (default W-1,H-1)
  --terrain F        fraction 0..1 of floor turned into terrain 2-9 (default 0)
  --gates N          one-way gates (default 0)
  --keys N           key/door pairs, 0-4 (default 0)
  --solution         print the level with its fewest-steps path drawn as *
  --hex              print the A-Maze-ing hex wall file instead of the rows`;

type OptionName = (typeof OPTION_NAMES)[number];

/**
 * How each generator option is given on the command line: typed over the engine's option
 * names, so an option added there does not compile here until it has a flag.
 */
const OPTION_FLAGS: Record<OptionName, 'text' | 'number' | 'cell' | 'switch'> = {
  algorithm: 'text',
  shape: 'text',
  pattern42: 'switch',
  entry: 'cell',
  exit: 'cell',
  terrain: 'number',
  gates: 'number',
  keys: 'number',
};

const SWITCHES: readonly string[] = [
  ...OPTION_NAMES.filter((name) => OPTION_FLAGS[name] === 'switch'),
  'solution',
  'hex',
];
const VALUE_FLAGS: readonly string[] = [
  'width',
  'height',
  'seed',
  ...OPTION_NAMES.filter((name) => OPTION_FLAGS[name] !== 'switch'),
];

/** A number when the text is one, else the text itself (generateLevel names what is wrong). */
function numberOrText(text: string): number | string {
  return /^-?\d+(\.\d+)?(e-?\d+)?$/i.test(text) ? Number(text) : text;
}

function cellOrText(flag: string, text: string): { x: number; y: number } {
  const match = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(text);
  if (match === null) throw new UsageError(`--${flag} must be X,Y (two integers), got '${text}'`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

function parseFlags(args: readonly string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (match === null)
      throw new UsageError(`unexpected argument '${arg}' (see labyrinth generate --help)`);
    const [, name, inline] = match;
    if (flags.has(name)) throw new UsageError(`--${name} given twice`);
    if (SWITCHES.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else if (VALUE_FLAGS.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name} (see labyrinth generate --help)`);
    }
  }
  return flags;
}

export const generateCommand: CliCommand = async (args, io) => {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(`${GENERATE_USAGE}\n`);
    return 0;
  }
  const flags = parseFlags(args);
  const text = (name: string): string | undefined => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  for (const required of ['width', 'height', 'seed']) {
    if (!flags.has(required))
      throw new UsageError(`missing --${required} (see labyrinth generate --help)`);
  }
  if (flags.has('solution') && flags.has('hex')) {
    throw new UsageError('--solution and --hex print different things: pick one');
  }
  const options: Record<string, unknown> = {};
  for (const name of OPTION_NAMES) {
    const given = flags.get(name);
    if (given === undefined) continue;
    const kind = OPTION_FLAGS[name];
    if (kind === 'switch') options[name] = true;
    else if (kind === 'text') options[name] = given;
    else if (kind === 'number') options[name] = numberOrText(String(given));
    else options[name] = cellOrText(name, String(given));
  }

  const result = generateLevel({
    width: numberOrText(text('width')!),
    height: numberOrText(text('height')!),
    seed: numberOrText(text('seed')!),
    options,
  });
  if (!result.ok) throw new UsageError(result.error.message);
  const { rows, warnings } = result.value;
  for (const warning of warnings) io.stderr.write(`labyrinth generate: warning: ${warning}\n`);

  let lines = rows;
  if (flags.has('hex')) {
    const maze = exportHexMaze(rows);
    if (maze === null) throw new Error('a generated level has no hex export');
    io.stdout.write(maze.text);
    return 0;
  }
  if (flags.has('solution')) {
    const parsed = parseLevel(rows);
    if (!parsed.ok) throw new Error(`a generated level does not parse: ${parsed.error.message}`);
    const route = fewestSteps(parsed.level);
    if (route === null) throw new Error('a generated level has no route');
    lines = renderRoute(parsed.level, route.cells);
  }
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
};
