// `labyrinth maze CONFIG` (docs/generation.md): reads an A-Maze-ing config (KEY=VALUE lines, `#`
// comments), generates the maze and writes it as a hex wall file to OUTPUT_FILE.
//
// Keys (case-insensitive; values trimmed):
//   WIDTH, HEIGHT     maze cells                                            required
//   ENTRY, EXIT       cells "x,y"                                           required
//   OUTPUT_FILE       where to write (relative to the current directory)    required
//   PERFECT           True/False: True = shape perfect, False = SHAPE or imperfect   required
//   SEED              0..4294967295 [0]: the same config always writes the same file
//   ALGORITHM         a generateLevel algorithm [backtracker] (`_` taken as `-`)
//   SHAPE             imperfect or braid, when PERFECT=False [imperfect]
//   PATTERN           True/False [True]: the "42" (a warning when the maze is too small)
// Bad input: one line on stderr, exit code 1. Warnings go to stderr, exit code 0.
import { writeFile } from 'node:fs/promises';
import { LevelService, expectSync } from '../service/index.js';
import {
  type CliCommand,
  type CliIO,
  type CommandSpec,
  UsageError,
  fileProblem,
  parseArgs,
  readInputFile,
} from './command.js';

const REQUIRED = ['WIDTH', 'HEIGHT', 'ENTRY', 'EXIT', 'OUTPUT_FILE', 'PERFECT'] as const;
const OPTIONAL = ['SEED', 'ALGORITHM', 'SHAPE', 'PATTERN'] as const;
const KEYS: readonly string[] = [...REQUIRED, ...OPTIONAL];

interface ConfigEntry {
  readonly value: string;
  /** 1-based line number, for messages. */
  readonly line: number;
}

/** Parses KEY=VALUE lines; a `#` starts a comment at the start of a line or after a blank. */
export function parseMazeConfig(text: string, name: string): Map<string, ConfigEntry> {
  const entries = new Map<string, ConfigEntry>();
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/(^|\s)#.*$/, '').trim();
    if (content === '') return;
    const equals = content.indexOf('=');
    if (equals <= 0) {
      throw new UsageError(
        `${name} line ${line}: expected KEY=VALUE, found ${JSON.stringify(raw.trim())}`,
      );
    }
    const key = content.slice(0, equals).trim().toUpperCase();
    const value = content.slice(equals + 1).trim();
    if (!KEYS.includes(key)) {
      throw new UsageError(`${name} line ${line}: unknown key ${key} (keys: ${KEYS.join(', ')})`);
    }
    const earlier = entries.get(key);
    if (earlier) {
      throw new UsageError(`${name} line ${line}: ${key} is already set on line ${earlier.line}`);
    }
    entries.set(key, { value, line });
  });
  const missing = REQUIRED.filter((key) => !entries.has(key));
  if (missing.length > 0) {
    throw new UsageError(
      `${name}: missing ${missing.join(', ')} (required: ${REQUIRED.join(', ')})`,
    );
  }
  return entries;
}

function whole(name: string, key: string, entry: ConfigEntry): number {
  if (!/^\d+$/.test(entry.value)) {
    throw new UsageError(
      `${name} line ${entry.line}: ${key} must be a whole number, found ${JSON.stringify(entry.value)}`,
    );
  }
  return Number(entry.value);
}

function cell(name: string, key: string, entry: ConfigEntry): { x: number; y: number } {
  const match = /^(\d+)\s*,\s*(\d+)$/.exec(entry.value);
  if (match === null) {
    throw new UsageError(
      `${name} line ${entry.line}: ${key} must be "x,y" (two whole numbers), found ${JSON.stringify(entry.value)}`,
    );
  }
  return { x: Number(match[1]), y: Number(match[2]) };
}

