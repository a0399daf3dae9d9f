import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCrusadeLevel } from '../../../src/engine/crusade/level-file.js';
import { playCrusade, playCrusadeLevel } from '../../../src/engine/crusade/play.js';
import { warmUpPlanner } from '../../../src/engine/crusade/warm-up.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/crusade/${name}.in`, import.meta.url), 'utf8');

/** A clock that moves `step` ms each time it is read. */
const ticking = (step: number) => {
  let now = 0;
  return () => (now += step);
};

describe('playCrusadeLevel', () => {
  it("plays a level file: outcome, each turn with Indy's room, the slowest turn", () => {
    expect(playCrusadeLevel(fixture('broken_well'), ticking(1.5))).toEqual({
      ok: true,
      value: {
        outcome: 'WON',
        turns: [
          { turn: 0, command: '2 1 LEFT', indy: { x: 2, y: 0, pos: 'TOP' } },
          { turn: 1, command: 'WAIT', indy: { x: 2, y: 1, pos: 'TOP' } },
        ],
        slowestTurnMs: 1.5,
      },
    });
  });

  it('reports a lost game with the reason', () => {
    const level = ['3 3', '0 -3 0', '0 -2 0', '0 -3 0', '1', '1 0 TOP', '0'].join('\n');
    expect(playCrusadeLevel(level, ticking(1))).toEqual({
      ok: true,
      value: {
        outcome: 'LOST',
        reason: 'Indy has no way on',
        turns: [{ turn: 0, command: 'WAIT', indy: { x: 1, y: 0, pos: 'TOP' } }],
        slowestTurnMs: 1,
      },
    });
    const rockOnIndy = ['3 3', '0 -3 0', '0 -3 0', '0 -3 0', '1', '1 0 TOP', '1', '1 0 TOP 0'].join(
      '\n',
    );
    expect(playCrusadeLevel(rockOnIndy, ticking(1))).toEqual({
      ok: true,
      value: {
        outcome: 'LOST',
        reason: "a rock appeared in Indy's room",
        turns: [],
        slowestTurnMs: 0,
      },
    });
  });

  it('shows each rock from its turn on, and wins the levels with rocks seen in recordings', () => {
    for (const name of ['rocks_2_full', 'only_one_way_full', 'only_one_way_validator']) {
      const played = playCrusadeLevel(fixture(name), ticking(1));
      expect(played.ok && played.value.outcome).toBe('WON');
    }
  });

  it('returns bad level text as a failure naming the line', () => {
    expect(playCrusadeLevel('5 3\n0 0 -3 0 0\n0 0 2 0\n', ticking(1))).toEqual({
      ok: false,
      error: {
        code: 'BAD_ROOM_ROW',
        message: 'line 3: expected 5 room types, got 4',
        row: 2,
        col: null,
      },
    });
  });
});

describe('warmUpPlanner', () => {
  it('plays throwaway games and leaves the answers as they were', () => {
    for (const name of ['rocks_2_full', 'only_one_way_full', 'broken_well']) {
      const parsed = parseCrusadeLevel(fixture(name));
      if (!parsed.ok) throw new Error(parsed.error.message);
      const level = parsed.value;
      const before = playCrusade(level, () => 0).turns;
      warmUpPlanner(
        level,
        level.indy,
        level.rocks.filter((rock) => rock.turn === 0),
        { work: 2000 },
      );
      let asked = 0;
      warmUpPlanner(level, level.indy, [], { enough: () => ++asked > 3 });
      expect(asked).toBe(4); // it stops as soon as told
      expect(playCrusade(level, () => 0).turns).toEqual(before);
    }
  });
});
