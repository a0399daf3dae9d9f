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
    "mutation JoinToDraw($id: ID!, $session: ID!, $name: String) {\n  joinLevel(id: $id, session: $session, name: $name) {\n    __typename\n    ... on LevelSession {\n      colour\n      drawing {\n        seq\n        rows\n      }\n      collaborators {\n        name\n      }\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation PaintCells($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!]!) {\n  editLevel(id: $id, session: $session, edit: $edit, cells: $cells) {\n    __typename\n    ... on EditAccepted {\n      seq\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation LeaveDrawing($id: ID!, $session: ID!) {\n  leaveLevel(id: $id, session: $session)\n}\n\nsubscription FollowEdits($id: ID!, $after: Int!, $session: ID) {\n  levelEdits(id: $id, after: $after, session: $session) {\n    __typename\n    ... on CellsEdited {\n      seq\n      cells {\n        row\n        col\n        glyphs\n      }\n    }\n    ... on DrawingReplaced {\n      seq\n      rows\n    }\n    ... on CollaboratorMoved {\n      collaborator {\n        session\n        name\n      }\n    }\n    ... on CollaboratorLeft {\n      session\n    }\n  }\n}": typeof types.JoinToDrawDocument,
    "query CurrentVersion($id: ID!) {\n  level(id: $id) {\n    version\n  }\n}\n\nmutation MakeLevel($id: ID!, $input: GenerateLevelInput!, $expectedVersion: Int) {\n  generateLevel(id: $id, input: $input, expectedVersion: $expectedVersion) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        id\n        version\n        steps\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      currentVersion\n    }\n  }\n}": typeof types.CurrentVersionDocument,
};
const documents: Documents = {
    "mutation JoinToDraw($id: ID!, $session: ID!, $name: String) {\n  joinLevel(id: $id, session: $session, name: $name) {\n    __typename\n    ... on LevelSession {\n      colour\n      drawing {\n        seq\n        rows\n      }\n      collaborators {\n        name\n      }\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation PaintCells($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!]!) {\n  editLevel(id: $id, session: $session, edit: $edit, cells: $cells) {\n    __typename\n    ... on EditAccepted {\n      seq\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation LeaveDrawing($id: ID!, $session: ID!) {\n  leaveLevel(id: $id, session: $session)\n}\n\nsubscription FollowEdits($id: ID!, $after: Int!, $session: ID) {\n  levelEdits(id: $id, after: $after, session: $session) {\n    __typename\n    ... on CellsEdited {\n      seq\n      cells {\n        row\n        col\n        glyphs\n      }\n    }\n    ... on DrawingReplaced {\n      seq\n      rows\n    }\n    ... on CollaboratorMoved {\n      collaborator {\n        session\n        name\n      }\n    }\n    ... on CollaboratorLeft {\n      session\n    }\n  }\n}": types.JoinToDrawDocument,
    "query CurrentVersion($id: ID!) {\n  level(id: $id) {\n    version\n  }\n}\n\nmutation MakeLevel($id: ID!, $input: GenerateLevelInput!, $expectedVersion: Int) {\n  generateLevel(id: $id, input: $input, expectedVersion: $expectedVersion) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        id\n        version\n        steps\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      currentVersion\n    }\n  }\n}": types.CurrentVersionDocument,
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
export function graphql(source: "mutation JoinToDraw($id: ID!, $session: ID!, $name: String) {\n  joinLevel(id: $id, session: $session, name: $name) {\n    __typename\n    ... on LevelSession {\n      colour\n      drawing {\n        seq\n        rows\n      }\n      collaborators {\n        name\n      }\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation PaintCells($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!]!) {\n  editLevel(id: $id, session: $session, edit: $edit, cells: $cells) {\n    __typename\n    ... on EditAccepted {\n      seq\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation LeaveDrawing($id: ID!, $session: ID!) {\n  leaveLevel(id: $id, session: $session)\n}\n\nsubscription FollowEdits($id: ID!, $after: Int!, $session: ID) {\n  levelEdits(id: $id, after: $after, session: $session) {\n    __typename\n    ... on CellsEdited {\n      seq\n      cells {\n        row\n        col\n        glyphs\n      }\n    }\n    ... on DrawingReplaced {\n      seq\n      rows\n    }\n    ... on CollaboratorMoved {\n      collaborator {\n        session\n        name\n      }\n    }\n    ... on CollaboratorLeft {\n      session\n    }\n  }\n}"): (typeof documents)["mutation JoinToDraw($id: ID!, $session: ID!, $name: String) {\n  joinLevel(id: $id, session: $session, name: $name) {\n    __typename\n    ... on LevelSession {\n      colour\n      drawing {\n        seq\n        rows\n      }\n      collaborators {\n        name\n      }\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation PaintCells($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!]!) {\n  editLevel(id: $id, session: $session, edit: $edit, cells: $cells) {\n    __typename\n    ... on EditAccepted {\n      seq\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation LeaveDrawing($id: ID!, $session: ID!) {\n  leaveLevel(id: $id, session: $session)\n}\n\nsubscription FollowEdits($id: ID!, $after: Int!, $session: ID) {\n  levelEdits(id: $id, after: $after, session: $session) {\n    __typename\n    ... on CellsEdited {\n      seq\n      cells {\n        row\n        col\n        glyphs\n      }\n    }\n    ... on DrawingReplaced {\n      seq\n      rows\n    }\n    ... on CollaboratorMoved {\n      collaborator {\n        session\n        name\n      }\n    }\n    ... on CollaboratorLeft {\n      session\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CurrentVersion($id: ID!) {\n  level(id: $id) {\n    version\n  }\n}\n\nmutation MakeLevel($id: ID!, $input: GenerateLevelInput!, $expectedVersion: Int) {\n  generateLevel(id: $id, input: $input, expectedVersion: $expectedVersion) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        id\n        version\n        steps\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      currentVersion\n    }\n  }\n}"): (typeof documents)["query CurrentVersion($id: ID!) {\n  level(id: $id) {\n    version\n  }\n}\n\nmutation MakeLevel($id: ID!, $input: GenerateLevelInput!, $expectedVersion: Int) {\n  generateLevel(id: $id, input: $input, expectedVersion: $expectedVersion) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        id\n        version\n        steps\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      currentVersion\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;