// The one SchemaBuilder. Plugin order matters: the errors plugin must come before the
// dataloader plugin, so that a field with `errors` also catches failures of loading its
// result; relay adds the connection helpers and the Node interface (types/node.ts).
import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { Context } from './context.js';
import { unauthenticated } from './request-errors.js';

export const builder = new SchemaBuilder<{
  Context: Context;
  // `writer`: the request may run mutations (http/plugins/use-write-token.ts).
  AuthScopes: { writer: boolean };
  Scalars: { ID: { Input: string; Output: string } };
  // Fields are non-null unless they say otherwise: null always means something (docs/graphql.md).
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}>({
  defaultFieldNullability: false,
  // Scope-auth first: a field it refuses runs nothing of the other plugins.
  plugins: [ScopeAuthPlugin, ErrorsPlugin, DataloaderPlugin, RelayPlugin],
  scopeAuth: {
    authScopes: (context) => ({ writer: context.mayWrite === true }),
    unauthorizedError: () => unauthenticated(),
  },
  // Only the client-mistake classes named on a field become typed results; anything else
  // is a bug and reaches Yoga, which masks it.
  errors: { defaultTypes: [] },
  relay: {
    // `node` and `nodes` are types/node.ts's: priced like every root field, and read with ids
    // that keep a current level's own id (node-ids.ts), not the plugin's base64 ones.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    nodeTypeOptions: {
      description:
        'An object with an id of its own, unique across all types and versions: `node(id)` ' +
        'reads it again (a refetch), for as long as it exists.',
      // A Level has rows; the other Node, a LevelVersion (a history entry), has none.
      resolveType: (value) =>
        typeof value === 'object' && value !== null && 'rows' in value ? 'Level' : 'LevelVersion',
    },
    idFieldOptions: {
      description:
        'The id `node(id)` reads the object by: unique across all types and versions, and opaque ' +
        "(only a current level's id is the level's own).",
    },
    edgesFieldOptions: { nullable: false, description: 'The items of this page, in order.' },
    nodeFieldOptions: { nullable: false, description: 'The item.' },
    cursorFieldOptions: {
      description: 'Where the item is: pass it as `after` for the items after it.',
    },
    pageInfoFieldOptions: { description: 'Where this page is, and whether more follow.' },
    pageInfoTypeOptions: { description: 'Where a page of a connection is (Relay connections).' },
    hasNextPageFieldOptions: { description: 'Whether items follow this page.' },
    hasPreviousPageFieldOptions: {
      description: 'Always false: pages are read forwards only (allowed by Relay).',
    },
    startCursorFieldOptions: { description: "The first item's cursor; null on an empty page." },
    endCursorFieldOptions: {
      description:
        "The last item's cursor (pass it as `after` for the next page); null on an empty page.",
    },
  },
});

builder.queryType({ description: 'Reads: levels, answers about rows, and the puzzle.' });
// Every mutation, wherever it is defined, needs write access (docs/graphql.md, "Write access").
builder.mutationType({
  description: 'Writes: levels saved, copied, reverted, deleted, and edited together.',
  authScopes: { writer: true },
});
