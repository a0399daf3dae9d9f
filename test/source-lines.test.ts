// No source file in src/ or web/src/ over 400 lines (docs/development.md): a file that long
// does more than one thing. Every file counts, whatever its kind (TypeScript, CSS, GraphQL),
// except the code generator's output in web/src/gql/.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './support/server-process.js';

const MAX_LINES = 400;

/** Generated, not written: codegen.ts writes it from web/src/operations/. */
const GENERATED = ['web/src/gql/'];

/** Every file under `dir` (relative to the repository root, with / separators). */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((path) => !GENERATED.some((prefix) => path.startsWith(prefix)))
    .sort();
}

/** Lines as an editor shows them: a final newline does not start another line. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source file length', () => {
  const files = [...filesUnder('src'), ...filesUnder('web/src')];

  it('sees the sources and leaves out the generated files', () => {
    expect(files).toContain('src/engine/crusade/mover.ts');
    expect(files).toContain('web/src/App.tsx');
    expect(files).toContain('web/src/styles/base.css');
    expect(files.some((path) => path.startsWith('web/src/gql/'))).toBe(false);
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\n')).toBe(2);
  });

  it(`has no file over ${MAX_LINES} lines`, () => {
    const tooLong = files
      .map((path) => ({ path, lines: lineCount(readFileSync(join(root, path), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
