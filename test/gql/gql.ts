/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "mutation CopyLevel($from: ID!, $to: ID!, $expectedVersion: Int) {\n  copyLevel(from: $from, to: $to, expectedVersion: $expectedVersion) {\n    __typename\n    ... on Level {\n      id\n      version\n      rows\n      name\n      tags\n    }\n    ... on CopyError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      currentVersion\n    }\n  }\n}": typeof types.CopyLevelDocument,
    "query CrusadePlan($level: String!) {\n  crusadePlan(level: $level) {\n    __typename\n    ... on CrusadePlan {\n      outcome\n      reason\n      turns {\n        turn\n        command\n        indy {\n          x\n          y\n          pos\n        }\n      }\n      slowestTurnMs\n    }\n    ... on CrusadeLevelError {\n      message\n      code\n      row\n    }\n  }\n}": typeof types.CrusadePlanDocument,
    "mutation DeleteLevel($id: ID!) {\n  deleteLevel(id: $id)\n}": typeof types.DeleteLevelDocument,
    "mutation GenerateLevel($id: ID!, $input: GenerateLevelInput!) {\n  generateLevel(id: $id, input: $input) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        id\n        version\n        rows\n        steps\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n    }\n  }\n}": typeof types.GenerateLevelDocument,
    "mutation ImportMaze($id: ID!, $text: String!) {\n  importMaze(id: $id, text: $text) {\n    __typename\n    ... on ImportedMaze {\n      level {\n        id\n        version\n        rows\n      }\n      warnings\n    }\n    ... on MazeFormatError {\n      message\n    }\n  }\n}": typeof types.ImportMazeDocument,
    "query LevelMaze($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    maze {\n      text\n      rows\n      entry {\n        x\n        y\n      }\n      exit {\n        x\n        y\n      }\n      path\n    }\n  }\n}": typeof types.LevelMazeDocument,
    "query Level($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    rows\n    width\n    height\n    steps\n    path {\n      row\n      col\n    }\n    render\n    cheapest\n    cheapestPath {\n      row\n      col\n    }\n    cheapestRender\n  }\n}": typeof types.LevelDocument,
    "query LevelsById($ids: [ID!]!) {\n  levelsById(ids: $ids) {\n    id\n    version\n    steps\n  }\n}": typeof types.LevelsByIdDocument,
    "query Levels($first: Int, $after: String) {\n  levels(first: $first, after: $after) {\n    edges {\n      cursor\n      node {\n        id\n        version\n      }\n    }\n    pageInfo {\n      hasNextPage\n      hasPreviousPage\n      startCursor\n      endCursor\n    }\n  }\n}": typeof types.LevelsDocument,
    "mutation LoadLevel($id: ID!, $rows: [String!]!) {\n  loadLevel(id: $id, rows: $rows) {\n    __typename\n    ... on Level {\n      id\n      version\n      rows\n      steps\n    }\n    ... on LevelValidationError {\n      message\n      code\n      row\n      col\n    }\n  }\n}": typeof types.LoadLevelDocument,
    "mutation NameLevel($id: ID!, $rows: [String!]!, $name: String, $tags: [String!], $expectedVersion: Int) {\n  loadLevel(\n    id: $id\n    rows: $rows\n    name: $name\n    tags: $tags\n    expectedVersion: $expectedVersion\n  ) {\n    __typename\n    ... on Level {\n      id\n      version\n      name\n      tags\n    }\n    ... on LevelValidationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      currentVersion\n    }\n  }\n}": typeof types.NameLevelDocument,
    "query SearchLevels($first: Int, $after: String, $search: String, $tag: String) {\n  levels(first: $first, after: $after, search: $search, tag: $tag) {\n    edges {\n      node {\n        id\n        version\n        name\n        tags\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.SearchLevelsDocument,
};
const documents: Documents = {
    "mutation CopyLevel($from: ID!, $to: ID!, $expectedVersion: Int) {\n  copyLevel(from: $from, to: $to, expectedVersion: $expectedVersion) {\n    __typename\n    ... on Level {\n      id\n      version\n      rows\n      name\n      tags\n    }\n    ... on CopyError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      currentVersion\n    }\n  }\n}": types.CopyLevelDocument,
    "query CrusadePlan($level: String!) {\n  crusadePlan(level: $level) {\n    __typename\n    ... on CrusadePlan {\n      outcome\n      reason\n      turns {\n        turn\n        command\n        indy {\n          x\n          y\n          pos\n        }\n      }\n      slowestTurnMs\n    }\n    ... on CrusadeLevelError {\n      message\n      code\n      row\n    }\n  }\n}": types.CrusadePlanDocument,
    "mutation DeleteLevel($id: ID!) {\n  deleteLevel(id: $id)\n}": types.DeleteLevelDocument,
    "mutation GenerateLevel($id: ID!, $input: GenerateLevelInput!) {\n  generateLevel(id: $id, input: $input) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        id\n        version\n        rows\n        steps\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n    }\n  }\n}": types.GenerateLevelDocument,
    "mutation ImportMaze($id: ID!, $text: String!) {\n  importMaze(id: $id, text: $text) {\n    __typename\n    ... on ImportedMaze {\n      level {\n        id\n        version\n        rows\n      }\n      warnings\n    }\n    ... on MazeFormatError {\n      message\n    }\n  }\n}": types.ImportMazeDocument,
    "query LevelMaze($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    maze {\n      text\n      rows\n      entry {\n        x\n        y\n      }\n      exit {\n        x\n        y\n      }\n      path\n    }\n  }\n}": types.LevelMazeDocument,
    "query Level($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    rows\n    width\n    height\n    steps\n    path {\n      row\n      col\n    }\n    render\n    cheapest\n    cheapestPath {\n      row\n      col\n    }\n    cheapestRender\n  }\n}": types.LevelDocument,
    "query LevelsById($ids: [ID!]!) {\n  levelsById(ids: $ids) {\n    id\n    version\n    steps\n  }\n}": types.LevelsByIdDocument,
    "query Levels($first: Int, $after: String) {\n  levels(first: $first, after: $after) {\n    edges {\n      cursor\n      node {\n        id\n        version\n      }\n    }\n    pageInfo {\n      hasNextPage\n      hasPreviousPage\n      startCursor\n      endCursor\n    }\n  }\n}": types.LevelsDocument,
    "mutation LoadLevel($id: ID!, $rows: [String!]!) {\n  loadLevel(id: $id, rows: $rows) {\n    __typename\n    ... on Level {\n      id\n      version\n      rows\n      steps\n    }\n    ... on LevelValidationError {\n      message\n      code\n      row\n      col\n    }\n  }\n}": types.LoadLevelDocument,
    "mutation NameLevel($id: ID!, $rows: [String!]!, $name: String, $tags: [String!], $expectedVersion: Int) {\n  loadLevel(\n    id: $id\n    rows: $rows\n    name: $name\n    tags: $tags\n    expectedVersion: $expectedVersion\n  ) {\n    __typename\n    ... on Level {\n      id\n      version\n      name\n      tags\n    }\n    ... on LevelValidationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      currentVersion\n    }\n  }\n}": types.NameLevelDocument,
    "query SearchLevels($first: Int, $after: String, $search: String, $tag: String) {\n  levels(first: $first, after: $after, search: $search, tag: $tag) {\n    edges {\n      node {\n        id\n        version\n        name\n        tags\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.SearchLevelsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CopyLevel($from: ID!, $to: ID!, $expectedVersion: Int) {\n  copyLevel(from: $from, to: $to, expectedVersion: $expectedVersion) {\n    __typename\n    ... on Level {\n      id\n      version\n      rows\n      name\n      tags\n    }\n    ... on CopyError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      currentVersion\n    }\n  }\n}"): (typeof documents)["mutation CopyLevel($from: ID!, $to: ID!, $expectedVersion: Int) {\n  copyLevel(from: $from, to: $to, expectedVersion: $expectedVersion) {\n    __typename\n    ... on Level {\n      id\n      version\n      rows\n      name\n      tags\n    }\n    ... on CopyError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      currentVersion\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CrusadePlan($level: String!) {\n  crusadePlan(level: $level) {\n    __typename\n    ... on CrusadePlan {\n      outcome\n      reason\n      turns {\n        turn\n        command\n        indy {\n          x\n          y\n          pos\n        }\n      }\n      slowestTurnMs\n    }\n    ... on CrusadeLevelError {\n      message\n      code\n      row\n    }\n  }\n}"): (typeof documents)["query CrusadePlan($level: String!) {\n  crusadePlan(level: $level) {\n    __typename\n    ... on CrusadePlan {\n      outcome\n      reason\n      turns {\n        turn\n        command\n        indy {\n          x\n          y\n          pos\n        }\n      }\n      slowestTurnMs\n    }\n    ... on CrusadeLevelError {\n      message\n      code\n      row\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteLevel($id: ID!) {\n  deleteLevel(id: $id)\n}"): (typeof documents)["mutation DeleteLevel($id: ID!) {\n  deleteLevel(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GenerateLevel($id: ID!, $input: GenerateLevelInput!) {\n  generateLevel(id: $id, input: $input) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        id\n        version\n        rows\n        steps\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n    }\n  }\n}"): (typeof documents)["mutation GenerateLevel($id: ID!, $input: GenerateLevelInput!) {\n  generateLevel(id: $id, input: $input) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        id\n        version\n        rows\n        steps\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ImportMaze($id: ID!, $text: String!) {\n  importMaze(id: $id, text: $text) {\n    __typename\n    ... on ImportedMaze {\n      level {\n        id\n        version\n        rows\n      }\n      warnings\n    }\n    ... on MazeFormatError {\n      message\n    }\n  }\n}"): (typeof documents)["mutation ImportMaze($id: ID!, $text: String!) {\n  importMaze(id: $id, text: $text) {\n    __typename\n    ... on ImportedMaze {\n      level {\n        id\n        version\n        rows\n      }\n      warnings\n    }\n    ... on MazeFormatError {\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LevelMaze($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    maze {\n      text\n      rows\n      entry {\n        x\n        y\n      }\n      exit {\n        x\n        y\n      }\n      path\n    }\n  }\n}"): (typeof documents)["query LevelMaze($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    maze {\n      text\n      rows\n      entry {\n        x\n        y\n      }\n      exit {\n        x\n        y\n      }\n      path\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Level($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    rows\n    width\n    height\n    steps\n    path {\n      row\n      col\n    }\n    render\n    cheapest\n    cheapestPath {\n      row\n      col\n    }\n    cheapestRender\n  }\n}"): (typeof documents)["query Level($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    rows\n    width\n    height\n    steps\n    path {\n      row\n      col\n    }\n    render\n    cheapest\n    cheapestPath {\n      row\n      col\n    }\n    cheapestRender\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LevelsById($ids: [ID!]!) {\n  levelsById(ids: $ids) {\n    id\n    version\n    steps\n  }\n}"): (typeof documents)["query LevelsById($ids: [ID!]!) {\n  levelsById(ids: $ids) {\n    id\n    version\n    steps\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Levels($first: Int, $after: String) {\n  levels(first: $first, after: $after) {\n    edges {\n      cursor\n      node {\n        id\n        version\n      }\n    }\n    pageInfo {\n      hasNextPage\n      hasPreviousPage\n      startCursor\n      endCursor\n    }\n  }\n}"): (typeof documents)["query Levels($first: Int, $after: String) {\n  levels(first: $first, after: $after) {\n    edges {\n      cursor\n      node {\n        id\n        version\n      }\n    }\n    pageInfo {\n      hasNextPage\n      hasPreviousPage\n      startCursor\n      endCursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation LoadLevel($id: ID!, $rows: [String!]!) {\n  loadLevel(id: $id, rows: $rows) {\n    __typename\n    ... on Level {\n      id\n      version\n      rows\n      steps\n    }\n    ... on LevelValidationError {\n      message\n      code\n      row\n      col\n    }\n  }\n}"): (typeof documents)["mutation LoadLevel($id: ID!, $rows: [String!]!) {\n  loadLevel(id: $id, rows: $rows) {\n    __typename\n    ... on Level {\n      id\n      version\n      rows\n      steps\n    }\n    ... on LevelValidationError {\n      message\n      code\n      row\n      col\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation NameLevel($id: ID!, $rows: [String!]!, $name: String, $tags: [String!], $expectedVersion: Int) {\n  loadLevel(\n    id: $id\n    rows: $rows\n    name: $name\n    tags: $tags\n    expectedVersion: $expectedVersion\n  ) {\n    __typename\n    ... on Level {\n      id\n      version\n      name\n      tags\n    }\n    ... on LevelValidationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      currentVersion\n    }\n  }\n}"): (typeof documents)["mutation NameLevel($id: ID!, $rows: [String!]!, $name: String, $tags: [String!], $expectedVersion: Int) {\n  loadLevel(\n    id: $id\n    rows: $rows\n    name: $name\n    tags: $tags\n    expectedVersion: $expectedVersion\n  ) {\n    __typename\n    ... on Level {\n      id\n      version\n      name\n      tags\n    }\n    ... on LevelValidationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      currentVersion\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SearchLevels($first: Int, $after: String, $search: String, $tag: String) {\n  levels(first: $first, after: $after, search: $search, tag: $tag) {\n    edges {\n      node {\n        id\n        version\n        name\n        tags\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): (typeof documents)["query SearchLevels($first: Int, $after: String, $search: String, $tag: String) {\n  levels(first: $first, after: $after, search: $search, tag: $tag) {\n    edges {\n      node {\n        id\n        version\n        name\n        tags\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;