#!/usr/bin/env node
// The `labyrinth` CLI entry point.
import { stopOnBrokenPipe } from './cli/broken-pipe.js';
import { main } from './cli/main.js';

stopOnBrokenPipe(process.stdout, 'stdout');
stopOnBrokenPipe(process.stderr, 'stderr');

main(process.argv.slice(2), process).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`labyrinth: internal error: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
