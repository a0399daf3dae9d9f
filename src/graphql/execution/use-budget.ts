// The budget of a request, checked before anything runs (docs/graphql.md, "Budgets"):
//
// 1. The operation is read for the answers it asks of each level (every field of `Level`
//    that answers.ts declares, and `rows`), each counted as often as it appears.
// 2. The levels of each root field are found (read, not solved) by the price attached to the
//    field (pricing.ts, `priceByLevels`): `level`, `levelsById`, `levels`, and the levels
//    mutations will store (their size from the arguments, by service/answers.ts).
// 3. Solve cost: the search states of every source not held yet, once per level version.
//    Over `maxSolveCost`: TOO_EXPENSIVE, and nothing is computed.
// 4. The sources are made (the solver pool for big levels, shared with other requests), under
//    the request's deadline.
// 5. Response bytes: every answer's JSON, exactly, once per time it appears in the response.
//    Over `maxResponseBytes`: TOO_EXPENSIVE, and nothing is serialised.
// Root fields that answer no level (walkLevel) are priced from their arguments and what the
// operation asks of their result (`priceByWork`), in the same two budgets; the rotating-rooms
// plays of `crusadePlan` in a budget of their own, `maxCrusadeCost` (service/crusade.ts
// crusadeCost), checked first: over it, TOO_EXPENSIVE, and nothing is played.
// Then the operation executes with every answer held.
import {
  type ExecutionArgs,
  type GraphQLSchema,
  type OperationDefinitionNode,
  getArgumentValues,
  getOperationAST,
} from 'graphql';
import { type Plugin, handleStreamOrSingleExecutionResult } from 'graphql-yoga';
import {
  ANSWERS,
  SOURCES,
  rowsJsonBytes,
  DEFAULT_MAX_CRUSADE_COST,
  type AnswerName,
  type SourceName,
  type LevelService,
  type StoredLevel,
} from '../../service/index.js';
import type { Context } from '../schema/context.js';
import {
  type LevelAsks,
  OperationReader,
  coercedVariables,
  fragmentsOf,
} from './operation-reader.js';
import { type FieldLevels, pricingOf } from '../schema/pricing.js';
import { schema } from '../schema/schema.js';
import { createRequestError, serviceRefusal } from '../schema/request-errors.js';

export interface Budget {
  /** Search states a request may have solved (SOURCES.cost). */
  readonly maxSolveCost: number;
  /** Bytes of answers a response may carry. */
  readonly maxResponseBytes: number;
  /** Cost of the rotating-rooms plays a request may ask for [DEFAULT_MAX_CRUSADE_COST]. */
  readonly maxCrusadeCost?: number;
}

/** The most JSON bytes of a deferred answer not made yet, by its kind; undefined: unbounded. */
function deferredBound(name: AnswerName, level: StoredLevel): number | undefined {
  switch (ANSWERS[name].kind) {
    case 'count':
      return 11;
    case 'letters':
      return 2 + 4 * 26;
    case 'rows':
      return rowsJsonBytes(level.rows);
    default:
      return undefined;
  }
}

/**
 * The root fields priced by the levels they answer (pricing.ts `priceByLevels`): every root
 * field whose answer can contain a level must be one (a test checks it).
 */
export function pricedFieldNames(from: GraphQLSchema = schema): string[] {
  return rootFields(from).flatMap(({ type, field }) =>
    pricingOf(field)?.kind === 'levels' ? [`${type.name}.${field.name}`] : [],
  );
}

function rootFields(from: GraphQLSchema) {
  return [from.getQueryType(), from.getMutationType(), from.getSubscriptionType()].flatMap(
    (type) => (type ? Object.values(type.getFields()).map((field) => ({ type, field })) : []),
  );
}

/** The budgets a request is held to, as `extensions.budget` of TOO_EXPENSIVE names them. */
export type BudgetName = 'SOLVE' | 'RESPONSE_BYTES' | 'CRUSADE';

/** What each budget counts, and what a client over it can do (the error's message). */
const BUDGET_TEXT: Readonly<Record<BudgetName, { what: string; advice: string }>> = {
  SOLVE: { what: 'a solve cost', advice: 'ask for fewer levels or answers at once' },
  RESPONSE_BYTES: { what: 'response bytes', advice: 'ask for fewer levels or answers at once' },
  CRUSADE: {
    what: 'a crusade cost (rooms x rooms x (rocks + 1))',
    advice: 'play a smaller level, or one with fewer rocks, or fewer at once',
  },
};

