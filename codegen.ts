// `npm run codegen`: typed documents (client preset) for the operations the tests send, from
// the committed schema. The output in test/gql/ is committed; regenerate it after changing
// schema/schema.graphql or test/graphql/operations/.
import type { CodegenConfig } from '@graphql-codegen/cli';
import { preset as clientPreset } from '@graphql-codegen/client-preset';

type OutputConfig = Extract<CodegenConfig['generates'][string], { preset?: unknown }>;

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/graphql/operations/*.graphql'],
  // NodeNext ESM: relative imports in the generated files need their extension.
  importExtension: '.js',
  generates: {
    'test/gql/': {
      // The module itself, not the name 'client': @graphql-codegen/cli 6 (pinned: 7 needs Node
      // 22) has a client preset 5 of its own, which the name resolves to when codegen runs in
      // the tests. Preset 6's types name plugin-helpers 7 where cli 6 has 6, hence the cast;
      // test/graphql/codegen.test.ts checks the output byte for byte.
      preset: clientPreset as unknown as NonNullable<OutputConfig['preset']>,
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true },
    },
  },
};

export default config;
