// A worker thread of the solver pool (solver-pool.ts): makes one source of a level (a search,
// the hex export) from its rows, or plays a rotating-rooms level (`planCrusade`), with the
// same engine code that runs inline.
import { performance } from 'node:perf_hooks';
import type { CrusadeLevel } from '../engine/crusade/level-file.js';
import { playCrusade, playResult, type CrusadePlayResult } from '../engine/crusade/play.js';
import { parseLevel } from '../engine/level/parse.js';
import { SOURCES, type SourceName, type SourceValue } from './answers.js';

export interface SourceTask {
  readonly rows: readonly string[];
  readonly source: SourceName;
}

/** No size limit: the rows were validated when they were saved or checked. */
const ANY_SIZE = { maxRows: Infinity, maxCols: Infinity };

export default function makeSource({ rows, source }: SourceTask): SourceValue<SourceName> {
  const parsed = parseLevel(rows, ANY_SIZE);
  if (!parsed.ok)
    throw new Error(`a level sent to a solver worker is invalid: ${parsed.error.message}`);
  return SOURCES[source].make(parsed.value);
}

export interface CrusadeTask {
  readonly level: CrusadeLevel;
}

/** Plays a parsed rotating-rooms level, each answer timed here. */
export function planCrusade({ level }: CrusadeTask): CrusadePlayResult {
  return playResult(playCrusade(level, () => performance.now()));
}
