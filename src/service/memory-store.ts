import {
  type LabelsWrite,
  type LevelFilter,
  type LevelLabels,
  matchesFilter,
  mergeLabels,
  sameLabels,
} from './level-labels.js';
import type {
  HistoryEntry,
  LevelStore,
  LevelVersion,
  RevertOutcome,
  SaveOptions,
  SaveOutcome,
  StoredLevel,
} from './level-store.js';
import type { DrawingChange } from '../engine/level/drawing.js';
import {
  type AppendOutcome,
  MemoryDrawingStore,
  type StoredDrawing,
  type StoredEdit,
} from './drawings.js';

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
  private readonly drawings = new MemoryDrawingStore(
    (id, version) => this.getVersion(id, version)?.rows,
  );

  drawing(id: string): StoredDrawing | undefined {
    return this.drawings.drawing(id);
  }

  makeDrawing(id: string, rows: readonly string[], baseVersion: number): StoredDrawing {
    return this.drawings.makeDrawing(id, rows, baseVersion);
  }

  appendEdit(
    id: string,
    session: string | null,
    edit: number | null,
    change: DrawingChange,
  ): AppendOutcome {
    return this.drawings.appendEdit(id, session, edit, change);
  }

  editsAfter(id: string, after: number, limit: number): readonly StoredEdit[] | 'gone' {
    return this.drawings.editsAfter(id, after, limit);
  }

  followSave(id: string, rows: readonly string[], version: number): StoredEdit | undefined {
    return this.drawings.followSave(id, rows, version);
  }

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
    return this.write(id, rows, options.labels ?? {}, null, options);
  }

  revert(id: string, version: number, options: SaveOptions): RevertOutcome {
    const old = this.getVersion(id, version);
    if (old === undefined) return { kind: 'missing' };
    return this.write(id, old.rows, { name: old.name, tags: old.tags }, version, options);
  }

  private write(
    id: string,
    rows: readonly string[],
    labels: LabelsWrite,
    revertedFrom: number | null,
    options: SaveOptions,
  ): SaveOutcome {
    const currentLevel = this.levels.get(id);
    const current = currentLevel?.version ?? 0;
    if (options.expectedVersion !== undefined && options.expectedVersion !== current) {
      return { kind: 'conflict', currentVersion: current === 0 ? null : current };
    }
    const { name, tags }: LevelLabels = mergeLabels(currentLevel, labels);
    if (
      currentLevel !== undefined &&
      sameRows(currentLevel.rows, rows) &&
      sameLabels(currentLevel, { name, tags })
    ) {
      return { kind: 'unchanged', level: currentLevel };
    }
    const version = (this.lastVersion.get(id) ?? 0) + 1;
    const level: StoredLevel = {
      id,
      version,
      rows: Object.freeze([...rows]),
      name,
      tags: Object.freeze([...tags]),
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
    if (kept === undefined) return undefined;
    const { rows, name, tags, savedAt } = kept;
    return { id, version, rows, name, tags, savedAt };
  }

  history(id: string, beforeVersion: number | null, limit: number): HistoryEntry[] {
    return (this.kept.get(id) ?? [])
      .filter((entry) => beforeVersion === null || entry.version < beforeVersion)
      .reverse()
      .slice(0, limit)
      .map(({ version, savedAt, revertedFrom, name, tags }) => ({
        version,
        savedAt,
        revertedFrom,
        name,
        tags,
      }));
  }

  delete(id: string): number | undefined {
    const version = this.levels.get(id)?.version;
    this.levels.delete(id);
    return version;
  }

  list(afterId: string | null, limit: number, filter: LevelFilter = {}): StoredLevel[] {
    return this.page(afterId, limit, filter);
  }

  listVersions(afterId: string | null, limit: number, filter: LevelFilter = {}): LevelVersion[] {
    return this.page(afterId, limit, filter).map(({ id, version }) => ({ id, version }));
  }

  private page(afterId: string | null, limit: number, filter: LevelFilter): StoredLevel[] {
    return [...this.levels.keys()]
      .filter((id) => afterId === null || id > afterId)
      .sort()
      .map((id) => this.levels.get(id)!)
      .filter((level) => matchesFilter(level, filter))
      .slice(0, limit);
  }

  /** Answers are not kept apart from the memo in memory: nothing to share. */
  loadAnswer(): undefined {
    return undefined;
  }

  saveAnswer(): void {}

  ping(): void {}

  close(): void {}
}

function sameRows(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((row, i) => row === b[i]);
}
