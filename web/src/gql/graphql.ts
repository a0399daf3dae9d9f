/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** The passes that change walls, in the order they run: CARVE (the algorithm), JOIN (joins the pieces a row carver leaves under the "42"), KEYS (closes the band boundaries, rejoins each band, opens the doors), SHAPE (IMPERFECT and BRAID open walls; BRAID may close a few). */
export type CarvingPhaseName =
  /** The algorithm carves the maze. */
  | 'CARVE'
  /** Joins the pieces a row carver leaves under the "42". */
  | 'JOIN'
  /** Closes the band boundaries, rejoins each band, opens the doors. */
  | 'KEYS'
  /** IMPERFECT and BRAID open walls; BRAID may close a few. */
  | 'SHAPE';

/** An inclusive box of cells (a selection). */
export type CellBoxInput = {
  /** The last row. */
  bottom: number;
  /** The first column. */
  left: number;
  /** The last column. */
  right: number;
  /** The first row. */
  top: number;
};

/** A horizontal run of cells: `glyphs` from (row, col) rightwards, one glyph a cell. */
export type CellRunInput = {
  /** The run's first column, from 0 at the left. */
  col: number;
  /** One known glyph per cell (# . 1-9 ^ > v < a-d A-D S E), left to right. */
  glyphs: string;
  /** The row, from 0 at the top. */
  row: number;
};

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

/** SAVED: loadLevel, generateLevel, importMaze, copyLevel; REVERTED: revertLevel; DELETED; MISSED: changes may have been missed (the server lost its database listener for a while, or this subscriber fell 100 changes behind): refetch what you show. A save or revert equal to the current version stores nothing and sends no event. */
export type LevelChangeKind =
  /** The level deleted (its history stays). */
  | 'DELETED'
  /** Changes may have been missed (no id, no version): refetch what you show. */
  | 'MISSED'
  /** An old version's rows saved again as a new version (revertLevel). */
  | 'REVERTED'
  /** A new version saved (loadLevel, generateLevel, importMaze, copyLevel). */
  | 'SAVED';

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

/** What is wrong with the file (INVALID_ID: an id with NUL or a lone surrogate; LEVEL_TOO_LARGE: over the configured level size; INVALID_NAME, INVALID_TAGS: the `name` or `tags` given); `message` says where. */
export type MazeFormatErrorCode =
  /** A maze character that is not a hex digit. */
  | 'BAD_DIGIT'
  /** The entry line is not "x,y" of a cell of the maze. */
  | 'BAD_ENTRY'
  /** The exit line is not "x,y" of a cell of the maze (in a rotating-rooms file: EX is not a column of the grid). */
  | 'BAD_EXIT'
  /** The path line has letters other than N, E, S and W. */
  | 'BAD_PATH'
  /** The entry and the exit are the same cell. */
  | 'ENTRY_EQUALS_EXIT'
  /** An id no level can have: over 256 characters, or with NUL or a lone surrogate. */
  | 'INVALID_ID'
  /** A name over 100 characters, or with control characters or lone surrogates. */
  | 'INVALID_NAME'
  /** More than 20 tags, or one empty, over 32 characters, or with characters other than letters, digits, "-", "_" and ".". */
  | 'INVALID_TAGS'
  /** More glyphs than the level size limit of this server. */
  | 'LEVEL_TOO_LARGE'
  /** A maze over 250 x 250 cells. */
  | 'MAZE_TOO_LARGE'
  /** No empty line after the maze lines. */
  | 'MISSING_SEPARATOR'
  /** The file has no maze lines. */
  | 'NO_MAZE_LINES'
  /** A wall of the border is open. */
  | 'OPEN_BORDER'
  /** Rows of different lengths (in a maze file: lines with different numbers of cells). */
  | 'ROW_LENGTH_MISMATCH'
  /** Text after the path line (in a rotating-rooms file: after the last rock's line). */
  | 'UNEXPECTED_TEXT'
  /** Two neighbours disagree about the wall between them. */
  | 'WALL_MISMATCH';

