/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** UNKNOWN_SOURCE: no level has the id `from` (or it was deleted); SAME_ID: `from` and `to` are the same id; LEVEL_TOO_LARGE: the source is larger than this server now takes; INVALID_ID: an id no level can have. */
export type CopyErrorCode =
  /** An id no level can have: over 256 characters, or with NUL or a lone surrogate. */
  | 'INVALID_ID'
  /** More glyphs than the level size limit of this server. */
  | 'LEVEL_TOO_LARGE'
  /** `from` and `to` are the same id. */
  | 'SAME_ID'
  /** No level has the id `from` (or it was deleted). */
  | 'UNKNOWN_SOURCE';

/** Which line of the level file is wrong (BAD_SIZE, BAD_ROOM_ROW, BAD_EXIT, BAD_INDY, BAD_ROCK_COUNT, BAD_ROCK), or that the text ends before the level does (TEXT_ENDS_EARLY) or goes on after its last rock (UNEXPECTED_TEXT); `message` says what. */
export type CrusadeLevelErrorCode =
  /** The exit line is not "x,y" of a cell of the maze (in a rotating-rooms file: EX is not a column of the grid). */
  | 'BAD_EXIT'
  /** Indy's line "X Y POS" is wrong. */
  | 'BAD_INDY'
  /** A rock's line "XR YR POS T" is wrong. */
  | 'BAD_ROCK'
  /** The rocks' count is not a whole number from 0 to 1000. */
  | 'BAD_ROCK_COUNT'
  /** A row of rooms that is not W room types from -13 to 13. */
  | 'BAD_ROOM_ROW'
  /** "W H" is not two whole numbers from 1 to 20. */
  | 'BAD_SIZE'
  /** The text ends before the level does (an empty text too). */
  | 'TEXT_ENDS_EARLY'
  /** Text after the path line (in a rotating-rooms file: after the last rock's line). */
  | 'UNEXPECTED_TEXT';

/** How the game ended. */
export type CrusadeOutcome =
  /** Indy did not reach the exit (`reason` says why). */
  | 'LOST'
  /** Indy reached the exit. */
  | 'WON';

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

/** Which validation check failed (INVALID_ID: an id with NUL or a lone surrogate; INVALID_NAME, INVALID_TAGS: the `name` or `tags` given); `message` has the reason text. */
export type LevelErrorCode =
  /** A key letter twice. */
  | 'DUPLICATE_KEY'
  /** No rows, or the first row is empty. */
  | 'EMPTY_LEVEL'
  /** Not exactly one E. */
  | 'EXIT_COUNT'
  /** An id no level can have: over 256 characters, or with NUL or a lone surrogate. */
  | 'INVALID_ID'
  /** A name over 100 characters, or with control characters or lone surrogates. */
  | 'INVALID_NAME'
  /** More than 20 tags, or one empty, over 32 characters, or with characters other than letters, digits, "-", "_" and ".". */
  | 'INVALID_TAGS'
  /** More glyphs than the level size limit of this server. */
  | 'LEVEL_TOO_LARGE'
  /** Rows of different lengths (in a maze file: lines with different numbers of cells). */
  | 'ROW_LENGTH_MISMATCH'
  /** Not exactly one S. */
  | 'START_COUNT'
  /** A glyph that is not one of a level's (# . 1-9 ^ > v < a-d A-D S E). */
  | 'UNKNOWN_GLYPH';

/** How the maze is carved. */
export type MazeAlgorithm =
  /** One random walk, opening the wall into each new cell: also uniform. */
  | 'ALDOUS_BRODER'
  /** Recursive backtracker (randomised depth-first search): long winding corridors, few dead ends. */
  | 'BACKTRACKER'
  /** Each cell opens north or east: the top row and the east column are straight corridors. */
  | 'BINARY_TREE'
  /** Row by row, with sets of joined cells; the last row joins all sets. */
  | 'ELLER'
  /** A list of active cells; each step takes the newest (probability 1/2) or a random one: between backtracker and Prim. */
  | 'GROWING_TREE'
  /** Random walk until stuck, then hunt row by row for a cell next to the maze. */
  | 'HUNT_AND_KILL'
  /** Randomised Kruskal: walls in random order, each opened when it joins two pieces. */
  | 'KRUSKAL'
  /** Simplified Prim: a random frontier cell joins the tree: many short dead ends. */
  | 'PRIM'
  /** Runs along a row, each closed by one opening north; the top row is one corridor. */
  | 'SIDEWINDER'
  /** Loop-erased random walks: a uniform spanning tree. */
  | 'WILSON';

