// `labyrinth crusade`: plays the rotating-rooms puzzle over the game's stdin/stdout protocol.
// Init: `W H`, H rows of room types, `EX`. Each turn: `XI YI POS`, `R`, R lines `XR YR POS`;
// the answer is one line, `X Y LEFT`, `X Y RIGHT` or `WAIT`. The referee waits for each answer,
// so input is read line by line as it arrives; when it closes stdin the game is over.
import { type CliCommand, UsageError } from './command.js';
import {
  parseExit,
  parseMover,
  parseRockCount,
  parseRoomRow,
  parseSize,
  type Mover,
  type ParsedLine,
} from '../engine/crusade/level-file.js';
import { CrusadePlanner } from '../engine/crusade/planner.js';
import { formatCommand } from '../engine/crusade/simulator.js';

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
  /** How many lines have been handed out: the 1-based number of the last one. */
  lineNumber = 0;

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
    const line = this.lines.shift();
    if (line !== undefined) this.lineNumber++;
    return line;
  }

  /** Stops listening, so that the process can exit while the other side keeps the pipe open. */
  close(): void {
    this.stream.off('data', this.onData);
    this.stream.off('end', this.onEnd);
    this.stream.off('error', this.onEnd);
    this.stream.pause();
  }
}

async function play(input: LineReader, output: NodeJS.WritableStream): Promise<void> {
  /** The next line parsed, or a UsageError naming the line. */
  const read = async <T>(expected: string, parse: (line: string) => ParsedLine<T>): Promise<T> => {
    const line = await input.next();
    if (line === undefined) {
      throw new UsageError(`line ${input.lineNumber + 1}: the input ended, expected ${expected}`);
    }
    const parsed = parse(line);
    if (!parsed.ok) throw new UsageError(`line ${input.lineNumber}: ${parsed.error.message}`);
    return parsed.value;
  };

  const { width, height } = await read('"W H"', parseSize);
  const rooms: number[] = [];
  for (let y = 0; y < height; y++) {
    rooms.push(...(await read(`row ${y} of the rooms`, (line) => parseRoomRow(line, width))));
  }
  const exitX = await read('"EX"', (line) => parseExit(line, width));
  const planner = new CrusadePlanner({ width, height, rooms, exitX });

  while (true) {
    const indyLine = await input.next();
    if (indyLine === undefined) return; // the game is over
    const indy = parseMover(indyLine, width, height, 'Indy');
    if (!indy.ok) throw new UsageError(`line ${input.lineNumber}: ${indy.error.message}`);
    const count = await read('"R", the number of rocks', (line) =>
      parseRockCount(line, width * height),
    );
    const rocks: Mover[] = [];
    for (let i = 0; i < count; i++) {
      rocks.push(
        await read(`rock ${i + 1} of ${count}, "XR YR POS"`, (line) =>
          parseMover(line, width, height, 'the rock'),
        ),
      );
    }
    output.write(`${formatCommand(planner.decide(indy.value, rocks))}\n`);
  }
}

export const crusadeCommand: CliCommand = async (args, io) => {
  if (args.length > 0) throw new UsageError(`takes no arguments, got "${args.join(' ')}"`);
  const input = new LineReader(io.stdin);
  try {
    await play(input, io.stdout);
    return 0;
  } finally {
    input.close();
  }
};
