import { ReadStream, createReadStream } from 'node:fs';

/** The streams a CLI command talks to; tests pass their own. */
export interface CliIO {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** A command's options: `value` names the option's argument; a switch has none. */
export interface CliOption {
  readonly name: string;
  readonly value?: string;
  readonly help: string;
}

/**
 * What `labyrinth COMMAND --help` prints, and what the option parser accepts: the one place a
 * command's options are listed.
 */
export interface CommandSpec {
  readonly name: string;
  /** After `usage: labyrinth NAME`. */
  readonly usage: string;
  /** What the command does, in a sentence or two (wrapped by hand). */
  readonly about: string;
  readonly options: readonly CliOption[];
  /** One command line a user can copy (run from the repository's root). */
  readonly example: string;
}

/** A CLI command: its help, and a function of its own arguments that returns the exit code. */
export interface CliCommand {
  readonly spec: CommandSpec;
  readonly run: (args: readonly string[], io: CliIO) => Promise<number>;
}

/** Thrown by a command for bad user input: the CLI prints the message alone, exit code 1. */
export class UsageError extends Error {}

const HELP: CliOption = { name: 'help', help: 'print this help' };

export function isHelpRequest(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const options = end < 0 ? args : args.slice(0, end);
  return options.includes('--help') || options.includes('-h');
}

/** The help text: usage, what it does, the options (with --help) and one example. */
export function formatHelp(spec: CommandSpec): string {
  const options = [...spec.options, HELP];
  const flags = options.map((option) =>
    option === HELP
      ? '-h, --help'
      : `--${option.name}${option.value === undefined ? '' : ` ${option.value}`}`,
  );
  const width = Math.max(...flags.map((flag) => flag.length)) + 3;
  const lines = options.map((option, i) => {
    const [first, ...rest] = option.help.split('\n');
    return [
      `  ${flags[i].padEnd(width)}${first}`,
      ...rest.map((line) => `  ${' '.repeat(width)}${line}`),
    ].join('\n');
  });
  return [
    `usage: labyrinth ${spec.name} ${spec.usage}`,
    '',
    spec.about,
    '',
    'options:',
    ...lines,
    '',
    'example:',
    `  ${spec.example}`,
    '',
  ].join('\n');
}

/** The command line, read against a command's options. */
export interface ParsedArgs {
  /** Each option given: its value, or true for a switch. */
  readonly options: ReadonlyMap<string, string | true>;
  /** The other arguments (`-` alone is one: it means stdin). */
  readonly operands: readonly string[];
}

/**
 * Reads `--name value`, `--name=value` and switches; everything after `--` is an operand.
 * Unknown options, missing values and repeats are UsageErrors that name what is wrong.
 */
export function parseArgs(spec: CommandSpec, args: readonly string[]): ParsedArgs {
  const options = new Map<string, string | true>();
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      operands.push(arg);
      continue;
    }
    const match = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
    const option = match && spec.options.find((known) => known.name === match[1]);
    if (!match || !option) throw new UsageError(unknownOption(spec, arg));
    const [, name, inline] = match;
    if (options.has(name)) throw new UsageError(`--${name} given twice`);
    if (option.value === undefined) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      options.set(name, true);
    } else {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
    }
  }
  return { options, operands };
}

function unknownOption(spec: CommandSpec, arg: string): string {
  const known = [...spec.options.map((option) => `--${option.name}`), '--help'];
  const name = excerpt(arg.split('=')[0]);
  return `unknown option '${name}' (options of labyrinth ${spec.name}: ${known.join(', ')})`;
}

/** The longest piece of user input an error message repeats. */
const EXCERPT_LENGTH = 60;

/** User input as an error message quotes it: at most EXCERPT_LENGTH characters. */
export function excerpt(text: string): string {
  const chars = [...text];
  return chars.length <= EXCERPT_LENGTH ? text : `${chars.slice(0, EXCERPT_LENGTH).join('')}…`;
}

/**
 * A message as one line of stderr: line breaks and other control characters are written as
 * escapes, and a quoted piece of input longer than EXCERPT_LENGTH is cut short, so a 1 MB bad
 * input line never comes back as 1 MB of stderr.
 */
export function oneLine(message: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  const escaped = message.replace(/[\u0000-\u001f\u007f]/g, (char) =>
    char === '\n'
      ? '\\n'
      : char === '\r'
        ? '\\r'
        : char === '\t'
          ? '\\t'
          : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const quoted = escaped.replace(/"([^"]*)"/g, (_whole, inner: string) => `"${excerpt(inner)}"`);
  // Input quoted without closing quotes (or with quotes inside) is still bounded here.
  return [...quoted].length <= 8 * EXCERPT_LENGTH
    ? quoted
    : `${[...quoted].slice(0, 8 * EXCERPT_LENGTH).join('')}…`;
}

/** What went wrong with a file, in words (the code too, for searching). */
const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
};

/** `cannot read FILE: no such file or directory (ENOENT)`: which file, and what is wrong. */
export function fileProblem(verb: 'read' | 'write', file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === undefined
      ? error instanceof Error
        ? error.message
        : String(error)
      : `${verb === 'write' && code === 'ENOENT' ? 'its directory does not exist' : (FILE_PROBLEMS[code] ?? (error as Error).message)} (${code})`;
  return `cannot ${verb} ${file}: ${why}`;
}

/**
 * The most a FILE (or stdin) may hold: 64 MiB, 64 levels of the largest size (1000 x 1000).
 * Counted as it is read, so that endless input (`run - < /dev/zero`) stops at once instead of
 * growing the process (it reached 22 GB resident).
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** `bytes` as the messages say it: 64 MiB. */
export function mebibytes(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/**
 * Reads a file named on the command line, `-` meaning stdin, as UTF-8 text of at most
 * `maxBytes`; a failure or a larger input is a UsageError.
 */
export async function readInputFile(
  file: string,
  io: CliIO,
  maxBytes = MAX_INPUT_BYTES,
): Promise<string> {
  const name = file === '-' ? 'stdin' : file;
  let text: string | undefined;
  try {
    text = await readAll(file === '-' ? io.stdin : createReadStream(file), maxBytes);
  } catch (error) {
    throw new UsageError(fileProblem('read', name, error));
  }
  if (text === undefined) {
    throw new UsageError(`${name} is larger than ${mebibytes(maxBytes)}, the most an input may be`);
  }
  return text;
}

/**
 * Reads a whole stream as UTF-8 text; undefined, as soon as it is known, when it holds more than
 * `maxBytes` (the stream is then left: stdin is not ours to close, a file stream is destroyed).
 */
export async function readAll(
  stream: NodeJS.ReadableStream,
  maxBytes = MAX_INPUT_BYTES,
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > maxBytes) {
      if (stream instanceof ReadStream) stream.destroy();
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
