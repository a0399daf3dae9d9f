// graphql-http's server audits (the GraphQL over HTTP spec's conformance suite, written by
// others) against a real HTTP server of this app: no audit fails, and the warnings are only
// the deliberate ones (docs/graphql.md, "Request errors": a request that cannot run answers
// 4xx to `application/json` clients too, where the spec allows 200).
import { auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type Listening, listen } from './helpers.js';

let http: Listening;
let url: string;

beforeAll(async () => {
  http = await listen(makeApp().app);
  url = http.url;
});

afterAll(() => http.close());

describe('graphql-http server audits', () => {
  it('passes every audit; warns only where a 4xx answers application/json on purpose', async () => {
    const results = await auditServer({ url });
    const line = (result: (typeof results)[number]) =>
      `${result.status} ${result.id} ${result.name}`;
    expect(results).toHaveLength(61);
    expect(results.filter((result) => result.status !== 'ok').map(line)).toEqual([
      'warn 572B SHOULD use 200 status code on document parsing failure when accepting application/json',
      'warn FDE2 SHOULD use 200 status code on document validation failure when accepting application/json',
      'warn 7B9B SHOULD use a status code of 200 on variable coercion failure when accepting application/json',
    ]);
  }, 60_000);
});
