// INTROSPECTION=0: the schema cannot be queried (`__schema`, `__type`), with a 400 that says
// why. `__typename` stays, as clients need it to tell union members apart. GraphiQL still runs
// without it, only with no schema to complete or document from.
//
// Nor can it be learnt from the errors of a refused request: graphql-js's validation and
// variable coercion messages suggest names ("Did you mean \"width\"?") and name the schema's
// types and fields ('Field "GenerateLevelInput.height" of required type "Int!" was not
// provided.'). With introspection off, those messages lose their suggestions, and every
// quoted name the client did not write itself (in its document, operation name or variables)
// is shown as "…".
import {
  type ExecutionResult,
  GraphQLError,
  type ValidationRule,
  getNamedType,
  isIntrospectionType,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { createRequestError } from '../schema/request-errors.js';

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
        createRequestError(
          `introspection is turned off on this server (INTROSPECTION=0): '${node.name.value}' cannot be queried`,
          { nodes: node, extensions: { code: 'INTROSPECTION_DISABLED' } },
        ),
      );
    }
  },
});

/** The codes of graphql-js's own messages about the schema: validation and coercion. */
const SCHEMA_MESSAGE_CODES = new Set(['GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

const NAME = /[_A-Za-z][_0-9A-Za-z]*/g;

/**
 * `message` without suggestions, and with each double-quoted piece that holds a name the
 * client did not write (`written`) shown as "…"; so is a scalar's name that opens a coercion
 * message ("Int cannot represent …").
 */
export function withoutUnaskedNames(message: string, written: (name: string) => boolean): string {
  const known = (text: string) => (text.match(NAME) ?? []).every(written);
  return message
    .replace(/ ?Did you mean [^?]*\?/g, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => (known(quoted.slice(1, -1)) ? quoted : '"…"'))
    .replace(/(^|; )([_A-Za-z][_0-9A-Za-z]*)(?= cannot represent )/g, (whole, start, name) =>
      written(name as string) ? whole : `${start}…`,
    );
}

export function useNoIntrospection(): Plugin {
  /** What each request's client wrote: its document, operation name and variables. */
  const asked = new WeakMap<Request, string>();
  const cleaned = (request: Request, result: ExecutionResult): ExecutionResult => {
    let words: Set<string> | undefined;
    const errors = result.errors?.map((error) => {
      const code = error.extensions?.code;
      if (error.path || typeof code !== 'string' || !SCHEMA_MESSAGE_CODES.has(code)) return error;
      words ??= new Set(asked.get(request)?.match(NAME));
      const message = withoutUnaskedNames(error.message, (name) => words!.has(name));
      return message === error.message
        ? error
        : new GraphQLError(message, {
            nodes: error.nodes,
            source: error.source,
            positions: error.positions,
            originalError: error.originalError,
            extensions: error.extensions,
          });
    });
    return errors ? { ...result, errors } : result;
  };
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(noIntrospection);
    },
    onParams({ params, request }) {
      asked.set(
        request,
        `${params.query ?? ''}\n${params.operationName ?? ''}\n${JSON.stringify(params.variables ?? null)}`,
      );
    },
    onResultProcess({ request, result, setResult }) {
      if (Array.isArray(result)) setResult(result.map((each) => cleaned(request, each)));
      else if (!(Symbol.asyncIterator in result)) setResult(cleaned(request, result));
    },
  };
}
