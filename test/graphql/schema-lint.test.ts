// graphql-schema-linter with all its rules on the schema as the server prints it: every type,
// field, argument, enum value and input field has a description, names are cased as the
// rules want, connections are Relay's. Run as its CLI (the tool as anyone runs it), with no
// rule left out: a configuration file or `rules` option would narrow it, and none exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printSortedSchema } from '../../src/graphql/schema/schema.js';
import { root } from '../support/server-process.js';

const LINTER = join(root, 'node_modules/graphql-schema-linter');

interface Report {
  readonly errors: Array<{ message: string; rule: string }>;
}

/** The linter's report on `sdl`, every built-in rule on. */
function lint(sdl: string): Report {
  const run = spawnSync(
    process.execPath,
    [join(LINTER, 'lib/cli.js'), '--format', 'json', '--stdin'],
    {
      cwd: root,
      input: sdl,
      encoding: 'utf8',
    },
  );
  const report = JSON.parse(run.stdout) as Report;
  expect(run.status, run.stderr).toBe(report.errors.length === 0 ? 0 : 1);
  return report;
}

describe('graphql-schema-linter, all rules', () => {
  it('runs every rule it has: no configuration narrows it', () => {
    const rules = readdirSync(join(LINTER, 'lib/rules')).filter((file) => file.endsWith('.js'));
    expect(rules.length).toBe(19);
    for (const file of ['.graphql-schema-linterrc', 'graphql-schema-linter.config.js']) {
      expect(existsSync(join(root, file)), file).toBe(false);
    }
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as object;
    expect('graphql-schema-linter' in pkg).toBe(false);
  });

  it('reports no error on the schema', () => {
    expect(lint(printSortedSchema()).errors).toEqual([]);
  });

  it('reports what is missing (the third release lacked 163 descriptions)', () => {
    const release3 = readFileSync(join(root, 'schema/release-3.graphql'), 'utf8');
    const counts: Record<string, number> = {};
    for (const { rule } of lint(release3).errors) counts[rule] = (counts[rule] ?? 0) + 1;
    expect(counts).toEqual({
      'arguments-have-descriptions': 18,
      'enum-values-have-descriptions': 83,
      'fields-have-descriptions': 41,
      'input-object-values-have-descriptions': 2,
      'types-have-descriptions': 19,
    });
  });
});
