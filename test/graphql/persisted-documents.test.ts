// Persisted documents over real HTTP (plugins/use-persisted-documents.ts): Apollo Client's own
// persisted-queries link, over POST and GET (it sends the hash, hears PersistedQueryNotFound,
// sends the document once with its hash, then the hash alone); the editor's manifest, known
// without being sent; and the option that runs nothing but the manifest.
import { createHash } from 'node:crypto';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { afterAll, describe, expect, it } from 'vitest';
import {
  editorManifestPath,
  readManifest,
} from '../../src/graphql/http/plugins/use-persisted-documents.js';
import type { AppOptions } from '../../src/graphql/http/yoga.js';
import { DeleteLevelDocument, OpenLevelDocument } from '../../web/src/gql/graphql.js';
import { INTRO, makeApp, splitCost, type Listening, listen } from './helpers.js';

const MANIFEST = readManifest(editorManifestPath());
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const servers: Listening[] = [];

async function serve(options: AppOptions = {}): Promise<string> {
  const made = makeApp({ app: options });
  made.store.put('intro', INTRO);
  const http = await listen(made.app);
  servers.push(http);
  return http.url;
}

afterAll(async () => {
  for (const http of servers) await http.close();
});

/** What each request sent: its method, and whether it had the document and the hash. */
interface Sent {
  readonly method: string;
  readonly query: boolean;
  readonly hash: boolean;
  readonly status: number;
}

function apollo(url: string, useGETForHashedQueries: boolean) {
  const sent: Sent[] = [];
  const recording: typeof fetch = async (input, init) => {
    const target = new URL(String(input));
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const response = await fetch(input, init);
    sent.push({
      method: init?.method ?? 'GET',
      query: Boolean(body.query ?? target.searchParams.get('query')),
      hash: JSON.stringify(body.extensions ?? target.searchParams.get('extensions') ?? '').includes(
        'sha256Hash',
      ),
      status: response.status,
    });
    return response;
  };
  const link = new PersistedQueryLink({ sha256, useGETForHashedQueries }).concat(
    new HttpLink({ uri: url, fetch: recording }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), sent };
}

const STEPS = gql`
  query Steps {
    level(id: "intro") {
      id
      steps
    }
  }
`;

describe("Apollo Client's persisted-queries link", () => {
  for (const get of [false, true]) {
    it(`sends the hash, then the document once, then the hash alone (${get ? 'GET' : 'POST'})`, async () => {
      const url = await serve();
      const first = apollo(url, get);
      const { data } = await first.client.query({ query: STEPS });
      expect(data).toEqual({ level: { __typename: 'Level', id: 'intro', steps: 4 } });
      const method = get ? 'GET' : 'POST';
      expect(first.sent).toEqual([
        { method, query: false, hash: true, status: 400 },
        { method: 'POST', query: true, hash: true, status: 200 },
      ]);
      // Another client, the same document: known by its hash now.
      const second = apollo(url, get);
      const again = await second.client.query({ query: STEPS });
      expect(again.data).toEqual(data);
      expect(second.sent).toEqual([{ method, query: false, hash: true, status: 200 }]);
    });
  }

  it('answers PersistedQueryNotFound for a hash it does not know', async () => {
    const url = await serve();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        extensions: { persistedQuery: { version: 1, sha256Hash: sha256('{ nothing }') } },
      }),
    });
    expect([response.status, splitCost(await response.json()).body]).toEqual([
      400,
      {
        errors: [
          { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
        ],
      },
    ]);
  });

  it('refuses a document whose hash is not its own, and keeps nothing', async () => {
    const url = await serve();
    const post = (body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const wrong = sha256('{ __typename }');
    const refused = await post({
      query: '{ level(id: "intro") { steps } }',
      extensions: { persistedQuery: { version: 1, sha256Hash: wrong } },
    });
    expect([refused.status, splitCost(await refused.json()).body]).toEqual([
      400,
      {
        errors: [
          {
            message: 'provided sha does not match query',
            extensions: { code: 'PERSISTED_QUERY_HASH_MISMATCH' },
          },
        ],
      },
    ]);
    const after = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: wrong } } });
    expect(after.status).toBe(400);
    expect(JSON.stringify(await after.json())).toContain('PersistedQueryNotFound');
  });
});

describe("the editor's manifest", () => {
  const hashOf = (document: { __meta__?: Record<string, unknown> }) =>
    String(document.__meta__?.hash).replace(/^sha256:/, '');
  const byHash = (url: string, hash: string, variables: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        variables,
        extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
      }),
    });

  it('holds every document of the editor, each under the sha256 of its text', () => {
    expect(MANIFEST.size).toBeGreaterThan(20);
    for (const [hash, text] of MANIFEST) expect(sha256(text)).toBe(hash);
    expect(MANIFEST.get(hashOf(OpenLevelDocument))).toContain('query OpenLevel');
  });

  it('answers the hash of an editor document it was never sent', async () => {
    const url = await serve({ persistedDocuments: { manifest: MANIFEST } });
    const response = await byHash(url, hashOf(OpenLevelDocument), { id: 'intro' });
    expect(splitCost(await response.json()).body).toMatchObject({
      data: { level: { id: 'intro', rows: INTRO, version: 1 } },
    });
  });

  it('with persistedOnly, runs the manifest and nothing else', async () => {
    const url = await serve({ persistedDocuments: { manifest: MANIFEST, persistedOnly: true } });
    const known = await byHash(url, hashOf(DeleteLevelDocument), { id: 'none' });
    expect(splitCost(await known.json()).body).toEqual({ data: { deleteLevel: false } });
    const text = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect([text.status, await text.json()]).toEqual([
      400,
      {
        errors: [
          {
            message:
              'this server runs only the documents it knows: send extensions.persistedQuery with the sha256Hash of one of them, and no query',
            extensions: { code: 'PERSISTED_QUERY_ONLY' },
          },
        ],
      },
    ]);
    // Sent with its hash, a document is not kept either.
    const query = '{ __typename }';
    const offered = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query,
        extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } },
      }),
    });
    expect(offered.status).toBe(400);
    const unknown = await byHash(url, sha256(query), {});
    expect(JSON.stringify(await unknown.json())).toContain('PersistedQueryNotFound');
  });
});
