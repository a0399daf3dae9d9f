// `npm run docs:config`: writes the "Every variable" table of docs/deploy.md from
// src/config.ts's VARIABLES (then prettier pads it; test/docs/config-table.test.ts fails when
// the file and the table differ).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { withConfigDocsTable } from '../src/config-docs.js';

// This runs as dist/scripts/config-docs.js: the repository root is two levels up.
const target = fileURLToPath(new URL('../../docs/deploy.md', import.meta.url));

await writeFile(target, withConfigDocsTable(await readFile(target, 'utf8')));
console.log(`wrote ${target}`);
