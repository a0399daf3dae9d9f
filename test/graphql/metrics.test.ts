// What a client names its operations cannot grow /metrics or the request log without bound:
// label values come from a bounded set (CLIENT_LABELS: at most 64 characters, the first 200
// names; the rest count as `other`), and the log line cuts a long name short.
import { describe, expect, it } from 'vitest';
import { CLIENT_LABELS } from '../../src/service/metrics.js';
import { makeApp, post } from './helpers.js';

async function metrics(app: ReturnType<typeof makeApp>['app']): Promise<string> {
  const response = await app.fetch('http://localhost/metrics');
  expect(response.status).toBe(200);
  return response.text();
}

/** The label values of `operation` in the request histogram, with their counts. */
function operationCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, operation, count] of text.matchAll(
    /^labyrinth_request_seconds_count\{operation="([^"]*)",outcome="ok"\} (\d+)$/gm,
  )) {
    counts.set(operation, Number(count));
  }
  return counts;
}

describe('operation names in /metrics', () => {
  it('keeps the first 200 names of at most 64 characters; the rest count as other', async () => {
    const { app } = makeApp();
    const longest = 'L'.repeat(64);
    await post(app, `query ${longest} { __typename }`);
    await post(app, `query ${'M'.repeat(65)} { __typename }`);
    for (let i = 0; i < 250; i++) await post(app, `query Op${i} { __typename }`);
    await post(app, 'query Op0 { __typename }');
    await post(app, '{ __typename }');

    const counts = operationCounts(await metrics(app));
    // 64 characters, 199 of the names Op0…Op249 (Op0 twice), then everything else: other.
    const expected = new Map<string, number>([[longest, 1]]);
    for (let i = 0; i < 199; i++) expected.set(`Op${i}`, i === 0 ? 2 : 1);
    expected.set('other', 1 + 51);
    expected.set('anonymous', 1);
    expect(counts).toEqual(expected);
    expect(CLIENT_LABELS).toEqual({ maxLength: 64, maxDistinct: 200 });
  });

  it('scrapes the same after names of 1 MB, and logs them cut to 64 characters', async () => {
    const lines: string[] = [];
    const { app } = makeApp({ app: { logRequest: (line) => lines.push(line) } });
    const huge = (i: number) => `H${i}`.padEnd(1_000_000, 'x');
    for (let i = 0; i < 3; i++) {
      const answer = await post(app, `query ${huge(i)} { __typename }`);
      expect(answer.status).toBe(200);
    }
    const text = await metrics(app);
    expect(text.length).toBeLessThan(20_000);
    expect(operationCounts(text)).toEqual(new Map([['other', 3]]));
    expect(lines).toHaveLength(3);
    for (const [i, line] of lines.entries()) {
      expect(JSON.parse(line)).toMatchObject({
        msg: 'request',
        operation: `${huge(i).slice(0, 64)}…`,
        status: 200,
        outcome: 'ok',
      });
      expect(line.length).toBeLessThan(300);
    }
  });
});
