// The Chromium the browser tests drive. CHROMIUM_PATH chooses one (a system Chromium such as
// Debian's /usr/bin/chromium); without it, the headless Chromium that the @sparticuz/chromium
// package carries inside its npm tarball: the binary brotli-packed, with the NSS and expat
// libraries it links and SwiftShader. `npm ci` brings it (nothing is downloaded at install or at
// run time, no system package is needed); the first use unpacks it into
// node_modules/.cache/labyrinth-chromium/VERSION (about 2 s, about 200 MB; later runs reuse it, and
// a new version's unpack removes the older ones), and the browser process gets LD_LIBRARY_PATH
// pointed at its libraries, so that it needs nothing from the system but glibc
// (test/browser/chromium.test.ts checks that with ldd), and a fontconfig file that sees only fonts
// from npm packages (DejaVu from dejavu-fonts-ttf), so that pages and screenshots look alike on
// every machine.
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import { type BrowserContext, chromium } from 'playwright-core';

/** The repository: up from here to its package.json (from harness/, or from dist/ when built). */
const root = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package-lock.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();

export interface ChromiumBuild {
  readonly executablePath: string;
  /** What the browser process needs in its environment besides process.env. */
  readonly env: Readonly<Record<string, string>>;
  /** Where it comes from, for messages and the README: `CHROMIUM_PATH` or the package. */
  readonly source: string;
}

const PACKAGE = '@sparticuz/chromium';

/** The package's directory: its `exports` hide package.json, so up from its main file. */
function packageDir(): string {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(PACKAGE));
  } catch {
    throw new Error(
      `${PACKAGE} is not installed: run npm ci (or npm install) after pulling, or set CHROMIUM_PATH to a Chromium`,
    );
  }
  // build/esm and build/cjs have package.json files of their own, without a name.
  while (!isPackageRoot(dir)) {
    if (dirname(dir) === dir) throw new Error(`cannot find the ${PACKAGE} package`);
    dir = dirname(dir);
  }
  return dir;
}

function isPackageRoot(dir: string): boolean {
  const file = join(dir, 'package.json');
  return (
    existsSync(file) &&
    (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === PACKAGE
  );
}

/** The unpacked build of the package: where it lives, and its version. */
export function packagedChromium(): { dir: string; version: string; bin: string } {
  const pkg = packageDir();
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    dir: join(root, 'node_modules', '.cache', 'labyrinth-chromium', version),
    version,
    bin: join(pkg, 'bin'),
  };
}

/** The unpacked build's environment: its libraries first, its font configuration. */
export function packagedEnv(dir: string): Record<string, string> {
  return {
    LD_LIBRARY_PATH: [join(dir, 'lib'), dir, process.env.LD_LIBRARY_PATH]
      .filter((part) => part !== undefined && part !== '')
      .join(':'),
    FONTCONFIG_FILE: join(dir, 'fonts.conf'),
  };
}

async function unbrotli(from: string, to: string, mode?: number): Promise<void> {
  await pipeline(createReadStream(from), createBrotliDecompress(), createWriteStream(to, { mode }));
}

async function untar(from: string, into: string): Promise<void> {
  const { extract } = await import('tar-fs');
  await pipeline(createReadStream(from), createBrotliDecompress(), extract(into));
}

/**
 * Unpacks the package's Chromium into `dir` unless it is there. Several test files may ask at
 * once (vitest runs them in parallel): each unpacks into a directory of its own and renames it
 * into place, so `dir` exists only whole, and the first rename wins.
 */
