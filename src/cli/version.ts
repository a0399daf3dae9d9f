// `labyrinth --version`: the version of package.json, found up from this module whether it
// runs from dist/src/cli/ (the bin) or src/cli/ (the tests).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'labyrinth-level-service';

export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === PACKAGE && pkg.version !== undefined) return pkg.version;
    }
    if (dirname(dir) === dir) throw new Error(`cannot find the package.json of ${PACKAGE}`);
    dir = dirname(dir);
  }
}
