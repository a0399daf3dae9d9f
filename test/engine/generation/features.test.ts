// S/E, keys and doors, gates, terrain: the level stays solvable, every door is really needed,
// and features never change the walls.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, SHAPES, generateLevel } from '../../../src/engine/generation/generate.js';
import { parseLevel } from '../../../src/engine/level/parse.js';
import { fewestSteps } from '../../../src/engine/search/fewest-steps.js';
import { expected42, forcedDeadEnds, mazeFacts } from './maze-checks.js';

function steps(rows: string[]): number | null {
  const parsed = parseLevel(rows);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return fewestSteps(parsed.value)?.steps ?? null;
}

const count = (rows: string[], pattern: RegExp): number =>
  rows.join('').match(new RegExp(pattern, 'g'))?.length ?? 0;

/** The walls alone: every glyph that is not `#`, S or E becomes `.`. */
const wallsOf = (rows: string[]): string[] => rows.map((row) => row.replace(/[^#SE]/g, '.'));

const featureInput = fc.record({
  width: fc.integer({ min: 2, max: 40 }),
  height: fc.integer({ min: 2, max: 40 }),
  seed: fc.integer({ min: 0, max: 4294967295 }),
  algorithm: fc.constantFrom(...ALGORITHMS),
  shape: fc.constantFrom(...SHAPES),
  pattern42: fc.boolean(),
  keys: fc.integer({ min: 0, max: 4 }),
  gates: fc.integer({ min: 0, max: 12 }),
  terrain: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
});

describe('features', () => {
  it('keep the level solvable, need every door, and never move a wall', () => {
    fc.assert(
      fc.property(featureInput, (input) => {
        const { width, height, seed, ...options } = input;
        const result = generateLevel({ width, height, seed, options });
        const roomy = !options.pattern42 && Math.max(width, height) >= 10;
        if (!result.ok) {
          // Only two requests may be refused here: doors that don't fit, gates that don't.
          expect(result.error.code).toBe('NO_ROOM');
          expect(result.error.message).toMatch(
            /^(keys: no room for|gates: this maze has room for only)/,
          );
          if (result.error.message.startsWith('keys:')) expect(roomy).toBe(false);
          return;
        }
        const { rows } = result.value;
        expect(steps(rows)).not.toBeNull();

        for (let k = 0; k < 4; k++) {
          const key = 'abcd'[k];
          const door = 'ABCD'[k];
          expect(count(rows, new RegExp(key))).toBe(k < options.keys ? 1 : 0);
          expect(count(rows, new RegExp(door))).toBe(k < options.keys ? 1 : 0);
          if (k < options.keys) {
            const walled = rows.map((row) => row.replace(door, '#'));
            expect(steps(walled)).toBeNull();
            // Keys sit on cells, doors on walls between cells.
            const keyRow = rows.findIndex((row) => row.includes(key));
            const doorRow = rows.findIndex((row) => row.includes(door));
            expect(keyRow % 2 === 1 && rows[keyRow].indexOf(key) % 2 === 1).toBe(true);
            expect((doorRow + rows[doorRow].indexOf(door)) % 2).toBe(1);
          }
        }
        expect(count(rows, /[<>^v]/)).toBe(options.gates);
        const floors = count(rows, /[.2-9]/);
        expect(count(rows, /[2-9]/)).toBe(Math.round(options.terrain * floors));

        // Gates and terrain never change the walls.
        const bare = generateLevel({
          width,
          height,
          seed,
          options: { ...options, gates: 0, terrain: 0 },
        });
        expect(bare.ok && wallsOf(bare.value.rows)).toEqual(wallsOf(rows));

        // The walls still follow the shape's rules.
        const facts = mazeFacts(wallsOf(rows));
        expect(facts.reachable).toBe(facts.mazeCells);
        expect(facts.openBlocks).toEqual([]);
        if (options.shape === 'perfect') expect(facts.loops).toBe(0);
        if (options.shape === 'braid') {
          const pattern =
            options.pattern42 && width >= 9 && height >= 7
              ? expected42(width, height)
              : new Set<string>();
          expect(facts.deadEnds).toBe(forcedDeadEnds(width, height, pattern));
        }
      }),
      { seed: 77, numRuns: 250 },
    );
  });

  it('puts S and E on the entry and exit cells', () => {
    const result = generateLevel({
      width: 5,
      height: 4,
      seed: 3,
      options: { entry: { x: 4, y: 0 }, exit: { x: 0, y: 3 } },
    });
    expect(result.ok && result.value.rows[1][9]).toBe('S');
    expect(result.ok && result.value.rows[7][1]).toBe('E');
  });

  it('locks sections along rows, or columns when entry and exit are further apart in columns', () => {
    const byRows = generateLevel({ width: 6, height: 6, seed: 1, options: { keys: 2 } });
    const byColumns = generateLevel({
      width: 12,
      height: 4,
      seed: 1,
      options: { keys: 3, entry: { x: 0, y: 1 }, exit: { x: 11, y: 2 } },
    });
    if (!byRows.ok || !byColumns.ok) throw new Error('expected levels');
    // A door between rows sits on an even glyph row; between columns, on an even glyph column.
    const doorAt = (rows: string[], door: string): [number, number] => {
      const row = rows.findIndex((line) => line.includes(door));
      return [row, rows[row].indexOf(door)];
    };
    for (const door of 'AB') expect(doorAt(byRows.value.rows, door)[0] % 2).toBe(0);
    for (const door of 'ABC') expect(doorAt(byColumns.value.rows, door)[1] % 2).toBe(0);
    // Every other wall on a door's boundary is closed.
    for (const door of 'ABC') {
      const [, col] = doorAt(byColumns.value.rows, door);
      const boundary = byColumns.value.rows.map((row) => row[col]).join('');
      expect(boundary.replace(door, '')).toMatch(/^#+$/);
    }
  });

  it('keys of a larger maze with every option at once', () => {
    const result = generateLevel({
      width: 30,
      height: 20,
      seed: 2024,
      options: {
        algorithm: 'wilson',
        shape: 'braid',
        pattern42: true,
        keys: 4,
        gates: 25,
        terrain: 0.25,
      },
    });
    if (!result.ok) throw new Error(result.error.message);
    const { rows, warnings } = result.value;
    expect(warnings).toEqual([]);
    expect(count(rows, /[abcd]/)).toBe(4);
    expect(count(rows, /[ABCD]/)).toBe(4);
    expect(count(rows, /[<>^v]/)).toBe(25);
    expect(steps(rows)).toBeGreaterThan(0);
  });
});
