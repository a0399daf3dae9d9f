// The docs are a user's reference, not lab notes: README.md and docs/ cite nothing a user does
// not have (an internal SPEC, an issue number, a commit hash) and record no load average or
// dated measurement. docs/benchmarks.md is the one home of dated runs, so it may name the
// build (a commit hash), the day and the machine's load; nowhere may name SPEC or an issue.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const CHECKS = {
  /** The internal specification, which users do not have. */
  spec: /\bSPEC\b/,
  /** "issue 12", "issues 21 and 23", "#12", "PR 7" (not a level row such as `#2#`). */
  issue: /\bissues?\s+#?\d+|\b(?:PR|pull request)\s*#?\d+|(?<![\w#.*&/])#\d+(?![\w#.*])/i,
  /** 7 to 40 hex digits, letters and digits both (not a figure, not `bot-7f3a9c2e`). */
  hash: /(?<![\w-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w-])/,
  /** "load average 12", "(load 6–8)", "at load 4". */
  load: /\bload averages?\b|\bloadavg\b|\bload (?:of )?\d/i,
  /** A day, as a dated measurement has (not a timestamp in an example answer). */
  date: /\b20\d\d-[01]\d-[0-3]\d\b(?!T)/,
} as const;

type Check = keyof typeof CHECKS;

/** What benchmarks.md may have: the build, the day and the load of each dated run. */
const BENCHMARKS_MAY: readonly Check[] = ['hash', 'load', 'date'];

/** Every line of `text` that one of `checks` refuses, as `line: check: text`. */
function labNotes(text: string, checks: readonly Check[]): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const check of checks) {
      if (CHECKS[check].test(line)) found.push(`${index + 1}: ${check}: ${line.trim()}`);
    }
  });
  return found;
}

const ALL = Object.keys(CHECKS) as Check[];

const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('the docs cite nothing a user does not have', () => {
  it.each(files)('%s', (file) => {
    const checks =
      file === 'docs/benchmarks.md' ? ALL.filter((c) => !BENCHMARKS_MAY.includes(c)) : ALL;
    expect(labNotes(readFileSync(join(root, file), 'utf8'), checks)).toEqual([]);
  });

  it('refuses each kind of lab note, and passes what only looks like one', () => {
    const bad = [
      'Measured as SPEC asks.',
      'Fixed in issue 12, see also #12.',
      'Before (ebbbe16) and after.',
      'At a load average of 15 the p95 is 232 ms (load 6–8 later).',
      'Measured on 2026-12-01.',
    ];
    expect(bad.map((line) => labNotes(line, ALL).map((found) => found.split(': ')[1]))).toEqual([
      ['spec'],
      ['issue'],
      ['hash'],
      ['load'],
      ['date'],
    ]);
    const fine = [
      '#2#...#***#*****#',
      '{"session":"bot-7f3a9c2e","at":"2026-12-01T10:00:00Z"}',
      'A spec of the option; 1234567 cells; the load of a level.',
      'See [deploy.md](deploy.md#floods).',
    ];
    expect(fine.flatMap((line) => labNotes(line, ALL))).toEqual([]);
  });
});
