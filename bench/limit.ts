// bench/limit.c, the C speed limit of fewest-steps solving, compiled here with gcc -O2.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { levelFile, repoRoot } from './support.js';

/** The compiled binary, or null when gcc is missing. */
export function compileLimit(): string | null {
  const binary = join(mkdtempSync(join(tmpdir(), 'labyrinth-bench-')), 'limit');
  try {
    execFileSync('gcc', ['-O2', '-o', binary, `${repoRoot}bench/limit.c`], { stdio: 'pipe' });
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
