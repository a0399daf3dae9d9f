// The lint rule against import cycles (eslint.config.js, import-x/no-cycle; docs/architecture.md):
// it fails on a new cycle, whether two modules import each other or three go round, and it
// leaves out imports of types only, which are erased at run time. And the tree has none.
// The modules of a cycle are written to a folder of their own in test/, so that the
// repository's configuration (and tsconfig.json's `.js` to `.ts` resolution) applies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from './support/server-process.js';

const RULE = 'import-x/no-cycle';

/** Only the cycle rule runs: the others have nothing to say here. */
function cycleLinter(): ESLint {
  return new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });
}

let folder: string | null = null;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = null;
});

/** Writes the modules (name -> source) to a new folder in test/ and lints them all. */
async function lintModules(
  modules: Record<string, string>,
): Promise<{ file: string; line: number; ruleId: string | null; message: string }[]> {
  folder = mkdtempSync(join(root, 'test', 'cycle-'));
  const dir = folder;
  const files = Object.entries(modules).map(([name, source]) => {
    writeFileSync(join(dir, name), source);
    return join(dir, name);
  });
  const results = await cycleLinter().lintFiles(files);
  return results.flatMap((result) =>
    result.messages.map(({ line, ruleId, message }) => ({
      file: result.filePath.slice(dir.length + 1),
      line,
      ruleId,
      message,
    })),
  );
}

describe('the import cycle rule', () => {
  it('fails on two modules that import each other', async () => {
    const messages = await lintModules({
      'a.ts': "import { b } from './b.js';\n\nexport const a = (): number => b + 1;\n",
      'b.ts': "import { a } from './a.js';\n\nexport const b = 1;\nexport const c = a;\n",
    });
    expect(messages).toEqual([
      { file: 'a.ts', line: 1, ruleId: RULE, message: 'Dependency cycle detected' },
      { file: 'b.ts', line: 1, ruleId: RULE, message: 'Dependency cycle detected' },
    ]);
  });

  it('names the way round when the cycle goes through a third module', async () => {
    const messages = await lintModules({
      'a.ts': "import { b } from './b.js';\n\nexport const a = b;\n",
      'b.ts': "import { c } from './c.js';\n\nexport const b = c;\n",
      'c.ts': "import { a } from './a.js';\n\nexport const c = 1;\nexport const d = a;\n",
    });
    expect(messages).toEqual([
      { file: 'a.ts', line: 1, ruleId: RULE, message: 'Dependency cycle via "./c.js:1"' },
      { file: 'b.ts', line: 1, ruleId: RULE, message: 'Dependency cycle via "./a.js:1"' },
      { file: 'c.ts', line: 1, ruleId: RULE, message: 'Dependency cycle via "./b.js:1"' },
    ]);
  });

  it('leaves out an import of types only', async () => {
    const messages = await lintModules({
      'a.ts': "import { b } from './b.js';\n\nexport interface A {\n  b: typeof b;\n}\n",
      'b.ts': "import type { A } from './a.js';\n\nexport const b: A | null = null;\n",
    });
    expect(messages).toEqual([]);
  });
});

describe('the tree', () => {
  it('has no import cycle', async () => {
    const results = await cycleLinter().lintFiles(['.']);
    const cycles = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RULE)
        .map((message) => `${relative(root, result.filePath)}:${message.line} ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(300);
    expect(cycles).toEqual([]);
  }, 120_000);
});
