// @defer and @stream over real HTTP, read by meros (the multipart reader Relay and urql use): the
// first part is sent before a deferred answer is made, the budget prices the deferred part but
// does not make it first, and fields keep their query order in every part.
import { meros } from 'meros/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET } from '../../src/graphql/http/yoga.js';
import { DEFAULT_MAX_CRUSADE_COST, rowsJsonBytes } from '../../src/service/index.js';
import { INTRO, makeApp, splitCost, type Listening, listen } from './helpers.js';

let http: Listening;
let url: string;
const made = makeApp();

beforeAll(async () => {
  made.store.put('intro', INTRO);
  http = await listen(made.app);
  url = http.url;
});

afterAll(() => http.close());

/** The parts of a multipart response, as they come. */
async function* parts(query: string): AsyncGenerator<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'multipart/mixed' },
    body: JSON.stringify({ query }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
  const read = await meros<unknown>(response);
  if (!(Symbol.asyncIterator in read)) throw new Error('not a multipart response');
  for await (const part of read) yield part.body;
}

describe('@defer', () => {
  it('sends the rows first and the cheapest cost after it is made', async () => {
    const { service } = made;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const answer = service.answer.bind(service);
    service.answer = ((level, name, signal) =>
      name === 'cheapest'
        ? gate.then(() => answer(level, name, signal))
        : answer(level, name, signal)) as typeof service.answer;
    try {
      const read = parts(
        '{ level(id: "intro") { id rows ... @defer(label: "cost") { cheapest steps } version } }',
      );
      const first = await read.next();
      // Priced whole: both searches of the 3x3 level (9 states each), the rows, and the two
      // deferred counts at their most (11 bytes each) as they are not made yet.
      expect(first.value).toEqual({
        data: { level: { id: 'intro', rows: INTRO, version: 1 } },
        extensions: {
          cost: {
            solve: 18,
            maxSolve: DEFAULT_BUDGET.maxSolveCost,
            responseBytes: rowsJsonBytes(INTRO) + 2 * 11,
            maxResponseBytes: DEFAULT_BUDGET.maxResponseBytes,
            crusade: 0,
            maxCrusade: DEFAULT_MAX_CRUSADE_COST,
          },
        },
        hasNext: true,
      });
      // The first part left before the deferred search ran.
      expect(service.stats.cheapestRuns).toBe(0);
      open();
      const rest = [];
      for await (const part of { [Symbol.asyncIterator]: () => read }) rest.push(part);
      expect(rest).toEqual([
        {
          incremental: [{ data: { cheapest: 4, steps: 4 }, path: ['level'], label: 'cost' }],
          hasNext: false,
        },
      ]);
      expect(service.stats.cheapestRuns).toBe(1);
    } finally {
      service.answer = answer;
    }
  });

  it('answers in one part when `if` is false', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        query: '{ level(id: "intro") { ... @defer(if: false) { steps } rows } }',
      }),
    });
    expect(splitCost(await response.json()).body).toEqual({
      data: { level: { steps: 4, rows: INTRO } },
    });
  });
});

describe('@stream', () => {
  it('sends the first positions of a path and the rest after', async () => {
    const got = [];
    for await (const part of parts(
      '{ level(id: "intro") { path @stream(initialCount: 2) { row col } } }',
    )) {
      got.push(splitCost(part).body);
    }
    expect(got[0]).toEqual({
      data: {
        level: {
          path: [
            { row: 0, col: 0 },
            { row: 0, col: 1 },
          ],
        },
      },
      hasNext: true,
    });
    const streamed = got
      .slice(1)
      .flatMap((part) => (part as { incremental?: Array<{ items: unknown[] }> }).incremental ?? [])
      .flatMap((increment) => increment.items);
    // Together, the path a plain query answers.
    const plain = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ level(id: "intro") { path { row col } } }' }),
    });
    const { data } = splitCost(await plain.json()).body as { data: { level: { path: unknown[] } } };
    expect(data.level.path).toHaveLength(5);
    expect(streamed).toEqual(data.level.path.slice(2));
    expect(got.at(-1)).toMatchObject({ hasNext: false });
  });
});
