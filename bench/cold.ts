// Solving in a cold process, timed from outside as a user would: one `labyrinth run` process
// loads 60 distinct variants of a 300x300 bench level and solves each; the same run without
// the solves is subtracted, and the difference per solve is set against the C limits
// (bench/limit2.c and bench/limit.c) on the same level, in the same run. A cold process pays
// for what a warm loop hides: compiling the level for searching, allocating the search arrays,
// the JIT's first passes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS, cLimitMs, compileLimit } from './limit.js';
import { fixed, levelFile, median, readLevelFile, repoRoot, table } from './support.js';

export const COLD_LEVELS = ['open300', 'keys300', 'maze299'];
const VARIANTS = 60;
/** Processes per batch (with and without solves, taken in turns). */
const ROUNDS = Number(process.env.COLD_ROUNDS ?? 21);

/**
 * The i-th variant: the i-th of 60 floor cells spread over the level turned into terrain `2`,
 * which `steps` ignores, so every variant has the level's steps and rows of its own.
 */
export function coldVariant(rows: readonly string[], i: number): string[] {
  const floor: Array<[number, number]> = [];
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) if (row[c] === '.') floor.push([r, c]);
  });
  const [r, c] = floor[Math.floor(((i + 0.5) * floor.length) / VARIANTS)];
  const changed = [...rows];
  changed[r] = rows[r].slice(0, c) + '2' + rows[r].slice(c + 1);
  return changed;
}

function batch(rows: readonly string[], solve: boolean): unknown[] {
  return Array.from({ length: VARIANTS }, (_, i) => {
    const load = ['load', `v${i}`, coldVariant(rows, i)];
    return solve ? [load, ['solve', `v${i}`]] : [load];
  }).flat();
}

/** Whether `perf stat` can count a child's CPU time here (it needs perf and the permission). */
const perfWorks = ((): boolean => {
  const probe = spawnSync('perf', ['stat', '-x,', '-e', 'task-clock', '--', 'true'], {
    encoding: 'utf8',
  });
  return probe.status === 0 && /task-clock/.test(probe.stderr);
})();

interface Timed {
  /** Wall milliseconds, from spawning to the exit. */
  readonly ms: number;
  /** CPU milliseconds of every thread (perf's task-clock), or null without perf. */
  readonly cpuMs: number | null;
  readonly out: string;
}

