import { readFileSync } from 'node:fs';
import { GraphQLObjectType, type GraphQLUnionType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printSortedSchema, schema } from '../../src/graphql/schema/schema.js';

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
    expect(query.level.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual([
      'id: ID!',
      'version: Int',
    ]);
    expect(String(query.levels.type)).toBe('LevelConnection!');
    expect(query.levels.args.map((arg) => `${arg.name}: ${String(arg.type)}`).sort()).toEqual([
      'after: String',
      'first: Int',
      'search: String',
      'tag: String',
    ]);
    expect(String(mutation.loadLevel.type)).toBe('LoadLevelResult!');
    expect(String(mutation.deleteLevel.type)).toBe('Boolean!');
    expect(String(mutation.generateLevel.type)).toBe('GenerateLevelResult!');
    expect(
      mutation.generateLevel.args.map((arg) => `${arg.name}: ${String(arg.type)}`).sort(),
    ).toEqual([
      'expectedVersion: Int',
      'id: ID!',
      'input: GenerateLevelInput!',
      'name: String',
      'tags: [String!]',
    ]);
    expect(String(mutation.importMaze.type)).toBe('ImportMazeResult!');
    expect(
      mutation.importMaze.args.map((arg) => `${arg.name}: ${String(arg.type)}`).sort(),
    ).toEqual([
      'expectedVersion: Int',
      'id: ID!',
      'name: String',
      'tags: [String!]',
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
      moves: 'String',
      cheapestMoves: 'String',
      maze: 'MazeExport',
      levelId: 'ID!',
      savedAt: 'String!',
      history: 'LevelHistoryConnection!',
      unreachable: '[Position!]!',
      unreachableMask: '[String!]!',
      neededKeys: '[String!]!',
      deadEnds: 'Int!',
      shortestWalks: 'Int',
      name: 'String',
      tags: '[String!]!',
      noRoute: 'NoRoute',
    });
  });

  it("has the names of the editors' and fleets' additions (docs/graphql.md)", () => {
    const query = schema.getQueryType()!.getFields();
    const mutation = schema.getMutationType()!.getFields();
    const subscription = schema.getSubscriptionType()!.getFields();
    const args = (field: { args: readonly { name: string; type: unknown }[] }) =>
      field.args.map((arg) => `${arg.name}: ${String(arg.type)}`).sort();
    expect(String(query.checkLevel.type)).toBe('CheckLevelResult!');
    expect(args(query.checkLevel)).toEqual(['rows: [String!]!']);
    expect(args(mutation.loadLevel)).toEqual([
      'expectedVersion: Int',
      'id: ID!',
      'name: String',
      'rows: [String!]!',
      'tags: [String!]',
    ]);
    expect(String(mutation.revertLevel.type)).toBe('RevertLevelResult!');
    expect(args(mutation.revertLevel)).toEqual([
      'expectedVersion: Int',
      'id: ID!',
      'version: Int!',
    ]);
    expect(String(subscription.levelChanged.type)).toBe('LevelChange!');
    expect(args(subscription.levelChanged)).toEqual(['id: ID!']);
    expect(String(subscription.levelsChanged.type)).toBe('LevelChange!');
    const conflict = schema.getType('VersionConflict') as GraphQLObjectType;
    expect(Object.keys(conflict.getFields()).sort()).toEqual(['code', 'currentVersion', 'message']);
    for (const union of [
      'LoadLevelResult',
      'GenerateLevelResult',
      'ImportMazeResult',
      'RevertLevelResult',
      'CopyLevelResult',
    ]) {
      expect(
        (schema.getType(union) as GraphQLUnionType).getTypes().map((type) => type.name),
      ).toContain('VersionConflict');
    }
    const draft = schema.getType('LevelDraft') as GraphQLObjectType;
    expect(Object.keys(draft.getFields()).sort()).toEqual([
      'cheapest',
      'cheapestMoves',
      'cheapestPath',
      'cheapestRender',
      'deadEnds',
      'height',
      'maze',
      'moves',
      'neededKeys',
      'noRoute',
      'path',
      'render',
      'rows',
      'shortestWalks',
      'steps',
      'unreachable',
      'unreachableMask',
      'width',
    ]);
    // The designers' insights (docs/graphql.md), the same on a draft as on a level.
    const types = (type: GraphQLObjectType) =>
      ['unreachable', 'neededKeys', 'deadEnds', 'shortestWalks'].map((name) =>
        String(type.getFields()[name].type),
      );
    expect(types(draft)).toEqual(['[Position!]!', '[String!]!', 'Int!', 'Int']);
    expect(types(schema.getType('Level') as GraphQLObjectType)).toEqual(types(draft));
    expect(String(query.walkLevel.type)).toBe('WalkLevelResult!');
    expect(args(query.walkLevel)).toEqual(['moves: String!', 'rows: [String!]!']);
    expect(
      (schema.getType('WalkLevelResult') as GraphQLUnionType).getTypes().map((type) => type.name),
    ).toEqual(['LevelValidationError', 'Walk']);
    const walk = schema.getType('Walk') as GraphQLObjectType;
    expect(
      Object.fromEntries(
        Object.values(walk.getFields()).map((field) => [field.name, String(field.type)]),
      ),
    ).toEqual({
      positions: '[Position!]!',
      keys: '[String!]!',
      steps: 'Int!',
      reachedExit: 'Boolean!',
      blockedAt: 'Int',
    });
    // Every field and argument of the designers' additions says what it is.
    for (const field of [query.walkLevel, ...Object.values(walk.getFields())]) {
      expect(field.description, field.name).toBeTruthy();
      for (const arg of field.args) expect(arg.description, arg.name).toBeTruthy();
    }
    for (const name of ['unreachable', 'neededKeys', 'deadEnds', 'shortestWalks']) {
      expect(draft.getFields()[name].description, name).toBeTruthy();
    }
    // For designers (docs/graphql.md, "Names, tags and search").
    expect(String(mutation.copyLevel.type)).toBe('CopyLevelResult!');
    expect(args(mutation.copyLevel)).toEqual(['expectedVersion: Int', 'from: ID!', 'to: ID!']);
    expect(
      (schema.getType('CopyLevelResult') as GraphQLUnionType).getTypes().map((type) => type.name),
    ).toEqual(['CopyError', 'Level', 'VersionConflict']);
    const version = schema.getType('LevelVersion') as GraphQLObjectType;
    expect(String(version.getFields().name.type)).toBe('String');
    expect(String(version.getFields().tags.type)).toBe('[String!]!');
    for (const field of [
      mutation.copyLevel,
      query.levels,
      mutation.loadLevel,
      mutation.generateLevel,
      mutation.importMaze,
      version.getFields().name,
      version.getFields().tags,
      (schema.getType('Level') as GraphQLObjectType).getFields().name,
      (schema.getType('Level') as GraphQLObjectType).getFields().tags,
    ]) {
      expect(field.description, field.name).toBeTruthy();
      for (const arg of field.args.filter((a) =>
        ['from', 'to', 'search', 'tag', 'name', 'tags'].includes(a.name),
      )) {
        expect(arg.description, `${field.name}(${arg.name})`).toBeTruthy();
      }
    }
    // Every type implementing Error has a code enum.
    for (const type of Object.values(schema.getTypeMap())) {
      if (
        type instanceof GraphQLObjectType &&
        type.getInterfaces().some((i) => i.name === 'Error')
      ) {
        expect(String(type.getFields().code?.type), type.name).toMatch(/^[A-Za-z]+Code!$/);
      }
    }
  });
});
