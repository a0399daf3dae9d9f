// The rotating-rooms level files of test/fixtures/crusade/, parsed, and their mirrors: the
// fixtures the tests and the crusade bench both play.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseCrusadeLevel, type CrusadeLevel } from '../src/engine/crusade/level-file.js';
import { mirrorLevel } from './crusade-corpus.js';

/**
 * The repository root, from harness/ in the sources (the tests) or dist/harness/ (the bench,
 * built by `npm run bench`).
 */
export const repositoryRoot = fileURLToPath(
  new URL(import.meta.url.includes('/dist/harness/') ? '../../' : '../', import.meta.url),
);

export const crusadeLevelsDir = `${repositoryRoot}test/fixtures/crusade/`;

/** The level files, by name (without .in), sorted. */
export function crusadeLevels(): { name: string; level: CrusadeLevel }[] {
  return readdirSync(crusadeLevelsDir)
    .filter((file) => file.endsWith('.in'))
    .sort()
    .map((file) => {
      const parsed = parseCrusadeLevel(readFileSync(crusadeLevelsDir + file, 'utf8'));
      if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
      return { name: file.slice(0, -3), level: parsed.value };
    });
}

/** Every level file and its mirror (`name~mirror`): the official levels seen left to right. */
export function crusadeLevelsAndMirrors(): { name: string; level: CrusadeLevel }[] {
  return crusadeLevels().flatMap(({ name, level }) => [
    { name, level },
    { name: `${name}~mirror`, level: mirrorLevel(level) },
  ]);
}
