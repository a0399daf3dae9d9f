// The layer rules of eslint.config.js (docs/architecture.md): inside src/graphql/, http/ ->
// execution/ -> schema/ and never back; GraphQL, the CLI and the server (src/server/ too) reach
// the engine only through the service, which imports none of them; and as they apply to the
// bench and the harness: outside src/service/, the service is reached only through
// src/service/index.ts, and what the tests and the bench share lives in harness/, never in test/.
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

const SCHEMA = 'The schema knows nothing of the execution plugins or the transport';
const EXECUTION = 'The execution plugins read operations against the schema';
const NO_ENGINE = 'reach the engine only through src/service/';

/** A module that imports `name` from `from` and passes it on. */
const importing = (name: string, from: string) =>
  `import { ${name} } from '${from}';\n\nexport { ${name} };\n`;

describe('the layers of src/graphql/: http/ -> execution/ -> schema/', () => {
  it('refuses the schema importing the transport or the execution plugins', async () => {
    expect(
      await importMessages(
        'src/graphql/schema/new-type.ts',
        importing('LIMITS', '../http/yoga.js'),
      ),
    ).toEqual([expect.stringContaining(SCHEMA)]);
    expect(
      await importMessages(
        'src/graphql/schema/types/new-type.ts',
        importing('useBudget', '../../execution/use-budget.js'),
      ),
    ).toEqual([expect.stringContaining(SCHEMA)]);
  });

  it('refuses the execution plugins importing the transport', async () => {
    const messages = await importMessages(
      'src/graphql/execution/use-new.ts',
      importing('badRequest', '../http/error-response.js'),
    );
    expect(messages).toEqual([expect.stringContaining(EXECUTION)]);
  });

  it('lets the execution plugins import the schema, and the transport both', async () => {
    expect(
      await importMessages(
        'src/graphql/execution/use-new.ts',
        importing('schema', '../schema/schema.js'),
      ),
    ).toEqual([]);
    expect(
      await importMessages(
        'src/graphql/http/plugins/use-new.ts',
        "import { useBudget } from '../../execution/use-budget.js';\n" +
          "import { schema } from '../../schema/schema.js';\n\nexport { schema, useBudget };\n",
      ),
    ).toEqual([]);
  });

  it('refuses GraphQL importing the server or the CLI', async () => {
    const messages = await importMessages(
      'src/graphql/http/new.ts',
      importing('serve', '../../server/lifecycle.js'),
    );
    expect(messages).toEqual([expect.stringContaining('GraphQL does not know who starts it')]);
  });

  it('refuses any folder of GraphQL, and the server, importing the engine', async () => {
    for (const file of [
      'src/graphql/schema/new.ts',
      'src/graphql/execution/new.ts',
      'src/graphql/http/new.ts',
    ]) {
      const messages = await importMessages(
        file,
        importing('parseLevel', '../../engine/level/parse.js'),
      );
      expect(messages, file).toEqual([expect.stringContaining(NO_ENGINE)]);
    }
    const server = await importMessages(
      'src/server/new.ts',
      importing('parseLevel', '../engine/level/parse.js'),
    );
    expect(server).toEqual([expect.stringContaining(NO_ENGINE)]);
  });

  it('refuses the service importing the server', async () => {
    const messages = await importMessages(
      'src/service/new.ts',
      importing('serve', '../server/lifecycle.js'),
    );
    expect(messages).toEqual([expect.stringContaining('The service does not know who calls it')]);
  });
});
