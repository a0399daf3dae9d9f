// The sources of answers as text (answers.ts SOURCES encode/decode): what the store keeps for
// other instances must read back as the very value that was made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/engine/level/parse.js';
import { SOURCES, type SourceName } from '../../src/service/answers.js';
import { randomLevel } from '../support/random-levels.js';

describe('sources as text', () => {
  it('every source decodes to the value it encoded, on random levels', () => {
    fc.assert(
      fc.property(randomLevel(10), (rows) => {
        const parsed = parseLevel(rows);
        if (!parsed.ok) throw new Error(parsed.error.message);
        for (const name of Object.keys(SOURCES) as SourceName[]) {
          const { make, encode, decode } = SOURCES[name];
          const value = make(parsed.value);
          expect(decode((encode as (v: unknown) => string)(value)), name).toEqual(value);
        }
      }),
      { numRuns: 300 },
    );
  });
});
