// Asks a server's /health one request after the other from a process of its own, for the
// floods of npm run bench (bench/flood.ts) and the tests that check /health answers while the
// database ends connections (test/e2e/fleet.test.ts).
import { spawn } from 'node:child_process';

export interface HealthAnswers {
  /** Each probe's status in the order sent (0: no answer: refused, reset or timed out). */
  readonly statuses: number[];
  /** Each probe's time to answer, ms. */
  readonly latencies: number[];
  /** When each answer came, ms since the probe started. */
  readonly answeredAt: number[];
}

// The probe runs in a process of its own: neither the flood's work in this process (1 MB strings
// built and sent) nor its garbage collections can delay it, as they could a thread of this
// process. Its first ask is not counted: it loads the probe's own fetch (about 100 ms).
const PROBE = `
const [url, everyMs, timeoutMs] = process.argv.slice(1).map((arg, i) => (i ? Number(arg) : arg));
const statuses = [], latencies = [], answeredAt = [];
let stopping = false;
process.stdin.on('data', () => { stopping = true; });
// The parent gone without stop() (a test that failed before it): nobody to answer, so no answer.
process.stdin.on('end', () => { if (!stopping) process.exit(0); });
const ask = async () => {
  let status = 0;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.text();
    status = response.status;
  } catch {}
  return status;
};
(async () => {
  await ask();
  process.stdout.write('ready\\n');
  const start = performance.now();
  while (!stopping) {
    const sent = performance.now();
    const status = await ask();
    const now = performance.now();
    statuses.push(status); latencies.push(now - sent); answeredAt.push(now - start);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  process.stdout.write(JSON.stringify({ statuses, latencies, answeredAt }) + '\\n');
})();
`;

/**
 * Asks `base/health` one request at a time, every `everyMs`, from a process of its own, until
 * `stop()`; `ready` resolves once its first (uncounted) ask has been answered.
 */
export function probeHealth(
  base: string,
  everyMs = 20,
  timeoutMs = 30_000,
): { ready: Promise<void>; stop(): Promise<HealthAnswers> } {
  const child = spawn(
    process.execPath,
    ['-e', PROBE, `${base}/health`, String(everyMs), String(timeoutMs)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const answers = new Promise<HealthAnswers>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      out += text;
      if (out.startsWith('ready\n')) onReady();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const lines = out.split('\n');
      if (code === 0 && lines[0] === 'ready') resolve(JSON.parse(lines[1]) as HealthAnswers);
      else reject(new Error(`the /health probe exited with ${code}: ${out.slice(0, 200)}`));
    });
  });
  return {
    ready,
    stop() {
      child.stdin.end('stop');
      return answers;
    },
  };
}
