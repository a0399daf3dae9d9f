// What the response cache (http/plugins/use-response-cache.ts) may keep of an operation, and the
// levels its answer depends on (docs/graphql.md, "Caching"). Only queries of these root fields
// are kept: each reads levels by id (or reads none), so the current versions of those ids say
// whether a kept answer is still the answer. Any other field (`levels`, whose page a save of
// any level may change; fields that generate or play) is answered afresh every time.
import {
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  BREAK,
  getArgumentValues,
  getOperationAST,
  visit,
} from 'graphql';
import { isStorableId } from '../../service/index.js';
import { parseNodeId } from '../schema/node-ids.js';
import { OperationReader, coercedVariables, fragmentsOf } from './operation-reader.js';

/** What an operation reads, when its answer may be kept. */
export interface CachePlan {
  /** The level ids whose current versions the answer depends on, sorted and distinct. */
  readonly ids: readonly string[];
  /**
   * Every level it reads is a stored version (`level(id, version: N)`, `node` of a version's
   * id) and it asks for no `history`: its answer never changes (HTTP: a long max-age).
   */
  readonly immutable: boolean;
}

/** The ids a root field reads, and whether only as stored versions; null: not cacheable. */
type FieldReads = { ids: string[]; immutable: boolean } | null;

function idList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

function nodeReads(nodeIds: string[]): FieldReads {
  const keys = nodeIds.map(parseNodeId);
  return {
    ids: keys.flatMap((key) => (key ? [key.id] : [])),
    immutable: keys.every((key) => key === null || key.version !== undefined),
  };
}

const ROOT_FIELDS: Readonly<Record<string, (args: Record<string, unknown>) => FieldReads>> = {
  __typename: () => ({ ids: [], immutable: true }),
  level: ({ id, version }) => ({ ids: [id as string], immutable: version != null }),
  levelsById: ({ ids }) => ({ ids: idList(ids), immutable: false }),
  node: ({ id }) => nodeReads([id as string]),
  nodes: ({ ids }) => nodeReads(idList(ids)),
  // The answers of rows sent along: the same rows always answer the same.
  checkLevel: () => ({ ids: [], immutable: true }),
};

/** Whether the document asks for an incremental answer, or for a level's `history`. */
function documentTraits(document: DocumentNode): { incremental: boolean; history: boolean } {
  let incremental = false;
  let history = false;
  visit(document, {
    Directive(node) {
      if (node.name.value === 'defer' || node.name.value === 'stream') {
        incremental = true;
        return BREAK;
      }
      return undefined;
    },
    Field(node) {
      if (node.name.value === 'history') history = true;
    },
  });
  return { incremental, history };
}

/**
 * What `operationName` of `document` reads, when its answer may be kept; null when it may not
 * (a mutation, a subscription, @defer or @stream, a root field not in ROOT_FIELDS, bad
 * variables or arguments).
 */
export function cachePlan(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variableValues: Record<string, unknown> | null | undefined,
): CachePlan | null {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'query') return null;
  const traits = documentTraits(document);
  if (traits.incremental) return null;
  const variables = coercedVariables(schema, operation, variableValues);
  if (variables === undefined) return null;
  const rootType = schema.getQueryType()!;
  const reader = new OperationReader(schema, fragmentsOf(document), variables);
  const ids = new Set<string>();
  let immutable = !traits.history;
  for (const field of reader.fieldsOf(rootType, operation.selectionSet)) {
    const reads = fieldReads(field, rootType.getFields()[field.name.value], variables);
    if (reads === null) return null;
    for (const id of reads.ids) ids.add(id);
    immutable &&= reads.immutable;
  }
  // An id no level can have never has a version: nothing to depend on.
  return { ids: [...ids].filter(isStorableId).sort(), immutable };
}

function fieldReads(
  field: FieldNode,
  definition: Parameters<typeof getArgumentValues>[0] | undefined,
  variables: Record<string, unknown>,
): FieldReads {
  const name = field.name.value;
  const reads = Object.hasOwn(ROOT_FIELDS, name) ? ROOT_FIELDS[name] : undefined;
  if (reads === undefined) return null;
  if (definition === undefined) return name === '__typename' ? reads({}) : null;
  try {
    return reads(getArgumentValues(definition, field, variables));
  } catch {
    return null; // bad arguments: the field's error says so, and errors are not kept
  }
}
