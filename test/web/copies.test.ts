// Duplicate and Rename (web/src/copies.ts) against a fake API: every refusal's words, the copy
// answered, and Rename deleting the old id only when it is still at the version copied.
import { describe, expect, it } from 'vitest';
import {
  type CopyApi,
  type CopyResult,
  cannotCopy,
  duplicate,
  rename,
} from '../../web/src/copies.js';
import type { LevelFieldsFragment } from '../../web/src/gql/graphql.js';

const level = (id: string, version = 1): LevelFieldsFragment => ({
  id,
  levelId: id,
  version,
  savedAt: '',
  width: 2,
  height: 1,
  rows: ['SE'],
  name: 'Castle',
  tags: ['hard'],
});

function fakeApi(answer: CopyResult, current: number | null = 3) {
  const calls: string[] = [];
  const api: CopyApi = {
    copy: async (from, to) => {
      calls.push(`copy ${from} ${to}`);
      return answer;
    },
    currentVersion: async (id) => {
      calls.push(`version ${id}`);
      return current;
    },
    remove: async (id) => {
      calls.push(`delete ${id}`);
      return true;
    },
  };
  return { api, calls };
}

const copied: CopyResult = { __typename: 'Level', ...level('tower') };

describe('duplicate', () => {
  it('answers the copy, and says why each refusal happened', async () => {
    expect(await duplicate(fakeApi(copied).api, 'castle', ' tower ')).toEqual({
      kind: 'copied',
      level: copied,
    });
    const refusal = async (answer: CopyResult) =>
      ((await duplicate(fakeApi(answer).api, 'castle', 'tower')) as { message: string }).message;
    const error = (code: string, message = 'm') =>
      ({ __typename: 'CopyError', copyError: code, message }) as const;
    expect(await refusal({ __typename: 'VersionConflict', message: '', currentVersion: 4 })).toBe(
      "Not duplicated: there is already a level 'tower' (version 4): choose another id, or open it",
    );
    expect(await refusal(error('UNKNOWN_SOURCE'))).toBe(
      "Not duplicated: 'castle' is not stored any more (deleted elsewhere?): save it first",
    );
    expect(await refusal(error('SAME_ID'))).toBe(
      "Not duplicated: the copy needs an id other than 'castle'",
    );
    expect(await refusal(error('LEVEL_TOO_LARGE', 'level too large (max 10x10)'))).toBe(
      "Not duplicated: 'castle' is larger than this server takes now: level too large (max 10x10)",
    );
    expect(await refusal(error('INVALID_ID', 'an id with NUL'))).toBe(
      "Not duplicated: 'tower' cannot be a level id: an id with NUL",
    );
  });

  it('is refused before asking when the level is new, has unsaved changes, or no id is given', () => {
    expect(cannotCopy({ id: 'a', version: 0 }, false, 'b')).toContain('save the level first');
    expect(cannotCopy({ id: 'a', version: 2 }, true, 'b')).toContain('save or undo');
    expect(cannotCopy({ id: 'a', version: 2 }, false, '  ')).toBe('give the new id');
    expect(cannotCopy({ id: 'a', version: 2 }, false, 'b')).toBeNull();
  });
});

describe('rename', () => {
  it('copies, opens the copy, then deletes the old id when it is still at the version copied', async () => {
    const { api, calls } = fakeApi(copied, 3);
    const opened: string[] = [];
    const outcome = await rename(api, 'castle', 3, 'tower', (l) => {
      opened.push(l.levelId);
      calls.push('opened');
    });
    expect(outcome).toEqual({ kind: 'copied', level: copied });
    expect(calls).toEqual(['copy castle tower', 'opened', 'version castle', 'delete castle']);
    expect(opened).toEqual(['tower']);
  });

  it('keeps the old id when it was saved again meanwhile, and says so', async () => {
    const { api, calls } = fakeApi(copied, 4);
    const outcome = await rename(api, 'castle', 3, 'tower', () => {});
    expect(outcome).toEqual({
      kind: 'both',
      level: copied,
      message:
        "Copied as 'tower', but 'castle' was saved again meanwhile (version 4): it is kept; delete it yourself if you want.",
    });
    expect(calls).not.toContain('delete castle');
  });

  it('changes nothing when the copy is refused', async () => {
    const { api, calls } = fakeApi({
      __typename: 'CopyError',
      copyError: 'SAME_ID',
      message: '',
    });
    const outcome = await rename(api, 'castle', 3, 'castle', () => calls.push('opened'));
    expect(outcome).toEqual({
      kind: 'refused',
      message: "Not renamed: the copy needs an id other than 'castle'",
    });
    expect(calls).toEqual(['copy castle castle']);
  });
});
