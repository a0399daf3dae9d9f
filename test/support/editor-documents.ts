// The editor sends each document as its sha256 hash (web/src/api.ts); the server knows them from
// the manifest GraphQL Code Generator writes (web/src/gql/persisted-documents.json).
import { manifestOf } from '../../src/graphql/http/plugins/use-persisted-documents.js';
import manifest from '../../web/src/gql/persisted-documents.json' with { type: 'json' };

/** The editor's documents by their hex sha256 hash, as the server reads the manifest. */
export const EDITOR_MANIFEST: ReadonlyMap<string, string> = manifestOf(manifest);

/** The text of the document a request body names: its `query`, or the manifest's by hash. */
export function documentText(body: {
  query?: string;
  extensions?: { persistedQuery?: { sha256Hash?: string } };
}): string {
  const hash = body.extensions?.persistedQuery?.sha256Hash;
  return body.query || (hash !== undefined ? (EDITOR_MANIFEST.get(hash) ?? '') : '');
}

/** The document text a page's request body (as the browser sent it) names; '' for none. */
export function sentDocument(postData: string | null): string {
  try {
    return documentText(JSON.parse(postData ?? '{}') as Parameters<typeof documentText>[0]);
  } catch {
    return '';
  }
}
