// Random-rock variants of rotating-rooms level files, for measuring how the bot copes with rocks
// it cannot see coming. The official validators replay each level with rocks at other turns and
// places; these variants do the same: each keeps the level's rooms, Indy and rocks and adds 1 to
// 3 rocks that enter as the official rocks do, from the grid's edges — a top-row room by its
// TOP, a room of the left or right column by that side — into a room with a way on from that
// side, at a turn drawn from the game's length. Seeded (the project's sfc32), so the same seed
// gives the same corpus on every machine.
import type { CrusadeLevel, Mover, ScheduledRock } from '../src/engine/crusade/level-file.js';
import {
  DOWN,
  GO_LEFT,
  GO_RIGHT,
  NO_WAY,
  SIDES,
  TURNED_LEFT,
  TURNED_RIGHT,
  WAY_OUT,
  roomType,
  type Side,
} from '../src/engine/crusade/rooms.js';
import { Prng } from '../src/engine/generation/prng.js';

/** Where a rock can come in: a border room, entered from outside the grid. */
export interface RockEntry {
  readonly x: number;
  readonly y: number;
  readonly entry: Side;
}

export interface CrusadeVariant {
  /** `base#index`, e.g. `rocks_2#7`. */
  readonly name: string;
  readonly base: string;
  readonly level: CrusadeLevel;
  /** The rocks added to the base level's. */
  readonly added: readonly ScheduledRock[];
}

export interface CorpusBase {
  readonly name: string;
  readonly level: CrusadeLevel;
}

export interface CorpusOptions {
  readonly seed: number;
  readonly variantsPerBase: number;
  /** Added rocks per variant: 1 .. maxAdded (3 by default). */
  readonly maxAdded?: number;
}

/** Whether a room of type `room` (signed) lets a rock that came in by `side` go on. */
function leadsOn(room: number, side: Side): boolean {
  return WAY_OUT[roomType(room) * 3 + SIDES.indexOf(side)] !== NO_WAY;
}

/**
 * The places official rocks come in by: a top-row room by its TOP, a room of the left (right)
 * column by its LEFT (RIGHT) side, when the room as the level starts has a way on from there.
 */
export function rockEntries(level: CrusadeLevel): RockEntry[] {
  const { width, height, rooms } = level;
  const entries: RockEntry[] = [];
  for (let x = 0; x < width; x++) entries.push({ x, y: 0, entry: 'TOP' });
  for (let y = 0; y < height; y++) {
    entries.push({ x: 0, y, entry: 'LEFT' });
    entries.push({ x: width - 1, y, entry: 'RIGHT' });
  }
  return entries.filter((at) => leadsOn(rooms[at.y * width + at.x], at.entry));
}

/** The level seen in a mirror: columns reversed, each room's left and right swapped. */
export function mirrorLevel(level: CrusadeLevel): CrusadeLevel {
  const { width, height } = level;
  const flip = (x: number) => width - 1 - x;
  const side = (entry: Side): Side =>
    entry === 'LEFT' ? 'RIGHT' : entry === 'RIGHT' ? 'LEFT' : entry;
  const rooms: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const room = level.rooms[y * width + flip(x)];
      rooms.push(Math.sign(room) * MIRRORED[roomType(room)] || 0);
    }
  }
  return {
    width,
    height,
    rooms,
    exitX: flip(level.exitX),
    indy: { ...level.indy, x: flip(level.indy.x), entry: side(level.indy.entry) },
    rocks: level.rocks.map((rock) => ({ ...rock, x: flip(rock.x), entry: side(rock.entry) })),
  };
}

/**
 * The fewest turns any game of the level can last: Indy's shortest way to the exit with every
 * room turned as he likes and the rocks left out (0 when there is none). Rocks are drawn over
 * that many turns, as the official ones show up over the game.
 */
