// No change that breaks a client of the last release: schema/release-3.graphql is the third
// release's printed schema, and graphql-inspector's diff (the tool, not a diff of our own)
// lists every change from it to today's schema. Additions and deprecations pass; a removed
// field, argument, type or enum value, or a changed type, fails `npm test`.
import { readFileSync } from 'node:fs';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { Kind, buildASTSchema, buildSchema, parse, visit, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema/schema.js';

const RELEASE_3 = readFileSync(new URL('../../schema/release-3.graphql', import.meta.url), 'utf8');

/** The changes from `before` to `after` that break a client, as "TYPE: message" lines. */
async function breakingChanges(before: GraphQLSchema, after: GraphQLSchema): Promise<string[]> {
  const changes: Change[] = await diff(before, after);
  return changes
    .filter((change) => change.criticality.level === CriticalityLevel.Breaking)
    .map((change) => `${change.type}: ${change.message}`);
}

/** The schema of `sdl` without the field `type.field` (its description goes with it). */
function withoutField(sdl: string, type: string, field: string): GraphQLSchema {
  let found = false;
  const document = visit(parse(sdl), {
    [Kind.OBJECT_TYPE_DEFINITION](node) {
      if (node.name.value !== type) return undefined;
      const fields = node.fields?.filter((each) => each.name.value !== field);
      found = fields?.length !== node.fields?.length;
      return { ...node, fields };
    },
  });
  expect(found).toBe(true);
  return buildASTSchema(document);
}

describe('the schema against the last release', () => {
  const release3 = buildSchema(RELEASE_3);

  it('keeps everything a client of the third release sends', async () => {
    expect(await breakingChanges(release3, schema)).toEqual([]);
  });

  it('reads the release schema in full (the guard compares something)', () => {
    const level = release3.getType('Level');
    expect(level).toBeDefined();
    expect(Object.keys(release3.getQueryType()!.getFields())).toContain('levels');
  });

  it('fails on a removed field', async () => {
    // The release schema with one field of Level left out: a client asking for it would fail.
    const broken = await breakingChanges(
      release3,
      withoutField(RELEASE_3, 'Level', 'shortestWalks'),
    );
    expect(broken).toEqual([
      "FIELD_REMOVED: Field 'shortestWalks' was removed from object type 'Level'",
    ]);
  });

  it('fails on a changed argument type and a removed enum value', async () => {
    const changed = RELEASE_3.replace(
      'levelsById(ids: [ID!]!)',
      'levelsById(ids: [String!]!)',
    ).replace(/\n {2}VERSION_CONFLICT\n/, '\n  OTHER_CONFLICT\n');
    const broken = await breakingChanges(release3, buildSchema(changed));
    expect(broken.map((line) => line.split(':')[0]).sort()).toEqual([
      'ENUM_VALUE_REMOVED',
      'FIELD_ARGUMENT_TYPE_CHANGED',
    ]);
  });

  it('lets additions and deprecations pass', async () => {
    const added = RELEASE_3.replace(
      /\n {2}shortestWalks: Int\n/g,
      '\n  shortestWalks: Int @deprecated(reason: "test")\n  newAnswer: Int\n',
    );
    expect(await breakingChanges(release3, buildSchema(added))).toEqual([]);
  });
});
