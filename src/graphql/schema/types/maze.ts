// The hex wall format (docs/generation.md): `Level.maze` writes a wall maze as an A-Maze-ing file, and
// `importMaze` stores one read from such a file.
import {
  sizeOfHexText,
  IMPORT_ERROR_CODES,
  type HexMaze,
  type MazeCell,
  type ImportErrorCode,
} from '../../../service/index.js';
import { builder } from '../builder.js';
import { writeLevel } from '../loaders.js';
import { priceByLevels } from '../pricing.js';
import {
  ClientError,
  EXPECTED_VERSION,
  LEVEL_ID,
  VersionConflictError,
  clientErrorType,
} from './errors.js';
import { NAME_ARG, TAGS_ARG } from './labels.js';
import { madeLevelType } from './generation.js';

/** The file can't be read as a wall maze (the message names the line and the cell). */
export class MazeFormatError extends ClientError<ImportErrorCode> {
  override name = 'MazeFormatError';
}

clientErrorType(MazeFormatError, {
  name: 'MazeFormatError',
  codeEnum: 'MazeFormatErrorCode',
  description: 'The text is not a valid hex wall maze; nothing was stored.',
  codes: IMPORT_ERROR_CODES,
  codeDescription:
    'What is wrong with the file (INVALID_ID: an id with NUL or a lone surrogate; ' +
    'LEVEL_TOO_LARGE: over the configured level size; INVALID_NAME, INVALID_TAGS: the `name` ' +
    'or `tags` given); `message` says where.',
  position: {
    row: 'The line of the file (0-based) the error is on, when it has one.',
    col: 'The column of that line (0-based), when the error is at one character.',
  },
});

const MazeCellRef = builder.objectRef<MazeCell>('MazeCell').implement({
  description: 'A maze cell: x is the column, y the row, both from 0.',
  fields: (t) => ({
    x: t.exposeInt('x', { description: 'The column, from 0 at the left.' }),
    y: t.exposeInt('y', { description: 'The row, from 0 at the top.' }),
  }),
});

export const MazeExport = builder.objectRef<HexMaze>('MazeExport').implement({
  description: 'A wall maze in the hex format: one hex digit per cell, bit set = wall closed.',
  fields: (t) => ({
    text: t.exposeString('text', { description: 'The whole file, each line ending in "\\n".' }),
    rows: t.exposeStringList('rows', { description: 'Its maze lines.' }),
    entry: t.field({
      type: MazeCellRef,
      description: 'The cell of S.',
      resolve: (maze) => maze.entry,
    }),
    exit: t.field({
      type: MazeCellRef,
      description: 'The cell of E.',
      resolve: (maze) => maze.exit,
    }),
    path: t.exposeString('path', {
      description: 'The shortest path as letters N E S W; empty when the exit is unreachable.',
    }),
  }),
});

const ImportedMaze = madeLevelType(
  'ImportedMaze',
  'The maze stored as the next version of its id.',
  'What the file said that was not used (e.g. a path that is not shortest).',
);

builder.mutationField('importMaze', (t) =>
  t.field({
    type: ImportedMaze,
    description:
      'Reads a hex wall maze file and stores it (with `name` and `tags`) as the next version ' +
      'of `id`; a MazeFormatError or a VersionConflict changes nothing.',
    args: {
      id: t.arg.id({ required: true, ...LEVEL_ID }),
      text: t.arg.string({ required: true, description: 'The hex wall maze file, as its text.' }),
      expectedVersion: t.arg.int(EXPECTED_VERSION),
      name: t.arg.string(NAME_ARG),
      tags: t.arg.stringList(TAGS_ARG),
    },
    // The level the file makes, sized from its text (service/answers.ts).
    extensions: priceByLevels<{ text: string }>(({ text }) => ({
      stored: [],
      made: [sizeOfHexText(text)],
    })),
    errors: {
      types: [MazeFormatError, VersionConflictError],
      directResult: true,
      union: {
        name: 'ImportMazeResult',
        description: 'The maze as stored, or why nothing was stored.',
      },
    },
    resolve: (_root, { id, text, expectedVersion, name, tags }, context) =>
      writeLevel(
        context,
        id,
        (service) => service.importMaze(id, text, { expectedVersion, name, tags }),
        MazeFormatError,
      ),
  }),
);
