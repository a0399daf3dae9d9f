// The CLI in process: `main(argv, io)` with in-memory streams, for tests that need no real
// process (the docs examples, help, solve). Output is kept in the order it was written, as a
// terminal shows stdout and stderr together. And the built CLI as a user runs it
// (`runBuiltCli`: dist/src/cli.js in a process of its own; npm test builds dist/ first).
import { execFile } from 'node:child_process';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr interleaved as written. */
  readonly output: string;
}

export async function runCli(argv: readonly string[], stdin = ''): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  let output = '';
  // A Writable whose write completes at once takes each chunk when it is written.
  const sink = (onText: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        onText(chunk.toString('utf8'));
        done();
      },
    });
  const io = {
    stdin: new PassThrough().end(stdin),
    stdout: sink((text) => ((stdout += text), (output += text))),
    stderr: sink((text) => ((stderr += text), (output += text))),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, output };
}

/** The built CLI, dist/src/cli.js. */
export const builtCli = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));

export interface BuiltCliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node dist/src/cli.js ARGS` with `stdin` as its standard input, in `cwd` if given. */
export function runBuiltCli(
  args: readonly string[],
  { stdin = '', cwd }: { stdin?: string; cwd?: string } = {},
): Promise<BuiltCliRun> {
  return new Promise((resolve) => {
    const child = execFile('node', [builtCli, ...args], { cwd }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });
}
