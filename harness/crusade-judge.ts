// Why the bot lost a game it could have won, judged with the full-knowledge solver: the fatal
// command is the one after which no line wins any more (knowing every rock); the loss was
// avoidable with the rocks in view when that command already lost against the rocks on the
// grid as it was chosen, and decided by a later rock when it still won against them.
import type { CrusadeLevel, Mover } from '../src/engine/crusade/level-file.js';
import {
  formatCommand,
  parseCommand,
  playTurn,
  type CrusadeCommand,
  type CrusadeGame,
} from '../src/engine/crusade/simulator.js';
import { solveCrusadePosition, type CrusadePosition } from './crusade-solver.js';

export type LossClass = 'IN_VIEW' | 'LATER_ROCK';

export interface LossVerdict {
  readonly kind: LossClass;
  /** The turn of the fatal command: the last turn from which some line still won. */
  readonly fatalTurn: number;
  readonly fatalCommand: string;
  /** IN_VIEW: a command at that turn that wins against the rocks then in view, if any. */
  readonly betterCommand?: string;
  /** LATER_ROCK: the rocks that showed up after the fatal command. */
  readonly laterRocks?: readonly (Mover & { readonly turn: number })[];
  /**
   * LATER_ROCK: a command at the fatal turn that wins both against the rocks then in view and
   * against the whole schedule, if there is one (else no player could have saved the game at
   * that turn without knowing the later rocks; only an earlier turn could).
   */
  readonly hedge?: string;
}

const rocksShowingAt = (level: CrusadeLevel, turn: number): Mover[] =>
  level.rocks.filter((rock) => rock.turn === turn).map(({ x, y, entry }) => ({ x, y, entry }));

const positionOf = (game: CrusadeGame, turn: number): CrusadePosition => ({
  turn,
  rooms: game.rooms,
  indy: game.indy,
  rocks: game.rocks,
});

/** Every command that is not lost at once on `game`: WAIT and each legal quarter turn. */
function commandsAt(game: CrusadeGame): CrusadeCommand[] {
  const commands: CrusadeCommand[] = [{ kind: 'WAIT' }];
  for (let y = 0; y < game.height; y++) {
    for (let x = 0; x < game.width; x++) {
      for (const rotation of ['LEFT', 'RIGHT'] as const) {
        const command: CrusadeCommand = { kind: 'ROTATE', x, y, rotation };
        if (playTurn(game, command).outcome.status !== 'LOST') commands.push(command);
      }
    }
  }
  return commands;
}

/**
 * Classifies a lost game of a winnable level from the commands the bot gave, one per turn
 * (as the protocol writes them). Undefined when the level was not winnable from the start.
 */
export function classifyLoss(
  level: CrusadeLevel,
  commands: readonly string[],
): LossVerdict | undefined {
  // The positions before each command, as the referee plays them.
  const games: CrusadeGame[] = [{ ...level, rocks: rocksShowingAt(level, 0) }];
  const played: CrusadeCommand[] = [];
  for (let turn = 0; turn < commands.length; turn++) {
    const command = parseCommand(commands[turn]);
    if (!command.ok) break;
    played.push(command.value);
    const next = playTurn(games[turn], command.value, rocksShowingAt(level, turn + 1));
    if (next.outcome.status !== 'PLAYING') break;
    games.push(next.game);
  }
  const winnable = (turn: number) =>
    solveCrusadePosition(level, positionOf(games[turn], turn), level.rocks).verdict === 'WIN';
  if (!winnable(0)) return undefined;
  let fatalTurn = 0;
  while (fatalTurn + 1 < games.length && winnable(fatalTurn + 1)) fatalTurn++;
  const fatal = played[fatalTurn];
  const fatalCommand = commands[fatalTurn];

  // Against the rocks in view only: does the fatal command still leave a winning line?
  const inView = positionOf(games[fatalTurn], fatalTurn);
  const after = playTurn(games[fatalTurn], fatal);
  const stillWins =
    after.outcome.status === 'WON' ||
    (after.outcome.status === 'PLAYING' &&
      solveCrusadePosition(level, positionOf(after.game, fatalTurn + 1), []).verdict === 'WIN');
  if (stillWins) {
    const hedge = commandsAt(games[fatalTurn]).find((command) => {
      const inViewOnly = playTurn(games[fatalTurn], command);
      const withLater = playTurn(games[fatalTurn], command, rocksShowingAt(level, fatalTurn + 1));
      const wins = (played: typeof inViewOnly, rocks: CrusadeLevel['rocks']) =>
        played.outcome.status === 'WON' ||
        (played.outcome.status === 'PLAYING' &&
          solveCrusadePosition(level, positionOf(played.game, fatalTurn + 1), rocks).verdict ===
            'WIN');
      return wins(inViewOnly, []) && wins(withLater, level.rocks);
    });
    return {
      kind: 'LATER_ROCK',
      fatalTurn,
      fatalCommand,
      laterRocks: level.rocks.filter((rock) => rock.turn > fatalTurn),
      ...(hedge === undefined ? {} : { hedge: formatCommand(hedge) }),
    };
  }
  const line = solveCrusadePosition(level, inView, []).line;
  return {
    kind: 'IN_VIEW',
    fatalTurn,
    fatalCommand,
    ...(line.length > 0 ? { betterCommand: formatCommand(line[0]) } : {}),
  };
}