/** TOO_EXPENSIVE for `budget`: the request costs `cost`, over its `limit`. */
export function tooExpensive(budget: BudgetName, cost: number, limit: number): Error {
  const { what, advice } = BUDGET_TEXT[budget];
  return createRequestError(
    `the request asks for ${what} of ${cost}, more than the limit of ${limit}: ${advice}`,
    { extensions: { code: 'TOO_EXPENSIVE', cost, limit, budget, http: { status: 400 } } },
  );
}

/** What a request was priced at, in each budget: `extensions.cost` of its response. */
export interface Price {
  solve: number;
  responseBytes: number;
  crusade: number;
}

/** `extensions.cost`: the price in each budget, and the limits (docs/graphql.md, "Budgets"). */
export function costExtension(price: Price, budget: Budget) {
  return {
    solve: price.solve,
    maxSolve: budget.maxSolveCost,
    responseBytes: price.responseBytes,
    maxResponseBytes: budget.maxResponseBytes,
    crusade: price.crusade,
    maxCrusade: budget.maxCrusadeCost ?? DEFAULT_MAX_CRUSADE_COST,
  };
}

export function useBudget(budget: Budget): Plugin {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation || operation.operation === 'subscription') return;
      const price: Price = { solve: 0, responseBytes: 0, crusade: 0 };
      const refuse = (error: Error) =>
        setResultAndStopExecution({
          errors: [error],
          extensions: { cost: costExtension(price, budget) },
        });
      await priceRequest(budget, args, operation, price, refuse);
      return {
        onExecuteDone(payload) {
          let first = true;
          return handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
            if (!first) return;
            first = false;
            const cost = costExtension(price, budget);
            setResult({ ...result, extensions: { ...result.extensions, cost } });
          });
        },
      };
    },
  };
}

/**
 * Prices `operation` of `args` into `price`, and makes what it needs first; over a budget,
 * `refuse` answers TOO_EXPENSIVE and nothing runs.
 */
