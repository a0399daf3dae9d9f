// Big levels for heavy work (the load bench, and the tests of heavy requests): built, not stored.

/**
 * An n x n open level with S at the top-left, the four keys beside it, and four walls across
 * with one door each (A to D, top to bottom), E at the bottom-right: every search runs over
 * 16 key layers.
 */
export function fourKeyLevel(n: number): string[] {
  const rows = Array.from({ length: n }, () => '.'.repeat(n));
  const half = n >> 1;
  ['A', 'B', 'C', 'D'].forEach((door, i) => {
    rows[Math.floor(((i + 1) * n) / 5)] = '#'.repeat(half) + door + '#'.repeat(n - half - 1);
  });
  rows[0] = 'Sabcd' + rows[0].slice(5);
  rows[n - 1] = rows[n - 1].slice(0, n - 1) + 'E';
  return rows;
}

/** An n x n winding corridor (n odd): its only walk from S to E visits about half the cells. */
export function corridorLevel(n: number): string[] {
  const rows: string[] = [];
  for (let r = 0; r < n; r++) {
    if (r % 2 === 0) rows.push('.'.repeat(n));
    else rows.push(r % 4 === 1 ? '#'.repeat(n - 1) + '.' : '.' + '#'.repeat(n - 1));
  }
  rows[0] = 'S' + rows[0].slice(1);
  rows[n - 1] = rows[n - 1].slice(0, n - 1) + 'E';
  return rows;
}

/**
 * A rotating-rooms level file (docs/crusade.md) of width x height rooms where Indy winds down
 * every row (a serpentine: right along row 0, left along row 1, …) to the exit, with `rocks`
 * rocks in view from the first turn, rolling the same way `spacing` rooms apart ahead of him.
 * The slowest levels for the planner found (issue 20): each turn it plays lines ahead with
 * every rock; 20x20 with 150 rocks took 15 to 39 s before plays were priced.
 */
export function serpentineCrusade(
  width: number,
  height: number,
  rocks: number,
  spacing = 2,
): string {
  const rooms: number[][] = Array.from({ length: height }, () => Array<number>(width).fill(0));
  const path: Array<[number, number, 'TOP' | 'LEFT' | 'RIGHT']> = [];
  for (let y = 0; y < height; y++) {
    const rightwards = y % 2 === 0;
    for (let i = 0; i < width; i++) {
      const x = rightwards ? i : width - 1 - i;
      const first = i === 0;
      const last = i === width - 1;
      // Types 11/10: from the top to the right/left; 5/4: from the left/right down; 2: across.
      rooms[y][x] = first
        ? rightwards
          ? 11
          : 10
        : last && y < height - 1
          ? rightwards
            ? 5
            : 4
          : 2;
      path.push([x, y, first ? 'TOP' : rightwards ? 'LEFT' : 'RIGHT']);
    }
  }
  const lines = [`${width} ${height}`, ...rooms.map((row) => row.join(' '))];
  lines.push(String(path[path.length - 1][0]), '0 0 TOP');
  const placed = path.filter((_, i) => i >= 2 && (i - 2) % spacing === 0 && i < path.length - 1);
  const shown = placed.slice(0, rocks);
  lines.push(String(shown.length), ...shown.map(([x, y, side]) => `${x} ${y} ${side} 0`));
  return lines.join('\n') + '\n';
}