/** A maze cell: x is the column, y the row, both from 0. */
export type MazeCellInput = {
  /** The column, from 0 at the left. */
  x: number;
  /** The row, from 0 at the top. */
  y: number;
};

/** PERFECT: one route between any two cells; IMPERFECT: extra loops; BRAID: at most 2 dead ends. */
export type MazeShape =
  /** At most 2 dead ends. */
  | 'BRAID'
  /** Extra loops. */
  | 'IMPERFECT'
  /** One route between any two cells. */
  | 'PERFECT';

export type CopyLevelMutationVariables = Exact<{
  from: string | number;
  to: string | number;
  expectedVersion?: number | null | undefined;
}>;


export type CopyLevelMutation = { copyLevel:
    | { __typename: 'CopyError', message: string, code: CopyErrorCode }
    | { __typename: 'Level', id: string, version: number, rows: Array<string>, name: string | null, tags: Array<string> }
    | { __typename: 'VersionConflict', message: string, currentVersion: number | null }
   };

export type CrusadePlanQueryVariables = Exact<{
  level: string;
}>;


export type CrusadePlanQuery = { crusadePlan:
    | { __typename: 'CrusadeLevelError', message: string, code: CrusadeLevelErrorCode, row: number | null }
    | { __typename: 'CrusadePlan', outcome: CrusadeOutcome, reason: string | null, slowestTurnMs: number, turns: Array<{ turn: number, command: string, indy: { x: number, y: number, pos: string } }> }
   };

export type DeleteLevelMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteLevelMutation = { deleteLevel: boolean };

export type GenerateLevelMutationVariables = Exact<{
  id: string | number;
  input: GenerateLevelInput;
}>;


export type GenerateLevelMutation = { generateLevel:
    | { __typename: 'GeneratedLevel', warnings: Array<string>, level: { id: string, version: number, rows: Array<string>, steps: number | null } }
    | { __typename: 'GenerationError', message: string }
    | { __typename: 'VersionConflict' }
   };

export type ImportMazeMutationVariables = Exact<{
  id: string | number;
  text: string;
}>;


export type ImportMazeMutation = { importMaze:
    | { __typename: 'ImportedMaze', warnings: Array<string>, level: { id: string, version: number, rows: Array<string> } }
    | { __typename: 'MazeFormatError', message: string }
    | { __typename: 'VersionConflict' }
   };

export type LevelMazeQueryVariables = Exact<{
  id: string | number;
}>;


export type LevelMazeQuery = { level: { id: string, version: number, maze: { text: string, rows: Array<string>, path: string, entry: { x: number, y: number }, exit: { x: number, y: number } } | null } | null };

export type LevelQueryVariables = Exact<{
  id: string | number;
}>;


export type LevelQuery = { level: { id: string, version: number, rows: Array<string>, width: number, height: number, steps: number | null, render: Array<string> | null, cheapest: number | null, cheapestRender: Array<string> | null, path: Array<{ row: number, col: number }> | null, cheapestPath: Array<{ row: number, col: number }> | null } | null };

export type LevelsByIdQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type LevelsByIdQuery = { levelsById: Array<{ id: string, version: number, steps: number | null } | null> };

export type LevelsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type LevelsQuery = { levels: { edges: Array<{ cursor: string, node: { id: string, version: number } }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } };

export type LoadLevelMutationVariables = Exact<{
  id: string | number;
  rows: Array<string> | string;
}>;


export type LoadLevelMutation = { loadLevel:
    | { __typename: 'Level', id: string, version: number, rows: Array<string>, steps: number | null }
    | { __typename: 'LevelValidationError', message: string, code: LevelErrorCode, row: number | null, col: number | null }
    | { __typename: 'VersionConflict' }
   };

export type NameLevelMutationVariables = Exact<{
  id: string | number;
  rows: Array<string> | string;
  name?: string | null | undefined;
  tags?: Array<string> | string | null | undefined;
  expectedVersion?: number | null | undefined;
}>;


