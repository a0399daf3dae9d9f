// The rotating-rooms puzzle on a real server process (issue 20): a play is priced before it
// starts, runs in a solver thread, and stops at the request's deadline, while the server goes on
// answering. Before, one anonymous `crusadePlan` of a 20x20 serpentine with 150 rocks held the
// event loop for 15 to 39 s (/health waited as long), and the deadline did not stop it.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { serpentineCrusade } from '../../harness/big-levels.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { splitCost } from '../support/cost.js';

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

async function server(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const started = await startServerProcess(env);
  servers.push(started);
  return started;
}

const PLAN = `query ($level: String!) {
  crusadePlan(level: $level) { __typename ... on CrusadePlan { outcome } }
}`;

async function plan(
  target: ServerProcess,
  level: string,
): Promise<{ status: number; body: { data?: unknown; errors?: unknown[] } }> {
  const response = await fetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: PLAN, variables: { level } }),
  });
  return { status: response.status, body: splitCost(await response.json()).body as never };
}

/** Asks /health one request after the other until `until` settles; answers their statuses. */
async function healthWhile(target: ServerProcess, until: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void until.finally(() => (settled = true)).catch(() => undefined);
  const statuses: number[] = [];
  while (!settled) {
    const response = await fetch(`${target.base}/health`);
    await response.text();
    // Only the answers given while the play was still going count.
    if (!settled) statuses.push(response.status);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return statuses;
}

const SMALL = readFileSync(new URL('../fixtures/crusade/broken_well.in', import.meta.url), 'utf8');

describe('crusadePlan on a server', () => {
  it('refuses the levels of issue 20 before playing them, all at once', async () => {
    const target = await server({ SOLVER_THREADS: '1' });
    const levels = [serpentineCrusade(20, 20, 150), serpentineCrusade(20, 20, 390, 1)];
    const answers = await Promise.all([...levels, ...levels].map((level) => plan(target, level)));
    expect(answers.map(({ status, body }) => [status, body.errors])).toEqual(
      [151, 391, 151, 391].map((movers) => [
        400,
        [
          expect.objectContaining({
            extensions: {
              code: 'TOO_EXPENSIVE',
              cost: 400 * 400 * movers,
              limit: 2_000_000,
              budget: 'CRUSADE',
            },
          }),
        ],
      ]),
    );
  });

  it('plays in a solver thread until the deadline, /health answering all along; then the thread is free', async () => {
    const target = await server({
      SOLVER_THREADS: '1',
      MAX_CRUSADE_COST: '1000000000',
      REQUEST_TIMEOUT_MS: '3000',
    });
    // 390 rocks in view: about a minute of play on this machine.
    const playing = plan(target, serpentineCrusade(20, 20, 390, 1));
    const health = await healthWhile(target, playing);
    expect(await playing).toEqual({
      status: 504,
      body: {
        data: null,
        errors: [
          expect.objectContaining({
            message: 'the request took longer than its deadline allows',
            extensions: { code: 'TIMEOUT' },
          }),
        ],
      },
    });
    // Answered one after the other while it played (before: none until it was over).
    expect(health.length).toBeGreaterThanOrEqual(3);
    expect(new Set(health)).toEqual(new Set([200]));
    // The play stopped with its thread: the only solver thread plays the next level at once.
    expect(await plan(target, SMALL)).toEqual({
      status: 200,
      body: { data: { crusadePlan: { __typename: 'CrusadePlan', outcome: 'WON' } } },
    });
    expect(target.output()).not.toMatch(/Unhandled|uncaught/i);
  });
});
