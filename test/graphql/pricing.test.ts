// Prices attached to their fields (src/graphql/schema/pricing.ts): every field whose arguments can
// make it expensive says how it is priced, so a field added without a price fails here.
import { createSchema } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { pricedFieldNames } from '../../src/graphql/execution/use-budget.js';
import { pricingOf, unpricedFields } from '../../src/graphql/schema/pricing.js';
import { schema } from '../../src/graphql/schema/schema.js';

describe('prices attached to fields', () => {
  it('every field with arguments has a price, or says why it is free', () => {
    expect(unpricedFields(schema)).toEqual([]);
    const fieldsWithArguments = Object.values(schema.getTypeMap()).flatMap((type) =>
      'getFields' in type && !type.name.startsWith('__')
        ? Object.values(type.getFields()).filter((field) => 'args' in field && field.args.length)
        : [],
    );
    // The schema has such fields, each with a price of a known kind.
    expect(fieldsWithArguments.length).toBeGreaterThan(10);
    for (const field of fieldsWithArguments) {
      const pricing = pricingOf(field as { extensions: Record<string, unknown> });
      expect(['levels', 'work', 'free']).toContain(pricing?.kind);
      if (pricing?.kind === 'free') expect(pricing.reason.length).toBeGreaterThan(10);
    }
  });

  it('finds a field that takes arguments and has no price', () => {
    const bare = createSchema({
      typeDefs: 'type Query { a(n: Int): Int, b: Int } type T { c(x: String): Int }',
    });
    expect(unpricedFields(bare).sort()).toEqual(['Query.a', 'T.c']);
  });

  it('prices by their levels exactly the root fields that answer levels, work the others', () => {
    const kinds = (typeName: 'Query' | 'Mutation') =>
      Object.fromEntries(
        Object.values(
          (typeName === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields(),
        ).map((field) => [field.name, pricingOf(field)?.kind ?? 'none']),
      );
    expect(kinds('Query')).toEqual({
      level: 'levels',
      levelsById: 'levels',
      levels: 'levels',
      node: 'levels',
      nodes: 'levels',
      checkLevel: 'levels',
      walkLevel: 'work',
      crusadePlan: 'work',
      generateCarving: 'work',
    });
    expect(kinds('Mutation')).toEqual({
      loadLevel: 'levels',
      deleteLevel: 'free',
      generateLevel: 'levels',
      importMaze: 'levels',
      revertLevel: 'levels',
      copyLevel: 'levels',
      joinLevel: 'free',
      editLevel: 'free',
      moveInLevel: 'free',
      leaveLevel: 'free',
    });
    expect(pricedFieldNames().length).toBe(11);
  });
});
