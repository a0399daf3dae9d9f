// `labyrinth crusade`: plays the rotating-rooms puzzle over the game's stdin/stdout protocol.
// Init: `W H`, H rows of room types, `EX`. Each turn: `XI YI POS`, `R`, R lines `XR YR POS`;
// the answer is one line, `X Y LEFT`, `X Y RIGHT` or `WAIT`. The referee waits for each answer,
// so input is read line by line as it arrives; when it closes stdin the game is over.
import { type CliCommand, type CommandSpec, UsageError, parseArgs } from './command.js';
import { CrusadeBot } from '../service/crusade.js';

/** Lines of a stream, one at a time as they arrive; undefined once the stream has ended. */
class LineReader {
  private readonly lines: string[] = [];
  private partial = '';
  private ended = false;
  private waiting: (() => void) | undefined;
  private readonly decoder = new TextDecoder();
  private readonly onData = (chunk: Buffer | string): void => {
    const text =
      this.partial +
      (typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    for (const part of parts) this.lines.push(part.endsWith('\r') ? part.slice(0, -1) : part);
    this.wake();
  };
  private readonly onEnd = (): void => {
    if (this.partial !== '') this.lines.push(this.partial);
    this.partial = '';
    this.ended = true;
    this.wake();
  };
  constructor(private readonly stream: NodeJS.ReadableStream) {
    stream.on('data', this.onData);
    stream.on('end', this.onEnd);
    stream.on('error', this.onEnd);
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }

  async next(): Promise<string | undefined> {
    while (this.lines.length === 0 && !this.ended) {
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    return this.lines.shift();
  }

  /** Stops listening, so that the process can exit while the other side keeps the pipe open. */
  close(): void {
    this.stream.off('data', this.onData);
    this.stream.off('end', this.onEnd);
    this.stream.off('error', this.onEnd);
    this.stream.pause();
  }
}

/** Feeds the bot each line as it arrives and writes its answers; bad input is a UsageError. */
async function play(input: LineReader, output: NodeJS.WritableStream): Promise<void> {
  const bot = new CrusadeBot();
  while (true) {
    const line = await input.next();
    if (line === undefined) {
      const end = bot.end();
      if (!end.ok) throw new UsageError(end.error.message);
      return; // the game is over
    }
    const answer = bot.feed(line);
    if (!answer.ok) throw new UsageError(answer.error.message);
    if (answer.value !== undefined) output.write(`${answer.value}\n`);
  }
}

const spec: CommandSpec = {
  name: 'crusade',
  usage: '< INPUT',
  about: [
    'Plays the rotating-rooms puzzle (docs/crusade.md) over its stdin/stdout protocol: reads',
    'the init lines (W H, H rows of room types, EX), then each turn (XI YI POS, R, R rock',
    'lines) and answers it at once with one line: X Y LEFT, X Y RIGHT or WAIT.',
  ].join('\n'),
  options: [],
  example: 'labyrinth crusade < examples/crusade-input.txt',
};

export const crusadeCommand: CliCommand = {
  spec,
  async run(args, io) {
    const { operands } = parseArgs(spec, args);
    if (operands.length > 0)
      throw new UsageError(`takes no arguments, got "${operands.join(' ')}"`);
    const input = new LineReader(io.stdin);
    try {
      await play(input, io.stdout);
      return 0;
    } finally {
      input.close();
    }
  },
};