export type NameLevelMutation = { loadLevel:
    | { __typename: 'Level', id: string, version: number, name: string | null, tags: Array<string> }
    | { __typename: 'LevelValidationError', message: string, code: LevelErrorCode }
    | { __typename: 'VersionConflict', currentVersion: number | null }
   };

export type SearchLevelsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  search?: string | null | undefined;
  tag?: string | null | undefined;
}>;


export type SearchLevelsQuery = { levels: { edges: Array<{ node: { id: string, version: number, name: string | null, tags: Array<string> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };


export const CopyLevelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CopyLevel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"copyLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Level"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CopyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VersionConflict"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}}]}}]}}]} as unknown as DocumentNode<CopyLevelMutation, CopyLevelMutationVariables>;
export const CrusadePlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CrusadePlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"level"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"crusadePlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"level"},"value":{"kind":"Variable","name":{"kind":"Name","value":"level"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CrusadePlan"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"turns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"turn"}},{"kind":"Field","name":{"kind":"Name","value":"command"}},{"kind":"Field","name":{"kind":"Name","value":"indy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"x"}},{"kind":"Field","name":{"kind":"Name","value":"y"}},{"kind":"Field","name":{"kind":"Name","value":"pos"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"slowestTurnMs"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CrusadeLevelError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"row"}}]}}]}}]}}]} as unknown as DocumentNode<CrusadePlanQuery, CrusadePlanQueryVariables>;
export const DeleteLevelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteLevel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteLevelMutation, DeleteLevelMutationVariables>;
export const GenerateLevelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GenerateLevel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GenerateLevelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generateLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GeneratedLevel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GenerationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<GenerateLevelMutation, GenerateLevelMutationVariables>;
export const ImportMazeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportMaze"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"text"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importMaze"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"text"},"value":{"kind":"Variable","name":{"kind":"Name","value":"text"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ImportedMaze"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MazeFormatError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ImportMazeMutation, ImportMazeMutationVariables>;
export const LevelMazeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LevelMaze"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"maze"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}},{"kind":"Field","name":{"kind":"Name","value":"entry"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"x"}},{"kind":"Field","name":{"kind":"Name","value":"y"}}]}},{"kind":"Field","name":{"kind":"Name","value":"exit"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"x"}},{"kind":"Field","name":{"kind":"Name","value":"y"}}]}},{"kind":"Field","name":{"kind":"Name","value":"path"}}]}}]}}]}}]} as unknown as DocumentNode<LevelMazeQuery, LevelMazeQueryVariables>;
export const LevelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Level"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}},{"kind":"Field","name":{"kind":"Name","value":"width"}},{"kind":"Field","name":{"kind":"Name","value":"height"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}},{"kind":"Field","name":{"kind":"Name","value":"path"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"row"}},{"kind":"Field","name":{"kind":"Name","value":"col"}}]}},{"kind":"Field","name":{"kind":"Name","value":"render"}},{"kind":"Field","name":{"kind":"Name","value":"cheapest"}},{"kind":"Field","name":{"kind":"Name","value":"cheapestPath"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"row"}},{"kind":"Field","name":{"kind":"Name","value":"col"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cheapestRender"}}]}}]}}]} as unknown as DocumentNode<LevelQuery, LevelQueryVariables>;
export const LevelsByIdDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LevelsById"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"levelsById"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}}]}}]}}]} as unknown as DocumentNode<LevelsByIdQuery, LevelsByIdQueryVariables>;
export const LevelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Levels"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"levels"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<LevelsQuery, LevelsQueryVariables>;
export const LoadLevelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LoadLevel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rows"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"loadLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"rows"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rows"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Level"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LevelValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"row"}},{"kind":"Field","name":{"kind":"Name","value":"col"}}]}}]}}]}}]} as unknown as DocumentNode<LoadLevelMutation, LoadLevelMutationVariables>;
export const NameLevelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"NameLevel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"rows"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tags"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"loadLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"rows"},"value":{"kind":"Variable","name":{"kind":"Name","value":"rows"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"tags"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tags"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Level"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LevelValidationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VersionConflict"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}}]}}]}}]} as unknown as DocumentNode<NameLevelMutation, NameLevelMutationVariables>;
export const SearchLevelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchLevels"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tag"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"levels"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"tag"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tag"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<SearchLevelsQuery, SearchLevelsQueryVariables>;