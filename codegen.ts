// `npm run codegen`: typed documents (client preset) for the operations the tests, the
// example scripts and the editor send, from the committed schema. The outputs (test/gql/,
// examples/scripts/gql/, web/src/gql/) are committed; regenerate them after changing
// schema/schema.graphql, test/graphql/operations/, examples/scripts/*.graphql or
// web/src/operations/.
import type { CodegenConfig } from '@graphql-codegen/cli';
import { preset as clientPreset } from '@graphql-codegen/client-preset';

type OutputConfig = Extract<CodegenConfig['generates'][string], { preset?: unknown }>;

/** One output folder of typed documents for the operations in `documents`. */
function typedDocuments(
  documents: string[],
  extra: Record<string, unknown> = {},
  preset: Record<string, unknown> = {},
): OutputConfig {
  return {
    documents,
    // The module itself, not the name 'client': @graphql-codegen/cli 6 (pinned: 7 needs Node
    // 22) has a client preset 5 of its own, which the name resolves to when codegen runs in
    // the tests. Preset 6's types name plugin-helpers 7 where cli 6 has 6, hence the cast;
    // test/graphql/codegen.test.ts checks the output byte for byte.
    preset: clientPreset as unknown as NonNullable<OutputConfig['preset']>,
    presetConfig: { fragmentMasking: false, ...preset },
    config: { useTypeImports: true, enumsAsTypes: true, ...extra },
  };
}

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  // NodeNext ESM: relative imports in the generated files need their extension.
  importExtension: '.js',
  generates: {
    'test/gql/': typedDocuments(['test/graphql/operations/*.graphql']),
    'examples/scripts/gql/': typedDocuments(['examples/scripts/*.graphql']),
    // The editor's documents as strings: the page sends them with fetch and needs no graphql
    // parser in its bundle. Each carries its sha256 hash, which is all the page sends; the
    // server knows them from persisted-documents.json (docs/graphql.md, "Persisted documents").
    'web/src/gql/': typedDocuments(
      ['web/src/operations/*.graphql'],
      { documentMode: 'string' },
      { persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' } },
    ),
  },
};

export default config;
