// Reads a generated level back as a wall maze and measures it, straight from the words of docs/generation.md
// (§6): no engine code, so the generator is checked against the rules, not against itself.
// (gridFacts reads a WallGrid, but only through `mask` and `isPattern`.)
import type { WallGrid } from '../../../src/engine/generation/wall-grid.js';

export interface MazeFacts {
  width: number;
  height: number;
  /** Layout problems: even/even glyph or border not '#', a '#' cell with an open wall. */
  layoutErrors: string[];
  /** Cells whose glyph is '#' (closed cells), as "x,y". */
  closedCells: Set<string>;
  /** Maze cells (not closed) reachable from the first one through open walls, and all of them. */
  reachable: number;
  mazeCells: number;
  openWalls: number;
  /** open walls - maze cells + 1: independent loops of a connected maze. */
  loops: number;
  deadEnds: number;
  /** Top-left cells "x,y" of fully open 3x3 blocks. */
  openBlocks: string[];
}

const WALKABLE_NOT_WALL = (glyph: string): boolean => glyph !== '#';

export function mazeFacts(rows: readonly string[]): MazeFacts {
  const height = (rows.length - 1) / 2;
  const width = (rows[0].length - 1) / 2;
  const layoutErrors: string[] = [];
  for (let r = 0; r < rows.length; r++) {
    if (rows[r].length !== rows[0].length) layoutErrors.push(`row ${r} length`);
    for (let c = 0; c < rows[r].length; c++) {
      const border = r === 0 || c === 0 || r === rows.length - 1 || c === rows[0].length - 1;
      const corner = r % 2 === 0 && c % 2 === 0;
      if ((border || corner) && rows[r][c] !== '#')
        layoutErrors.push(`'${rows[r][c]}' at ${r},${c}`);
    }
  }
  const glyph = (r: number, c: number): string => rows[r][c];
  const cellGlyph = (x: number, y: number): string => glyph(2 * y + 1, 2 * x + 1);
  // open(x, y, d): d = 0 north, 1 east, 2 south, 3 west
  const dr = [-1, 0, 1, 0];
  const dc = [0, 1, 0, -1];
  const open = (x: number, y: number, d: number): boolean =>
    WALKABLE_NOT_WALL(glyph(2 * y + 1 + dr[d], 2 * x + 1 + dc[d]));

  const closedCells = new Set<string>();
  let mazeCells = 0;
  let openWalls = 0;
  let deadEnds = 0;
  let first: [number, number] | null = null;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const doors = [0, 1, 2, 3].filter((d) => open(x, y, d)).length;
      if (cellGlyph(x, y) === '#') {
        closedCells.add(`${x},${y}`);
        if (doors > 0) layoutErrors.push(`closed cell ${x},${y} has an open wall`);
        continue;
      }
      mazeCells++;
      first ??= [x, y];
      if (open(x, y, 1)) openWalls++;
      if (open(x, y, 2)) openWalls++;
      if (doors === 1) deadEnds++;
    }
  }
  let reachable = 0;
  if (first) {
    const seen = new Set<string>([first.join(',')]);
    const queue: Array<[number, number]> = [first];
    while (queue.length > 0) {
      const [x, y] = queue.shift()!;
      reachable++;
      for (let d = 0; d < 4; d++) {
        if (!open(x, y, d)) continue;
        const next: [number, number] = [x + dc[d], y + dr[d]];
        if (!seen.has(next.join(','))) {
          seen.add(next.join(','));
          queue.push(next);
        }
      }
    }
  }
  const openBlocks: string[] = [];
  for (let y = 0; y + 3 <= height; y++) {
    for (let x = 0; x + 3 <= width; x++) {
      let allOpen = true;
      for (let j = 0; j < 3 && allOpen; j++) {
        for (let i = 0; i < 3 && allOpen; i++) {
          if (i < 2 && !open(x + i, y + j, 1)) allOpen = false;
          if (j < 2 && !open(x + i, y + j, 2)) allOpen = false;
        }
      }
      if (allOpen) openBlocks.push(`${x},${y}`);
    }
  }
  return {
    width,
    height,
    layoutErrors,
    closedCells,
    reachable,
    mazeCells,
    openWalls,
    loops: openWalls - mazeCells + 1,
    deadEnds,
    openBlocks,
  };
}

