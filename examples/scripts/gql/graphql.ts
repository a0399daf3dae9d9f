/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A horizontal run of cells: `glyphs` from (row, col) rightwards, one glyph a cell. */
export type CellRunInput = {
  /** The run's first column, from 0 at the left. */
  col: number;
  /** One known glyph per cell (# . 1-9 ^ > v < a-d A-D S E), left to right. */
  glyphs: string;
  /** The row, from 0 at the top. */
  row: number;
};

/** INVALID_ID: no level can have the id. INVALID_SESSION: a session id has 8 to 64 characters of A-Z a-z 0-9 _ -. UNKNOWN_LEVEL: no level has the id and it has no drawing. OUTSIDE_LEVEL: a cell of the edit is outside the drawing as it is when the edit is applied. UNKNOWN_GLYPH: a glyph that is not one of # . 1-9 ^ > v < a-d A-D S E. EDIT_TOO_LARGE: more than 1000000 cells or 100000 runs in one edit. LEVEL_TOO_LARGE: rows over the level size limit, of different lengths, or none. INVALID_EDIT: neither or both of cells and rows, an edit number below 1, a name too long. */
export type EditErrorCode =
  /** More than 1000000 cells or 100000 runs in one edit. */
  | 'EDIT_TOO_LARGE'
  /** Neither or both of `cells` and `rows`, an edit number below 1, or a name too long. */
  | 'INVALID_EDIT'
  /** An id no level can have: over 256 characters, or with NUL or a lone surrogate. */
  | 'INVALID_ID'
  /** A session id that is not 8 to 64 characters of A-Z a-z 0-9 _ -. */
  | 'INVALID_SESSION'
  /** More glyphs than the level size limit of this server. */
  | 'LEVEL_TOO_LARGE'
  /** A cell of the edit is outside the drawing as it is when the edit is applied. */
  | 'OUTSIDE_LEVEL'
  /** A glyph that is not one of a level's (# . 1-9 ^ > v < a-d A-D S E). */
  | 'UNKNOWN_GLYPH'
  /** No level has the id, and it has no shared drawing. */
  | 'UNKNOWN_LEVEL';

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
  /** The entry and the exit are the same cell. */
  | 'ENTRY_EQUALS_EXIT'
  /** `algorithm` is not one of the generator's. */
  | 'INVALID_ALGORITHM'
  /** `entry` is not a cell of the maze. */
  | 'INVALID_ENTRY'
  /** `exit` is not a cell of the maze. */
  | 'INVALID_EXIT'
  /** `gates` is not a whole number from 0 to 62500. */
  | 'INVALID_GATES'
  /** `height` is not a whole number from 1 to 250. */
  | 'INVALID_HEIGHT'
  /** An id no level can have: over 256 characters, or with NUL or a lone surrogate. */
  | 'INVALID_ID'
  /** `keys` is not a whole number from 0 to 4. */
  | 'INVALID_KEYS'
  /** A name over 100 characters, or with control characters or lone surrogates. */
  | 'INVALID_NAME'
  /** The options are not an object. */
  | 'INVALID_OPTIONS'
  /** `pattern42` is not true or false. */
  | 'INVALID_PATTERN42'
  /** `seed` is not a whole number from 0 to 4294967295. */
  | 'INVALID_SEED'
  /** `shape` is not PERFECT, IMPERFECT or BRAID. */
  | 'INVALID_SHAPE'
  /** More than 20 tags, or one empty, over 32 characters, or with characters other than letters, digits, "-", "_" and ".". */
  | 'INVALID_TAGS'
  /** `terrain` is not a number from 0 to 1. */
  | 'INVALID_TERRAIN'
  /** `width` is not a whole number from 1 to 250. */
  | 'INVALID_WIDTH'
  /** More glyphs than the level size limit of this server. */
  | 'LEVEL_TOO_LARGE'
  /** The gates or the keys' doors asked for do not fit in the maze. */
  | 'NO_ROOM'
  /** The entry or the exit is on a cell of the "42". */
  | 'ON_PATTERN'
  /** An option the generator does not have. */
  | 'UNKNOWN_OPTION';

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

