/* eslint-disable */
import * as types from './graphql.js';



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
    "mutation CopyLevel($from: ID!, $to: ID!, $expectedVersion: Int) {\n  copyLevel(from: $from, to: $to, expectedVersion: $expectedVersion) {\n    __typename\n    ...LevelFields\n    ... on CopyError {\n      message\n      copyError: code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": typeof types.CopyLevelDocument,
    "mutation DeleteLevel($id: ID!) {\n  deleteLevel(id: $id)\n}": typeof types.DeleteLevelDocument,
    "fragment DraftInsights on LevelDraft {\n  unreachableMask\n  neededKeys\n  deadEnds\n  shortestWalks\n}": typeof types.DraftInsightsFragmentDoc,
    "query DraftMaze($rows: [String!]!) {\n  checkLevel(rows: $rows) {\n    __typename\n    ... on LevelDraft {\n      maze {\n        text\n      }\n    }\n    ...LevelProblem\n  }\n}": typeof types.DraftMazeDocument,
    "fragment CollaboratorFields on Collaborator {\n  session\n  name\n  colour\n  pointer {\n    row\n    col\n  }\n  selection {\n    top\n    left\n    bottom\n    right\n  }\n}\n\nmutation JoinLevel($id: ID!, $session: ID!, $name: String) {\n  joinLevel(id: $id, session: $session, name: $name) {\n    __typename\n    ... on LevelSession {\n      colour\n      drawing {\n        seq\n        rows\n        savedVersion\n      }\n      collaborators {\n        ...CollaboratorFields\n      }\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation EditLevel($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!], $rows: [String!]) {\n  editLevel(id: $id, session: $session, edit: $edit, cells: $cells, rows: $rows) {\n    __typename\n    ... on EditAccepted {\n      seq\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation MoveInLevel($id: ID!, $session: ID!, $pointer: PositionInput, $selection: CellBoxInput) {\n  moveInLevel(\n    id: $id\n    session: $session\n    pointer: $pointer\n    selection: $selection\n  )\n}\n\nmutation LeaveLevel($id: ID!, $session: ID!) {\n  leaveLevel(id: $id, session: $session)\n}\n\nsubscription LevelEdits($id: ID!, $after: Int!, $session: ID) {\n  levelEdits(id: $id, after: $after, session: $session) {\n    __typename\n    ... on CellsEdited {\n      seq\n      session\n      edit\n      cells {\n        row\n        col\n        glyphs\n      }\n    }\n    ... on DrawingReplaced {\n      seq\n      replacedBy: session\n      replacedEdit: edit\n      rows\n    }\n    ... on CollaboratorMoved {\n      collaborator {\n        ...CollaboratorFields\n      }\n    }\n    ... on CollaboratorLeft {\n      session\n    }\n  }\n}": typeof types.CollaboratorFieldsFragmentDoc,
    "query GenerateCarving($input: GenerateLevelInput!) {\n  generateCarving(input: $input) {\n    __typename\n    ... on Carving {\n      rows\n      warnings\n      width\n      height\n      steps\n      stepCount\n      phases {\n        phase\n        start\n        count\n      }\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n  }\n}": typeof types.GenerateCarvingDocument,
    "mutation GenerateLevel($id: ID!, $input: GenerateLevelInput!, $expectedVersion: Int) {\n  generateLevel(id: $id, input: $input, expectedVersion: $expectedVersion) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        ...LevelFields\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": typeof types.GenerateLevelDocument,
    "query History($id: ID!, $after: String) {\n  level(id: $id) {\n    id\n    history(first: 20, after: $after) {\n      edges {\n        node {\n          id\n          version\n          savedAt\n          revertedFrom\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.HistoryDocument,
    "mutation ImportMaze($id: ID!, $text: String!, $expectedVersion: Int) {\n  importMaze(id: $id, text: $text, expectedVersion: $expectedVersion) {\n    __typename\n    ... on ImportedMaze {\n      level {\n        ...LevelFields\n      }\n      warnings\n    }\n    ... on MazeFormatError {\n      message\n      code\n      row\n      col\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": typeof types.ImportMazeDocument,
    "fragment LevelFields on Level {\n  id\n  levelId\n  version\n  savedAt\n  width\n  height\n  rows\n  name\n  tags\n}": typeof types.LevelFieldsFragmentDoc,
    "query LevelMaze($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    maze {\n      text\n    }\n  }\n}": typeof types.LevelMazeDocument,
    "fragment LevelProblem on LevelValidationError {\n  message\n  code\n  row\n  col\n}": typeof types.LevelProblemFragmentDoc,
    "subscription LevelsChanged {\n  levelsChanged {\n    id\n    version\n    kind\n  }\n}": typeof types.LevelsChangedDocument,
    "query LevelsPage($first: Int!, $after: String, $search: String, $tag: String) {\n  levels(first: $first, after: $after, search: $search, tag: $tag) {\n    edges {\n      node {\n        id\n        version\n        width\n        height\n        name\n        tags\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.LevelsPageDocument,
    "query LiveCheck($rows: [String!]!, $terrain: Boolean!) {\n  checkLevel(rows: $rows) {\n    __typename\n    ...LevelProblem\n    ... on LevelDraft {\n      ...LiveAnswers\n      ...DraftInsights\n    }\n  }\n}\n\nfragment LiveAnswers on LevelAnswers {\n  steps\n  moves\n  ... @include(if: $terrain) {\n    cheapest\n    cheapestMoves\n  }\n}": typeof types.LiveCheckDocument,
    "query OpenLevel($id: ID!, $version: Int) {\n  level(id: $id, version: $version) {\n    ...LevelFields\n  }\n}": typeof types.OpenLevelDocument,
    "mutation RevertLevel($id: ID!, $version: Int!, $expectedVersion: Int) {\n  revertLevel(id: $id, version: $version, expectedVersion: $expectedVersion) {\n    __typename\n    ...LevelFields\n    ... on RevertError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": typeof types.RevertLevelDocument,
    "mutation SaveLevel($id: ID!, $rows: [String!]!, $expectedVersion: Int, $name: String, $tags: [String!]) {\n  loadLevel(\n    id: $id\n    rows: $rows\n    expectedVersion: $expectedVersion\n    name: $name\n    tags: $tags\n  ) {\n    __typename\n    ...LevelFields\n    ...LevelProblem\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": typeof types.SaveLevelDocument,
    "fragment WalkFields on Walk {\n  keys\n  steps\n  reachedExit\n  blockedAt\n}\n\nquery PlayStart($rows: [String!]!) {\n  walkLevel(rows: $rows, moves: \"\") {\n    __typename\n    ...WalkFields\n    ... on Walk {\n      positions {\n        row\n        col\n      }\n    }\n    ...LevelProblem\n  }\n  checkLevel(rows: $rows) {\n    __typename\n    ... on LevelDraft {\n      steps\n    }\n  }\n}\n\nquery WalkLevel($rows: [String!]!, $moves: String!) {\n  walkLevel(rows: $rows, moves: $moves) {\n    __typename\n    ...WalkFields\n    ...LevelProblem\n  }\n}": typeof types.WalkFieldsFragmentDoc,
};
const documents: Documents = {
    "mutation CopyLevel($from: ID!, $to: ID!, $expectedVersion: Int) {\n  copyLevel(from: $from, to: $to, expectedVersion: $expectedVersion) {\n    __typename\n    ...LevelFields\n    ... on CopyError {\n      message\n      copyError: code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": types.CopyLevelDocument,
    "mutation DeleteLevel($id: ID!) {\n  deleteLevel(id: $id)\n}": types.DeleteLevelDocument,
    "fragment DraftInsights on LevelDraft {\n  unreachableMask\n  neededKeys\n  deadEnds\n  shortestWalks\n}": types.DraftInsightsFragmentDoc,
    "query DraftMaze($rows: [String!]!) {\n  checkLevel(rows: $rows) {\n    __typename\n    ... on LevelDraft {\n      maze {\n        text\n      }\n    }\n    ...LevelProblem\n  }\n}": types.DraftMazeDocument,
    "fragment CollaboratorFields on Collaborator {\n  session\n  name\n  colour\n  pointer {\n    row\n    col\n  }\n  selection {\n    top\n    left\n    bottom\n    right\n  }\n}\n\nmutation JoinLevel($id: ID!, $session: ID!, $name: String) {\n  joinLevel(id: $id, session: $session, name: $name) {\n    __typename\n    ... on LevelSession {\n      colour\n      drawing {\n        seq\n        rows\n        savedVersion\n      }\n      collaborators {\n        ...CollaboratorFields\n      }\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation EditLevel($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!], $rows: [String!]) {\n  editLevel(id: $id, session: $session, edit: $edit, cells: $cells, rows: $rows) {\n    __typename\n    ... on EditAccepted {\n      seq\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation MoveInLevel($id: ID!, $session: ID!, $pointer: PositionInput, $selection: CellBoxInput) {\n  moveInLevel(\n    id: $id\n    session: $session\n    pointer: $pointer\n    selection: $selection\n  )\n}\n\nmutation LeaveLevel($id: ID!, $session: ID!) {\n  leaveLevel(id: $id, session: $session)\n}\n\nsubscription LevelEdits($id: ID!, $after: Int!, $session: ID) {\n  levelEdits(id: $id, after: $after, session: $session) {\n    __typename\n    ... on CellsEdited {\n      seq\n      session\n      edit\n      cells {\n        row\n        col\n        glyphs\n      }\n    }\n    ... on DrawingReplaced {\n      seq\n      replacedBy: session\n      replacedEdit: edit\n      rows\n    }\n    ... on CollaboratorMoved {\n      collaborator {\n        ...CollaboratorFields\n      }\n    }\n    ... on CollaboratorLeft {\n      session\n    }\n  }\n}": types.CollaboratorFieldsFragmentDoc,
    "query GenerateCarving($input: GenerateLevelInput!) {\n  generateCarving(input: $input) {\n    __typename\n    ... on Carving {\n      rows\n      warnings\n      width\n      height\n      steps\n      stepCount\n      phases {\n        phase\n        start\n        count\n      }\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n  }\n}": types.GenerateCarvingDocument,
    "mutation GenerateLevel($id: ID!, $input: GenerateLevelInput!, $expectedVersion: Int) {\n  generateLevel(id: $id, input: $input, expectedVersion: $expectedVersion) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        ...LevelFields\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": types.GenerateLevelDocument,
    "query History($id: ID!, $after: String) {\n  level(id: $id) {\n    id\n    history(first: 20, after: $after) {\n      edges {\n        node {\n          id\n          version\n          savedAt\n          revertedFrom\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.HistoryDocument,
    "mutation ImportMaze($id: ID!, $text: String!, $expectedVersion: Int) {\n  importMaze(id: $id, text: $text, expectedVersion: $expectedVersion) {\n    __typename\n    ... on ImportedMaze {\n      level {\n        ...LevelFields\n      }\n      warnings\n    }\n    ... on MazeFormatError {\n      message\n      code\n      row\n      col\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": types.ImportMazeDocument,
    "fragment LevelFields on Level {\n  id\n  levelId\n  version\n  savedAt\n  width\n  height\n  rows\n  name\n  tags\n}": types.LevelFieldsFragmentDoc,
    "query LevelMaze($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    maze {\n      text\n    }\n  }\n}": types.LevelMazeDocument,
    "fragment LevelProblem on LevelValidationError {\n  message\n  code\n  row\n  col\n}": types.LevelProblemFragmentDoc,
    "subscription LevelsChanged {\n  levelsChanged {\n    id\n    version\n    kind\n  }\n}": types.LevelsChangedDocument,
    "query LevelsPage($first: Int!, $after: String, $search: String, $tag: String) {\n  levels(first: $first, after: $after, search: $search, tag: $tag) {\n    edges {\n      node {\n        id\n        version\n        width\n        height\n        name\n        tags\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.LevelsPageDocument,
    "query LiveCheck($rows: [String!]!, $terrain: Boolean!) {\n  checkLevel(rows: $rows) {\n    __typename\n    ...LevelProblem\n    ... on LevelDraft {\n      ...LiveAnswers\n      ...DraftInsights\n    }\n  }\n}\n\nfragment LiveAnswers on LevelAnswers {\n  steps\n  moves\n  ... @include(if: $terrain) {\n    cheapest\n    cheapestMoves\n  }\n}": types.LiveCheckDocument,
    "query OpenLevel($id: ID!, $version: Int) {\n  level(id: $id, version: $version) {\n    ...LevelFields\n  }\n}": types.OpenLevelDocument,
    "mutation RevertLevel($id: ID!, $version: Int!, $expectedVersion: Int) {\n  revertLevel(id: $id, version: $version, expectedVersion: $expectedVersion) {\n    __typename\n    ...LevelFields\n    ... on RevertError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": types.RevertLevelDocument,
    "mutation SaveLevel($id: ID!, $rows: [String!]!, $expectedVersion: Int, $name: String, $tags: [String!]) {\n  loadLevel(\n    id: $id\n    rows: $rows\n    expectedVersion: $expectedVersion\n    name: $name\n    tags: $tags\n  ) {\n    __typename\n    ...LevelFields\n    ...LevelProblem\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}": types.SaveLevelDocument,
    "fragment WalkFields on Walk {\n  keys\n  steps\n  reachedExit\n  blockedAt\n}\n\nquery PlayStart($rows: [String!]!) {\n  walkLevel(rows: $rows, moves: \"\") {\n    __typename\n    ...WalkFields\n    ... on Walk {\n      positions {\n        row\n        col\n      }\n    }\n    ...LevelProblem\n  }\n  checkLevel(rows: $rows) {\n    __typename\n    ... on LevelDraft {\n      steps\n    }\n  }\n}\n\nquery WalkLevel($rows: [String!]!, $moves: String!) {\n  walkLevel(rows: $rows, moves: $moves) {\n    __typename\n    ...WalkFields\n    ...LevelProblem\n  }\n}": types.WalkFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CopyLevel($from: ID!, $to: ID!, $expectedVersion: Int) {\n  copyLevel(from: $from, to: $to, expectedVersion: $expectedVersion) {\n    __typename\n    ...LevelFields\n    ... on CopyError {\n      message\n      copyError: code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}"): typeof import('./graphql.js').CopyLevelDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteLevel($id: ID!) {\n  deleteLevel(id: $id)\n}"): typeof import('./graphql.js').DeleteLevelDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment DraftInsights on LevelDraft {\n  unreachableMask\n  neededKeys\n  deadEnds\n  shortestWalks\n}"): typeof import('./graphql.js').DraftInsightsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DraftMaze($rows: [String!]!) {\n  checkLevel(rows: $rows) {\n    __typename\n    ... on LevelDraft {\n      maze {\n        text\n      }\n    }\n    ...LevelProblem\n  }\n}"): typeof import('./graphql.js').DraftMazeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment CollaboratorFields on Collaborator {\n  session\n  name\n  colour\n  pointer {\n    row\n    col\n  }\n  selection {\n    top\n    left\n    bottom\n    right\n  }\n}\n\nmutation JoinLevel($id: ID!, $session: ID!, $name: String) {\n  joinLevel(id: $id, session: $session, name: $name) {\n    __typename\n    ... on LevelSession {\n      colour\n      drawing {\n        seq\n        rows\n        savedVersion\n      }\n      collaborators {\n        ...CollaboratorFields\n      }\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation EditLevel($id: ID!, $session: ID!, $edit: Int!, $cells: [CellRunInput!], $rows: [String!]) {\n  editLevel(id: $id, session: $session, edit: $edit, cells: $cells, rows: $rows) {\n    __typename\n    ... on EditAccepted {\n      seq\n    }\n    ... on EditError {\n      code\n      message\n    }\n  }\n}\n\nmutation MoveInLevel($id: ID!, $session: ID!, $pointer: PositionInput, $selection: CellBoxInput) {\n  moveInLevel(\n    id: $id\n    session: $session\n    pointer: $pointer\n    selection: $selection\n  )\n}\n\nmutation LeaveLevel($id: ID!, $session: ID!) {\n  leaveLevel(id: $id, session: $session)\n}\n\nsubscription LevelEdits($id: ID!, $after: Int!, $session: ID) {\n  levelEdits(id: $id, after: $after, session: $session) {\n    __typename\n    ... on CellsEdited {\n      seq\n      session\n      edit\n      cells {\n        row\n        col\n        glyphs\n      }\n    }\n    ... on DrawingReplaced {\n      seq\n      replacedBy: session\n      replacedEdit: edit\n      rows\n    }\n    ... on CollaboratorMoved {\n      collaborator {\n        ...CollaboratorFields\n      }\n    }\n    ... on CollaboratorLeft {\n      session\n    }\n  }\n}"): typeof import('./graphql.js').CollaboratorFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GenerateCarving($input: GenerateLevelInput!) {\n  generateCarving(input: $input) {\n    __typename\n    ... on Carving {\n      rows\n      warnings\n      width\n      height\n      steps\n      stepCount\n      phases {\n        phase\n        start\n        count\n      }\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n  }\n}"): typeof import('./graphql.js').GenerateCarvingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GenerateLevel($id: ID!, $input: GenerateLevelInput!, $expectedVersion: Int) {\n  generateLevel(id: $id, input: $input, expectedVersion: $expectedVersion) {\n    __typename\n    ... on GeneratedLevel {\n      level {\n        ...LevelFields\n      }\n      warnings\n    }\n    ... on GenerationError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}"): typeof import('./graphql.js').GenerateLevelDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query History($id: ID!, $after: String) {\n  level(id: $id) {\n    id\n    history(first: 20, after: $after) {\n      edges {\n        node {\n          id\n          version\n          savedAt\n          revertedFrom\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): typeof import('./graphql.js').HistoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ImportMaze($id: ID!, $text: String!, $expectedVersion: Int) {\n  importMaze(id: $id, text: $text, expectedVersion: $expectedVersion) {\n    __typename\n    ... on ImportedMaze {\n      level {\n        ...LevelFields\n      }\n      warnings\n    }\n    ... on MazeFormatError {\n      message\n      code\n      row\n      col\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}"): typeof import('./graphql.js').ImportMazeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LevelFields on Level {\n  id\n  levelId\n  version\n  savedAt\n  width\n  height\n  rows\n  name\n  tags\n}"): typeof import('./graphql.js').LevelFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LevelMaze($id: ID!) {\n  level(id: $id) {\n    id\n    version\n    maze {\n      text\n    }\n  }\n}"): typeof import('./graphql.js').LevelMazeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LevelProblem on LevelValidationError {\n  message\n  code\n  row\n  col\n}"): typeof import('./graphql.js').LevelProblemFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription LevelsChanged {\n  levelsChanged {\n    id\n    version\n    kind\n  }\n}"): typeof import('./graphql.js').LevelsChangedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LevelsPage($first: Int!, $after: String, $search: String, $tag: String) {\n  levels(first: $first, after: $after, search: $search, tag: $tag) {\n    edges {\n      node {\n        id\n        version\n        width\n        height\n        name\n        tags\n      }\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): typeof import('./graphql.js').LevelsPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LiveCheck($rows: [String!]!, $terrain: Boolean!) {\n  checkLevel(rows: $rows) {\n    __typename\n    ...LevelProblem\n    ... on LevelDraft {\n      ...LiveAnswers\n      ...DraftInsights\n    }\n  }\n}\n\nfragment LiveAnswers on LevelAnswers {\n  steps\n  moves\n  ... @include(if: $terrain) {\n    cheapest\n    cheapestMoves\n  }\n}"): typeof import('./graphql.js').LiveCheckDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OpenLevel($id: ID!, $version: Int) {\n  level(id: $id, version: $version) {\n    ...LevelFields\n  }\n}"): typeof import('./graphql.js').OpenLevelDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RevertLevel($id: ID!, $version: Int!, $expectedVersion: Int) {\n  revertLevel(id: $id, version: $version, expectedVersion: $expectedVersion) {\n    __typename\n    ...LevelFields\n    ... on RevertError {\n      message\n      code\n    }\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}"): typeof import('./graphql.js').RevertLevelDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SaveLevel($id: ID!, $rows: [String!]!, $expectedVersion: Int, $name: String, $tags: [String!]) {\n  loadLevel(\n    id: $id\n    rows: $rows\n    expectedVersion: $expectedVersion\n    name: $name\n    tags: $tags\n  ) {\n    __typename\n    ...LevelFields\n    ...LevelProblem\n    ... on VersionConflict {\n      message\n      conflict: code\n      currentVersion\n    }\n  }\n}"): typeof import('./graphql.js').SaveLevelDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment WalkFields on Walk {\n  keys\n  steps\n  reachedExit\n  blockedAt\n}\n\nquery PlayStart($rows: [String!]!) {\n  walkLevel(rows: $rows, moves: \"\") {\n    __typename\n    ...WalkFields\n    ... on Walk {\n      positions {\n        row\n        col\n      }\n    }\n    ...LevelProblem\n  }\n  checkLevel(rows: $rows) {\n    __typename\n    ... on LevelDraft {\n      steps\n    }\n  }\n}\n\nquery WalkLevel($rows: [String!]!, $moves: String!) {\n  walkLevel(rows: $rows, moves: $moves) {\n    __typename\n    ...WalkFields\n    ...LevelProblem\n  }\n}"): typeof import('./graphql.js').WalkFieldsFragmentDoc;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
