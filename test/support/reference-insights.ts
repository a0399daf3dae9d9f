// Deliberately simple references for the insights of docs/rules.md (unreachable, neededKeys,
// deadEnds, shortestWalks), written from its words with the reference solver's own moves
// (reference-solver.ts) and sharing no code with the engine: string states, a plain
// breadth-first search over every state, exact counts (BigInt) of every move sequence.
import { move, referenceFewestSteps } from './reference-solver.js';

type State = { row: number; col: number; keys: string };
const keyOf = (s: State): string => `${s.row},${s.col},${s.keys}`;

function startOf(rows: string[]): State {
  const row = rows.findIndex((line) => line.includes('S'));
  return { row, col: rows[row].indexOf('S'), keys: '' };
}

const isExit = (rows: string[], s: State): boolean => rows[s.row][s.col] === 'E';

/** Every cell that is not `#` and that no walk from S stands on (walks stop at E), in order. */
export function referenceUnreachable(rows: string[]): Array<[number, number]> {
  const start = startOf(rows);
  const seen = new Set([keyOf(start)]);
  const standOn = new Set([`${start.row},${start.col}`]);
  const queue: State[] = [start];
  while (queue.length > 0) {
    const state = queue.shift()!;
    if (isExit(rows, state)) continue; // nothing is reached through E
    for (let d = 0; d < 4; d++) {
      const to = move(rows, state, d);
      if (!to || seen.has(keyOf(to))) continue;
      seen.add(keyOf(to));
      standOn.add(`${to.row},${to.col}`);
      queue.push(to);
    }
  }
  const cells: Array<[number, number]> = [];
  rows.forEach((line, r) =>
    [...line].forEach((glyph, c) => {
      if (glyph !== '#' && !standOn.has(`${r},${c}`)) cells.push([r, c]);
    }),
  );
  return cells;
}

/** The keys without which E can't be reached: solved again with each key read as `.`. */
export function referenceNeededKeys(rows: string[]): string[] {
  if (referenceFewestSteps(rows) === null) return [];
  return ['a', 'b', 'c', 'd'].filter(
    (key) =>
      rows.some((line) => line.includes(key)) &&
      referenceFewestSteps(rows.map((line) => line.replace(key, '.'))) === null,
  );
}

/** The cells but S, E and walls with exactly one neighbour inside the map that is not `#`. */
export function referenceDeadEnds(rows: string[]): number {
  let count = 0;
  rows.forEach((line, r) =>
    [...line].forEach((glyph, c) => {
      if (glyph === '#' || glyph === 'S' || glyph === 'E') return;
      const neighbours = [
        [r - 1, c],
        [r, c + 1],
        [r + 1, c],
        [r, c - 1],
      ].filter(([nr, nc]) => rows[nr]?.[nc] !== undefined && rows[nr][nc] !== '#');
      if (neighbours.length === 1) count++;
    }),
  );
  return count;
}

/**
 * Every move sequence of exactly `steps` moves that ends on E (none reaches E sooner: steps is
 * the fewest), counted by walking all sequences one move at a time; capped at `limit`.
 */
export function referenceShortestWalks(rows: string[], limit: number): number | null {
  const fewest = referenceFewestSteps(rows);
  if (fewest === null) return null;
  let ways = new Map<string, { state: State; count: bigint }>();
  ways.set(keyOf(startOf(rows)), { state: startOf(rows), count: 1n });
  for (let t = 0; t < fewest.steps; t++) {
    const next = new Map<string, { state: State; count: bigint }>();
    for (const { state, count } of ways.values()) {
      if (isExit(rows, state)) continue; // a walk ends at E
      for (let d = 0; d < 4; d++) {
        const to = move(rows, state, d);
        if (!to) continue;
        const known = next.get(keyOf(to));
        next.set(keyOf(to), { state: to, count: (known?.count ?? 0n) + count });
      }
    }
    ways = next;
  }
  let total = 0n;
  for (const { state, count } of ways.values()) if (isExit(rows, state)) total += count;
  return total > BigInt(limit) ? limit : Number(total);
}

export interface ReferenceWalk {
  positions: Array<[number, number]>;
  keys: string[];
  reachedExit: boolean;
  blockedAt: number | null;
}

/** Plays `moves` (letters U R D L) one at a time with the reference's moves; stops at E. */
export function referenceWalk(rows: string[], moves: string): ReferenceWalk {
  let state = startOf(rows);
  const positions: Array<[number, number]> = [[state.row, state.col]];
  for (let i = 0; i < moves.length; i++) {
    if (isExit(rows, state)) break; // later moves are ignored
    const to = move(rows, state, 'URDL'.indexOf(moves[i]));
    if (!to) return { positions, keys: [...state.keys], reachedExit: false, blockedAt: i };
    state = to;
    positions.push([state.row, state.col]);
  }
  return { positions, keys: [...state.keys], reachedExit: isExit(rows, state), blockedAt: null };
}
