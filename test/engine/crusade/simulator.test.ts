import { describe, expect, it } from 'vitest';
import type { Mover } from '../../../src/engine/crusade/level-file.js';
import { packMover } from '../../../src/engine/crusade/mover.js';
import {
  formatCommand,
  parseCommand,
  playTurn,
  rockWay,
  toBoard,
  type CrusadeCommand,
  type CrusadeGame,
} from '../../../src/engine/crusade/simulator.js';

const game = (rows: number[][], exitX: number, indy: Mover, rocks: Mover[] = []): CrusadeGame => ({
  width: rows[0].length,
  height: rows.length,
  rooms: rows.flat(),
  exitX,
  indy,
  rocks,
});
const at = (x: number, y: number, entry: Mover['entry'] = 'TOP'): Mover => ({ x, y, entry });
const WAIT: CrusadeCommand = { kind: 'WAIT' };
const rotate = (x: number, y: number, rotation: 'LEFT' | 'RIGHT'): CrusadeCommand => ({
  kind: 'ROTATE',
  x,
  y,
  rotation,
});
const outcomeOf = (g: CrusadeGame, command: CrusadeCommand, arrivals: Mover[] = []) =>
  playTurn(g, command, arrivals).outcome;

// Indy falls down the middle column; (1, 1) has no way on from the top until it is turned.
const SHAFT = [
  [0, -3, 0],
  [0, 2, 0],
  [0, -3, 0],
];

describe('playTurn, step 1: the command', () => {
  it('turns the room before anyone moves', () => {
    const played = playTurn(game(SHAFT, 1, at(1, 0)), rotate(1, 1, 'LEFT'));
    expect(played.outcome).toEqual({ status: 'PLAYING' });
    expect(played.game.rooms[4]).toBe(3);
    expect(played.game.indy).toEqual(at(1, 1));
    expect(outcomeOf(game(SHAFT, 1, at(1, 0)), WAIT)).toEqual({
      status: 'LOST',
      reason: 'Indy has no way on',
    });
  });

  it('turns LEFT counter-clockwise and RIGHT clockwise', () => {
    const rows = [
      [0, -3, 6],
      [0, 1, 0],
      [0, -3, 0],
    ];
    expect(playTurn(game(rows, 1, at(1, 0)), rotate(2, 0, 'LEFT')).game.rooms[2]).toBe(9);
    expect(playTurn(game(rows, 1, at(1, 0)), rotate(2, 0, 'RIGHT')).game.rooms[2]).toBe(7);
  });

  it('loses on an illegal rotation: locked, exit, Indy, rock, outside', () => {
    const rows = [
      [0, -3, 0],
      [0, 1, 2],
      [0, 3, 0],
    ];
    const g = game(rows, 1, at(1, 0), [at(2, 1, 'RIGHT')]);
    const lost = (reason: string) => ({ status: 'LOST', reason });
    expect(outcomeOf(g, rotate(1, 0, 'LEFT'))).toEqual(lost('rotated a locked room'));
    expect(outcomeOf(g, rotate(1, 2, 'LEFT'))).toEqual(lost('rotated the exit room'));
    expect(outcomeOf(game(rows, 1, at(1, 1)), rotate(1, 1, 'RIGHT'))).toEqual(
      lost("rotated Indy's room"),
    );
    expect(outcomeOf(g, rotate(2, 1, 'LEFT'))).toEqual(lost("rotated a rock's room"));
    expect(outcomeOf(g, rotate(3, 1, 'LEFT'))).toEqual(lost('rotated a room outside the grid'));
  });

  it('lets an unlocked room of type 0 or 1 turn, to no effect', () => {
    const played = playTurn(game(SHAFT, 1, at(1, 0)), rotate(0, 1, 'LEFT'));
    expect(played.game.rooms[3]).toBe(0);
  });
});

describe('playTurn, step 2: moves and walls', () => {
  // A rock in (0, 1) goes right into (1, 1); Indy falls into (1, 1) from the top.
  const meeting = (middle: number) => [
    [0, -3, 0],
    [5, middle, 0],
    [0, -3, 0],
  ];

  it('destroys a rock at the wall of a room it cannot enter: it never reaches Indy', () => {
    // Type 7 takes TOP (Indy) and refuses LEFT (the rock).
    const played = playTurn(game(meeting(7), 1, at(1, 0), [at(0, 1)]), WAIT);
    expect(played.outcome).toEqual({ status: 'PLAYING' });
    expect(played.game.rocks).toEqual([]);
  });

  it('moves a rock into a room that takes it', () => {
    const rows = [
      [0, 0, 0, -3],
      [0, 2, 2, -3],
      [0, 0, 0, -3],
    ];
    const played = playTurn(game(rows, 3, at(3, 0), [at(1, 1, 'LEFT')]), WAIT);
    expect(played.outcome).toEqual({ status: 'PLAYING' });
    expect(played.game.rocks).toEqual([at(2, 1, 'LEFT')]);
  });

  it('destroys a rock with no way on from its own room, and one that leaves the grid', () => {
    const rows = [
      [0, -3, 5],
      [0, 3, 0],
      [0, -3, 0],
    ];
    const played = playTurn(game(rows, 1, at(1, 0), [at(0, 1, 'LEFT'), at(2, 0)]), WAIT);
    expect(played.outcome).toEqual({ status: 'PLAYING' });
    expect(played.game.rocks).toEqual([]);
  });
});

