// What the hex wall format cannot hold (web/src/hex-losses.ts), against the engine's own export
// and import: every glyph a round trip changes is one the warning counts, and a plain maze
// comes back exactly, with no warning. The words of the Download's warning and the import's note.
import { describe, expect, it } from 'vitest';
import { generateLevel } from '../../src/engine/generation/generate.js';
import { exportHexMaze, importHexMaze } from '../../src/engine/maze-format/hex.js';
import {
  NO_LOSSES,
  downloadWarning,
  hexLosses,
  importNotice,
  lossList,
} from '../../web/src/hex-losses.js';

function generated(options: object): string[] {
  const made = generateLevel({ width: 30, height: 20, seed: 11, options });
  if (!made.ok) throw new Error(made.error.message);
  return made.value.rows;
}

function roundTrip(rows: readonly string[]): string[] {
  const file = exportHexMaze(rows);
  if (!file) throw new Error('no hex export');
  const back = importHexMaze(file.text);
  if (!back.ok) throw new Error(back.error.message);
  return back.value.rows;
}

describe('hexLosses', () => {
  it('counts exactly the glyphs a round trip through the hex file changes', () => {
    const rows = generated({ terrain: 0.3, keys: 2, gates: 3 });
    const back = roundTrip(rows);
    const changed: string[] = [];
    rows.forEach((row, r) =>
      [...row].forEach((glyph, c) => glyph !== back[r][c] && changed.push(glyph)),
    );
    const losses = hexLosses(rows);
    expect(losses.terrain).toBeGreaterThan(0);
    expect(losses.keys).toEqual(['a', 'b']);
    expect(losses.doors).toEqual(['A', 'B']);
    expect(losses.gates).toBe(3);
    // Every changed glyph came back as floor, and the counts are those of the changed glyphs.
    expect(changed.filter((g) => /[1-9]/.test(g)).length).toBe(losses.terrain);
    expect(changed.filter((g) => /[\^>v<]/.test(g)).length).toBe(losses.gates);
    expect([...new Set(changed.filter((g) => /[a-uw-z]/.test(g)))].sort()).toEqual(losses.keys);
    expect([...new Set(changed.filter((g) => /[A-Z]/.test(g)))].sort()).toEqual(losses.doors);
    expect(changed.every((g) => /[1-9>v<^a-zA-Z]/.test(g) && g !== 'S' && g !== 'E')).toBe(true);
    expect(new Set(back.join('').replace(/[#SE]/g, ''))).toEqual(new Set(['.']));
  });

  it('finds nothing lost in a plain maze, which comes back exactly', () => {
    const rows = generated({ pattern42: true });
    expect(hexLosses(rows)).toEqual(NO_LOSSES);
    expect(downloadWarning(hexLosses(rows))).toBe('');
    expect(roundTrip(rows)).toEqual(rows);
  });

  it('says what will not be in the file, and what the replaced level had', () => {
    const losses = hexLosses(['#######', '#S2a3A#', '#>bB.E#', '#######']);
    expect(lossList(losses)).toBe('2 terrain cells, 1 one-way gate, keys a b, doors A B');
    expect(downloadWarning(losses)).toBe(
      '2 terrain cells, 1 one-way gate, keys a b, doors A B will not be in the file: a hex maze file holds only the walls, S and E.',
    );
    expect(lossList(hexLosses(['S1aA.E']))).toBe('1 terrain cell, key a, door A');
    expect(importNotice(hexLosses(['S9.E']))).toBe(
      'the level it replaced had 1 terrain cell: a hex file holds only walls, S and E, so the imported level has none of them (the drawing before is one undo away)',
    );
    expect(importNotice(NO_LOSSES)).toBe('');
  });
});
