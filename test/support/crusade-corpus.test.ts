// The random-rock corpus (crusade-corpus.ts) and the judge of lost games (crusade-judge.ts).
import { describe, expect, it } from 'vitest';
import { crusadeLevels } from '../../harness/crusade-levels.js';
import type { CrusadeLevel } from '../../src/engine/crusade/level-file.js';
import { WAY_OUT, roomType } from '../../src/engine/crusade/rooms.js';
import {
  crusadeCorpus,
  fewestTurns,
  mirrorLevel,
  rockEntries,
  type RockEntry,
} from '../../harness/crusade-corpus.js';
import { classifyLoss } from '../../harness/crusade-judge.js';

const levels = crusadeLevels();
const bases = levels.map(({ name, level }) => ({ name, level }));
const key = (rock: RockEntry) => `${rock.x} ${rock.y} ${rock.entry}`;

describe('rockEntries and fewestTurns', () => {
  it('hold every official rock: its place is an entry, its turn within the fewest turns', () => {
    for (const { name, level } of levels) {
      const entries = new Set(rockEntries(level).map(key));
      for (const rock of level.rocks) {
        expect(entries.has(key(rock)), `${name}: ${key(rock)}`).toBe(true);
        expect(rock.turn).toBeLessThan(fewestTurns(level));
      }
    }
  });

  it('are the edges a rock comes in by, into a room with a way on from that side', () => {
    const { level } = levels.find((l) => l.name === 'rocks_2')!;
    expect(rockEntries(level).map(key)).toEqual([
      '1 0 TOP',
      '3 0 TOP',
      '5 0 TOP',
      '7 0 TOP',
      '8 0 TOP',
      '9 2 RIGHT',
      '9 3 RIGHT',
      '9 4 RIGHT',
      '9 5 RIGHT',
      '9 6 RIGHT',
    ]);
    expect(fewestTurns(level)).toBe(14);
  });
});

describe('mirrorLevel', () => {
  it('swaps left and right in every room, and twice is the level itself', () => {
    for (let type = 0; type < 14; type++) {
      const mirrored: CrusadeLevel = mirrorLevel({
        width: 1,
        height: 1,
        rooms: [type],
        exitX: 0,
        indy: { x: 0, y: 0, entry: 'TOP' },
        rocks: [],
      });
      const to = roomType(mirrored.rooms[0]);
      const flip = [0, 1, 3, 2]; // NO_WAY, DOWN, GO_RIGHT for GO_LEFT and back
      expect(WAY_OUT[to * 3]).toBe(flip[WAY_OUT[type * 3]]);
      expect(WAY_OUT[to * 3 + 1]).toBe(flip[WAY_OUT[type * 3 + 2]]);
      expect(WAY_OUT[to * 3 + 2]).toBe(flip[WAY_OUT[type * 3 + 1]]);
    }
    for (const { level } of levels) expect(mirrorLevel(mirrorLevel(level))).toEqual(level);
    const { level } = levels.find((l) => l.name === 'rock_interception')!;
    const mirrored = mirrorLevel(level);
    expect(mirrored.rooms.slice(0, 6)).toEqual([-1, 1, -4, -3, -3, 0]);
    expect(mirrored.indy).toEqual({ x: 4, y: 0, entry: 'TOP' });
    expect(mirrored.rocks[1]).toEqual({ x: 5, y: 1, entry: 'RIGHT', turn: 0 });
  });
});

describe('crusadeCorpus', () => {
  const corpus = crusadeCorpus(bases, { seed: 5, variantsPerBase: 6 });

  it('is the same for the same seed, and another for another seed', () => {
    expect(crusadeCorpus(bases, { seed: 5, variantsPerBase: 6 })).toEqual(corpus);
    const other = crusadeCorpus(bases, { seed: 6, variantsPerBase: 6 });
    expect(other.map((v) => v.added)).not.toEqual(corpus.map((v) => v.added));
    // A variant does not depend on how many others are drawn.
    expect(crusadeCorpus(bases, { seed: 5, variantsPerBase: 3 })).toEqual(
      corpus.filter((v) => Number(v.name.split('#')[1]) < 3),
    );
  });

  it('adds 1 to 3 rocks to each level, entering as official rocks do', () => {
    expect(corpus.length).toBe(bases.length * 6);
    for (const variant of corpus) {
      const base = bases.find((b) => b.name === variant.base)!.level;
      const entries = new Set(rockEntries(base).map(key));
      expect(variant.added.length).toBeGreaterThanOrEqual(1);
      expect(variant.added.length).toBeLessThanOrEqual(3);
      expect(variant.level.rooms).toEqual(base.rooms);
      expect(variant.level.indy).toEqual(base.indy);
      expect(variant.level.rocks.length).toBe(base.rocks.length + variant.added.length);
      const places = new Set(variant.level.rocks.map((r) => `${r.x} ${r.y} ${r.turn}`));
      expect(places.size).toBe(variant.level.rocks.length); // never two at once in one room
      for (const rock of variant.added) {
        expect(entries.has(key(rock))).toBe(true);
        expect(rock.turn).toBeGreaterThanOrEqual(0);
        expect(rock.turn).toBeLessThan(fewestTurns(base));
      }
    }
  });
});

describe('classifyLoss', () => {
  // Indy falls down the middle column to the exit (1, 2) in two turns; a rock in (2, 2), a
  // type 6, rolls left into the exit room. Turning (2, 2) sends it down and out of the grid.
  const level = (turn: number): CrusadeLevel => ({
    width: 3,
    height: 3,
    rooms: [...[-5, -3, 0], ...[1, 3, 0], ...[-5, 7, 6]],
    exitX: 1,
    indy: { x: 1, y: 0, entry: 'TOP' },
    rocks: [{ x: 2, y: 2, entry: 'RIGHT', turn }],
  });

  it('blames a later rock when the fatal command still won against the rocks in view', () => {
    expect(classifyLoss(level(1), ['WAIT', 'WAIT'])).toEqual({
      kind: 'LATER_ROCK',
      fatalTurn: 0,
      fatalCommand: 'WAIT',
      laterRocks: [{ x: 2, y: 2, entry: 'RIGHT', turn: 1 }],
      hedge: '2 2 LEFT', // it would have won whether the rock came or not
    });
  });

  it('calls a loss avoidable when the fatal command lost against the rocks in view', () => {
    // docs/crusade.md's example: a rock in (2, 2) rolls left along row 2 and meets Indy, who
    // falls down column 0, in (0, 2); turning (1, 2) makes it crash.
    const inView: CrusadeLevel = {
      width: 4,
      height: 4,
      rooms: [...[-3, 0, 0, 0], ...[-3, 0, 0, 0], ...[-7, 2, 2, 0], ...[-3, 0, 0, 0]],
      exitX: 0,
      indy: { x: 0, y: 0, entry: 'TOP' },
      rocks: [{ x: 2, y: 2, entry: 'RIGHT', turn: 0 }],
    };
    expect(classifyLoss(inView, ['WAIT', 'WAIT'])).toEqual({
      kind: 'IN_VIEW',
      fatalTurn: 0,
      fatalCommand: 'WAIT',
      betterCommand: '1 2 LEFT',
    });
  });

  it('has nothing to say about a level that could not be won', () => {
    const crushed = { ...level(1), rocks: [{ x: 1, y: 1, entry: 'TOP' as const, turn: 1 }] };
    expect(classifyLoss(crushed, ['WAIT'])).toBeUndefined();
  });
});
