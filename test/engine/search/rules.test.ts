// Each movement and cost rule of docs/rules.md on a small level built to show it.
import { describe, expect, it } from 'vitest';
import { toPositions } from '../../../src/engine/level/level.js';
import { parseLevel } from '../../../src/engine/level/parse.js';
import { renderRoute } from '../../../src/engine/render.js';
import { cheapestRoute } from '../../../src/engine/search/cheapest.js';
import { fewestSteps } from '../../../src/engine/search/fewest-steps.js';

function level(rows: string[]) {
  const result = parseLevel(rows);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
const steps = (rows: string[]) => fewestSteps(level(rows))?.steps ?? null;
const path = (rows: string[]) => {
  const l = level(rows);
  const route = fewestSteps(l);
  return route && toPositions(l, route.cells);
};
const render = (rows: string[]) => {
  const l = level(rows);
  const route = fewestSteps(l);
  return route && renderRoute(l, route.cells);
};
const cheapest = (rows: string[]) => cheapestRoute(level(rows))?.cost ?? null;
const cheapestPath = (rows: string[]) => {
  const l = level(rows);
  const route = cheapestRoute(l);
  return route && toPositions(l, route.cells);
};

describe('moves', () => {
  it('walls cannot be entered and the map cannot be left', () => {
    expect(steps(['S#E'])).toBeNull();
    expect(steps(['S', '#', 'E'])).toBeNull();
    expect(steps(['SE'])).toBe(1);
    expect(steps(['E', 'S'])).toBe(1);
  });

  it('a gate is entered only by a move in its direction, and left freely', () => {
    expect(steps(['S>E'])).toBe(2);
    expect(steps(['E<S'])).toBe(2);
    expect(steps(['S<E'])).toBeNull();
    expect(steps(['E>S'])).toBeNull();
    expect(steps(['S', 'v', 'E'])).toBe(2);
    expect(steps(['E', '^', 'S'])).toBe(2);
    expect(steps(['S', '^', 'E'])).toBeNull();
    // Leaving a gate sideways is allowed: enter '>' from the left, leave it downwards.
    expect(path(['S>#', '#E#'])).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
    ]);
  });

  it('a door opens only with its key; a key is picked up for good; revisits are allowed', () => {
    expect(steps(['SAE'])).toBeNull();
    expect(steps(['SaAE'])).toBe(3);
    // The example of docs/rules.md: walk to the key, come back through S's neighbour, open A.
    expect(path(['S.a', '#A#', '#E#'])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    // The walk may cross S again after a key.
    expect(path(['aSAE'])).toEqual([
      [0, 1],
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(render(['aSAE'])).toEqual(['*S*E']);
  });

  it('a door whose key is not in the level never opens; a key without a door is plain floor', () => {
    expect(steps(['SBE'])).toBeNull();
    expect(steps(['SbE'])).toBe(2);
    expect(steps(['S.b', '#B#', '#E#'])).toBe(5);
  });

  it('needs several keys in order when doors are nested', () => {
    // S to b (2), b to a (4), then through A and B to E (5).
    expect(steps(['b.S.aA.B.E', '##########'])).toBe(2 + 4 + 5);
  });

  it('E is terminal: the walk stops the first time it reaches E', () => {
    // Without the terminal rule, the walk could pass E to pick up the key first.
    expect(steps(['SEa'])).toBe(1);
    expect(steps(['S.#', 'E.a', '#A#'])).toBe(1);
  });
});

describe('path, render and the tie-break', () => {
  it('prefers up < right < down < left move by move', () => {
    // Both right-then-down and down-then-right take 2 steps: right comes first.
    expect(path(['S.', '.E'])).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
    ]);
    // From the bottom-right: up then left beats left then up.
    expect(path(['E.', '.S'])).toEqual([
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
    expect(render(['...', '.S.', '..E'])).toEqual(['...', '.S*', '..E']);
  });

  it('keeps S and E glyphs when the path crosses them', () => {
    expect(render(['aSAE'])).toEqual(['*S*E']);
    expect(render(['S.#', '...', '#.E'])).toEqual(['S*#', '.**', '#.E']);
  });

  it('gives null path and render when E cannot be reached', () => {
    expect(path(['S#E'])).toBeNull();
    expect(render(['S#E'])).toBeNull();
  });
});

describe('cheapest', () => {
  it('sums the entry costs of the cells moved onto; S is free to stand on', () => {
    expect(cheapest(['SE'])).toBe(1);
    expect(cheapest(['S9E'])).toBe(10);
    expect(cheapest(['S9E', '1#1', '111'])).toBe(6);
    expect(cheapest(['S#E'])).toBeNull();
  });

  it('gates, keys and doors cost 1 and work as for steps', () => {
    expect(cheapest(['S>E'])).toBe(2);
    expect(cheapest(['S<E'])).toBeNull();
    expect(cheapest(['S.a', '#A#', '#E#'])).toBe(5);
  });

  it('among cheapest walks takes the fewest steps', () => {
    // Over the 2 (cost 3, 2 steps) or around through 1s (cost 4) : 3 wins.
    expect(cheapestPath(['S2E', '111'])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
    // Cost 4 either way: through the 3 (2 steps) beats the 1-1-1-1 detour (4 steps).
    expect(cheapestPath(['S3E', '1#1', '1.1'])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
  });

  it('among cheapest walks with fewest steps takes the first move sequence', () => {
    expect(cheapestPath(['S2', '2E'])).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
    ]);
    expect(cheapestPath(['S9E', '1#1', '111'])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [1, 2],
      [0, 2],
    ]);
  });

  it('a cheap detour through a key and its door can beat an expensive direct route', () => {
    const rows = ['S9E', '.#A', 'a..'];
    expect(steps(rows)).toBe(2);
    expect(cheapest(rows)).toBe(6);
    expect(cheapestPath(rows)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [1, 2],
      [0, 2],
    ]);
  });
});
