// A deliberately simple second solver, written straight from the words of docs/rules.md and
// sharing no code with the engine: string state keys, move sequences kept as strings
// ('0' up, '1' right, '2' down, '3' left, so string order is the move order of docs/rules.md), and an
// open list scanned for its minimum. Slow, and obviously right.

export interface ReferenceAnswer {
  steps: number;
  cost: number;
  moves: string;
  path: Array<[number, number]>;
}

const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];
const GATE_BY_DIRECTION = ['^', '>', 'v', '<'];

interface State {
  row: number;
  col: number;
  keys: string; // letters held, sorted
}

const keyOf = (s: State): string => `${s.row},${s.col},${s.keys}`;

function find(rows: string[], glyph: string): [number, number] {
  for (let r = 0; r < rows.length; r++) {
    const c = rows[r].indexOf(glyph);
    if (c >= 0) return [r, c];
  }
  throw new Error(`no ${glyph}`);
}

/** The state after moving from `state` in `direction`, or null when the move is not allowed. */
export function move(rows: string[], state: State, direction: number): State | null {
  const row = state.row + DR[direction];
  const col = state.col + DC[direction];
  if (row < 0 || row >= rows.length || col < 0 || col >= rows[0].length) return null;
  const glyph = rows[row][col];
  if (glyph === '#') return null;
  if (GATE_BY_DIRECTION.includes(glyph) && GATE_BY_DIRECTION[direction] !== glyph) return null;
  if ('ABCD'.includes(glyph) && !state.keys.includes(glyph.toLowerCase())) return null;
  let keys = state.keys;
  if ('abcd'.includes(glyph) && !keys.includes(glyph)) keys = [...keys, glyph].sort().join('');
  return { row, col, keys };
}

export function entryCost(glyph: string): number {
  return glyph >= '1' && glyph <= '9' ? Number(glyph) : 1;
}

function answerFrom(rows: string[], moves: string): ReferenceAnswer {
  let state: State = { row: find(rows, 'S')[0], col: find(rows, 'S')[1], keys: '' };
  const path: Array<[number, number]> = [[state.row, state.col]];
  let cost = 0;
  for (const m of moves) {
    const next = move(rows, state, Number(m));
    if (!next) throw new Error('reference produced an illegal walk');
    state = next;
    cost += entryCost(rows[state.row][state.col]);
    path.push([state.row, state.col]);
  }
  return { steps: moves.length, cost, moves, path };
}

/** Fewest steps; ties broken by the smallest move sequence. Layer by layer. */
export function referenceFewestSteps(rows: string[]): ReferenceAnswer | null {
  const [sr, sc] = find(rows, 'S');
  const [er, ec] = find(rows, 'E');
  const seen = new Set<string>();
  let frontier = new Map<string, { state: State; moves: string }>();
  const start: State = { row: sr, col: sc, keys: '' };
  frontier.set(keyOf(start), { state: start, moves: '' });
  seen.add(keyOf(start));
  while (frontier.size > 0) {
    const next = new Map<string, { state: State; moves: string }>();
    let best: string | null = null;
    for (const { state, moves } of frontier.values()) {
      for (let d = 0; d < 4; d++) {
        const to = move(rows, state, d);
        if (!to) continue;
        const k = keyOf(to);
        if (seen.has(k)) continue;
        const candidate = moves + d;
        if (to.row === er && to.col === ec) {
          if (best === null || candidate < best) best = candidate;
          continue;
        }
        const known = next.get(k);
        if (!known || candidate < known.moves) next.set(k, { state: to, moves: candidate });
      }
    }
    if (best !== null) return answerFrom(rows, best);
    for (const k of next.keys()) seen.add(k);
    frontier = next;
  }
  return null;
}

/** Least cost, then fewest steps, then the smallest move sequence. */
export function referenceCheapest(rows: string[]): ReferenceAnswer | null {
  const [sr, sc] = find(rows, 'S');
  const [er, ec] = find(rows, 'E');
  type Entry = { state: State; cost: number; moves: string };
  const better = (a: Entry, b: Entry): boolean =>
    a.cost !== b.cost
      ? a.cost < b.cost
      : a.moves.length !== b.moves.length
        ? a.moves.length < b.moves.length
        : a.moves < b.moves;
  const done = new Set<string>();
  const open = new Map<string, Entry>();
  const start: State = { row: sr, col: sc, keys: '' };
  open.set(keyOf(start), { state: start, cost: 0, moves: '' });
  while (open.size > 0) {
    let current: Entry | null = null;
    for (const entry of open.values()) if (!current || better(entry, current)) current = entry;
    const k = keyOf(current!.state);
    open.delete(k);
    done.add(k);
    const { state, cost, moves } = current!;
    if (state.row === er && state.col === ec) return answerFrom(rows, moves);
    for (let d = 0; d < 4; d++) {
      const to = move(rows, state, d);
      if (!to || done.has(keyOf(to))) continue;
      const candidate = {
        state: to,
        cost: cost + entryCost(rows[to.row][to.col]),
        moves: moves + d,
      };
      const known = open.get(keyOf(to));
      if (!known || better(candidate, known)) open.set(keyOf(to), candidate);
    }
  }
  return null;
}

/** The reference render: `*` on the path, S and E keep their glyph. */
export function referenceRender(rows: string[], path: Array<[number, number]>): string[] {
  const grid = rows.map((row) => row.split(''));
  for (const [r, c] of path) if (grid[r][c] !== 'S' && grid[r][c] !== 'E') grid[r][c] = '*';
  return grid.map((row) => row.join(''));
}
