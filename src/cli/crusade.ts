// `labyrinth crusade`: plays the rotating-rooms puzzle over the game's stdin/stdout protocol.
// Init: `W H`, H rows of room types, `EX`. Each turn: `XI YI POS`, `R`, R lines `XR YR POS`;
// the answer is one line, `X Y LEFT`, `X Y RIGHT` or `WAIT`. The referee waits for each answer,
// so input is read line by line as it arrives; when it closes stdin the game is over.
import {
  type CliCommand,
  type CommandSpec,
  MAX_INPUT_BYTES,
  UsageError,
  mebibytes,
  parseArgs,
} from './command.js';
import { CrusadeBot } from '../service/index.js';

/** The longest line the protocol reads: its longest is a row of 20 room types. */
export const MAX_LINE_BYTES = 64 * 1024;

/** Lines read ahead of the bot: past this, the stream is paused until the bot catches up. */
const READ_AHEAD_LINES = 1024;

/**
 * Lines of a stream, one at a time as they arrive; undefined once the stream has ended. A line
 * longer than MAX_LINE_BYTES, or input past MAX_INPUT_BYTES in all, is a UsageError as soon as
 * it is seen (`crusade < /dev/zero` grew to 1.4 GB in 120 s): what is held stays small.
 */
class LineReader {
  private readonly lines: string[] = [];
  private partial = '';
  private ended = false;
  private failure: UsageError | undefined;
  private bytes = 0;
  private lineNumber = 0;
  private waiting: (() => void) | undefined;
  private readonly decoder = new TextDecoder();
  private readonly onData = (chunk: Buffer | string): void => {
    if (this.ended) return;
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    const text =
      this.partial +
      (typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    for (const part of parts) {
      if (!this.take(part.endsWith('\r') ? part.slice(0, -1) : part)) return;
    }
    if (Buffer.byteLength(this.partial) > MAX_LINE_BYTES) {
      this.fail(`line ${this.lineNumber + 1} is longer than ${MAX_LINE_BYTES} bytes`);
    } else if (this.bytes > MAX_INPUT_BYTES) {
      this.fail(`the input is larger than ${mebibytes(MAX_INPUT_BYTES)}, the most an input may be`);
    } else if (this.lines.length >= READ_AHEAD_LINES) {
      this.stream.pause();
    }
    this.wake();
  };
  private readonly onEnd = (): void => {
    if (this.partial !== '') this.take(this.partial);
    this.partial = '';
    this.ended = true;
    this.wake();
  };
  constructor(private readonly stream: NodeJS.ReadableStream) {
    stream.on('data', this.onData);
    stream.on('end', this.onEnd);
    stream.on('error', this.onEnd);
  }

  /** Keeps a whole line; false (and the reading stops) when it is too long. */
  private take(line: string): boolean {
    this.lineNumber++;
    if (Buffer.byteLength(line) > MAX_LINE_BYTES) {
      this.fail(`line ${this.lineNumber} is longer than ${MAX_LINE_BYTES} bytes`);
      return false;
    }
    this.lines.push(line);
    return true;
  }

  /** Stops reading: the lines before the bad one are still played, then `message` is thrown. */
  private fail(message: string): void {
    this.failure = new UsageError(message);
    this.partial = '';
    this.ended = true;
    this.close();
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }

  async next(): Promise<string | undefined> {
    while (this.lines.length === 0 && !this.ended) {
      if (this.stream.isPaused()) this.stream.resume();
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    if (this.lines.length === 0 && this.failure) throw this.failure;
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
