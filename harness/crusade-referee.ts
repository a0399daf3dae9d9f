// The referee of the rotating-rooms protocol bot (`node dist/src/cli.js crusade`, a fresh process
// per game, as the game runs it): plays a level against it turn by turn and times each answer.
// The end-to-end test and the crusade bench both judge the bot with it, so they judge it the
// same way.
import { spawn } from 'node:child_process';
import type { CrusadeLevel, Mover } from '../src/engine/crusade/level-file.js';
import { parseCommand, playTurn, type CrusadeGame } from '../src/engine/crusade/simulator.js';
import { repositoryRoot } from './crusade-levels.js';

export interface RefereeResult {
  readonly outcome: 'WON' | 'LOST';
  readonly reason?: string;
  /** The bot's answers, one per turn. */
  readonly answers: readonly string[];
  /** For each turn: ms from writing the turn's input to reading the answer. */
  readonly turnMs: readonly number[];
  /** ms from starting the bot's process to reading its first answer (start-up included). */
  readonly firstAnswerSinceStartMs: number;
  readonly exitCode: number | null;
  readonly stderr: string;
}

export interface RefereeOptions {
  /** Wait this long after the init lines before the first turn, so Node's start is not timed. */
  readonly settleMs?: number;
  /** Give up on an answer after this long (the game's limit is 150 ms). */
  readonly answerTimeoutMs?: number;
}

const moverLine = (m: Mover): string => `${m.x} ${m.y} ${m.entry}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays `level` against the bot as the game does: init lines, then each turn Indy and the rocks
 * in view, one answer awaited and timed per turn. A rock is shown from the turn it is due, never
 * before. When the game ends, stdin is closed and the bot must exit.
 */
export async function refereeCrusade(
  level: CrusadeLevel,
  options: RefereeOptions = {},
): Promise<RefereeResult> {
  const spawned = performance.now();
  const bot = spawn(process.execPath, [`${repositoryRoot}dist/src/cli.js`, 'crusade'], {
    stdio: 'pipe',
  });
  const exited = new Promise<number | null>((resolve) => bot.on('close', (code) => resolve(code)));
  let stderr = '';
  bot.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const answers: string[] = [];
  let pending = '';
  let notify: (() => void) | undefined;
  bot.stdout.setEncoding('utf8').on('data', (text: string) => {
    pending += text;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      answers.push(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
    }
    notify?.();
  });
  bot.stdout.on('end', () => notify?.());
  bot.stdin.on('error', () => {}); // a bot that dies early is reported by its answers and exit code

  const answer = async (index: number): Promise<string | undefined> => {
    const deadline = performance.now() + (options.answerTimeoutMs ?? 5000);
    while (answers.length <= index && bot.exitCode === null && performance.now() < deadline) {
      await Promise.race([new Promise<void>((resolve) => (notify = resolve)), sleep(50)]);
    }
    return answers[index];
  };

  const rocksAt = (turn: number): Mover[] =>
    level.rocks.filter((rock) => rock.turn === turn).map(({ x, y, entry }) => ({ x, y, entry }));
  const rows = Array.from({ length: level.height }, (_, y) =>
    level.rooms.slice(y * level.width, (y + 1) * level.width).join(' '),
  );
  bot.stdin.write(`${level.width} ${level.height}\n${rows.join('\n')}\n${level.exitX}\n`);
  if (options.settleMs) await sleep(options.settleMs);

  let game: CrusadeGame = { ...level, rocks: rocksAt(0) };
  const turnMs: number[] = [];
  let firstAnswerSinceStartMs = 0;
  let outcome: 'WON' | 'LOST' = 'LOST';
  let reason: string | undefined;
  for (let turn = 0; ; turn++) {
    const input = [moverLine(game.indy), String(game.rocks.length), ...game.rocks.map(moverLine)];
    const started = performance.now();
    bot.stdin.write(`${input.join('\n')}\n`);
    const line = await answer(turn);
    turnMs.push(performance.now() - started);
    if (turn === 0) firstAnswerSinceStartMs = performance.now() - spawned;
    if (line === undefined) {
      reason = `no answer on turn ${turn}`;
      break;
    }
    const command = parseCommand(line);
    if (!command.ok) {
      reason = `turn ${turn}: ${command.error.message}`;
      break;
    }
    const played = playTurn(game, command.value, rocksAt(turn + 1));
    game = played.game;
    if (played.outcome.status === 'WON') {
      outcome = 'WON';
      break;
    }
    if (played.outcome.status === 'LOST') {
      reason = `turn ${turn}: ${played.outcome.reason}`;
      break;
    }
  }
  bot.stdin.end();
  const exitCode = await exited;
  return {
    outcome,
    ...(reason === undefined ? {} : { reason }),
    answers,
    turnMs,
    firstAnswerSinceStartMs,
    exitCode,
    stderr,
  };
}