/** Runs a command to its end, timed from outside. */
export function timeProcess(command: string, args: readonly string[]): Timed {
  const perf = perfWorks ? ['stat', '-x,', '-e', 'task-clock', '--', command] : null;
  const start = performance.now();
  const child = spawnSync(perf ? 'perf' : command, perf ? [...perf, ...args] : args, {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`${command} failed: ${child.stderr}`);
  const counted = perf ? /^([\d.]+),msec,task-clock/m.exec(child.stderr) : null;
  return { ms, cpuMs: counted ? Number(counted[1]) : null, out: child.stdout };
}

/** The CLI timed: this build's, or another's (COLD_CLI=…/dist/src/cli.js, to compare builds). */
function runOnce(file: string): Timed {
  const cli = process.env.COLD_CLI ?? join(repoRoot, 'dist/src/cli.js');
  return timeProcess(process.execPath, [cli, 'run', file]);
}

export interface ColdSolve {
  readonly steps: number;
  /**
   * Per solve, wall time: the fastest runs' difference (on a loaded machine the other processes'
   * turns on the cores add tens of ms to a run at random; the fastest run is the one they
   * delayed least).
   */
  readonly ms: number;
  /** Per solve, CPU time (every thread): the medians' difference; null without perf. */
  readonly cpuMs: number | null;
}

/** Times the two batches of a level in turns, `rounds` processes each. */
export function coldSolveMs(name: string, rounds = ROUNDS): ColdSolve {
  const rows = readLevelFile(name);
  const dir = mkdtempSync(join(tmpdir(), 'labyrinth-cold-'));
  try {
    const withSolves = join(dir, 'solve.json');
    const loadsOnly = join(dir, 'load.json');
    writeFileSync(withSolves, JSON.stringify(batch(rows, true)));
    writeFileSync(loadsOnly, JSON.stringify(batch(rows, false)));
    const solved: Timed[] = [];
    const loaded: Timed[] = [];
    let steps = -1;
    for (let round = 0; round < rounds; round++) {
      const run = runOnce(withSolves);
      const outputs = JSON.parse(run.out) as unknown[];
      const answers = new Set(outputs.filter((_, i) => i % 2 === 1));
      if (answers.size !== 1) throw new Error(`${name}: variants answered ${[...answers]}`);
      steps = [...answers][0] as number;
      solved.push(run);
      loaded.push(runOnce(loadsOnly));
    }
    const perSolve = (pick: (run: Timed) => number, of: (values: number[]) => number) =>
      (of(solved.map(pick)) - of(loaded.map(pick))) / VARIANTS;
    return {
      steps,
      ms: perSolve(
        (run) => run.ms,
        (values) => Math.min(...values),
      ),
      cpuMs: perfWorks ? perSolve((run) => run.cpuMs!, median) : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The C limit on a level: its own mean wall time per solve over 50 solves (the fastest of 5
 * runs), and its CPU time per solve from outside (a process solving 51 times minus one solving
 * once, medians of 5).
 */
function cLimitCold(
  binary: string,
  name: string,
): { steps: number; ms: number; cpuMs: number | null } {
  const runs = Array.from({ length: 5 }, () => cLimitMs(binary, name));
  const { steps } = runs[0];
  const ms = Math.min(...runs.map((run) => run.ms));
  if (!perfWorks) return { steps, ms, cpuMs: null };
  const file = levelFile(name);
  const many: number[] = [];
  const one: number[] = [];
  for (let i = 0; i < 5; i++) {
    many.push(timeProcess(binary, [file, '51']).cpuMs!);
    one.push(timeProcess(binary, [file, '1']).cpuMs!);
  }
  return { steps, ms, cpuMs: (median(many) - median(one)) / 50 };
}

export async function runColdBench(): Promise<void> {
  console.log(
    `## cold process: \`labyrinth run\` loading ${VARIANTS} variants of a level and solving each,`,
    `minus the same run without the solves, per solve (${ROUNDS} processes each, in turns: wall`,
    'time of the fastest, CPU time of every thread, median), against bench/limit2.c and',
    'bench/limit.c on the level (their own wall time per solve, the fastest of 5 runs; their CPU',
    'time per solve from outside)',
  );
  const limits = LIMITS.map((name) => ({ name, binary: compileLimit(name) }));
  if (limits.some((limit) => !limit.binary)) console.log('(gcc not found: C columns left empty)');
  if (!perfWorks) console.log('(perf stat not usable here: CPU columns left empty)');
  const ratio = (ours: number | null, c: number | null | undefined) =>
    ours !== null && c ? fixed(ours / c, 2) + 'x' : '';
  const rows = COLD_LEVELS.map((name) => {
    const cold = coldSolveMs(name);
    const cs = limits.map(({ binary }) => (binary ? cLimitCold(binary, name) : null));
    for (const [i, c] of cs.entries()) {
      if (c && c.steps !== cold.steps)
        throw new Error(`${name}: ${limits[i].name} says ${c.steps} steps, we ${cold.steps}`);
    }
    const wall = cs.flatMap((c) => [c ? fixed(c.ms) : '', ratio(cold.ms, c?.ms)]);
    const cpu = cs.flatMap((c) => [
      c?.cpuMs == null ? '' : fixed(c.cpuMs),
      ratio(cold.cpuMs, c?.cpuMs),
    ]);
    return [
      name,
      cold.steps,
      fixed(cold.ms),
      ...wall,
      cold.cpuMs === null ? '' : fixed(cold.cpuMs),
      ...cpu,
    ];
  });
  const columns = (unit: string) =>
    LIMITS.flatMap((limit) => [`${limit} ${unit}`, `${unit}/${limit}`]);
  console.log(
    table(['level', 'steps', 'wall ms', ...columns('wall'), 'CPU ms', ...columns('CPU')], rows),
  );
  console.log('goal: cold/limit2 <= 2x on every level\n');
}