describe("rockWay: a rock's rooms if nothing turns", () => {
  // Row 1 is a passage (type 2) with a locked -7 in the middle: -7 refuses a rock from the left
  // and sends one from the right down, into the type 3 shaft below.
  const rows = [
    [0, 0, 0, 0],
    [2, 2, -7, 2],
    [0, 0, 3, 0],
  ];
  const board = toBoard({ width: 4, height: 3, rooms: rows.flat(), exitX: 0 });
  const pack = (m: Mover) => packMover(4, m);
  const wayOf = (from: Mover, maxSteps = 12) => {
    const out = new Int32Array(12);
    return Array.from(out.subarray(0, rockWay(board, pack(from), maxSteps, out)));
  };

  it('lists the rooms it enters, one a turn, until it leaves the grid', () => {
    expect(wayOf(at(3, 1, 'RIGHT'))).toEqual([at(2, 1, 'RIGHT'), at(2, 2)].map(pack));
    expect(wayOf(at(1, 1, 'RIGHT'))).toEqual([pack(at(0, 1, 'RIGHT'))]);
  });

  it('ends with the room whose wall stops it; nothing when its own room has no way on', () => {
    expect(wayOf(at(0, 1, 'LEFT'))).toEqual([at(1, 1, 'LEFT'), at(2, 1, 'LEFT')].map(pack));
    expect(wayOf(at(1, 0))).toEqual([]);
  });

  it('stops after maxSteps rooms', () => {
    expect(wayOf(at(0, 1, 'LEFT'), 1)).toEqual([pack(at(1, 1, 'LEFT'))]);
  });
});

describe('playTurn, step 3: rocks and Indy', () => {
  it('kills Indy when a rock that moved shares his room', () => {
    expect(
      outcomeOf(
        game(
          [
            [0, -3, 0],
            [5, 1, 0],
            [0, -3, 0],
          ],
          1,
          at(1, 0),
          [at(0, 1)],
        ),
        WAIT,
      ),
    ).toEqual({
      status: 'LOST',
      reason: 'a rock hit Indy',
    });
  });

  it('kills Indy when he and a rock swap rooms', () => {
    const rows = [
      [0, 0, 0, 0],
      [0, 2, 2, 0],
      [0, 0, 0, -3],
    ];
    expect(outcomeOf(game(rows, 3, at(1, 1, 'LEFT'), [at(2, 1, 'RIGHT')]), WAIT)).toEqual({
      status: 'LOST',
      reason: 'Indy and a rock swapped rooms',
    });
  });

  it('kills Indy before the rocks destroy each other (step 3 before step 4)', () => {
    // Two rocks and Indy all enter (1, 1).
    const rows = [
      [0, -3, 0],
      [5, 1, 4],
      [0, -3, 0],
    ];
    expect(outcomeOf(game(rows, 1, at(1, 0), [at(0, 1), at(2, 1)]), WAIT)).toEqual({
      status: 'LOST',
      reason: 'a rock hit Indy',
    });
  });

  it('kills Indy in the exit room too (step 3 before step 5)', () => {
    const rows = [
      [0, -3, 0],
      [0, -3, 0],
      [5, 1, 0],
    ];
    expect(outcomeOf(game(rows, 1, at(1, 1), [at(0, 2)]), WAIT)).toEqual({
      status: 'LOST',
      reason: 'a rock hit Indy',
    });
  });
});

