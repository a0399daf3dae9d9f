import { describe, expect, it } from 'vitest';
import { crusadeLevels } from '../../../harness/crusade-levels.js';
import { WAIT, rightTurn } from '../../../src/engine/crusade/actions.js';
import type { CrusadeLevel } from '../../../src/engine/crusade/level-file.js';
import { packMover, unpackMover } from '../../../src/engine/crusade/mover.js';
import { playCrusade } from '../../../src/engine/crusade/play.js';
import { CrusadePlanner } from '../../../src/engine/crusade/planner.js';
import { SafetyCheck } from '../../../src/engine/crusade/safety.js';
import { formatCommand, newMoved, toBoard } from '../../../src/engine/crusade/simulator.js';
import { UnseenRocks } from '../../../src/engine/crusade/unseen-rocks.js';
import { mirrorLevel, rockEntries } from '../../../harness/crusade-corpus.js';

// Indy falls down the middle column into the exit (1, 2) on turn 1. A rock showing up on
// turn 1 in (2, 2), a type 6, would roll left into the exit room as he enters it; turned on
// turn 0, (2, 2) sends any such rock away instead.
const WELL: CrusadeLevel = {
  width: 3,
  height: 3,
  rooms: [...[-5, -3, 0], ...[1, 3, 0], ...[-5, 7, 6]],
  exitX: 1,
  indy: { x: 1, y: 0, entry: 'TOP' },
  rocks: [],
};

describe('UnseenRocks', () => {
  it('knows the places rocks come in by, as the level files have them', () => {
    for (const { name, level } of crusadeLevels()) {
      const entries = new UnseenRocks(toBoard(level)).entries;
      const places = Array.from(entries, (mover) => unpackMover(level.width, mover));
      expect(places, name).toEqual(rockEntries(level));
    }
  });

  it('counts the rocks not in view that would kill Indy on a line and leave no way out', () => {
    const board = toBoard(WELL);
    const unseen = new UnseenRocks(board);
    const safety = new SafetyCheck(board);
    const start = newMoved(1);
    start.indy = packMover(3, WELL.indy);
    const mend = (indy: number, rocks: readonly number[]) => safety.findLine(indy, rocks);
    // Waiting twice: the rock from (2, 2) on turn 1 kills him, and nothing can stop it then.
    expect(unseen.exposure(start, [WAIT, WAIT], Infinity, mend)).toBe(1);
    expect(unseen.killers).toEqual([1]);
    // Turning (2, 2) first (a type 7: down from the right, out of the grid) leaves no such rock.
    const turnFirst = [rightTurn(2 * 3 + 2), WAIT];
    expect(unseen.exposure(start, turnFirst, Infinity, mend)).toBe(0);
    expect(Array.from(board.rooms)).toEqual(WELL.rooms); // the rooms are left as they were
  });
});

describe('the hedge', () => {
  it('turns a room a rock not yet seen could come by, when that costs nothing', () => {
    // A quarter turn LEFT makes (2, 2) a type 9, a wall on its right: such a rock crashes.
    const hedged = new CrusadePlanner(WELL);
    expect(formatCommand(hedged.decide(WELL.indy, []))).toBe('2 2 LEFT');
    expect(hedged.stats().hedgeWork).toBeGreaterThan(0);
    // Without it, the plan as the search made it: nothing to turn.
    const plain = new CrusadePlanner(WELL, { hedgeBudget: 0 });
    expect(formatCommand(plain.decide(WELL.indy, []))).toBe('WAIT');
  });

  it('wins a variant of a level file that the plan alone loses to a later rock', () => {
    // avoiding_rocks' mirror with two rocks more: one in view from turn 0, one from turn 1.
    const { level } = crusadeLevels().find((l) => l.name === 'avoiding_rocks')!;
    const mirrored = mirrorLevel(level);
    const variant: CrusadeLevel = {
      ...mirrored,
      rocks: [
        ...mirrored.rocks,
        { x: 6, y: 0, entry: 'TOP', turn: 0 },
        { x: 0, y: 6, entry: 'LEFT', turn: 1 },
      ],
    };
    expect(playCrusade(variant, () => 0).outcome).toBe('WON');
    expect(playCrusade(variant, () => 0, { hedgeBudget: 0 }).outcome).toBe('LOST');
  });
});