/** PERFECT: one route between any two cells; IMPERFECT: extra loops; BRAID: at most 2 dead ends. */
export type MazeShape =
  /** At most 2 dead ends. */
  | 'BRAID'
  /** Extra loops. */
  | 'IMPERFECT'
  /** One route between any two cells. */
  | 'PERFECT';

/** A cell: row 0 is the top row. */
export type PositionInput = {
  /** The column, from 0 at the left. */
  col: number;
  /** The row, from 0 at the top. */
  row: number;
};

/** UNKNOWN_VERSION: not in the history (never saved, or older than the history keeps); INVALID_ID: an id no level can have. */
export type RevertErrorCode =
  /** An id no level can have: over 256 characters, or with NUL or a lone surrogate. */
  | 'INVALID_ID'
  /** The history does not keep that version (never saved, or dropped). */
  | 'UNKNOWN_VERSION';

/** VERSION_CONFLICT: the level was at another version than `expectedVersion`. */
export type VersionConflictCode =
  /** The level was at another version than `expectedVersion`. */
  | 'VERSION_CONFLICT';

export type CopyLevelMutationVariables = Exact<{
  from: string | number;
  to: string | number;
  expectedVersion?: number | null | undefined;
}>;


export type CopyLevelMutation = { copyLevel:
    | { __typename: 'CopyError', message: string, copyError: CopyErrorCode }
    | { __typename: 'Level', id: string, levelId: string, version: number, savedAt: string, width: number, height: number, rows: Array<string>, name: string | null, tags: Array<string> }
    | { __typename: 'VersionConflict', message: string, currentVersion: number | null, conflict: VersionConflictCode }
   };

export type DeleteLevelMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteLevelMutation = { deleteLevel: boolean };

export type DraftInsightsFragment = { unreachableMask: Array<string>, neededKeys: Array<string>, deadEnds: number, shortestWalks: number | null };

export type DraftMazeQueryVariables = Exact<{
  rows: Array<string> | string;
}>;


export type DraftMazeQuery = { checkLevel:
    | { __typename: 'LevelDraft', maze: { text: string } | null }
    | { __typename: 'LevelValidationError', message: string, code: LevelErrorCode, row: number | null, col: number | null }
   };

export type CollaboratorFieldsFragment = { session: string, name: string, colour: string, pointer: { row: number, col: number } | null, selection: { top: number, left: number, bottom: number, right: number } | null };

export type JoinLevelMutationVariables = Exact<{
  id: string | number;
  session: string | number;
  name?: string | null | undefined;
}>;


export type JoinLevelMutation = { joinLevel:
    | { __typename: 'EditError', code: EditErrorCode, message: string }
    | { __typename: 'LevelSession', colour: string, drawing: { seq: number, rows: Array<string>, savedVersion: number | null }, collaborators: Array<{ session: string, name: string, colour: string, pointer: { row: number, col: number } | null, selection: { top: number, left: number, bottom: number, right: number } | null }> }
   };

export type EditLevelMutationVariables = Exact<{
  id: string | number;
  session: string | number;
  edit: number;
  cells?: Array<CellRunInput> | CellRunInput | null | undefined;
  rows?: Array<string> | string | null | undefined;
}>;


export type EditLevelMutation = { editLevel:
    | { __typename: 'EditAccepted', seq: number }
    | { __typename: 'EditError', code: EditErrorCode, message: string }
   };

export type MoveInLevelMutationVariables = Exact<{
  id: string | number;
  session: string | number;
  pointer?: PositionInput | null | undefined;
  selection?: CellBoxInput | null | undefined;
}>;


export type MoveInLevelMutation = { moveInLevel: boolean };

export type LeaveLevelMutationVariables = Exact<{
  id: string | number;
  session: string | number;
}>;


