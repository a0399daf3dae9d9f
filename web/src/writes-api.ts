// Each write intent as its GraphQL request, and the answer as an outcome (writes.ts).
import { request } from './api.js';
import {
  DeleteLevelDocument,
  GenerateLevelDocument,
  ImportMazeDocument,
  RevertLevelDocument,
  SaveLevelDocument,
} from './gql/graphql.js';
import { type LevelInfo, parseTags } from './level-meta.js';
import type { WriteIntent, WriteOutcome } from './writes.js';

export async function sendWrite(
  intent: WriteIntent,
  expected: number,
  rows: () => string[],
  info: () => LevelInfo = () => ({ name: '', tags: '' }),
): Promise<WriteOutcome> {
  const conflict = (result: { __typename: string; currentVersion?: number | null }) =>
    result.__typename === 'VersionConflict'
      ? ({ kind: 'conflict', currentVersion: result.currentVersion ?? null } as const)
      : null;
  const refused = (result: object): WriteOutcome => ({
    kind: 'refused',
    message: 'message' in result ? String(result.message) : '',
  });
  const expectedVersion = expected;
  if (intent.kind === 'save') {
    const { id } = intent;
    // The name and tags as the fields say: "" and [] remove them (the server keeps a name
    // left out, which would keep one the designer cleared).
    const { name, tags } = info();
    const { loadLevel: result } = await request(SaveLevelDocument, {
      id,
      rows: rows(),
      expectedVersion,
      name: name.trim(),
      tags: parseTags(tags),
    });
    if (result.__typename === 'Level') return { kind: 'stored', level: result, warnings: [] };
    return conflict(result) ?? refused(result);
  }
  if (intent.kind === 'generate') {
    const { id, input } = intent;
    const { generateLevel: result } = await request(GenerateLevelDocument, {
      id,
      input,
      expectedVersion,
    });
    if (result.__typename === 'GeneratedLevel') {
      return { kind: 'stored', level: result.level, warnings: result.warnings };
    }
    return conflict(result) ?? refused(result);
  }
  if (intent.kind === 'import') {
    const { id, text } = intent;
    const { importMaze: result } = await request(ImportMazeDocument, {
      id,
      text,
      expectedVersion,
    });
    if (result.__typename === 'ImportedMaze') {
      return { kind: 'stored', level: result.level, warnings: result.warnings };
    }
    return conflict(result) ?? refused(result);
  }
  if (intent.kind === 'revert') {
    const { id, version } = intent;
    const { revertLevel: result } = await request(RevertLevelDocument, {
      id,
      version,
      expectedVersion,
    });
    if (result.__typename === 'Level') return { kind: 'stored', level: result, warnings: [] };
    return conflict(result) ?? refused(result);
  }
  const { deleteLevel: deleted } = await request(DeleteLevelDocument, { id: intent.id });
  return { kind: 'stored', level: null, warnings: deleted ? [] : ['already gone'] };
}