function truth(name: string, key: string, entry: ConfigEntry): boolean {
  const value = entry.value.toLowerCase();
  if (value === 'true' || value === '1' || value === 'yes') return true;
  if (value === 'false' || value === '0' || value === 'no') return false;
  throw new UsageError(
    `${name} line ${entry.line}: ${key} must be True or False, found ${JSON.stringify(entry.value)}`,
  );
}

const spec: CommandSpec = {
  name: 'maze',
  usage: 'CONFIG',
  about: [
    'Reads an A-Maze-ing config (KEY=VALUE lines, # comments; CONFIG - reads stdin), generates',
    'the maze and writes its hex wall file to OUTPUT_FILE. Keys: WIDTH, HEIGHT, ENTRY, EXIT,',
    'OUTPUT_FILE, PERFECT (required); SEED, ALGORITHM, SHAPE, PATTERN (docs/generation.md).',
  ].join('\n'),
  options: [],
  example: 'labyrinth maze examples/maze.config',
};

export const mazeCommand: CliCommand = { spec, run: runMaze };

async function runMaze(args: readonly string[], io: CliIO): Promise<number> {
  const { operands } = parseArgs(spec, args);
  if (operands.length !== 1) {
    throw new UsageError(
      `expected one CONFIG ("-" reads stdin), got ${operands.length} (see labyrinth maze --help)`,
    );
  }
  const [file] = operands;
  const name = file === '-' ? 'stdin' : file;
  const text = await readInputFile(file, io);
  const config = parseMazeConfig(text.replace(/\r/g, ''), name);
  const get = (key: string): ConfigEntry | undefined => config.get(key);

  const perfect = truth(name, 'PERFECT', get('PERFECT')!);
  const shapeEntry = get('SHAPE');
  const shape = shapeEntry?.value.toLowerCase() ?? (perfect ? 'perfect' : 'imperfect');
  if (perfect && shape !== 'perfect') {
    throw new UsageError(
      `${name} line ${shapeEntry!.line}: SHAPE=${shapeEntry!.value} contradicts PERFECT=True`,
    );
  }
  if (!perfect && shape === 'perfect') {
    throw new UsageError(
      `${name} line ${shapeEntry!.line}: SHAPE=${shapeEntry!.value} contradicts PERFECT=False`,
    );
  }
  const algorithmEntry = get('ALGORITHM');
  const patternEntry = get('PATTERN');
  const seedEntry = get('SEED');
  const service = LevelService.inMemory();
  const made = expectSync(
    service.generate('maze', {
      width: whole(name, 'WIDTH', get('WIDTH')!),
      height: whole(name, 'HEIGHT', get('HEIGHT')!),
      seed: seedEntry ? whole(name, 'SEED', seedEntry) : 0,
      options: {
        algorithm: algorithmEntry?.value.toLowerCase().replace(/_/g, '-'),
        shape,
        pattern42: patternEntry ? truth(name, 'PATTERN', patternEntry) : true,
        entry: cell(name, 'ENTRY', get('ENTRY')!),
        exit: cell(name, 'EXIT', get('EXIT')!),
      },
    }),
  );
  if (!made.ok) throw new UsageError(`${name}: ${made.error.message}`);
  const { level, warnings } = made.value;
  for (const warning of warnings) io.stderr.write(`labyrinth maze: warning: ${warning}\n`);

  const maze = service.answers(level).get('maze');
  if (maze === null) throw new Error('a generated level has no hex export');
  const output = get('OUTPUT_FILE')!.value;
  if (output === '')
    throw new UsageError(`${name} line ${get('OUTPUT_FILE')!.line}: OUTPUT_FILE is empty`);
  try {
    await writeFile(output, maze.text);
  } catch (error) {
    throw new UsageError(fileProblem('write', output, error));
  }
  const { width, height } = { width: maze.rows[0].length, height: maze.rows.length };
  io.stdout.write(
    `wrote ${output}: ${width}x${height} maze, shortest path ${maze.path.length} moves\n`,
  );
  return 0;
}