export type LeaveLevelMutation = { leaveLevel: boolean };

export type LevelEditsSubscriptionVariables = Exact<{
  id: string | number;
  after: number;
  session?: string | number | null | undefined;
}>;


export type LevelEditsSubscription = { levelEdits:
    | { __typename: 'CellsEdited', seq: number, session: string, edit: number, cells: Array<{ row: number, col: number, glyphs: string }> }
    | { __typename: 'CollaboratorLeft', session: string }
    | { __typename: 'CollaboratorMoved', collaborator: { session: string, name: string, colour: string, pointer: { row: number, col: number } | null, selection: { top: number, left: number, bottom: number, right: number } | null } }
    | { __typename: 'DrawingReplaced', seq: number, rows: Array<string>, replacedBy: string | null, replacedEdit: number | null }
   };

export type GenerateCarvingQueryVariables = Exact<{
  input: GenerateLevelInput;
}>;


export type GenerateCarvingQuery = { generateCarving:
    | { __typename: 'Carving', rows: Array<string>, warnings: Array<string>, width: number, height: number, steps: string, stepCount: number, phases: Array<{ phase: CarvingPhaseName, start: number, count: number }> }
    | { __typename: 'GenerationError', message: string, code: GenerationErrorCode }
   };

export type GenerateLevelMutationVariables = Exact<{
  id: string | number;
  input: GenerateLevelInput;
  expectedVersion?: number | null | undefined;
}>;


export type GenerateLevelMutation = { generateLevel:
    | { __typename: 'GeneratedLevel', warnings: Array<string>, level: { id: string, levelId: string, version: number, savedAt: string, width: number, height: number, rows: Array<string>, name: string | null, tags: Array<string> } }
    | { __typename: 'GenerationError', message: string, code: GenerationErrorCode }
    | { __typename: 'VersionConflict', message: string, currentVersion: number | null, conflict: VersionConflictCode }
   };

export type HistoryQueryVariables = Exact<{
  id: string | number;
  after?: string | null | undefined;
}>;


