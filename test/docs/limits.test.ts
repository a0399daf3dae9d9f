// docs/deploy.md's limits table names every variable of src/config.ts that sets a limit (a
// maximum, a timeout, a size), and only variables the server reads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIABLES } from '../../src/config.js';

const root = join(import.meta.dirname, '../..');

/** The variables of config.ts's one table (it makes the zod schema). */
function configVariables(): string[] {
  return VARIABLES.map(({ env }) => env);
}

/** The variable column of the first table under `## Limits` in docs/deploy.md. */
function limitsTableVariables(): string[] {
  const docs = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
  const section = docs.split(/^## /m).find((part) => part.startsWith('Limits\n'));
  if (section === undefined) throw new Error('docs/deploy.md has no "## Limits"');
  const lines = section.split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  // The first table of the section only (the figures below it are another).
  const rows = lines.slice(first, end < 0 ? undefined : end).map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
  expect(rows[0]).toEqual(['limit', 'default', 'variable', 'past it']);
  return rows
    .slice(2)
    .flatMap((cells) => [...cells[2].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
}

describe("docs/deploy.md's limits table", () => {
  const variables = configVariables();
  const listed = limitsTableVariables();

  it('has every variable that sets a limit', () => {
    const limits = variables.filter((name) =>
      /^MAX_|_MAX$|_LIMIT$|_TIMEOUT_MS$|_BYTES$|^SOLVER_THREADS$/.test(name),
    );
    expect(limits.length).toBeGreaterThanOrEqual(10);
    expect(limits.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('names only variables the server reads', () => {
    expect(listed.filter((name) => !variables.includes(name))).toEqual([]);
  });
});
