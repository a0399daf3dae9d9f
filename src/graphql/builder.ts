// The one SchemaBuilder. Plugin order matters: the errors plugin must come before the
// dataloader plugin, so that a field with `errors` also catches failures of loading its
// result; relay only adds the connection helpers.
import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { Context } from './context.js';
import { unauthenticated } from './request-errors.js';

export const builder = new SchemaBuilder<{
  Context: Context;
  // `writer`: the request may run mutations (plugins/use-write-token.ts).
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
    // Levels are looked up by their own id (`level(id:)`), not by Relay global ids.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
  },
});

builder.queryType({});
// Every mutation, wherever it is defined, needs write access (docs/graphql.md, "Write access").
builder.mutationType({ authScopes: { writer: true } });
