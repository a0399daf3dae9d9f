import type { Level } from '../engine/level/level.js';
import {
  ANSWERS,
  type AnswerName,
  type AnswerValue,
  SOURCES,
  type SolverStats,
  type SourceName,
  type SourceValue,
} from './answers.js';

/**
 * The answers (answers.ts) about one version of one level. Each source (a search, the hex
 * export) is made at most once; the answers are derived from it when asked. Lives in the
 * service's memo, keyed by (id, version).
 */
export class LevelAnswers {
  private readonly made = new Map<SourceName, unknown>();

  constructor(
    readonly level: Level,
    private readonly stats: SolverStats,
  ) {}

  /** The source's value, made on first use. */
  source<S extends SourceName>(name: S): SourceValue<S> {
    if (this.made.has(name)) return this.made.get(name) as SourceValue<S>;
    const { make, stat } = SOURCES[name];
    if (stat !== null) this.stats[stat]++;
    const value = make(this.level);
    this.made.set(name, value);
    return value as SourceValue<S>;
  }

  get<N extends AnswerName>(name: N): AnswerValue<N> {
    const spec = ANSWERS[name];
    // Each entry's `derive` takes its own source's value: the table's types tie them together.
    const derive = spec.derive as (source: unknown, level: Level) => AnswerValue<N>;
    return derive(this.source(spec.source), this.level);
  }
}
