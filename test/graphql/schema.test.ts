import { readFileSync } from 'node:fs';
import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printSortedSchema, schema } from '../../src/graphql/schema.js';

const committed = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');

describe('the printed schema', () => {
  it('is committed at schema/schema.graphql, sorted and up to date', () => {
    const printed = printSortedSchema();
    if (printed !== committed) {
      expect.fail('schema/schema.graphql is stale: run npm run schema (and npm run codegen)');
    }
  });

  it('has the names of the contract of docs/graphql.md', () => {
    const query = schema.getQueryType()!.getFields();
    const mutation = schema.getMutationType()!.getFields();
    expect(String(query.level.type)).toBe('Level');
    expect(query.level.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual(['id: ID!']);
    expect(String(query.levels.type)).toBe('LevelConnection!');
    expect(query.levels.args.map((arg) => `${arg.name}: ${String(arg.type)}`).sort()).toEqual([
      'after: String',
      'first: Int',
    ]);
    expect(String(mutation.loadLevel.type)).toBe('LoadLevelResult!');
    expect(String(mutation.deleteLevel.type)).toBe('Boolean!');
    expect(String(mutation.generateLevel.type)).toBe('GenerateLevelResult!');
    expect(mutation.generateLevel.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual([
      'id: ID!',
      'input: GenerateLevelInput!',
    ]);
    expect(String(mutation.importMaze.type)).toBe('ImportMazeResult!');
    expect(mutation.importMaze.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual([
      'id: ID!',
      'text: String!',
    ]);
    expect(String(query.crusadePlan.type)).toBe('CrusadePlanResult!');
    const level = schema.getType('Level') as GraphQLObjectType;
    expect(
      Object.fromEntries(
        Object.values(level.getFields()).map((field) => [field.name, String(field.type)]),
      ),
    ).toEqual({
      id: 'ID!',
      version: 'Int!',
      rows: '[String!]!',
      width: 'Int!',
      height: 'Int!',
      steps: 'Int',
      path: '[Position!]',
      render: '[String!]',
      cheapest: 'Int',
      cheapestPath: '[Position!]',
      cheapestRender: '[String!]',
      maze: 'MazeExport',
    });
  });
});
