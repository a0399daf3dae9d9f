import type {
  HistoryEntry,
  LevelStore,
  LevelVersion,
  RevertOutcome,
  SaveOptions,
  SaveOutcome,
  StoredLevel,
} from './level-store.js';

interface KeptVersion extends StoredLevel {
  readonly revertedFrom: number | null;
}

/** A synchronous store in process memory: for `run`, the CLI and tests. */
export class MemoryLevelStore implements LevelStore {
  private readonly levels = new Map<string, StoredLevel>();
  /** The last version given to each id, kept after a delete so versions are never reused. */
  private readonly lastVersion = new Map<string, number>();
  /** Each id's kept versions, oldest first. */
  private readonly kept = new Map<string, KeptVersion[]>();

  get(id: string): StoredLevel | undefined {
    return this.levels.get(id);
  }

  getMany(ids: readonly string[]): Array<StoredLevel | undefined> {
    return ids.map((id) => this.levels.get(id));
  }

  versions(ids: readonly string[]): Array<number | undefined> {
    return ids.map((id) => this.levels.get(id)?.version);
  }

  save(id: string, rows: readonly string[], options: SaveOptions): SaveOutcome {
    return this.write(id, rows, null, options);
  }

  revert(id: string, version: number, options: SaveOptions): RevertOutcome {
    const old = this.getVersion(id, version);
    if (old === undefined) return { kind: 'missing' };
    return this.write(id, old.rows, version, options);
  }

  private write(
    id: string,
    rows: readonly string[],
    revertedFrom: number | null,
    options: SaveOptions,
  ): SaveOutcome {
    const current = this.levels.get(id)?.version ?? 0;
    if (options.expectedVersion !== undefined && options.expectedVersion !== current) {
      return { kind: 'conflict', currentVersion: current === 0 ? null : current };
    }
    const version = (this.lastVersion.get(id) ?? 0) + 1;
    const level: StoredLevel = {
      id,
      version,
      rows: Object.freeze([...rows]),
      savedAt: new Date().toISOString(),
    };
    this.lastVersion.set(id, version);
    this.levels.set(id, level);
    const history = this.kept.get(id) ?? [];
    history.push({ ...level, revertedFrom });
    this.kept.set(
      id,
      history.filter((kept) => kept.version > version - options.historyLimit),
    );
    return { kind: 'saved', level };
  }

  getVersion(id: string, version: number): StoredLevel | undefined {
    const kept = this.kept.get(id)?.find((entry) => entry.version === version);
    return kept && { id, version, rows: kept.rows, savedAt: kept.savedAt };
  }

  history(id: string, beforeVersion: number | null, limit: number): HistoryEntry[] {
    return (this.kept.get(id) ?? [])
      .filter((entry) => beforeVersion === null || entry.version < beforeVersion)
      .reverse()
      .slice(0, limit)
      .map(({ version, savedAt, revertedFrom }) => ({ version, savedAt, revertedFrom }));
  }

  delete(id: string): number | undefined {
    const version = this.levels.get(id)?.version;
    this.levels.delete(id);
    return version;
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

  /** Answers are not kept apart from the memo in memory: nothing to share. */
  loadAnswer(): undefined {
    return undefined;
  }

  saveAnswer(): void {}

  ping(): void {}

  close(): void {}
}