async function unpack(bin: string, dir: string): Promise<void> {
  if (existsSync(join(dir, 'chromium'))) return;
  const partial = `${dir}.partial-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await mkdir(partial, { recursive: true });
  try {
    await Promise.all([
      unbrotli(join(bin, 'chromium.br'), join(partial, 'chromium'), 0o755),
      // lib/: libnss3, libnspr4, libexpat and the rest the binary links (built for Amazon Linux
      // 2023, whose glibc is older than Debian 12's).
      untar(join(bin, 'al2023.tar.br'), partial),
      // libEGL, libGLESv2 and Vulkan's SwiftShader, which Chromium looks for beside itself.
      untar(join(bin, 'swiftshader.tar.br'), partial),
    ]);
    // Fonts from an npm package only, so that text looks the same on every machine.
    await writeFile(join(partial, 'fonts.conf'), fontConfig(dir));
    try {
      await rename(partial, dir);
    } catch (error) {
      // Another test file unpacked it first: keep theirs.
      if (!existsSync(join(dir, 'chromium'))) throw error;
    }
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  await removeOtherVersions(dir);
}

/**
 * Each unpacked build is about 200 MB: once a new version of the package is unpacked, the
 * builds of the versions before it go (another test file's partial unpack of this version
 * stays).
 */
async function removeOtherVersions(dir: string): Promise<void> {
  const version = basename(dir);
  for (const entry of await readdir(dirname(dir))) {
    if (entry === version || entry.startsWith(`${version}.partial-`)) continue;
    await rm(join(dirname(dir), entry), { recursive: true, force: true });
  }
}

/**
 * A fontconfig file that sees only DejaVu, from the dejavu-fonts-ttf package: the faces Debian's
 * Chromium shows, for the generic families and for text that names no family (system-ui).
 */
function fontConfig(dir: string): string {
  const dejavu = join(
    dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
    'ttf',
  );
  const alias = (family: string, face: string) =>
    `  <alias binding="same"><family>${family}</family><prefer><family>${face}</family></prefer></alias>`;
  const not = (family: string) =>
    `    <test qual="all" name="family" compare="not_eq"><string>${family}</string></test>`;
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    `  <dir>${dejavu}</dir>`,
    `  <cachedir>${join(dir, 'font-cache')}</cachedir>`,
    // What fontconfig's own 49-sansserif.conf does: a request without a generic family falls
    // back to sans-serif.
    '  <match target="pattern">',
    not('sans-serif'),
    not('serif'),
    not('monospace'),
    '    <edit name="family" mode="append_last"><string>sans-serif</string></edit>',
    '  </match>',
    alias('sans-serif', 'DejaVu Sans'),
    alias('serif', 'DejaVu Serif'),
    alias('monospace', 'DejaVu Sans Mono'),
    '</fontconfig>',
    '',
  ].join('\n');
}

let packaged: Promise<ChromiumBuild> | undefined;

/** The Chromium to launch: CHROMIUM_PATH's, else the package's (unpacked on first use). */
export function chromiumBuild(): Promise<ChromiumBuild> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured !== undefined && configured !== '') {
    if (!existsSync(configured)) {
      return Promise.reject(
        new Error(
          `CHROMIUM_PATH is ${configured}, which does not exist (unset it to use the packaged Chromium)`,
        ),
      );
    }
    return Promise.resolve({ executablePath: configured, env: {}, source: 'CHROMIUM_PATH' });
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return Promise.reject(
      new Error(
        `@sparticuz/chromium ships Chromium for x64 Linux only (this is ${process.platform} ${process.arch}): set CHROMIUM_PATH to a Chromium`,
      ),
    );
  }
  packaged ??= (async () => {
    const { dir, version, bin } = packagedChromium();
    await unpack(bin, dir);
    return {
      executablePath: join(dir, 'chromium'),
      env: packagedEnv(dir),
      source: `${PACKAGE} ${version}`,
    };
  })();
  return packaged;
}

/** How long a page's read or action waits for its element by default. */
export const ACTION_TIMEOUT_MS = 10_000;

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Chromium (chromiumBuild's) with a fresh profile; the flags keep it off the network and quiet
 * as root. `args`: more command-line switches (the speed test's, editor-speed.test.ts).
 */
export async function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  const build = await chromiumBuild();
  const profile = await mkdtemp(join(tmpdir(), 'labyrinth-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: build.executablePath,
    env: { ...process.env, ...build.env },
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    acceptDownloads: true,
    reducedMotion: 'no-preference',
  });
  // A read or an action waits this long for its element, not Playwright's 30 s (the length of
  // a whole test): a poll over a missing element then fails with the element's name.
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
