// `npm run codegen`: typed documents (client preset) for the operations the tests send, from
// the committed schema. The output in test/gql/ is committed; regenerate it after changing
// schema/schema.graphql or test/graphql/operations/.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/graphql/operations/*.graphql'],
  // NodeNext ESM: relative imports in the generated files need their extension.
  importExtension: '.js',
  generates: {
    'test/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true },
    },
  },
};

export default config;
