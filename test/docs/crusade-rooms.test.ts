// The room table written in docs/crusade.md is the engine's (src/engine/crusade/rooms.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DOWN,
  GO_LEFT,
  GO_RIGHT,
  NO_WAY,
  ROOM_TYPE_COUNT,
  TURNED_LEFT,
  TURNED_RIGHT,
  WAY_OUT,
} from '../../src/engine/crusade/rooms.js';

const doc = readFileSync(new URL('../../docs/crusade.md', import.meta.url), 'utf8');
const WAYS: Record<string, number> = { '–': NO_WAY, down: DOWN, left: GO_LEFT, right: GO_RIGHT };

describe('docs/crusade.md', () => {
  it("has the engine's room table", () => {
    const rows = doc
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cells) => /^\d+$/.test(cells[1] ?? '') && cells.length === 8)
      .map((cells) => cells.slice(1, 7));
    expect(rows.map(([type]) => Number(type))).toEqual([...Array(ROOM_TYPE_COUNT).keys()]);
    for (const [type, top, left, right, turnedLeft, turnedRight] of rows) {
      const t = Number(type);
      expect(
        [top, left, right].map((way) => WAYS[way]),
        `type ${type}`,
      ).toEqual([...WAY_OUT.slice(t * 3, t * 3 + 3)]);
      expect([Number(turnedLeft), Number(turnedRight)], `type ${type}`).toEqual([
        TURNED_LEFT[t],
        TURNED_RIGHT[t],
      ]);
    }
  });
});
