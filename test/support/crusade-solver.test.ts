// The full-knowledge solver (crusade-solver.ts) against the official levels, against a brute
// force over every command on small levels, and on positions in the middle of a game.
import { describe, expect, it } from 'vitest';
import { crusadeLevels } from '../../harness/crusade-levels.js';
import type { CrusadeLevel, Mover } from '../../src/engine/crusade/level-file.js';
import {
  playTurn,
  type CrusadeCommand,
  type CrusadeGame,
} from '../../src/engine/crusade/simulator.js';
import { mirrorLevel, smallRandomLevels } from '../../harness/crusade-corpus.js';
import { solveCrusadeLevel, solveCrusadePosition } from '../../harness/crusade-solver.js';

const rocksAt = (level: CrusadeLevel, turn: number): Mover[] =>
  level.rocks.filter((rock) => rock.turn === turn).map(({ x, y, entry }) => ({ x, y, entry }));

/** Plays `line` as the referee would: the outcome after its last command. */
function replay(level: CrusadeLevel, line: readonly CrusadeCommand[]): string {
  let game: CrusadeGame = { ...level, rocks: rocksAt(level, 0) };
  for (let turn = 0; turn < line.length; turn++) {
    const played = playTurn(game, line[turn], rocksAt(level, turn + 1));
    if (played.outcome.status !== 'PLAYING') {
      return turn === line.length - 1 ? played.outcome.status : `ended on turn ${turn}`;
    }
    game = played.game;
  }
  return 'PLAYING';
}

/**
 * Brute force: every command each turn (every room both ways, and WAIT), played by the
 * referee's `playTurn`, with the positions already lost remembered. Only for small grids.
 */
function bruteForceWins(level: CrusadeLevel): boolean {
  const commands: CrusadeCommand[] = [{ kind: 'WAIT' }];
  for (let y = 0; y < level.height; y++) {
    for (let x = 0; x < level.width; x++) {
      commands.push({ kind: 'ROTATE', x, y, rotation: 'LEFT' });
      commands.push({ kind: 'ROTATE', x, y, rotation: 'RIGHT' });
    }
  }
  const lost = new Set<string>();
  const wins = (game: CrusadeGame, turn: number): boolean => {
    const key = JSON.stringify([turn, game.rooms, game.indy, game.rocks]);
    if (lost.has(key)) return false;
    for (const command of commands) {
      const played = playTurn(game, command, rocksAt(level, turn + 1));
      if (played.outcome.status === 'WON') return true;
      if (played.outcome.status === 'PLAYING' && wins(played.game, turn + 1)) return true;
    }
    lost.add(key);
    return false;
  };
  const start: CrusadeGame = { ...level, rocks: rocksAt(level, 0) };
  if (start.rocks.some((rock) => rock.x === level.indy.x && rock.y === level.indy.y)) return false;
  return wins(start, 0);
}

describe('solveCrusadeLevel', () => {
  for (const { name, level } of crusadeLevels()) {
    it(`wins ${name} and its mirror, with a line the referee plays to a win`, () => {
      for (const played of [level, mirrorLevel(level)]) {
        const verdict = solveCrusadeLevel(played);
        expect(verdict.verdict).toBe('WIN');
        expect(replay(played, verdict.line)).toBe('WON');
      }
    });
  }

  it('agrees with a brute force over every command on 400 small levels', () => {
    const tally = { wins: 0, losses: 0, winsWithRocks: 0 };
    for (const level of smallRandomLevels(400, 17)) {
      const expected = bruteForceWins(level);
      const verdict = solveCrusadeLevel(level);
      expect(verdict.verdict, JSON.stringify(level)).toBe(expected ? 'WIN' : 'LOSE');
      if (expected) expect(replay(level, verdict.line)).toBe('WON');
      if (expected) tally.wins++;
      else tally.losses++;
      if (expected && level.rocks.length > 0) tally.winsWithRocks++;
    }
    // The levels are varied enough to mean something: both answers, and wins despite rocks.
    expect(tally.wins).toBeGreaterThan(50);
    expect(tally.losses).toBeGreaterThan(50);
    expect(tally.winsWithRocks).toBeGreaterThan(20);
  });

  it('knows rocks before they show up: it turns a room for a rock not yet in view', () => {
    // Indy falls down the middle column to the exit (1, 2) in two turns. A rock shows up at
    // turn 1 in (2, 2), a type 6 that rolls it left into the exit room as Indy enters it.
    // Turning (2, 2) on turn 0, before the rock is seen, sends it down and out of the grid.
    const level: CrusadeLevel = {
      width: 3,
      height: 3,
      rooms: [...[-5, -3, 0], ...[1, 3, 0], ...[-5, 7, 6]],
      exitX: 1,
      indy: { x: 1, y: 0, entry: 'TOP' },
      rocks: [{ x: 2, y: 2, entry: 'RIGHT', turn: 1 }],
    };
    const verdict = solveCrusadeLevel(level);
    expect(verdict.verdict).toBe('WIN');
    expect(replay(level, verdict.line)).toBe('WON');
    expect(solveCrusadeLevel({ ...level, rocks: [] }).verdict).toBe('WIN');
    // After a WAIT on turn 0 nothing saves him any more.
    const waited = playTurn({ ...level, rocks: [] }, { kind: 'WAIT' }, rocksAt(level, 1)).game;
    const position = { turn: 1, rooms: waited.rooms, indy: waited.indy, rocks: waited.rocks };
    expect(solveCrusadePosition(level, position, level.rocks).verdict).toBe('LOSE');
    // A rock appearing in Indy's room kills him, whatever he does.
    const crushed = { ...level, rocks: [{ x: 1, y: 1, entry: 'TOP' as const, turn: 1 }] };
    expect(solveCrusadeLevel(crushed).verdict).toBe('LOSE');
  });
});

describe('solveCrusadePosition', () => {
  it('solves from the middle of a game, with only the rocks still to come', () => {
    const { level } = crusadeLevels().find((l) => l.name === 'rocks_2_full')!;
    const verdict = solveCrusadeLevel(level);
    // Play the solver's own line four turns, then ask again from there.
    let game: CrusadeGame = { ...level, rocks: rocksAt(level, 0) };
    for (let turn = 0; turn < 4; turn++) {
      game = playTurn(game, verdict.line[turn], rocksAt(level, turn + 1)).game;
    }
    const position = { turn: 4, rooms: game.rooms, indy: game.indy, rocks: game.rocks };
    const fromThere = solveCrusadePosition(level, position, level.rocks);
    expect(fromThere.verdict).toBe('WIN');
    // Its line from there, after the four turns played, wins the level.
    expect(replay(level, [...verdict.line.slice(0, 4), ...fromThere.line])).toBe('WON');
  });

  it('gives up with UNKNOWN past its node budget', () => {
    const { level } = crusadeLevels().find((l) => l.name === 'broken_mausoleum')!;
    expect(solveCrusadeLevel(level, { maxNodes: 5 }).verdict).toBe('UNKNOWN');
  });
});
