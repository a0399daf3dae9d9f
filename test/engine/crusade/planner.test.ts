import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCrusadeLevel, type CrusadeLevel } from '../../../src/engine/crusade/level-file.js';
import { playCrusade } from '../../../src/engine/crusade/play.js';
import { CrusadePlanner } from '../../../src/engine/crusade/planner.js';
import { formatCommand } from '../../../src/engine/crusade/simulator.js';

const fixtures = new URL('../../fixtures/crusade/', import.meta.url);
const levels = readdirSync(fixtures)
  .filter((file) => file.endsWith('.in'))
  .sort()
  .map((file) => {
    const parsed = parseCrusadeLevel(readFileSync(new URL(file, fixtures), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    return { name: file.slice(0, -3), level: parsed.value };
  });
const clock = () => 0;
const commandsOf = (level: CrusadeLevel) =>
  playCrusade(level, clock).turns.map((turn) => turn.command);

// Turns each level takes as the planner plays it today: a change of plan shows up here.
const TURNS: Record<string, number> = {
  avoiding_rocks: 17,
  broken_mausoleum: 35,
  broken_secret_passages: 20,
  broken_sewer: 13,
  broken_well: 2,
  multiple_choice_and_rocks: 11,
  only_one_way: 37,
  only_one_way_full: 37,
  only_one_way_validator: 37,
  rock_interception: 9,
  rocks_1: 14,
  rocks_2: 14,
  rocks_2_full: 14,
  underground_complex: 12,
};

describe('the planner on every level of the fixtures', () => {
  it('finds all fourteen levels', () => {
    expect(levels.map((l) => l.name)).toEqual(Object.keys(TURNS));
  });

  for (const { name, level } of levels) {
    it(`wins ${name} in ${TURNS[name]} turns`, () => {
      const played = playCrusade(level, clock);
      expect(played.outcome).toBe('WON');
      expect(played.turns.length).toBe(TURNS[name]);
    });
  }
});

describe('the planner never sees the future', () => {
  // The planner's answers before a rock shows up must not depend on that rock: play each level
  // with the rocks due at turn T and later removed, and compare the answers up to turn T.
  for (const { name, level } of levels.filter((l) => l.level.rocks.some((rock) => rock.turn > 0))) {
    it(`answers the same on ${name} until each rock shows up`, () => {
      const full = commandsOf(level);
      for (const due of new Set(level.rocks.map((rock) => rock.turn).filter((turn) => turn > 0))) {
        const withoutLater = commandsOf({
          ...level,
          rocks: level.rocks.filter((rock) => rock.turn < due),
        });
        expect(withoutLater.slice(0, due)).toEqual(full.slice(0, due));
      }
    });
  }
});

describe('CrusadePlanner', () => {
  it('is deterministic: the same game gives the same answers', () => {
    for (const { level } of levels) expect(commandsOf(level)).toEqual(commandsOf(level));
  });

  it('makes a rock crash into a wall rather than meet Indy', () => {
    // Indy falls down column 0; the rock rolls left along row 2 and would meet him in (0, 2).
    // Turning (1, 2) from type 2 to type 3 walls off its right side: the rock crashes there.
    const level: CrusadeLevel = {
      width: 4,
      height: 4,
      rooms: [...[-3, 0, 0, 0], ...[-3, 0, 0, 0], ...[-7, 2, 2, 0], ...[-3, 0, 0, 0]],
      exitX: 0,
      indy: { x: 0, y: 0, entry: 'TOP' },
      rocks: [{ x: 2, y: 2, entry: 'RIGHT', turn: 0 }],
    };
    expect(commandsOf(level)).toEqual(['1 2 LEFT', 'WAIT', 'WAIT']);
    expect(playCrusade({ ...level, rocks: [] }, clock).turns.map((t) => t.command)).toEqual([
      'WAIT',
      'WAIT',
      'WAIT',
    ]);
  });

  it("turns each room on Indy's route in time, the earliest due first", () => {
    // broken_well: (2, 1) is type 2 and must become type 3 before Indy falls into it.
    const planner = new CrusadePlanner(levels.find((l) => l.name === 'broken_well')!.level);
    expect(formatCommand(planner.decide({ x: 2, y: 0, entry: 'TOP' }, []))).toBe('2 1 LEFT');
    expect(planner.rooms()[7]).toBe(3);
    expect(planner.stats()).toMatchObject({ nodes: 1, planned: true });
    expect(formatCommand(planner.decide({ x: 2, y: 1, entry: 'TOP' }, []))).toBe('WAIT');
    expect(planner.stats()).toMatchObject({ nodes: 0, planned: true }); // followed its plan
  });

  it('searches again when a rock shows up that the plan was not made for', () => {
    const { level } = levels.find((l) => l.name === 'rocks_2')!;
    const planner = new CrusadePlanner(level);
    expect(formatCommand(planner.decide(level.indy, []))).toBe('8 1 LEFT');
    expect(planner.stats()).toMatchObject({ nodes: 1, planned: true });
    // Turn 1: Indy fell into (8, 1); the first rock shows up on the right edge. The default
    // future (the route's turns only) lets it meet Indy; the search finds a line in three
    // states, which turns (7, 1), due now (Indy enters it at the end of this turn), first.
    expect(
      formatCommand(planner.decide({ x: 8, y: 1, entry: 'TOP' }, [{ x: 9, y: 2, entry: 'RIGHT' }])),
    ).toBe('7 1 LEFT');
    expect(planner.stats()).toMatchObject({ nodes: 3, planned: true });
  });

  it('plays on, without a plan, when no route is left', () => {
    const level: CrusadeLevel = {
      width: 3,
      height: 3,
      rooms: [...[0, -3, 0], ...[0, -2, 0], ...[0, -3, 0]],
      exitX: 1,
      indy: { x: 1, y: 0, entry: 'TOP' },
      rocks: [],
    };
    const planner = new CrusadePlanner(level);
    expect(planner.decide(level.indy, [])).toEqual({ kind: 'WAIT' });
    // One state of the branch search, one of the safety check: both see no route at once.
    expect(planner.stats()).toMatchObject({ nodes: 2, planned: false });
  });
});