export type HistoryQuery = { level: { id: string, history: { edges: Array<{ node: { id: string, version: number, savedAt: string, revertedFrom: number | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type ImportMazeMutationVariables = Exact<{
  id: string | number;
  text: string;
  expectedVersion?: number | null | undefined;
}>;


export type ImportMazeMutation = { importMaze:
    | { __typename: 'ImportedMaze', warnings: Array<string>, level: { id: string, levelId: string, version: number, savedAt: string, width: number, height: number, rows: Array<string>, name: string | null, tags: Array<string> } }
    | { __typename: 'MazeFormatError', message: string, code: MazeFormatErrorCode, row: number | null, col: number | null }
    | { __typename: 'VersionConflict', message: string, currentVersion: number | null, conflict: VersionConflictCode }
   };

export type LevelFieldsFragment = { id: string, levelId: string, version: number, savedAt: string, width: number, height: number, rows: Array<string>, name: string | null, tags: Array<string> };

export type LevelMazeQueryVariables = Exact<{
  id: string | number;
}>;


export type LevelMazeQuery = { level: { id: string, version: number, maze: { text: string } | null } | null };

export type LevelProblemFragment = { message: string, code: LevelErrorCode, row: number | null, col: number | null };

export type LevelsChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type LevelsChangedSubscription = { levelsChanged: { id: string | null, version: number | null, kind: LevelChangeKind } };

export type LevelsPageQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
  search?: string | null | undefined;
  tag?: string | null | undefined;
}>;


export type LevelsPageQuery = { levels: { edges: Array<{ node: { id: string, version: number, width: number, height: number, name: string | null, tags: Array<string> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type LiveCheckQueryVariables = Exact<{
  rows: Array<string> | string;
  terrain: boolean;
}>;


export type LiveCheckQuery = { checkLevel:
    | { __typename: 'LevelDraft', steps: number | null, moves: string | null, cheapest?: number | null, cheapestMoves?: string | null, unreachableMask: Array<string>, neededKeys: Array<string>, deadEnds: number, shortestWalks: number | null }
    | { __typename: 'LevelValidationError', message: string, code: LevelErrorCode, row: number | null, col: number | null }
   };

type LiveAnswers_Level_Fragment = { steps: number | null, moves: string | null };

type LiveAnswers_LevelDraft_Fragment = { steps: number | null, moves: string | null };

export type LiveAnswersFragment =
  | LiveAnswers_Level_Fragment
  | LiveAnswers_LevelDraft_Fragment
;

export type OpenLevelQueryVariables = Exact<{
  id: string | number;
  version?: number | null | undefined;
}>;


export type OpenLevelQuery = { level: { id: string, levelId: string, version: number, savedAt: string, width: number, height: number, rows: Array<string>, name: string | null, tags: Array<string> } | null };

export type RevertLevelMutationVariables = Exact<{
  id: string | number;
  version: number;
  expectedVersion?: number | null | undefined;
}>;


export type RevertLevelMutation = { revertLevel:
    | { __typename: 'Level', id: string, levelId: string, version: number, savedAt: string, width: number, height: number, rows: Array<string>, name: string | null, tags: Array<string> }
    | { __typename: 'RevertError', message: string, code: RevertErrorCode }
    | { __typename: 'VersionConflict', message: string, currentVersion: number | null, conflict: VersionConflictCode }
   };

export type SaveLevelMutationVariables = Exact<{
  id: string | number;
  rows: Array<string> | string;
  expectedVersion?: number | null | undefined;
  name?: string | null | undefined;
  tags?: Array<string> | string | null | undefined;
}>;


export type SaveLevelMutation = { loadLevel:
    | { __typename: 'Level', id: string, levelId: string, version: number, savedAt: string, width: number, height: number, rows: Array<string>, name: string | null, tags: Array<string> }
    | { __typename: 'LevelValidationError', message: string, code: LevelErrorCode, row: number | null, col: number | null }
    | { __typename: 'VersionConflict', message: string, currentVersion: number | null, conflict: VersionConflictCode }
   };

export type WalkFieldsFragment = { keys: Array<string>, steps: number, reachedExit: boolean, blockedAt: number | null };

export type PlayStartQueryVariables = Exact<{
  rows: Array<string> | string;
}>;


export type PlayStartQuery = { walkLevel:
    | { __typename: 'LevelValidationError', message: string, code: LevelErrorCode, row: number | null, col: number | null }
    | { __typename: 'Walk', keys: Array<string>, steps: number, reachedExit: boolean, blockedAt: number | null, positions: Array<{ row: number, col: number }> }
  , checkLevel:
    | { __typename: 'LevelDraft', steps: number | null }
    | { __typename: 'LevelValidationError' }
   };

export type WalkLevelQueryVariables = Exact<{
  rows: Array<string> | string;
  moves: string;
}>;


export type WalkLevelQuery = { walkLevel:
    | { __typename: 'LevelValidationError', message: string, code: LevelErrorCode, row: number | null, col: number | null }
    | { __typename: 'Walk', keys: Array<string>, steps: number, reachedExit: boolean, blockedAt: number | null }
   };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const DraftInsightsFragmentDoc = new TypedDocumentString(`
    fragment DraftInsights on LevelDraft {
  unreachableMask
  neededKeys
  deadEnds
  shortestWalks
}
    `, {"fragmentName":"DraftInsights"}) as unknown as TypedDocumentString<DraftInsightsFragment, unknown>;
export const CollaboratorFieldsFragmentDoc = new TypedDocumentString(`
    fragment CollaboratorFields on Collaborator {
  session
  name
  colour
  pointer {
    row
    col
  }
  selection {
    top
    left
    bottom
    right
  }
}
    `, {"fragmentName":"CollaboratorFields"}) as unknown as TypedDocumentString<CollaboratorFieldsFragment, unknown>;
export const LevelFieldsFragmentDoc = new TypedDocumentString(`
    fragment LevelFields on Level {
  id
  levelId
  version
  savedAt
  width
  height
  rows
  name
  tags
}
    `, {"fragmentName":"LevelFields"}) as unknown as TypedDocumentString<LevelFieldsFragment, unknown>;
export const LevelProblemFragmentDoc = new TypedDocumentString(`
    fragment LevelProblem on LevelValidationError {
  message
  code
  row
  col
}
    `, {"fragmentName":"LevelProblem"}) as unknown as TypedDocumentString<LevelProblemFragment, unknown>;
export const LiveAnswersFragmentDoc = new TypedDocumentString(`
    fragment LiveAnswers on LevelAnswers {
  steps
  moves
  ... @include(if: $terrain) {
    cheapest
    cheapestMoves
  }
}
    `, {"fragmentName":"LiveAnswers"}) as unknown as TypedDocumentString<LiveAnswersFragment, unknown>;
export const WalkFieldsFragmentDoc = new TypedDocumentString(`
    fragment WalkFields on Walk {
  keys
  steps
  reachedExit
  blockedAt
}
    `, {"fragmentName":"WalkFields"}) as unknown as TypedDocumentString<WalkFieldsFragment, unknown>;
export const CopyLevelDocument = new TypedDocumentString(`
    mutation CopyLevel($from: ID!, $to: ID!, $expectedVersion: Int) {
  copyLevel(from: $from, to: $to, expectedVersion: $expectedVersion) {
    __typename
    ...LevelFields
    ... on CopyError {
      message
      copyError: code
    }
    ... on VersionConflict {
      message
      conflict: code
      currentVersion
    }
  }
}
    fragment LevelFields on Level {
  id
  levelId
  version
  savedAt
  width
  height
  rows
  name
  tags
}`, {"hash":"sha256:eac9031ac4e733173eb434ecddd82ae7a29690b8f73cdbe57a99d89d842c2c80"}) as unknown as TypedDocumentString<CopyLevelMutation, CopyLevelMutationVariables>;
export const DeleteLevelDocument = new TypedDocumentString(`
    mutation DeleteLevel($id: ID!) {
  deleteLevel(id: $id)
}
    `, {"hash":"sha256:46305717f4ae28c2fa64af45ea0c4ec5250f18b0d5dba39934d8ea6f4da6106b"}) as unknown as TypedDocumentString<DeleteLevelMutation, DeleteLevelMutationVariables>;
export const DraftMazeDocument = new TypedDocumentString(`
    query DraftMaze($rows: [String!]!) {
  checkLevel(rows: $rows) {
    __typename
    ... on LevelDraft {
      maze {
        text
      }
    }
    ...LevelProblem
  }
}
    fragment LevelProblem on LevelValidationError {
  message
  code
  row
  col
}`, {"hash":"sha256:43524eece563c7054089f13280fb08aeb2e7b9021bb8ee00395538dd4f1a542b"}) as unknown as TypedDocumentString<DraftMazeQuery, DraftMazeQueryVariables>;
export const JoinLevelDocument = new TypedDocumentString(`
    mutation JoinLevel($id: ID!, $session: ID!, $name: String) {
  joinLevel(id: $id, session: $session, name: $name) {
    __typename
    ... on LevelSession {
      colour
      drawing {
        seq
        rows
        savedVersion
      }
      collaborators {
        ...CollaboratorFields
      }
    }
    ... on EditError {
      code
      message
    }
  }
}
    fragment CollaboratorFields on Collaborator {
  session
  name
  colour
  pointer {
    row
    col
  }
  selection {
    top
    left
    bottom
    right
  }
}`, {"hash":"sha256:0ebd433c5fb3a8872e9eb90c28f8516b680c99d88e762209f69557db37c1734f"}) as unknown as TypedDocumentString<JoinLevelMutation, JoinLevelMutationVariables>;
export const EditLevelDocument = new TypedDocumentString(`
    mutation EditLevel($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!], $rows: [String!]) {
  editLevel(id: $id, session: $session, edit: $edit, cells: $cells, rows: $rows) {
    __typename
    ... on EditAccepted {
      seq
    }
    ... on EditError {
      code
      message
    }
  }
}
    `, {"hash":"sha256:b22e87e69d3c2397ebde347a00df92b48a55f5f5c3e0ccf8122b0d3afe0bf72b"}) as unknown as TypedDocumentString<EditLevelMutation, EditLevelMutationVariables>;
export const MoveInLevelDocument = new TypedDocumentString(`
    mutation MoveInLevel($id: ID!, $session: ID!, $pointer: PositionInput, $selection: CellBoxInput) {
  moveInLevel(
    id: $id
    session: $session
    pointer: $pointer
    selection: $selection
  )
}
    `, {"hash":"sha256:c61905dc3f1de6728ea900e21f9513c8c2267e7f578d926f3b9d27af36f10793"}) as unknown as TypedDocumentString<MoveInLevelMutation, MoveInLevelMutationVariables>;
export const LeaveLevelDocument = new TypedDocumentString(`
    mutation LeaveLevel($id: ID!, $session: ID!) {
  leaveLevel(id: $id, session: $session)
}
    `, {"hash":"sha256:7eb00a6fcdc2406a6f7c4ca10d63053d69411861d8b60824fd25779687eefb81"}) as unknown as TypedDocumentString<LeaveLevelMutation, LeaveLevelMutationVariables>;
export const LevelEditsDocument = new TypedDocumentString(`
    subscription LevelEdits($id: ID!, $after: Int!, $session: ID) {
  levelEdits(id: $id, after: $after, session: $session) {
    __typename
    ... on CellsEdited {
      seq
      session
      edit
      cells {
        row
        col
        glyphs
      }
    }
    ... on DrawingReplaced {
      seq
      replacedBy: session
      replacedEdit: edit
      rows
    }
    ... on CollaboratorMoved {
      collaborator {
        ...CollaboratorFields
      }
    }
    ... on CollaboratorLeft {
      session
    }
  }
}
    fragment CollaboratorFields on Collaborator {
  session
  name
  colour
  pointer {
    row
    col
  }
  selection {
    top
    left
    bottom
    right
  }
}`, {"hash":"sha256:7652437cb55d8ef11fa39687c33ccb81c3699bdc684f18d3be7db5b634078b52"}) as unknown as TypedDocumentString<LevelEditsSubscription, LevelEditsSubscriptionVariables>;
export const GenerateCarvingDocument = new TypedDocumentString(`
    query GenerateCarving($input: GenerateLevelInput!) {
  generateCarving(input: $input) {
    __typename
    ... on Carving {
      rows
      warnings
      width
      height
      steps
      stepCount
      phases {
        phase
        start
        count
      }
    }
    ... on GenerationError {
      message
      code
    }
  }
}
    `, {"hash":"sha256:d4f92f6d2e17792fd7e95e7202e193eed33d9fc125ca656ecb517194a6bfede7"}) as unknown as TypedDocumentString<GenerateCarvingQuery, GenerateCarvingQueryVariables>;
export const GenerateLevelDocument = new TypedDocumentString(`
    mutation GenerateLevel($id: ID!, $input: GenerateLevelInput!, $expectedVersion: Int) {
  generateLevel(id: $id, input: $input, expectedVersion: $expectedVersion) {
    __typename
    ... on GeneratedLevel {
      level {
        ...LevelFields
      }
      warnings
    }
    ... on GenerationError {
      message
      code
    }
    ... on VersionConflict {
      message
      conflict: code
      currentVersion
    }
  }
}
    fragment LevelFields on Level {
  id
  levelId
  version
  savedAt
  width
  height
  rows
  name
  tags
}`, {"hash":"sha256:aa6e08418445ff5ca702370da0f4e1e5a126daa255299cfb0370570582f062a4"}) as unknown as TypedDocumentString<GenerateLevelMutation, GenerateLevelMutationVariables>;
export const HistoryDocument = new TypedDocumentString(`
    query History($id: ID!, $after: String) {
  level(id: $id) {
    id
    history(first: 20, after: $after) {
      edges {
        node {
          id
          version
          savedAt
          revertedFrom
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}
    `, {"hash":"sha256:3d6614a45ae710b133f887d7f9989608c1d92d6d9a55181c05d9b7228aaf0309"}) as unknown as TypedDocumentString<HistoryQuery, HistoryQueryVariables>;
export const ImportMazeDocument = new TypedDocumentString(`
    mutation ImportMaze($id: ID!, $text: String!, $expectedVersion: Int) {
  importMaze(id: $id, text: $text, expectedVersion: $expectedVersion) {
    __typename
    ... on ImportedMaze {
      level {
        ...LevelFields
      }
      warnings
    }
    ... on MazeFormatError {
      message
      code
      row
      col
    }
    ... on VersionConflict {
      message
      conflict: code
      currentVersion
    }
  }
}
    fragment LevelFields on Level {
  id
  levelId
  version
  savedAt
  width
  height
  rows
  name
  tags
}`, {"hash":"sha256:5b7e33865954e0a030536237af6c7101b7dc1b1bec36ebc392db87307f9abab3"}) as unknown as TypedDocumentString<ImportMazeMutation, ImportMazeMutationVariables>;
export const LevelMazeDocument = new TypedDocumentString(`
    query LevelMaze($id: ID!) {
  level(id: $id) {
    id
    version
    maze {
      text
    }
  }
}
    `, {"hash":"sha256:574b880fbb1cc3ee6aa4de312f869b6365c12e76663ea39c0d9f75155e517489"}) as unknown as TypedDocumentString<LevelMazeQuery, LevelMazeQueryVariables>;
export const LevelsChangedDocument = new TypedDocumentString(`
    subscription LevelsChanged {
  levelsChanged {
    id
    version
    kind
  }
}
    `, {"hash":"sha256:da5f511c08090fc9672f194292287b4ce212b9902116b0c174582f1e13ca5652"}) as unknown as TypedDocumentString<LevelsChangedSubscription, LevelsChangedSubscriptionVariables>;
export const LevelsPageDocument = new TypedDocumentString(`
    query LevelsPage($first: Int!, $after: String, $search: String, $tag: String) {
  levels(first: $first, after: $after, search: $search, tag: $tag) {
    edges {
      node {
        id
        version
        width
        height
        name
        tags
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `, {"hash":"sha256:e25189d8ff5ec990cef11c2514e5d170ceba02ef947b1975591228c75795868d"}) as unknown as TypedDocumentString<LevelsPageQuery, LevelsPageQueryVariables>;
export const LiveCheckDocument = new TypedDocumentString(`
    query LiveCheck($rows: [String!]!, $terrain: Boolean!) {
  checkLevel(rows: $rows) {
    __typename
    ...LevelProblem
    ... on LevelDraft {
      ...LiveAnswers
      ...DraftInsights
    }
  }
}
    fragment DraftInsights on LevelDraft {
  unreachableMask
  neededKeys
  deadEnds
  shortestWalks
}
fragment LevelProblem on LevelValidationError {
  message
  code
  row
  col
}
fragment LiveAnswers on LevelAnswers {
  steps
  moves
  ... @include(if: $terrain) {
    cheapest
    cheapestMoves
  }
}`, {"hash":"sha256:a0dc2d293de031941215ca626b5c45f4c7db3da8bce2c0e7eff2dda4ffffeac9"}) as unknown as TypedDocumentString<LiveCheckQuery, LiveCheckQueryVariables>;
export const OpenLevelDocument = new TypedDocumentString(`
    query OpenLevel($id: ID!, $version: Int) {
  level(id: $id, version: $version) {
    ...LevelFields
  }
}
    fragment LevelFields on Level {
  id
  levelId
  version
  savedAt
  width
  height
  rows
  name
  tags
}`, {"hash":"sha256:43607b182506d234d80185c843d3531e910195f6d15f2803e4018f0f40b4fd84"}) as unknown as TypedDocumentString<OpenLevelQuery, OpenLevelQueryVariables>;
export const RevertLevelDocument = new TypedDocumentString(`
    mutation RevertLevel($id: ID!, $version: Int!, $expectedVersion: Int) {
  revertLevel(id: $id, version: $version, expectedVersion: $expectedVersion) {
    __typename
    ...LevelFields
    ... on RevertError {
      message
      code
    }
    ... on VersionConflict {
      message
      conflict: code
      currentVersion
    }
  }
}
    fragment LevelFields on Level {
  id
  levelId
  version
  savedAt
  width
  height
  rows
  name
  tags
}`, {"hash":"sha256:72178b742880a0ca2db36d137b7893a2fa412ca4219260cac843ff759f5b4d54"}) as unknown as TypedDocumentString<RevertLevelMutation, RevertLevelMutationVariables>;
export const SaveLevelDocument = new TypedDocumentString(`
    mutation SaveLevel($id: ID!, $rows: [String!]!, $expectedVersion: Int, $name: String, $tags: [String!]) {
  loadLevel(
    id: $id
    rows: $rows
    expectedVersion: $expectedVersion
    name: $name
    tags: $tags
  ) {
    __typename
    ...LevelFields
    ...LevelProblem
    ... on VersionConflict {
      message
      conflict: code
      currentVersion
    }
  }
}
    fragment LevelFields on Level {
  id
  levelId
  version
  savedAt
  width
  height
  rows
  name
  tags
}
fragment LevelProblem on LevelValidationError {
  message
  code
  row
  col
}`, {"hash":"sha256:dea04f70f4cc429376fc8c56fc731d3dcb2ad05b0d7ffe66b332c478fb40dc12"}) as unknown as TypedDocumentString<SaveLevelMutation, SaveLevelMutationVariables>;
export const PlayStartDocument = new TypedDocumentString(`
    query PlayStart($rows: [String!]!) {
  walkLevel(rows: $rows, moves: "") {
    __typename
    ...WalkFields
    ... on Walk {
      positions {
        row
        col
      }
    }
    ...LevelProblem
  }
  checkLevel(rows: $rows) {
    __typename
    ... on LevelDraft {
      steps
    }
  }
}
    fragment LevelProblem on LevelValidationError {
  message
  code
  row
  col
}
fragment WalkFields on Walk {
  keys
  steps
  reachedExit
  blockedAt
}`, {"hash":"sha256:6ffb5858f54cb463c992ae2312a5b31c95cde01e6bba95874cef75c6077a145e"}) as unknown as TypedDocumentString<PlayStartQuery, PlayStartQueryVariables>;
export const WalkLevelDocument = new TypedDocumentString(`
    query WalkLevel($rows: [String!]!, $moves: String!) {
  walkLevel(rows: $rows, moves: $moves) {
    __typename
    ...WalkFields
    ...LevelProblem
  }
}
    fragment LevelProblem on LevelValidationError {
  message
  code
  row
  col
}
fragment WalkFields on Walk {
  keys
  steps
  reachedExit
  blockedAt
}`, {"hash":"sha256:0c749bcdc3018f7b744bf5f95302decee30c700769c082a8b16001ef61c65a5a"}) as unknown as TypedDocumentString<WalkLevelQuery, WalkLevelQueryVariables>;