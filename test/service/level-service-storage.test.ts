// LevelService over a real store (SQLite): what a failed load leaves behind.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LevelService } from '../../src/service/level-service.js';
import { KyselyLevelStore } from '../../src/service/storage/kysely-store.js';
import { openSqliteStore } from '../../src/service/storage/sqlite.js';
import { INTRO, LONG_WAY, level } from './store-contract.js';

describe('LevelService on the SQLite store', () => {
  let dir: string;
  let files = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'labyrinth-service-storage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function openEmpty(): Promise<KyselyLevelStore> {
    return openSqliteStore(join(dir, `case-${++files}`, 'levels.sqlite'));
  }

  it('a failed load leaves the stored level and version untouched', async () => {
    const store = await openEmpty();
    try {
      const service = new LevelService(store);
      expect(await service.load('intro', INTRO)).toEqual({
        ok: true,
        value: level('intro', 1, INTRO),
      });
      expect(await service.load('intro', ['S.#', '..'])).toEqual({
        ok: false,
        error: {
          code: expect.any(String),
          message: 'rows have different lengths',
          row: 1,
          col: null,
        },
      });
      expect(await service.load('intro', ['S.x', '..E'])).toMatchObject({
        ok: false,
        error: { message: "unknown glyph 'x' at row 0, col 2" },
      });
      expect(await store.get('intro')).toEqual(level('intro', 1, INTRO));
      expect(await service.load('intro', LONG_WAY)).toEqual({
        ok: true,
        value: level('intro', 2, LONG_WAY),
      });
      expect(await service.get('intro')).toEqual(level('intro', 2, LONG_WAY));
    } finally {
      await store.close();
    }
  });
});