async function priceRequest(
  budget: Budget,
  args: ExecutionArgs,
  operation: OperationDefinitionNode,
  price: Price,
  refuse: (error: Error) => void,
): Promise<void> {
  const variables = coercedVariables(args.schema, operation, args.variableValues);
  if (variables === undefined) return;
  const rootType = args.schema.getRootType(operation.operation);
  if (!rootType) return;
  const context = args.contextValue as unknown as Context;
  // A mutation the request may not run is refused by its auth scope (401) before it
  // computes anything: pricing it would answer a stranger TOO_EXPENSIVE instead.
  if (operation.operation === 'mutation' && context.mayWrite === false) return;
  const reader = new OperationReader(args.schema, fragmentsOf(args.document), variables);

  // 1-2: the asks and the levels of each priced root field, found together so that the
  // request's loader reads every id in one batch.
  const found: Array<Promise<{ asks: LevelAsks; levels: FieldLevels } | null>> = [];
  // The work of root fields that answer no level (pricedWork).
  let workCost = 0;
  let workBytes = 0;
  let crusadeCost = 0;
  for (const field of reader.fieldsOf(rootType, operation.selectionSet)) {
    const definition = rootType.getFields()[field.name.value];
    const pricing = definition === undefined ? undefined : pricingOf(definition);
    if (pricing?.kind === 'work') {
      const counts = reader.fieldCounts(rootType, field);
      try {
        const {
          solve,
          responseBytes,
          crusade = 0,
        } = pricing.work(
          getArgumentValues(definition, field, variables),
          (typeName: string, fieldName: string) => counts.get(`${typeName}.${fieldName}`) ?? 0,
        );
        workCost += solve;
        workBytes += responseBytes;
        crusadeCost += crusade;
      } catch {
        // Bad arguments: the field's own error says so when it runs.
      }
      continue;
    }
    if (pricing?.kind !== 'levels') continue;
    // Fields that ask nothing of their levels are looked up too: their ids join the batch.
    const asks = reader.levelAsks(rootType, field);
    // Bad arguments (or a bad cursor): the field's own error says so when it runs.
    found.push(
      Promise.resolve()
        .then(() => pricing.levels(getArgumentValues(definition, field, variables), context))
        .then(
          (levels) => ({ asks, levels }),
          () => null,
        ),
    );
  }
  const maxCrusadeCost = budget.maxCrusadeCost ?? DEFAULT_MAX_CRUSADE_COST;
  price.crusade = crusadeCost;
  price.solve = workCost;
  price.responseBytes = workBytes;
  if (crusadeCost > maxCrusadeCost) {
    refuse(tooExpensive('CRUSADE', crusadeCost, maxCrusadeCost));
    return;
  }
  const priced = (await Promise.all(found)).filter((entry) => entry !== null);
  if (priced.length === 0 && workCost === 0 && workBytes === 0) return;

  // 3: the solve cost of every source not held, once per level version.
  const { service } = context;
  const work = new Map<
    string,
    { level: StoredLevel; sources: Set<SourceName>; now: Set<SourceName> }
  >();
  let cost = workCost;
  for (const { asks, levels } of priced) {
    const sources = new Set([...asks.answers.keys()].map((name) => ANSWERS[name].source));
    for (const size of levels.made) {
      for (const source of sources) cost += SOURCES[source].cost(size);
    }
    for (const level of levels.stored) {
      const key = `${level.version}:${level.id}`;
      const entry = work.get(key) ?? {
        level,
        sources: new Set<SourceName>(),
        now: new Set<SourceName>(),
      };
      for (const source of sources) entry.sources.add(source);
      for (const [name] of asks.answers) {
        if (asks.now.has(name) || deferredBound(name, level) === undefined) {
          entry.now.add(ANSWERS[name].source);
        }
      }
      work.set(key, entry);
    }
  }
  for (const { level, sources } of work.values()) cost += service.costOf(level, sources);
  price.solve = cost;
  if (cost > budget.maxSolveCost) {
    refuse(tooExpensive('SOLVE', cost, budget.maxSolveCost));
    return;
  }
  // A response certain to be over its budget is refused before anything is solved: a
  // render not made yet is priced at its most (the rows' size), a path at nothing yet.
  const bound =
    workBytes +
    responseBytes(priced, service, (name, level) =>
      ANSWERS[name].kind === 'rows' ? rowsJsonBytes(level.rows) : 0,
    );
  price.responseBytes = bound;
  if (bound > budget.maxResponseBytes) {
    refuse(tooExpensive('RESPONSE_BYTES', bound, budget.maxResponseBytes));
    return;
  }

  // 4: make what is missing, in the pool for big levels, under the deadline.
  // Other failures (a corrupt stored level) are left to the fields, which report them.
  const made = await Promise.allSettled(
    [...work.values()].map(({ level, now }) => service.prepare(level, now, context.signal)),
  );
  for (const outcome of made) {
    const refusal = outcome.status === 'rejected' ? serviceRefusal(outcome.reason) : undefined;
    if (refusal) {
      refuse(refusal);
      return;
    }
  }

  // 5: the bytes of the response's answers, exactly (a failed answer: the field says so),
  // and of the deferred answers not made yet at their most.
  const bytes =
    workBytes + responseBytes(priced, service, (name, level) => deferredBound(name, level) ?? 0);
  price.responseBytes = bytes;
  if (bytes > budget.maxResponseBytes) {
    refuse(tooExpensive('RESPONSE_BYTES', bytes, budget.maxResponseBytes));
  }
}

/**
 * The response bytes of the priced fields (RESPONSE_BYTES), each answer counted as often as
 * it appears; `unmade` prices an answer whose source is not held.
 */
function responseBytes(
  priced: ReadonlyArray<{ asks: LevelAsks; levels: FieldLevels }>,
  service: LevelService,
  unmade: (name: AnswerName, level: StoredLevel) => number,
): number {
  let bytes = 0;
  for (const { asks, levels } of priced) {
    for (const level of levels.stored) {
      bytes += asks.rows * rowsJsonBytes(level.rows);
      const answers = service.answers(level);
      for (const [name, times] of asks.answers) {
        const held = answers.has(ANSWERS[name].source);
        bytes += times * (held ? answers.responseBytes(name) : unmade(name, level));
      }
    }
  }
  return bytes;
}
