// docs/deploy.md's "Every variable" table is made from src/config.ts's VARIABLES (npm run
// docs:config), and the other tables of the file that name a variable agree with it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_END, TABLE_START, withConfigDocsTable } from '../../src/config-docs.js';
import { VARIABLES, configDocsRows, configFromEnv } from '../../src/config.js';

const root = join(import.meta.dirname, '../..');
const deploy = readFileSync(join(root, 'docs/deploy.md'), 'utf8');

/** The cells of the markdown table rows in `text` (header and separator left out). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
    .slice(2);
}

/** The rows of the table in the section `## name` (or `### name`) of docs/deploy.md. */
function sectionRows(name: string): string[][] {
  const section = deploy.split(/^##+ /m).find((part) => part.startsWith(`${name}\n`));
  if (section === undefined) throw new Error(`docs/deploy.md has no "## ${name}"`);
  return tableRows(section);
}

describe("docs/deploy.md's table of every variable", () => {
  it('is the table VARIABLES makes, row by row', () => {
    const between = deploy.slice(deploy.indexOf(TABLE_START), deploy.indexOf(TABLE_END));
    expect(between.length).toBeGreaterThan(TABLE_START.length);
    expect(tableRows(between)).toEqual(configDocsRows());
    expect(configDocsRows().map(([env]) => env)).toEqual(VARIABLES.map(({ env }) => `\`${env}\``));
  });

  it('is rewritten, not appended to, by npm run docs:config', () => {
    const once = withConfigDocsTable(deploy);
    expect(withConfigDocsTable(once)).toBe(once);
    expect(once.split(TABLE_START)).toHaveLength(2);
  });

  it('shows the default that an unset variable takes', () => {
    const config = configFromEnv({}) as Record<string, unknown>;
    for (const [cell, variable] of configDocsRows().map(
      (row, i) => [row[1], VARIABLES[i]] as const,
    )) {
      const value = config[variable.key];
      if (typeof value === 'number' && !('shownDefault' in variable)) {
        expect(cell).toBe(`\`${value}\``);
      }
      if (value === undefined) expect(cell).not.toMatch(/^`\d/);
    }
  });
});

describe('the other tables of docs/deploy.md', () => {
  const byEnv = new Map<string, (typeof VARIABLES)[number]>(
    VARIABLES.map((variable) => [variable.env, variable]),
  );
  const defaults = configFromEnv({}) as Record<string, unknown>;

  it("give a limit's default as config.ts does", () => {
    const units: Record<string, number> = { s: 1000, MiB: 2 ** 20 };
    let checked = 0;
    for (const [limit, shown, variables] of sectionRows('Limits')) {
      const named = [...variables.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]);
      if (named.length !== 1) continue;
      const value = defaults[byEnv.get(named[0])?.key ?? ''];
      const number = /^([\d,]+)(?: (s|MiB)\b)?/.exec(shown);
      if (typeof value !== 'number' || number === null) continue;
      const unit = number[2] === undefined ? 1 : units[number[2]];
      expect({ limit, value: Number(number[1].replaceAll(',', '')) * unit }).toEqual({
        limit,
        value,
      });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(9);
  });

  it('name only variables config.ts reads', () => {
    const names = (cell: string) =>
      [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]);
    // The fleet's table names its variables first, the limits table in its third column.
    const named = [
      ...sectionRows('The variables').flatMap((cells) => names(cells[0])),
      ...sectionRows('Limits').flatMap((cells) => names(cells[2])),
    ];
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((name) => !byEnv.has(name))).toEqual([]);
  });
});
