import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root (bench runs from dist/bench/). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export function readLevelFile(name: string): string[] {
  return readFileSync(`${repoRoot}bench/levels/${name}.txt`, 'utf8')
    .split('\n')
    .map((row) => row.replace(/\r$/, ''))
    .filter((row) => row.length > 0);
}

/** Mean milliseconds per call of `fn`, after `warmup` untimed calls. */
export function timeMs(fn: () => unknown, repeats: number, warmup = Math.min(5, repeats)): number {
  for (let i = 0; i < warmup; i++) fn();
  const start = performance.now();
  for (let i = 0; i < repeats; i++) fn();
  return (performance.now() - start) / repeats;
}

export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padStart(widths[i])).join('  ');
  return [line(cells[0]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

export const fixed = (value: number, digits = 3): string => value.toFixed(digits);
