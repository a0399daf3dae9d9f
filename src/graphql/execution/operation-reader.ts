// Reads an operation for what it asks before anything runs: the fields selected on each type,
// with fragments written inline, leaving out what `@include(if: false)` and `@skip(if: true)`
// drop, and telling which fields come later under `@defer`.
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  GraphQLBoolean,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  getDirectiveValues,
  getNamedType,
  getVariableValues,
  isAbstractType,
  isObjectType,
  valueFromAST,
} from 'graphql';
import { ANSWERS, type AnswerName } from '../../service/index.js';

const ANSWER_FIELDS = new Set<string>(Object.keys(ANSWERS));

/** The fragments of a document, by name. */
export function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  return fragments;
}

/**
 * The operation's variables as the execution coerces them; undefined when they are bad (the
 * execution reports them, and runs nothing).
 */
export function coercedVariables(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  values: Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined {
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], values ?? {});
  return variables.errors ? undefined : variables.coerced;
}

/** The types whose answer fields are priced. */
const LEVEL_TYPES = new Set(['Level', 'LevelDraft']);

export interface LevelAsks {
  readonly answers: Map<AnswerName, number>;
  /**
   * The answers made before the first response is sent; the others are asked only under
   * `@defer` and bounded before solving (counts, letters, renders), so their fields make them
   * while the first part is on its way.
   */
  readonly now: Set<AnswerName>;
  rows: number;
}

/**
 * Walks an operation's selections, with fragments written inline; a selection left out by
 * `@include(if: false)` or `@skip(if: true)` is not asked, so it is not priced.
 */
export class OperationReader {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly variables: Record<string, unknown>,
  ) {}

  /** The fields selected on `type` (fragments that apply to it included). */
  fieldsOf(type: GraphQLObjectType, selectionSet: SelectionSetNode): FieldNode[] {
    return this.selected(type, selectionSet).map(([field]) => field);
  }

  /** The fields selected on `type`, each with whether it is under a fragment with `@defer`. */
  private selected(
    type: GraphQLObjectType,
    selectionSet: SelectionSetNode,
  ): Array<[FieldNode, boolean]> {
    const fields: Array<[FieldNode, boolean]> = [];
    const visit = (set: SelectionSetNode, seen: ReadonlySet<string>, deferred: boolean): void => {
      for (const selection of set.selections) {
        if (!this.included(selection)) continue;
        if (selection.kind === Kind.FIELD) {
          fields.push([selection, deferred]);
          continue;
        }
        const later = deferred || this.deferred(selection);
        if (selection.kind === Kind.INLINE_FRAGMENT) {
          if (this.applies(selection.typeCondition?.name.value, type)) {
            visit(selection.selectionSet, seen, later);
          }
        } else {
          const name = selection.name.value;
          const fragment = this.fragments.get(name);
          if (
            fragment &&
            !seen.has(name) &&
            this.applies(fragment.typeCondition.name.value, type)
          ) {
            visit(fragment.selectionSet, new Set([...seen, name]), later);
          }
        }
      }
    };
    visit(selectionSet, new Set(), false);
    return fields;
  }

  /** What the selections under `field` (a field of `parent`) ask of each level object. */
  levelAsks(parent: GraphQLObjectType, field: FieldNode): LevelAsks {
    const asks: LevelAsks = { answers: new Map(), now: new Set(), rows: 0 };
    this.visitFields(parent, field, (typeName, name, deferred) => {
      if (!LEVEL_TYPES.has(typeName)) return;
      // `noRoute` is read from `unreachable`'s search, and at most as long.
      const asked = name === 'noRoute' ? 'unreachable' : name;
      if (ANSWER_FIELDS.has(asked)) {
        const answer = asked as AnswerName;
        asks.answers.set(answer, (asks.answers.get(answer) ?? 0) + 1);
        if (!deferred) asks.now.add(answer);
      } else if (name === 'rows') {
        asks.rows++;
      }
    });
    return asks;
  }

  /** How often each field ("Type.field") is selected under `field` (a field of `parent`). */
  fieldCounts(parent: GraphQLObjectType, field: FieldNode): Map<string, number> {
    const counts = new Map<string, number>();
    this.visitFields(parent, field, (typeName, name) => {
      const key = `${typeName}.${name}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
    return counts;
  }

  /** Calls `visit` for each field selected under `field`, on each object type it may be on. */
  private visitFields(
    parent: GraphQLObjectType,
    field: FieldNode,
    visit: (typeName: string, fieldName: string, deferred: boolean) => void,
  ): void {
    const walk = (
      type: GraphQLObjectType,
      node: FieldNode,
      depth: number,
      deferred: boolean,
    ): void => {
      const definition = type.getFields()[node.name.value];
      if (!definition || !node.selectionSet || depth > 32) return;
      for (const objectType of this.objectTypes(getNamedType(definition.type))) {
        for (const [child, later] of this.selected(objectType, node.selectionSet)) {
          visit(objectType.name, child.name.value, deferred || later);
          walk(objectType, child, depth + 1, deferred || later);
        }
      }
    };
    walk(parent, field, 0, false);
  }

  private included(node: FieldNode | InlineFragmentNode | FragmentSpreadNode): boolean {
    if (!node.directives?.length) return true;
    if (getDirectiveValues(GraphQLSkipDirective, node, this.variables)?.if === true) return false;
    return getDirectiveValues(GraphQLIncludeDirective, node, this.variables)?.if !== false;
  }

  /** A fragment whose fields are sent later (`@defer`, unless its `if` is false). */
  private deferred(node: InlineFragmentNode | FragmentSpreadNode): boolean {
    const defer = node.directives?.find((directive) => directive.name.value === 'defer');
    if (!defer) return false;
    const condition = defer.arguments?.find((argument) => argument.name.value === 'if');
    if (!condition) return true;
    const value = valueFromAST(condition.value, GraphQLBoolean, this.variables);
    return value !== false;
  }

  private objectTypes(type: GraphQLNamedType): readonly GraphQLObjectType[] {
    if (isObjectType(type)) return [type];
    if (isAbstractType(type)) return this.schema.getPossibleTypes(type);
    return [];
  }

  private applies(condition: string | undefined, type: GraphQLObjectType): boolean {
    if (condition === undefined || condition === type.name) return true;
    const conditionType = this.schema.getType(condition);
    return (
      conditionType !== undefined &&
      isAbstractType(conditionType) &&
      this.schema.isSubType(conditionType, type)
    );
  }
}
