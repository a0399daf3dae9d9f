// Persisted documents: a request may send, instead of its document, the document's sha256 hash
// in `extensions.persistedQuery` (Apollo's automatic persisted queries, over POST and GET). The
// server knows the editor's documents from their manifest (GraphQL Code Generator's
// persisted-documents.json) and any document a client has sent once with its hash, kept in a
// bounded memory. An unknown hash answers PersistedQueryNotFound; the client then sends the
// document with its hash once, and the hash alone from then on. With `persistedOnly`, only the
// manifest's documents run: a document's text, or a hash the manifest lacks, is refused.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { Lru } from '../../../service/index.js';
import { packageRoot } from '../package-root.js';
import { createRequestError } from '../../schema/request-errors.js';

export interface PersistedDocumentsOptions {
  /** Hash (hex sha256 of the text) to document: the documents always known (the editor's). */
  readonly manifest: ReadonlyMap<string, string>;
  /** Only the manifest's documents run (a production server with a known client). */
  readonly persistedOnly?: boolean;
}

/** Documents clients registered, held at most: this many, and this many bytes in all. */
export const APQ_MAX_DOCUMENTS = 1000;
export const APQ_MAX_BYTES = 8 * 1024 * 1024;

/** The documents of a persisted-documents.json (`"sha256:<hex>": text`), by the hex hash. */
export function manifestOf(json: Readonly<Record<string, string>>): Map<string, string> {
  return new Map(Object.entries(json).map(([key, text]) => [key.replace(/^sha256:/, ''), text]));
}

/** The persisted-documents.json at `path`, as manifestOf reads it. */
export function readManifest(path: string): Map<string, string> {
  return manifestOf(JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>);
}

/** The editor's manifest in this package, whether this module runs from src/ (tests) or dist/src/. */
export function editorManifestPath(): string {
  return join(packageRoot(), 'web', 'src', 'gql', 'persisted-documents.json');
}

/** The hash of `extensions.persistedQuery` (version 1), or null. */
function hashOf(params: GraphQLParams): string | null {
  const persisted = (params.extensions as { persistedQuery?: unknown } | undefined)
    ?.persistedQuery as { version?: unknown; sha256Hash?: unknown } | undefined;
  if (typeof persisted !== 'object' || persisted === null) return null;
  return persisted.version === 1 && typeof persisted.sha256Hash === 'string'
    ? persisted.sha256Hash
    : null;
}

export function usePersistedDocuments(options: PersistedDocumentsOptions): Plugin[] {
  const { manifest, persistedOnly = false } = options;
  const registered = new Lru<string>(APQ_MAX_DOCUMENTS, APQ_MAX_BYTES);
  const register: Plugin = {
    onParams({ params }) {
      const hash = hashOf(params);
      if (hash === null || !params.query || persistedOnly) return;
      const actual = createHash('sha256').update(params.query).digest('hex');
      if (actual !== hash) {
        throw createRequestError('provided sha does not match query', {
          extensions: { code: 'PERSISTED_QUERY_HASH_MISMATCH', http: { status: 400 } },
        });
      }
      if (!manifest.has(hash)) registered.set(hash, params.query, params.query.length);
    },
  };
  const persisted = usePersistedOperations({
    allowArbitraryOperations: !persistedOnly,
    extractPersistedOperationId: hashOf,
    getPersistedOperation: (hash) =>
      manifest.get(hash) ?? (persistedOnly ? undefined : registered.get(hash)) ?? null,
    customErrors: {
      // What Yoga answers without a document, as before.
      keyNotFound: () =>
        createRequestError('Must provide query string.', {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        }),
      // The name Apollo's clients read to send the document again, with its hash.
      notFound: () =>
        createRequestError('PersistedQueryNotFound', {
          extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 200 } },
        }),
      persistedQueryOnly: () =>
        createRequestError(
          'this server runs only the documents it knows: send extensions.persistedQuery ' +
            'with the sha256Hash of one of them, and no query',
          { extensions: { code: 'PERSISTED_QUERY_ONLY', http: { status: 400 } } },
        ),
    },
  }) as Plugin;
  return [register, persisted];
}