/** The "42" cells of a width x height maze as "x,y", from the picture of docs/generation.md and placement. */
export function expected42(width: number, height: number): Set<string> {
  const picture = ['#...###', '#.....#', '###.###', '..#.#..', '..#.###'];
  const left = Math.floor((width - 6) / 2);
  const top = Math.floor((height - 4) / 2);
  const cells = new Set<string>();
  picture.forEach((line, dy) =>
    [...line].forEach((ch, dx) => {
      if (ch === '#') cells.add(`${left + dx},${top + dy}`);
    }),
  );
  return cells;
}

/** What the wall masks of a grid say, read through `mask` only. */
export interface GridFacts {
  incoherent: number;
  openBorder: number;
  openPatternWalls: number;
  mazeCells: number;
  openWalls: number;
  /** Pieces of the maze cells, counted by a search over open walls. */
  pieces: number;
}

export function gridFacts(grid: WallGrid): GridFacts {
  const { width, height } = grid;
  const closed = (x: number, y: number, bit: number): boolean =>
    (grid.mask(y * width + x) & (1 << bit)) !== 0;
  let incoherent = 0;
  let openBorder = 0;
  let openPatternWalls = 0;
  let mazeCells = 0;
  let openWalls = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (y === 0 && !closed(x, y, 0)) openBorder++;
      if (x === width - 1 && !closed(x, y, 1)) openBorder++;
      if (y === height - 1 && !closed(x, y, 2)) openBorder++;
      if (x === 0 && !closed(x, y, 3)) openBorder++;
      if (x + 1 < width && closed(x, y, 1) !== closed(x + 1, y, 3)) incoherent++;
      if (y + 1 < height && closed(x, y, 2) !== closed(x, y + 1, 0)) incoherent++;
      if (grid.isPattern(y * width + x)) {
        if (grid.mask(y * width + x) !== 15) openPatternWalls++;
        continue;
      }
      mazeCells++;
      if (x + 1 < width && !closed(x, y, 1)) openWalls++;
      if (y + 1 < height && !closed(x, y, 2)) openWalls++;
    }
  }
  const seen = new Uint8Array(width * height);
  let pieces = 0;
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || grid.isPattern(start)) continue;
    pieces++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const x = cell % width;
      const y = Math.floor(cell / width);
      const steps: Array<[number, number, number]> = [
        [0, x, y - 1],
        [1, x + 1, y],
        [2, x, y + 1],
        [3, x - 1, y],
      ];
      for (const [bit, nx, ny] of steps) {
        if (closed(x, y, bit)) continue;
        const next = ny * width + nx;
        if (!seen[next]) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
  }
  return { incoherent, openBorder, openPatternWalls, mazeCells, openWalls, pieces };
}

/**
 * Dead ends no shape can remove: cells with exactly one neighbour inside the maze that is not
 * a "42" cell (the ends of a one-cell-wide maze, two cells the "42" walls in on three sides).
 */
export function forcedDeadEnds(width: number, height: number, pattern: Set<string>): number {
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (pattern.has(`${x},${y}`)) continue;
      const around = [
        [x, y - 1],
        [x + 1, y],
        [x, y + 1],
        [x - 1, y],
      ].filter(
        ([a, b]) => a >= 0 && b >= 0 && a < width && b < height && !pattern.has(`${a},${b}`),
      );
      if (around.length === 1) count++;
    }
  }
  return count;
}

/**
 * The open cells (glyph not `#`) reachable from open cell (x, y) through open walls, as "x,y":
 * a search on the rows alone.
 */
export function reachableCells(rows: readonly string[], x: number, y: number): Set<string> {
  const height = (rows.length - 1) / 2;
  const width = (rows[0].length - 1) / 2;
  const steps = [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
  ];
  const seen = new Set<string>();
  if (rows[2 * y + 1][2 * x + 1] === '#') return seen;
  seen.add(`${x},${y}`);
  const queue: Array<[number, number]> = [[x, y]];
  while (queue.length > 0) {
    const [cx, cy] = queue.shift()!;
    for (const [dx, dy] of steps) {
      const nx = cx + dx;
      const ny = cy + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const wallOpen = rows[2 * cy + 1 + dy][2 * cx + 1 + dx] !== '#';
      const cellOpen = rows[2 * ny + 1][2 * nx + 1] !== '#';
      if (wallOpen && cellOpen && !seen.has(`${nx},${ny}`)) {
        seen.add(`${nx},${ny}`);
        queue.push([nx, ny]);
      }
    }
  }
  return seen;
}
