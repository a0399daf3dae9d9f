// The editor's code stays in small files (issue 21): none over 400 lines in web/src, except
// the typed documents codegen writes (web/src/gql/).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const source = fileURLToPath(new URL('../../web/src', import.meta.url));

it('has no file over 400 lines in web/src (generated gql/ aside)', () => {
  const long: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'gql') walk(path);
      } else if (readFileSync(path, 'utf8').split('\n').length > 401) {
        long.push(path.slice(source.length + 1));
      }
    }
  };
  walk(source);
  expect(long).toEqual([]);
});
