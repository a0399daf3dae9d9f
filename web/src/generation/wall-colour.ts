// The walls' colour, the designer's choice (A-Maze-ing's "Color"): kept in localStorage, used
// by the grid drawing (render/ground.ts) and the carving animation. The "42" (walls closed on
// every side) always stands out from the walls: its colour is the default purple, or, when the
// walls are chosen close to it, a colour far from both the walls and the floor.
import { COLOURS } from '../glyphs.js';

export const WALL_COLOUR_KEY = 'labyrinth.wallColour';
export const DEFAULT_WALL_COLOUR: string = COLOURS.wall;

/** The "42"'s colours, in order of preference: the first far enough from the walls. */
const SOLID_CHOICES = [COLOURS.solid, '#e07b00', '#0a8f7a', '#111111'];

function rgb(colour: string): [number, number, number] {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** How far apart two colours look, roughly (a weighted RGB distance, 0 to about 765). */
export function colourDistance(a: string, b: string): number {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const mean = (r1 + r2) / 2;
  const dr = r1 - r2;
  const dg = g1 - g2;
  const db = b1 - b2;
  return Math.sqrt((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db);
}

/** The colour of the "42" beside walls of `wall`: far from them and from the floor. */
export function solidColourFor(wall: string): string {
  return (
    SOLID_CHOICES.find(
      (choice) =>
        colourDistance(choice, wall) >= 150 && colourDistance(choice, COLOURS.floor) >= 150,
    ) ?? SOLID_CHOICES[0]
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

function stored(): string {
  try {
    const value = localStorage.getItem(WALL_COLOUR_KEY);
    return value && HEX.test(value) ? value.toLowerCase() : DEFAULT_WALL_COLOUR;
  } catch {
    return DEFAULT_WALL_COLOUR;
  }
}

class WallColour {
  /** The walls' colour, `#rrggbb`. */
  wall: string = DEFAULT_WALL_COLOUR;
  /** The "42"'s colour beside those walls. */
  solid: string = solidColourFor(DEFAULT_WALL_COLOUR);
  private readonly listeners = new Set<() => void>();
  private loaded = false;

  /** Read from localStorage the first time it is needed (not at import: tests run in Node). */
  load(): this {
    if (!this.loaded && typeof localStorage !== 'undefined') {
      this.loaded = true;
      this.apply(stored());
    }
    return this;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A new colour for the walls (kept for the next visit); the default again with `null`. */
  set(colour: string | null): void {
    const next = colour && HEX.test(colour) ? colour.toLowerCase() : DEFAULT_WALL_COLOUR;
    try {
      if (next === DEFAULT_WALL_COLOUR) localStorage.removeItem(WALL_COLOUR_KEY);
      else localStorage.setItem(WALL_COLOUR_KEY, next);
    } catch {
      // Storage refused (private mode): the colour holds for this page only.
    }
    this.loaded = true;
    this.apply(next);
    for (const listener of this.listeners) listener();
  }

  private apply(colour: string): void {
    this.wall = colour;
    this.solid = solidColourFor(colour);
  }
}

export const wallColour = new WallColour();
