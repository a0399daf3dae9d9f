import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** The repository root (bench runs from dist/bench/). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The file of a shared benchmark level (test/fixtures/levels/NAME.txt). */
export const levelFile = (name: string): string => `${repoRoot}test/fixtures/levels/${name}.txt`;

export function readLevelFile(name: string): string[] {
  return readFileSync(levelFile(name), 'utf8')
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

/**
 * CPU milliseconds per call of `fn` (process.cpuUsage), the best of `batches` batches of
 * `per` calls after a warm-up batch: on a loaded machine the other processes' turns on the
 * cores move wall times by half, the best batch's CPU time much less.
 */
export function cpuBestMs(fn: () => unknown, batches = 7, per = 10): number {
  for (let i = 0; i < per; i++) fn();
  let best = Infinity;
  for (let batch = 0; batch < batches; batch++) {
    const start = process.cpuUsage();
    for (let i = 0; i < per; i++) fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000 / per);
  }
  return best;
}

/**
 * cpuBestMs of several functions, their batches taken in turns (one batch of each, then again):
 * a change in the load of a shared machine then falls on all of them alike.
 */
export function cpuBestInTurns(
  fns: ReadonlyArray<() => unknown>,
  batches = 15,
  per = 10,
): number[] {
  for (const fn of fns) for (let i = 0; i < per; i++) fn();
  const best = fns.map(() => Infinity);
  for (let batch = 0; batch < batches; batch++) {
    fns.forEach((fn, i) => {
      const start = process.cpuUsage();
      for (let j = 0; j < per; j++) fn();
      const used = process.cpuUsage(start);
      best[i] = Math.min(best[i], (used.user + used.system) / 1000 / per);
    });
  }
  return best;
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

/** The middle value (of an even count, the upper of the two middle ones). */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[values.length >> 1];

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Stops it (SIGTERM, waiting for its exit) and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * The built server as `npm start` runs it, on a free port with a data directory of its own;
 * `args` run another entry instead (`cli.js serve --instances N`), and resolve once `listeners`
 * instances say they listen.
 */
export async function startServerProcess(
  env: Record<string, string>,
  args: readonly string[] = [join(repoRoot, 'dist/src/server.js')],
  listeners = 1,
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'labyrinth-bench-'));
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_REQUESTS: '0', ...env },
    // The server's warnings (writes open to everyone) are not the bench's output.
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      const found = [...output.matchAll(/listening on (\S+)/g)];
      if (found.length >= listeners) resolve(found[0][1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The page point of a cell's centre in the editor's grid. */
export async function cellPoint(page: Page, row: number, col: number) {
  const cell = Number(await page.locator('.grid-scroller').getAttribute('data-cell-size'));
  const box = (await page.locator('.grid-spacer').boundingBox())!;
  return { x: box.x + (col + 0.5) * cell, y: box.y + (row + 0.5) * cell };
}
