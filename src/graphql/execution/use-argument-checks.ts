// Arguments judged before execution (argument-checks.ts): every field of the operation that
// has a check, at any depth and in every fragment it spreads, is given its arguments as the
// execution would coerce them. One that cannot be used refuses the whole request (400,
// BAD_USER_INPUT, its location), before the budget prices it and before any field runs: a
// sibling is never computed to be thrown away with a `data: null`.
import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type OperationDefinitionNode,
  TypeInfo,
  getArgumentValues,
  getOperationAST,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { argumentCheckOf } from '../schema/argument-checks.js';
import { createRequestError } from '../schema/request-errors.js';
import { coercedVariables, fragmentsOf } from './operation-reader.js';

/** The operation and the fragments it spreads, directly or through others. */
function reachable(
  document: DocumentNode,
  operation: OperationDefinitionNode,
): Array<OperationDefinitionNode | FragmentDefinitionNode> {
  const fragments = fragmentsOf(document);
  const found = new Map<string, FragmentDefinitionNode>();
  const spreads = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !found.has(fragment.name.value)) {
          found.set(fragment.name.value, fragment);
          spreads(fragment);
        }
      },
    });
  spreads(operation);
  return [operation, ...found.values()];
}

function isBadInput(error: unknown): error is Error {
  return (
    error instanceof Error &&
    (error as { extensions?: { code?: unknown } }).extensions?.code === 'BAD_USER_INPUT'
  );
}

export function useArgumentChecks(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return;
      const variables = coercedVariables(args.schema, operation, args.variableValues);
      if (variables === undefined) return;
      const refusals: GraphQLError[] = [];
      const typeInfo = new TypeInfo(args.schema);
      const visitor: ASTVisitor = visitWithTypeInfo(typeInfo, {
        Field(node) {
          const field = typeInfo.getFieldDef();
          const check = field ? argumentCheckOf(field) : undefined;
          if (!field || !check) return;
          try {
            check(getArgumentValues(field, node, variables));
          } catch (error) {
            // Only the checks' own refusals; anything else is a bug, left to Yoga's masking.
            if (!isBadInput(error)) throw error;
            refusals.push(
              createRequestError(error.message, {
                nodes: node,
                extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
              }),
            );
          }
        },
      });
      for (const definition of reachable(args.document, operation)) visit(definition, visitor);
      if (refusals.length > 0) setResultAndStopExecution({ errors: refusals });
    },
  };
}
