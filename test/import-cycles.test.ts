// The lint rule against import cycles (eslint.config.js, import-x/no-cycle; docs/architecture.md):
// it fails on a new cycle, whether two modules import each other or three go round, and it
// leaves out imports of types only, which are erased at run time. And the tree has none, nor
// any cycle of imports of types, which the rule does not see (checked here instead).
// The modules of a cycle are written to a folder of their own in test/, so that the
// repository's configuration (and tsconfig.json's `.js` to `.ts` resolution) applies.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
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

  it('has no cycle of imports, counting the imports of types only', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(cyclesOf(graph)).toEqual([]);
  });
});

/** The folders of our own TypeScript, and the generated code left out. */
const SOURCES = ['src', 'web/src', 'test', 'bench', 'scripts', 'examples/scripts'];
const GENERATED = /(^|\/)gql\//;

/** Every module (relative to the root) and the modules it imports, of types or of values. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of SOURCES) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      const file = relative(root, join(entry.parentPath, entry.name)).split('\\').join('/');
      if (!entry.isFile() || !/\.tsx?$/.test(file) || GENERATED.test(file)) continue;
      const text = readFileSync(join(root, file), 'utf8');
      const imported = ts
        .preProcessFile(text, true, true)
        .importedFiles.map(({ fileName }) => resolveImport(file, fileName))
        .filter((target): target is string => target !== null);
      graph.set(file, imported);
    }
  }
  return graph;
}

/** A relative import's module (`./x.js` is ./x.ts or ./x.tsx); null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const path = join(dirname(from), specifier).split('\\').join('/');
  const candidates = [path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), path];
  return candidates.find((candidate) => existsSync(join(root, candidate))) ?? null;
}

/** The cycles a depth-first walk comes round (at least one of each), as "a -> b -> a". */
function cyclesOf(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string): void => {
    const at = path.indexOf(module);
    if (at >= 0) {
      cycles.push([...path.slice(at), module].join(' -> '));
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    for (const next of graph.get(module) ?? []) visit(next);
    path.pop();
    done.add(module);
  };
  for (const module of [...graph.keys()].sort()) visit(module);
  return cycles;
}
