// What each error code means, one line a code: the description of that value in every code
// enum that has it (docs/graphql.md's table of codes says the same, at more length).

const CODE_TEXT: Readonly<Record<string, string>> = {
  // A level's rows: the seven checks of docs/rules.md, and the labels saved with them.
  EMPTY_LEVEL: 'No rows, or the first row is empty.',
  ROW_LENGTH_MISMATCH:
    'Rows of different lengths (in a maze file: lines with different numbers of cells).',
  UNKNOWN_GLYPH: "A glyph that is not one of a level's (# . 1-9 ^ > v < a-d A-D S E).",
  START_COUNT: 'Not exactly one S.',
  EXIT_COUNT: 'Not exactly one E.',
  DUPLICATE_KEY: 'A key letter twice.',
  LEVEL_TOO_LARGE: 'More glyphs than the level size limit of this server.',
  INVALID_ID: 'An id no level can have: over 256 characters, or with NUL or a lone surrogate.',
  INVALID_NAME: 'A name over 100 characters, or with control characters or lone surrogates.',
  INVALID_TAGS:
    'More than 20 tags, or one empty, over 32 characters, or with characters other than ' +
    'letters, digits, "-", "_" and ".".',
  // generateLevel's input.
  INVALID_WIDTH: '`width` is not a whole number from 1 to 250.',
  INVALID_HEIGHT: '`height` is not a whole number from 1 to 250.',
  INVALID_SEED: '`seed` is not a whole number from 0 to 4294967295.',
  INVALID_OPTIONS: 'The options are not an object.',
  UNKNOWN_OPTION: 'An option the generator does not have.',
  INVALID_ALGORITHM: "`algorithm` is not one of the generator's.",
  INVALID_SHAPE: '`shape` is not PERFECT, IMPERFECT or BRAID.',
  INVALID_PATTERN42: '`pattern42` is not true or false.',
  INVALID_ENTRY: '`entry` is not a cell of the maze.',
  INVALID_EXIT: '`exit` is not a cell of the maze.',
  INVALID_TERRAIN: '`terrain` is not a number from 0 to 1.',
  INVALID_GATES: '`gates` is not a whole number from 0 to 62500.',
  INVALID_KEYS: '`keys` is not a whole number from 0 to 4.',
  ENTRY_EQUALS_EXIT: 'The entry and the exit are the same cell.',
  ON_PATTERN: 'The entry or the exit is on a cell of the "42".',
  NO_ROOM: "The gates or the keys' doors asked for do not fit in the maze.",
  // A hex wall maze file.
  NO_MAZE_LINES: 'The file has no maze lines.',
  MISSING_SEPARATOR: 'No empty line after the maze lines.',
  MAZE_TOO_LARGE: 'A maze over 250 x 250 cells.',
  BAD_DIGIT: 'A maze character that is not a hex digit.',
  OPEN_BORDER: 'A wall of the border is open.',
  WALL_MISMATCH: 'Two neighbours disagree about the wall between them.',
  BAD_ENTRY: 'The entry line is not "x,y" of a cell of the maze.',
  BAD_EXIT:
    'The exit line is not "x,y" of a cell of the maze (in a rotating-rooms file: EX is not a ' +
    'column of the grid).',
  BAD_PATH: 'The path line has letters other than N, E, S and W.',
  UNEXPECTED_TEXT:
    "Text after the path line (in a rotating-rooms file: after the last rock's line).",
  // A rotating-rooms level file.
  BAD_SIZE: '"W H" is not two whole numbers from 1 to 20.',
  BAD_ROOM_ROW: 'A row of rooms that is not W room types from -13 to 13.',
  BAD_INDY: 'Indy\'s line "X Y POS" is wrong.',
  BAD_ROCK_COUNT: "The rocks' count is not a whole number from 0 to 1000.",
  BAD_ROCK: 'A rock\'s line "XR YR POS T" is wrong.',
  TEXT_ENDS_EARLY: 'The text ends before the level does (an empty text too).',
  // Copies, reverts and safe saves.
  SAME_ID: '`from` and `to` are the same id.',
  UNKNOWN_SOURCE: 'No level has the id `from` (or it was deleted).',
  UNKNOWN_VERSION: 'The history does not keep that version (never saved, or dropped).',
  VERSION_CONFLICT: 'The level was at another version than `expectedVersion`.',
  // Editing together.
  INVALID_SESSION: 'A session id that is not 8 to 64 characters of A-Z a-z 0-9 _ -.',
  UNKNOWN_LEVEL: 'No level has the id, and it has no shared drawing.',
  OUTSIDE_LEVEL: 'A cell of the edit is outside the drawing as it is when the edit is applied.',
  EDIT_TOO_LARGE: 'More than 1000000 cells or 100000 runs in one edit.',
  INVALID_EDIT:
    'Neither or both of `cells` and `rows`, an edit number below 1, or a name too long.',
};

/** The values of a code enum, each with its description. */
export function codeValues(
  codes: readonly string[],
): Record<string, { readonly description: string }> {
  return Object.fromEntries(
    codes.map((code) => {
      const description = CODE_TEXT[code];
      if (description === undefined) throw new Error(`error code ${code} has no description`);
      return [code, { description }];
    }),
  );
}

/** The description of every `code` field. */
export const CODE_FIELD = {
  description: 'What is wrong, as a code to branch on (never branch on `message`).',
} as const;
