// The "Every variable" table of docs/deploy.md, made from config.ts's VARIABLES: written by
// `npm run docs:config` (scripts/config-docs.ts), checked by test/docs/config-table.test.ts.
import { configDocsRows } from './config.js';

/** The comment lines around the generated table in docs/deploy.md. */
export const TABLE_START =
  '<!-- every variable: generated from src/config.ts (VARIABLES) by `npm run docs:config`; edit it there -->';
export const TABLE_END = '<!-- end of every variable -->';

/** The table as markdown (unpadded: prettier pads it in the file). */
export function configDocsTable(): string {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    row(['variable', 'default', 'meaning']),
    row(['---', '---', '---']),
    ...configDocsRows().map(row),
  ].join('\n');
}

/** `markdown` with the text between the markers replaced by the table. */
export function withConfigDocsTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`no "${TABLE_START}" … "${TABLE_END}" in the file`);
  }
  return (
    markdown.slice(0, start + TABLE_START.length) +
    '\n\n' +
    configDocsTable() +
    '\n\n' +
    markdown.slice(end)
  );
}