export type JoinToDrawMutationVariables = Exact<{
  id: string | number;
  session: string | number;
  name?: string | null | undefined;
}>;


export type JoinToDrawMutation = { joinLevel:
    | { __typename: 'EditError', code: EditErrorCode, message: string }
    | { __typename: 'LevelSession', colour: string, drawing: { seq: number, rows: Array<string> }, collaborators: Array<{ name: string }> }
   };

export type PaintCellsMutationVariables = Exact<{
  id: string | number;
  session: string | number;
  edit: number;
  cells: Array<CellRunInput> | CellRunInput;
}>;


export type PaintCellsMutation = { editLevel:
    | { __typename: 'EditAccepted', seq: number }
    | { __typename: 'EditError', code: EditErrorCode, message: string }
   };

export type LeaveDrawingMutationVariables = Exact<{
  id: string | number;
  session: string | number;
}>;


export type LeaveDrawingMutation = { leaveLevel: boolean };

export type FollowEditsSubscriptionVariables = Exact<{
  id: string | number;
  after: number;
  session?: string | number | null | undefined;
}>;


export type FollowEditsSubscription = { levelEdits:
    | { __typename: 'CellsEdited', seq: number, cells: Array<{ row: number, col: number, glyphs: string }> }
    | { __typename: 'CollaboratorLeft', session: string }
    | { __typename: 'CollaboratorMoved', collaborator: { session: string, name: string } }
    | { __typename: 'DrawingReplaced', seq: number, rows: Array<string> }
   };

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


export const JoinToDrawDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"JoinToDraw"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"session"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"joinLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"session"},"value":{"kind":"Variable","name":{"kind":"Name","value":"session"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LevelSession"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"colour"}},{"kind":"Field","name":{"kind":"Name","value":"drawing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}},{"kind":"Field","name":{"kind":"Name","value":"collaborators"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EditError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<JoinToDrawMutation, JoinToDrawMutationVariables>;
export const PaintCellsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PaintCells"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"session"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"edit"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cells"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CellRunInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"editLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"session"},"value":{"kind":"Variable","name":{"kind":"Name","value":"session"}}},{"kind":"Argument","name":{"kind":"Name","value":"edit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"edit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cells"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cells"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EditAccepted"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EditError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<PaintCellsMutation, PaintCellsMutationVariables>;
export const LeaveDrawingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"LeaveDrawing"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"session"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leaveLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"session"},"value":{"kind":"Variable","name":{"kind":"Name","value":"session"}}}]}]}}]} as unknown as DocumentNode<LeaveDrawingMutation, LeaveDrawingMutationVariables>;
export const FollowEditsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"FollowEdits"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"session"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"levelEdits"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"session"},"value":{"kind":"Variable","name":{"kind":"Name","value":"session"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CellsEdited"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"cells"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"row"}},{"kind":"Field","name":{"kind":"Name","value":"col"}},{"kind":"Field","name":{"kind":"Name","value":"glyphs"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DrawingReplaced"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seq"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CollaboratorMoved"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"collaborator"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"session"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CollaboratorLeft"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"session"}}]}}]}}]}}]} as unknown as DocumentNode<FollowEditsSubscription, FollowEditsSubscriptionVariables>;
export const CurrentVersionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CurrentVersion"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}}]} as unknown as DocumentNode<CurrentVersionQuery, CurrentVersionQueryVariables>;
export const MakeLevelDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MakeLevel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GenerateLevelInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generateLevel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GeneratedLevel"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"steps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"warnings"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GenerationError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VersionConflict"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"currentVersion"}}]}}]}}]}}]} as unknown as DocumentNode<MakeLevelMutation, MakeLevelMutationVariables>;