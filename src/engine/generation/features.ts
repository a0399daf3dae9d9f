// Game features on a generated maze (docs/generation.md), drawn into the glyph canvas after the walls:
// S and E, keys and doors (on locked sections), one-way gates, terrain. Each keeps the level
// solvable; each door stays really needed (see locked-sections.ts).
import {
  DOOR_LETTERS,
  EAST,
  EXIT,
  GATE_GLYPHS,
  KEY_LETTERS,
  NORTH,
  SOUTH,
  START,
  WEST,
} from '../level/glyphs.js';
import { parseLevel } from '../level/parse.js';
import { type Result, fail, ok } from '../result.js';
import { fewestSteps } from '../search/fewest-steps.js';
import { FLOOR_CODE, type GlyphCanvas, canvasRows, cellGlyph, wallGlyph } from './glyph-layout.js';
import type { LockedSections } from './locked-sections.js';
import type { GenerationFailure } from './options.js';
import type { Prng } from './prng.js';
import type { WallGrid } from './wall-grid.js';

export interface FeaturePlan {
  /** Cells (y * width + x) of S and E. */
  readonly entry: number;
  readonly exit: number;
  readonly sections: LockedSections | null;
  readonly gates: number;
  /** Fraction 0..1 of floor glyphs that become terrain 2-9. */
  readonly terrain: number;
}

const code = (glyph: string): number => glyph.charCodeAt(0);
const GATE_CODES = GATE_GLYPHS.map(code); // indexed by direction: up, right, down, left

/**
 * Key i goes on the cell of section i farthest (in moves) from where the player enters the
 * section: the entry for section 0, door i-1 after that. First in search order on a tie.
 */
function placeKeysAndDoors(
  canvas: GlyphCanvas,
  grid: WallGrid,
  plan: FeaturePlan,
  sections: LockedSections,
): void {
  const { section, doors } = sections;
  const neighbours = grid.mazeNeighbours();
  const queue = new Int32Array(grid.cellCount);
  const seen = new Uint8Array(grid.cellCount);
  doors.forEach((door, index) => {
    canvas.codes[wallGlyph(canvas, door.cell, door.direction)] = code(DOOR_LETTERS[index]);
    const source =
      index === 0 ? plan.entry : neighbours[doors[index - 1].cell * 4 + doors[index - 1].direction];
    let tail = 0;
    queue[tail++] = source;
    seen[source] = 1;
    let farthest = -1;
    for (let head = 0; head < tail; head++) {
      const cell = queue[head];
      if (cell !== plan.entry && cell !== plan.exit) farthest = cell;
      for (let direction = 0; direction < 4; direction++) {
        const next = neighbours[cell * 4 + direction];
        if (next < 0 || seen[next] === 1 || section[next] !== index) continue;
        if (!grid.isOpen(cell, direction)) continue;
        seen[next] = 1;
        queue[tail++] = next;
      }
    }
    canvas.codes[cellGlyph(canvas, farthest)] = code(KEY_LETTERS[index]);
  });
}

/**
 * Gates go on open passages (the glyph between two cells), pointing along the passage. A gate
 * the current shortest walk crosses points the way the walk goes (a passage it crosses both
 * ways gets none), so that walk stays possible and the level solvable. Fails (NO_ROOM) when
 * there are fewer places than gates asked for.
 */
function placeGates(
  canvas: GlyphCanvas,
  rng: Prng,
  gates: number,
): Result<void, GenerationFailure> {
  const parsed = parseLevel(canvasRows(canvas));
  if (!parsed.ok) throw new Error(`generated level does not parse: ${parsed.error.message}`);
  const route = fewestSteps(parsed.value);
  if (route === null) throw new Error('generated level has no route from S to E');
  const { columns, codes } = canvas;
  // crossed[glyph] = bit d set when the walk moves onto the glyph in direction d.
  const crossed = new Uint8Array(codes.length);
  for (let i = 1; i < route.cells.length; i++) {
    const from = route.cells[i - 1];
    const to = route.cells[i];
    const direction =
      to === from - columns ? NORTH : to === from + 1 ? EAST : to === from + columns ? SOUTH : WEST;
    crossed[to] |= 1 << direction;
  }
  const places: number[] = [];
  for (let row = 1; row < canvas.rows - 1; row++) {
    // Passages are the glyphs with exactly one odd coordinate.
    for (let col = 1 + (row % 2); col < columns - 1; col += 2) {
      const at = row * columns + col;
      const ways = crossed[at];
      if (codes[at] === FLOOR_CODE && ways !== 0b0101 && ways !== 0b1010) places.push(at);
    }
  }
  if (places.length < gates) {
    return fail(
      'NO_ROOM',
      `gates: this maze has room for only ${places.length} gate${places.length === 1 ? '' : 's'}, asked for ${gates}`,
    );
  }
  for (const at of rng.partialShuffle(places, gates)) {
    const ways = crossed[at];
    const alongRow = Math.floor(at / columns) % 2 === 1; // between a west and an east cell
    let direction: number;
    if (ways !== 0) direction = 31 - Math.clz32(ways);
    else direction = alongRow ? (rng.coin() ? EAST : WEST) : rng.coin() ? NORTH : SOUTH;
    codes[at] = GATE_CODES[direction];
  }
  return ok(undefined);
}

/** Turns round(terrain * floor glyphs) random floor glyphs into terrain digits 2-9. */
function placeTerrain(canvas: GlyphCanvas, rng: Prng, terrain: number): void {
  const { codes } = canvas;
  const floors: number[] = [];
  for (let at = 0; at < codes.length; at++) if (codes[at] === FLOOR_CODE) floors.push(at);
  const count = Math.round(terrain * floors.length);
  for (const at of rng.partialShuffle(floors, count)) codes[at] = code('2') + rng.below(8);
}

/** Draws S, E, keys and doors, gates and terrain, in that order; fails when the gates don't fit. */
export function placeFeatures(
  canvas: GlyphCanvas,
  grid: WallGrid,
  rng: Prng,
  plan: FeaturePlan,
): Result<void, GenerationFailure> {
  canvas.codes[cellGlyph(canvas, plan.entry)] = code(START);
  canvas.codes[cellGlyph(canvas, plan.exit)] = code(EXIT);
  if (plan.sections !== null) placeKeysAndDoors(canvas, grid, plan, plan.sections);
  if (plan.gates > 0) {
    const placed = placeGates(canvas, rng, plan.gates);
    if (!placed.ok) return placed;
  }
  if (plan.terrain > 0) placeTerrain(canvas, rng, plan.terrain);
  return ok(undefined);
}
