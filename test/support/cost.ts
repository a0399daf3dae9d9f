// Every executed operation answers its price in `extensions.cost` (src/graphql/execution/
// use-budget.ts). Tests of what an operation answers compare the answer: splitCost takes the
// price apart.
import type { costExtension } from '../../src/graphql/execution/use-budget.js';

/** What every executed operation answers in `extensions.cost`. */
export type Cost = Readonly<ReturnType<typeof costExtension>>;

/**
 * A response body without its `extensions.cost` (and without `extensions` when nothing else
 * is in it), and the cost: so that tests of what an operation answers compare the answer.
 */
export function splitCost<T>(body: T): { body: T; cost?: Cost } {
  const extensions = (body as { extensions?: Record<string, unknown> } | null)?.extensions;
  if (!extensions?.cost) return { body };
  const { cost, ...others } = extensions as { cost: Cost };
  const rest = { ...body } as T & { extensions?: Record<string, unknown> };
  if (Object.keys(others).length > 0) rest.extensions = others;
  else delete rest.extensions;
  return { body: rest, cost };
}
