import type { LevelStore, LevelVersion, StoredLevel } from './level-store.js';

/** A synchronous store in process memory: for `run`, the CLI and tests. */
export class MemoryLevelStore implements LevelStore {
  private readonly levels = new Map<string, StoredLevel>();
  /** The last version given to each id, kept after a delete so versions are never reused. */
  private readonly lastVersion = new Map<string, number>();

  get(id: string): StoredLevel | undefined {
    return this.levels.get(id);
  }

  getMany(ids: readonly string[]): Array<StoredLevel | undefined> {
    return ids.map((id) => this.levels.get(id));
  }

  versions(ids: readonly string[]): Array<number | undefined> {
    return ids.map((id) => this.levels.get(id)?.version);
  }

  save(id: string, rows: readonly string[]): StoredLevel {
    const version = (this.lastVersion.get(id) ?? 0) + 1;
    const level: StoredLevel = { id, version, rows: Object.freeze([...rows]) };
    this.lastVersion.set(id, version);
    this.levels.set(id, level);
    return level;
  }

  delete(id: string): boolean {
    return this.levels.delete(id);
  }

  list(afterId: string | null, limit: number): StoredLevel[] {
    return this.page(afterId, limit);
  }

  listVersions(afterId: string | null, limit: number): LevelVersion[] {
    return this.page(afterId, limit).map(({ id, version }) => ({ id, version }));
  }

  private page(afterId: string | null, limit: number): StoredLevel[] {
    return [...this.levels.keys()]
      .filter((id) => afterId === null || id > afterId)
      .sort()
      .slice(0, limit)
      .map((id) => this.levels.get(id)!);
  }

  ping(): void {}

  close(): void {}
}
