import type { Level } from '../engine/level/level.js';
import { parseLevel } from '../engine/level/parse.js';
import { searchSizeOf } from '../engine/search/search-grid.js';
import {
  ANSWERS,
  type AnswerName,
  type AnswerValue,
  type LevelShape,
  RESPONSE_BYTES,
  SOURCES,
  type SearchSize,
  type SolverStats,
  type SourceName,
  type SourceValue,
} from './answers.js';
import type { Flight } from './single-flight.js';

/** No size limit for rows that were validated when they were saved or checked. */
const ANY_SIZE = { maxRows: Infinity, maxCols: Infinity };

/** Rows of ASCII glyphs in V8: one byte a glyph, and a string's header. */
function rowsBytes(rows: readonly string[]): number {
  let bytes = 16 + 8 * rows.length;
  for (const row of rows) bytes += 24 + row.length;
  return bytes;
}

/**
 * The answers (answers.ts) about one version of one level. Each source (a search, the hex
 * export) is made at most once, inline (`source`) or in the solver pool (then `hold`s it);
 * answers are derived from it when asked. Lives in the service's memo, keyed by (id, version).
 * The level is parsed only when a source is made inline: a big level solved in the pool is
 * never parsed on the event loop.
 */
export class LevelAnswers {
  private parsed: Level | undefined;
  private searchSize: SearchSize | undefined;
  private readonly made = new Map<SourceName, unknown>();
  private readonly responseCost = new Map<AnswerName, number>();
  /** Whether a search ran inline: the parsed level then holds its compiled grid. */
  private compiled = false;
  /** Whether it holds more than when the memo last weighed it. */
  private grown = false;
  /** Answers kept once derived: those that are strings (renders), compact and costly to build. */
  private readonly kept = new Map<AnswerName, unknown>();
  /** Sources being made in the pool, shared by every request that waits for them. */
  readonly flights = new Map<SourceName, Flight<unknown>>();

  constructor(
    readonly rows: readonly string[],
    private readonly stats: SolverStats,
    parsed?: Level,
  ) {
    this.parsed = parsed;
  }

  /** The parsed level (rows of a stored or checked level are valid). */
  get level(): Level {
    if (this.parsed === undefined) {
      const parsed = parseLevel(this.rows, ANY_SIZE);
      if (!parsed.ok) throw new Error(`a stored level is invalid: ${parsed.error.message}`);
      this.parsed = parsed.value;
    }
    return this.parsed;
  }

  /** Rows and width: what deriving an answer needs (rows are ASCII glyphs once valid). */
  get shape(): LevelShape {
    return this.parsed ?? { rows: this.rows, width: this.rows[0].length };
  }

  /** Cells and key layers: what making each source costs (SOURCES.cost). */
  get size(): SearchSize {
    return (this.searchSize ??= searchSizeOf(this.rows));
  }

  has(name: SourceName): boolean {
    return this.made.has(name);
  }

  /** The source's value, made inline on first use. */
  source<S extends SourceName>(name: S): SourceValue<S> {
    if (this.made.has(name)) return this.made.get(name) as SourceValue<S>;
    const { make, stat } = SOURCES[name];
    if (stat !== null) this.stats[stat]++;
    const value = make(this.level) as SourceValue<S>;
    // Searching inline compiles the level (search-grid.ts), kept with the parsed level.
    this.compiled ||= SOURCES[name].compiles;
    this.made.set(name, value);
    this.grown = true;
    return value;
  }

  /** Keeps a source made elsewhere (in the pool). */
  hold<S extends SourceName>(name: S, value: SourceValue<S>): void {
    this.made.set(name, value);
    this.grown = true;
  }

  /** Whether it grew since the last call (then the memo weighs it again). */
  takeGrowth(): boolean {
    const grown = this.grown;
    this.grown = false;
    return grown;
  }

  get<N extends AnswerName>(name: N): AnswerValue<N> {
    if (this.kept.has(name)) return this.kept.get(name) as AnswerValue<N>;
    const spec = ANSWERS[name];
    // Each entry's `derive` takes its own source's value: the table's types tie them together.
    const derive = spec.derive as (source: unknown, level: LevelShape) => AnswerValue<N>;
    const value = derive(this.source(spec.source), this.shape);
    // Positions are not kept: as objects they would take ten times a route's bytes.
    if (spec.kind === 'rows' && value !== null) {
      this.kept.set(name, Object.freeze(value));
      this.grown = true;
    }
    return value;
  }

  /** What the answer costs a response (RESPONSE_BYTES), worked out once per version. */
  responseBytes(name: AnswerName): number {
    let bytes = this.responseCost.get(name);
    if (bytes === undefined) {
      const toBytes = RESPONSE_BYTES[ANSWERS[name].kind] as (value: unknown) => number;
      bytes = toBytes(this.get(name));
      this.responseCost.set(name, bytes);
    }
    return bytes;
  }

  /**
   * The bytes this holds, roughly: the rows, the renders kept, the sources made, and a
   * compiled level (its search grid: about 8 bytes per cell) once a search ran inline.
   */
  bytes(): number {
    let bytes = 64 + rowsBytes(this.rows);
    if (this.compiled) bytes += 8 * this.size.cells;
    for (const [name, value] of this.made) {
      bytes += (SOURCES[name].bytes as (value: unknown) => number)(value);
    }
    for (const rows of this.kept.values()) bytes += rowsBytes(rows as string[]);
    return bytes;
  }
}
