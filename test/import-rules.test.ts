// The layer rules of eslint.config.js (docs/architecture.md) as they apply to the bench and the
// harness: outside src/service/, the service is reached only through src/service/index.ts, and
// what the tests and the bench share lives in harness/, never in test/.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { root } from './support/server-process.js';

const RULE = '@typescript-eslint/no-restricted-imports';

/** The messages of the import rule for `source` linted as the file `file` of the repository. */
async function importMessages(file: string, source: string): Promise<string[]> {
  const linter = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });
  const [result] = await linter.lintText(source, { filePath: join(root, file) });
  return result.messages.map(({ message }) => message);
}

const SURFACE = 'Outside src/service/, import the service only through src/service/index.ts.';

describe('the import rules of the bench and the harness', () => {
  it('refuses a bench importing a module of the service', async () => {
    const messages = await importMessages(
      'bench/new-bench.ts',
      "import { LevelService } from '../src/service/level-service.js';\n\nexport { LevelService };\n",
    );
    expect(messages).toEqual([expect.stringContaining(SURFACE)]);
  });

  it('lets a bench import the service through its surface', async () => {
    const messages = await importMessages(
      'bench/new-bench.ts',
      "import { LevelService } from '../src/service/index.js';\n\nexport { LevelService };\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuses a bench importing from test/, even test/support/', async () => {
    const messages = await importMessages(
      'bench/new-bench.ts',
      "import { root } from '../test/support/server-process.js';\n\nexport { root };\n",
    );
    expect(messages).toEqual([expect.stringContaining('The bench imports nothing from test/')]);
  });

  it('lets a bench import the harness', async () => {
    const messages = await importMessages(
      'bench/new-bench.ts',
      "import { fourKeyLevel } from '../harness/big-levels.js';\n\nexport { fourKeyLevel };\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuses the harness importing a module of the service, or the tests', async () => {
    const service = await importMessages(
      'harness/new-module.ts',
      "import { MemoryLevelStore } from '../src/service/memory-store.js';\n\nexport { MemoryLevelStore };\n",
    );
    expect(service).toEqual([expect.stringContaining(SURFACE)]);
    const tests = await importMessages(
      'harness/new-module.ts',
      "import { root } from '../test/support/server-process.js';\n\nexport { root };\n",
    );
    expect(tests).toEqual([expect.stringContaining('imports from neither')]);
  });

  it('refuses a test importing the bench', async () => {
    const messages = await importMessages(
      'test/new.test.ts',
      "import { table } from '../bench/support.js';\n\nexport { table };\n",
    );
    expect(messages).toEqual([expect.stringContaining('Tests do not import the bench')]);
  });
});