describe('playTurn, step 4: rocks meeting', () => {
  it('destroys rocks that share a room: two, or three', () => {
    const rows = [
      [0, -3, 0, -3],
      [5, 1, 4, 1],
      [0, 0, 0, -3],
    ];
    const two = playTurn(game(rows, 3, at(3, 0), [at(0, 1), at(2, 1)]), WAIT);
    expect(two.outcome).toEqual({ status: 'PLAYING' });
    expect(two.game.rocks).toEqual([]);
    const three = playTurn(game(rows, 3, at(3, 0), [at(0, 1), at(1, 0), at(2, 1)]), WAIT);
    expect(three.game.rocks).toEqual([]);
  });

  it('destroys rocks that swap rooms, and leaves the others alone', () => {
    const rows = [
      [0, 0, 0, -3],
      [2, 2, 2, 1],
      [0, 0, 0, -3],
    ];
    const played = playTurn(
      game(rows, 3, at(3, 0), [at(1, 1, 'LEFT'), at(2, 1, 'RIGHT'), at(0, 1, 'RIGHT')]),
      WAIT,
    );
    expect(played.outcome).toEqual({ status: 'PLAYING' });
    expect(played.game.rocks).toEqual([]); // the third leaves the grid on the left
    const moving = playTurn(game(rows, 3, at(3, 0), [at(0, 1, 'LEFT')]), WAIT);
    expect(moving.game.rocks).toEqual([at(1, 1, 'LEFT')]);
  });
});

describe('playTurn, step 4: a chain of rocks', () => {
  it('keeps rocks moving in file, when the first one crashes', () => {
    // Three rocks roll left along row 1; the front one crashes into (0, 1). The others follow
    // into the rooms just left: no two share a room, none swapped, both survive.
    const rows = [
      [0, 0, 0, 0, -3],
      [0, 2, 2, 2, -3],
      [0, 0, 0, 0, -3],
    ];
    const rocks = [at(1, 1, 'RIGHT'), at(3, 1, 'RIGHT'), at(2, 1, 'RIGHT')];
    const played = playTurn(game(rows, 4, at(4, 0), rocks), WAIT);
    expect(played.outcome).toEqual({ status: 'PLAYING' });
    expect(played.game.rocks).toEqual([at(2, 1, 'RIGHT'), at(1, 1, 'RIGHT')]);
  });
});

describe('playTurn, step 5: win and loss', () => {
  it('wins when Indy enters the exit room, even one with no way on', () => {
    expect(
      outcomeOf(
        game(
          [
            [0, -3, 0],
            [0, -3, 0],
            [0, 0, 0],
          ],
          1,
          at(1, 1),
        ),
        WAIT,
      ),
    ).toEqual({ status: 'WON' });
  });

  it('loses when Indy leaves the grid', () => {
    expect(
      outcomeOf(
        game(
          [
            [0, -3, 5],
            [0, 1, 0],
            [0, -3, 0],
          ],
          1,
          at(2, 0),
        ),
        WAIT,
      ),
    ).toEqual({
      status: 'LOST',
      reason: 'Indy left the grid',
    });
    expect(
      outcomeOf(
        game(
          [
            [0, -3, 0],
            [0, -3, 0],
            [1, -3, 0],
          ],
          1,
          at(0, 2),
        ),
        WAIT,
      ),
    ).toEqual({
      status: 'LOST',
      reason: 'Indy left the grid',
    });
  });

  it('loses when Indy enters a room with no way on from his side', () => {
    expect(outcomeOf(game(SHAFT, 1, at(1, 0)), WAIT)).toEqual({
      status: 'LOST',
      reason: 'Indy has no way on',
    });
  });
});

describe('playTurn, step 6: rocks appear', () => {
  it('adds the rocks due, after the moves', () => {
    const played = playTurn(game(SHAFT, 1, at(1, 0)), rotate(1, 1, 'LEFT'), [at(0, 0)]);
    expect(played.game.rocks).toEqual([at(0, 0)]);
  });

  it('kills Indy when a rock appears in his room, but not once he has won', () => {
    expect(outcomeOf(game(SHAFT, 1, at(1, 0)), rotate(1, 1, 'LEFT'), [at(1, 1, 'LEFT')])).toEqual({
      status: 'LOST',
      reason: "a rock appeared in Indy's room",
    });
    const well = [
      [0, -3, 0],
      [0, -3, 0],
      [0, -3, 0],
    ];
    expect(outcomeOf(game(well, 1, at(1, 1)), WAIT, [at(1, 2, 'LEFT')])).toEqual({ status: 'WON' });
  });
});

describe('commands as text', () => {
  it('formats and parses the three answers', () => {
    expect(formatCommand(rotate(3, 4, 'LEFT'))).toBe('3 4 LEFT');
    expect(formatCommand(WAIT)).toBe('WAIT');
    expect(parseCommand('3 4 RIGHT')).toEqual({ ok: true, value: rotate(3, 4, 'RIGHT') });
    expect(parseCommand('WAIT\r')).toEqual({ ok: true, value: WAIT });
    expect(parseCommand('3 4 UP')).toEqual({
      ok: false,
      error: {
        code: 'BAD_COMMAND',
        message: 'expected "X Y LEFT", "X Y RIGHT" or "WAIT", got "3 4 UP"',
        row: null,
        col: null,
      },
    });
  });
});
