// INTROSPECTION=0: the schema cannot be queried (`__schema`, `__type`), with a 400 that says
// why. `__typename` stays, as clients need it to tell union members apart. GraphiQL still runs
// without it, only with no schema to complete or document from.
import { GraphQLError, type ValidationRule, getNamedType, isIntrospectionType } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    const type = context.getType();
    const parent = context.getParentType();
    // Once per entry into the schema's types (`__schema`, `__type`), not for each field below.
    if (
      type &&
      isIntrospectionType(getNamedType(type)) &&
      !(parent && isIntrospectionType(parent))
    ) {
      context.reportError(
        new GraphQLError(
          `introspection is turned off on this server (INTROSPECTION=0): '${node.name.value}' cannot be queried`,
          { nodes: node, extensions: { code: 'INTROSPECTION_DISABLED' } },
        ),
      );
    }
  },
});

export function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(noIntrospection);
    },
  };
}
