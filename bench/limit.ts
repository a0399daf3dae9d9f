// The C speed limits of fewest-steps solving, compiled here with gcc -O2: bench/limit.c (a
// plain BFS over every (cell, keys) state) and bench/limit2.c (the same search, tighter: a key
// layer's arrays made only once a walk reaches it, a padded grid, one move byte per cell).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { levelFile, repoRoot } from './support.js';

/** The C limits, by the name of their source in bench/ (without `.c`). */
export const LIMITS = ['limit2', 'limit'] as const;
export type LimitName = (typeof LIMITS)[number];

/** The compiled binary of bench/NAME.c, or null when gcc is missing. */
export function compileLimit(name: LimitName = 'limit'): string | null {
  const binary = join(mkdtempSync(join(tmpdir(), 'labyrinth-bench-')), name);
  try {
    execFileSync('gcc', ['-O2', '-o', binary, `${repoRoot}bench/${name}.c`], { stdio: 'pipe' });
    return binary;
  } catch {
    return null;
  }
}

/** Its steps and mean milliseconds per solve over `repeats` solves of a bench level. */
export function cLimitMs(
  binary: string,
  name: string,
  repeats = 50,
): { steps: number; ms: number } {
  const out = execFileSync(binary, [levelFile(name), String(repeats)], {
    encoding: 'utf8',
  });
  const match = /steps (-?\d+)\s+ms_per_solve ([\d.]+)/.exec(out);
  if (!match) throw new Error(`unexpected output of limit: ${out}`);
  return { steps: Number(match[1]), ms: Number(match[2]) };
}
