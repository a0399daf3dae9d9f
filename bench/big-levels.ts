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
