import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen.js';

describe('the generated typed documents', () => {
  it('in test/gql/, examples/scripts/gql/ and web/src/gql/ match the schema and their operations', async () => {
    const root = new URL('../../', import.meta.url);
    // Generated in memory (not written), compared with the committed files.
    const outputs: Array<{ filename: string; content: string }> = await generate(
      { ...config, cwd: fileURLToPath(root), silent: true },
      false,
    );
    expect(outputs.map((output) => output.filename).sort()).toEqual([
      'examples/scripts/gql/gql.ts',
      'examples/scripts/gql/graphql.ts',
      'examples/scripts/gql/index.ts',
      'test/gql/gql.ts',
      'test/gql/graphql.ts',
      'test/gql/index.ts',
      'web/src/gql/gql.ts',
      'web/src/gql/graphql.ts',
      'web/src/gql/index.ts',
      'web/src/gql/persisted-documents.json',
    ]);
    for (const { filename, content } of outputs) {
      if (readFileSync(new URL(filename, root), 'utf8') !== content) {
        expect.fail(`${filename} is stale: run npm run codegen`);
      }
    }
  });
});
