// The price of a field, attached where the field is defined: `extensions: priceByLevels(…)`
// (or `priceByWork`, or `free`) in its Pothos options. The budget (execution/use-budget.ts) reads
// it from the schema's field; a test checks that every field taking arguments has one, so a new
// field cannot be forgotten. The sizes of levels still to be made come from the service's
// answers table (service/answers.ts: sizeOfRows and its neighbours), not from here.
import { type GraphQLSchema, isObjectType } from 'graphql';
import type { SearchSize, StoredLevel } from '../../service/index.js';
import type { Context } from './context.js';

/** The levels a root field answers: stored ones, or the sizes of levels it will make. */
export interface FieldLevels {
  /** Levels as they will appear in the response (a repeated id appears again). */
  readonly stored: readonly StoredLevel[];
  /** Levels a mutation will store, known only by their size (priced for solving only). */
  readonly made: readonly SearchSize[];
}

/** What a root field that answers no level costs: solve cost, and at most its response bytes. */
export interface WorkPrice {
  readonly solve: number;
  readonly responseBytes: number;
  /** The cost of the rotating-rooms plays it asks for (service/crusade.ts crusadeCost). */
  readonly crusade?: number;
}

/** How often the operation selects `typeName.fieldName` under the priced field. */
export type Asked = (typeName: string, fieldName: string) => number;

/**
 * How a field is priced. Throwing in `levels` or `work` means bad arguments: the field itself
 * reports them when it runs, and the budget leaves it out.
 */
export type Pricing =
  /** A root field whose answer holds levels: found (read, not solved) before anything runs. */
  | {
      readonly kind: 'levels';
      readonly levels: (
        args: Record<string, unknown>,
        context: Context,
      ) => Promise<FieldLevels> | FieldLevels;
    }
  /** A root field that answers no level: priced from its arguments and what is asked of it. */
  | {
      readonly kind: 'work';
      readonly work: (args: Record<string, unknown>, asked: Asked) => WorkPrice;
    }
  /** A field whose arguments cannot make it expensive; `reason` says why. */
  | { readonly kind: 'free'; readonly reason: string };

/** The key of a field's `extensions` that holds its Pricing. */
const PRICE_KEY = 'price';

/** Field `extensions` holding a price (spread in when a field has other extensions). */
export type PriceExtension = { readonly [PRICE_KEY]: Pricing };

/** The price of a root field that answers levels; `Args` are its arguments as coerced. */
export function priceByLevels<Args>(
  levels: (args: Args, context: Context) => Promise<FieldLevels> | FieldLevels,
): PriceExtension {
  return {
    [PRICE_KEY]: {
      kind: 'levels',
      levels: levels as (args: Record<string, unknown>, context: Context) => FieldLevels,
    },
  };
}

/** The price of a root field that answers no level; `Args` are its arguments as coerced. */
export function priceByWork<Args>(work: (args: Args, asked: Asked) => WorkPrice): PriceExtension {
  return {
    [PRICE_KEY]: {
      kind: 'work',
      work: work as (args: Record<string, unknown>, asked: Asked) => WorkPrice,
    },
  };
}

/** A field whose arguments cannot make it expensive (say why: the next reader checks it). */
export function free(reason: string): PriceExtension {
  return { [PRICE_KEY]: { kind: 'free', reason } };
}

/** The price attached to a field of the schema; undefined when it has none. */
export function pricingOf(field: {
  readonly extensions?: Readonly<Record<string, unknown>> | null;
}): Pricing | undefined {
  const pricing = field.extensions?.[PRICE_KEY];
  return isPricing(pricing) ? pricing : undefined;
}

function isPricing(value: unknown): value is Pricing {
  if (typeof value !== 'object' || value === null) return false;
  const { kind } = value as { kind?: unknown };
  return kind === 'levels' || kind === 'work' || kind === 'free';
}

/**
 * Every field of `schema` that takes arguments and has no price attached, as "Type.field": a
 * field's arguments are what can make it expensive, so each must say how it is priced (or why
 * it is free). Introspection's own fields are not ours to price.
 */
export function unpricedFields(schema: GraphQLSchema): string[] {
  return Object.values(schema.getTypeMap()).flatMap((type) =>
    isObjectType(type) && !type.name.startsWith('__')
      ? Object.values(type.getFields())
          .filter((field) => field.args.length > 0 && pricingOf(field) === undefined)
          .map((field) => `${type.name}.${field.name}`)
      : [],
  );
}
