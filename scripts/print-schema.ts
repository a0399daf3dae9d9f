// `npm run schema`: writes the printed, sorted schema to schema/schema.graphql (committed;
// test/graphql/schema.test.ts fails when it is stale).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSortedSchema } from '../src/graphql/schema/schema.js';

// This runs as dist/scripts/print-schema.js: the repository root is two levels up.
const target = fileURLToPath(new URL('../../schema/schema.graphql', import.meta.url));

await mkdir(dirname(target), { recursive: true });
await writeFile(target, printSortedSchema());
console.log(`wrote ${target}`);
