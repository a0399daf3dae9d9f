/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A maze of width x height cells, drawn as (2*height+1) x (2*width+1) glyphs. The same input gives the same level everywhere. Unset options take their defaults. */
export type GenerateLevelInput = {
  /** Default BACKTRACKER. */
  algorithm?: MazeAlgorithm | null | undefined;
  /** Where S goes; default (0,0). */
  entry?: MazeCellInput | null | undefined;
  /** Where E goes; default (width-1, height-1). */
  exit?: MazeCellInput | null | undefined;
  /** Number of one-way gates (default 0). */
  gates?: number | null | undefined;
  /** Cells, 1 to 250. */
  height: number;
  /** Key and door pairs, 0 to 4; every door is needed. */
  keys?: number | null | undefined;
  /** Close cells in the middle to draw a "42" (default false); a maze under 9x7 cells is made without it, with a warning. */
  pattern42?: boolean | null | undefined;
  /** A whole number from 0 to 4294967295. */
  seed: number;
  /** Default PERFECT. */
  shape?: MazeShape | null | undefined;
  /** Fraction 0 to 1 of floors turned into terrain 2-9. */
  terrain?: number | null | undefined;
  /** Cells, 1 to 250. */
  width: number;
};

/** Which input value is wrong (INVALID_<NAME> for each input), or why the options cannot make a level (ENTRY_EQUALS_EXIT, ON_PATTERN, NO_ROOM); INVALID_ID, LEVEL_TOO_LARGE, INVALID_NAME and INVALID_TAGS are the service's own. */
export type GenerationErrorCode =
  | 'ENTRY_EQUALS_EXIT'
  | 'INVALID_ALGORITHM'
  | 'INVALID_ENTRY'
  | 'INVALID_EXIT'
  | 'INVALID_GATES'
  | 'INVALID_HEIGHT'
  | 'INVALID_ID'
  | 'INVALID_KEYS'
  | 'INVALID_NAME'
  | 'INVALID_OPTIONS'
  | 'INVALID_PATTERN42'
  | 'INVALID_SEED'
  | 'INVALID_SHAPE'
  | 'INVALID_TAGS'
  | 'INVALID_TERRAIN'
  | 'INVALID_WIDTH'
  | 'LEVEL_TOO_LARGE'
  | 'NO_ROOM'
  | 'ON_PATTERN'
  | 'UNKNOWN_OPTION';

/** How the maze is carved. */
export type MazeAlgorithm =
  | 'ALDOUS_BRODER'
  | 'BACKTRACKER'
  | 'BINARY_TREE'
  | 'ELLER'
  | 'GROWING_TREE'
  | 'HUNT_AND_KILL'
  | 'KRUSKAL'
  | 'PRIM'
  | 'SIDEWINDER'
  | 'WILSON';

/** A maze cell: x is the column, y the row, both from 0. */
export type MazeCellInput = {
  x: number;
  y: number;
};

/** PERFECT: one route between any two cells; IMPERFECT: extra loops; BRAID: at most 2 dead ends. */
export type MazeShape =
  | 'BRAID'
  | 'IMPERFECT'
  | 'PERFECT';

export type CurrentVersionQueryVariables = Exact<{
  id: string | number;
}>;


export type CurrentVersionQuery = { level: { version: number } | null };

export type MakeLevelMutationVariables = Exact<{
  id: string | number;
  input: GenerateLevelInput;
  expectedVersion?: number | null | undefined;
}>;


export type MakeLevelMutation = { generateLevel:
    | { __typename: 'GeneratedLevel', warnings: Array<string>, level: { id: string, version: number, steps: number | null } }
    | { __typename: 'GenerationError', message: string, code: GenerationErrorCode }
    | { __typename: 'VersionConflict', message: string, currentVersion: number | null }
   };


export const CurrentVersionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CurrentVersion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<CurrentVersionQuery, CurrentVersionQueryVariables>;
export const MakeLevelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MakeLevel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GenerateLevelInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generateLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GeneratedLevel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GenerationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VersionConflict"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}}]}}]}}]} as unknown as DocumentNode<MakeLevelMutation, MakeLevelMutationVariables>;