export function fewestTurns(level: CrusadeLevel): number {
  const { width, height, rooms } = level;
  const exit = (height - 1) * width + level.exitX;
  let layer = [{ x: level.indy.x, y: level.indy.y, side: SIDES.indexOf(level.indy.entry) }];
  const seen = new Set<string>();
  for (let turns = 1; layer.length > 0 && turns <= width * height; turns++) {
    const next: typeof layer = [];
    for (const { x, y, side } of layer) {
      const room = rooms[y * width + x];
      const types = room < 0 || turns === 1 ? [roomType(room)] : allTurns(room);
      for (const type of types) {
        const way = WAY_OUT[type * 3 + side];
        const to =
          way === DOWN
            ? { x, y: y + 1, side: 0 }
            : way === GO_LEFT
              ? { x: x - 1, y, side: 2 }
              : way === GO_RIGHT
                ? { x: x + 1, y, side: 1 }
                : undefined;
        if (to === undefined || to.x < 0 || to.x >= width || to.y >= height) continue;
        if (to.y * width + to.x === exit) return turns;
        const key = `${to.x},${to.y},${to.side}`;
        if (!seen.has(key)) {
          seen.add(key);
          next.push(to);
        }
      }
    }
    layer = next;
  }
  return 0;
}

/** The types a room of type `type` (unlocked) can be turned into, itself included. */
function allTurns(type: number): number[] {
  const types = new Set<number>([type]);
  for (const once of [TURNED_LEFT[type], TURNED_RIGHT[type]]) {
    types.add(once);
    types.add(TURNED_LEFT[once]);
  }
  return [...types];
}

/** MIRRORED[type]: the type that does, left and right swapped, what `type` does. */
const MIRRORED = [0, 1, 2, 3, 5, 4, 6, 9, 8, 7, 11, 10, 13, 12];

/**
 * `variantsPerBase` variants of each base level, in order: each adds 1 .. maxAdded rocks at
 * distinct (entry, turn) pairs not already used by the level's own rocks.
 */
export function crusadeCorpus(
  bases: readonly CorpusBase[],
  options: CorpusOptions,
): CrusadeVariant[] {
  const variants: CrusadeVariant[] = [];
  const maxAdded = options.maxAdded ?? 3;
  bases.forEach((base, b) => {
    const entries = rockEntries(base.level);
    const turns = fewestTurns(base.level);
    if (entries.length === 0 || turns === 0) return;
    for (let index = 0; index < options.variantsPerBase; index++) {
      // One stream per variant: adding bases or variants leaves the others as they were.
      const prng = new Prng((options.seed + b * 0x10000 + index * 0x9e37) >>> 0);
      const count = 1 + prng.below(maxAdded);
      const taken = new Set(base.level.rocks.map((rock) => `${rock.x},${rock.y},${rock.turn}`));
      const added: ScheduledRock[] = [];
      for (let tries = 0; added.length < count && tries < 100; tries++) {
        const at = entries[prng.below(entries.length)];
        const turn = prng.below(turns);
        const key = `${at.x},${at.y},${turn}`;
        if (taken.has(key)) continue;
        taken.add(key);
        added.push({ ...at, turn });
      }
      const rocks = [...base.level.rocks, ...added].sort((a, b) => a.turn - b.turn);
      variants.push({
        name: `${base.name}#${index}`,
        base: base.name,
        level: { ...base.level, rocks },
        added,
      });
    }
  });
  return variants;
}

/** Small random levels: Indy falls into a room that leads on, 0 to 3 rocks from the edges. */
export function smallRandomLevels(count: number, seed: number): CrusadeLevel[] {
  const prng = new Prng(seed);
  const leadOnFromTop = [1, 3, 4, 5, 7, 9, 10, 11];
  return Array.from({ length: count }, () => {
    const width = 2 + prng.below(3);
    const height = 2 + prng.below(2);
    const rooms = Array.from({ length: width * height }, () => {
      const type = prng.below(8) === 0 ? 0 : 1 + prng.below(13);
      return prng.below(3) === 0 ? -type || 0 : type;
    });
    const indy: Mover = { x: prng.below(width), y: 0, entry: 'TOP' };
    rooms[indy.x] = -leadOnFromTop[prng.below(leadOnFromTop.length)];
    const base: CrusadeLevel = { width, height, rooms, exitX: prng.below(width), indy, rocks: [] };
    const entries = rockEntries(base);
    const rocks = Array.from({ length: entries.length === 0 ? 0 : prng.below(4) }, () => ({
      ...entries[prng.below(entries.length)],
      turn: prng.below(5),
    }));
    return { ...base, rocks };
  });
}
