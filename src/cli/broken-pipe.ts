// A closed pipe ends the CLI as it ends Unix tools: `labyrinth generate … | head -1` stops
// quietly once `head` has what it wants. Node ignores SIGPIPE, so a write to a closed pipe is
// an EPIPE error event, which unhandled printed `Error: write EPIPE` with its stack and exit 1.
// Here the process takes SIGPIPE's default instead, and is ended by it (a shell reports 141,
// as for `seq 1000000 | head -1`).

/** Ends the process as SIGPIPE's default action would. */
export function endByBrokenPipe(): never {
  // Node ignores SIGPIPE; a listener added and removed hands the signal back to its default
  // action (libuv restores SIG_DFL when the last one goes), so raising it ends the process.
  const ignore = (): void => {};
  process.on('SIGPIPE', ignore);
  process.off('SIGPIPE', ignore);
  process.kill(process.pid, 'SIGPIPE');
  // Only if the signal did not end it: the same status a shell would report.
  process.exit(128 + 13);
}

/**
 * EPIPE on `stream` (stdout, stderr) ends the process quietly; any other write error is one
 * line on stderr and exit code 1.
 */
export function stopOnBrokenPipe(stream: NodeJS.WritableStream, name: string): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') endByBrokenPipe();
    try {
      process.stderr.write(`labyrinth: cannot write to ${name}: ${error.code ?? error.message}\n`);
    } finally {
      process.exit(1);
    }
  });
}
