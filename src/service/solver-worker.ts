// A worker thread of the solver pool (solver-pool.ts): makes one source of a level (a search,
// the hex export) from its rows, with the same engine code that runs inline.
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
