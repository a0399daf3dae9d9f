// The schema: each import adds its types, queries and mutations to the builder.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import './types/errors.js';
import './types/position.js';
import './types/level.js';
import './types/generation.js';
import './types/carving.js';
import './types/maze.js';
import './types/crusade.js';
import './types/no-route.js';
import './types/history.js';
import './types/node.js';
import './types/labels.js';
import './types/draft.js';
import './types/walk.js';
import './types/subscription.js';
import './types/editing.js';

export const schema = builder.toSchema();

/** The SDL committed at schema/schema.graphql: sorted, so it diffs well. */
export function printSortedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}
