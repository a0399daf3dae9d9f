import { readFile } from 'node:fs/promises';

/** The streams a CLI command talks to; tests pass their own. */
export interface CliIO {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** A CLI command: takes its own arguments (after the command name), returns the exit code. */
export type CliCommand = (args: readonly string[], io: CliIO) => Promise<number>;

/** Thrown by a command for bad user input: the CLI prints the message alone, exit code 1. */
export class UsageError extends Error {}

/** Reads a file named on the command line, `-` meaning stdin; a failure is a UsageError. */
export async function readInputFile(file: string, io: CliIO): Promise<string> {
  try {
    return file === '-' ? await readAll(io.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/** Reads a whole stream as UTF-8 text. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
