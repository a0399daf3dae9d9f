// The packaged Chromium (chromium.ts) needs nothing from the system but glibc: ldd, run with the
// environment the harness gives the browser, resolves every library of the binary and of the
// libraries beside it either inside the unpacked build or to glibc's own (and libgcc_s, which
// glibc itself loads). It renders text in the packaged fonts and reads canvas pixels back.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumBuild, packagedChromium, packagedEnv } from '../../harness/chromium.js';

/** glibc's libraries (and the GCC runtime glibc loads for thread cancellation). */
const SYSTEM = new Set([
  'linux-vdso.so.1',
  'ld-linux-x86-64.so.2',
  'libc.so.6',
  'libm.so.6',
  'libdl.so.2',
  'libpthread.so.0',
  'librt.so.1',
  'libgcc_s.so.1',
]);

/** Each library ldd lists for a file, and where it resolves (undefined: not found). */
function ldd(file: string, env: NodeJS.ProcessEnv): Array<{ name: string; path?: string }> {
  // ldd exits 1 when a library cannot be loaded; what it printed still says which.
  const { stdout: text, error } = spawnSync('ldd', [file], { env, encoding: 'utf8' });
  if (error) throw error;
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      // `libx.so => /path/libx.so (0x…)`, `libx.so => not found`, or `/lib64/ld-….so.2 (0x…)`
      // and `linux-vdso.so.1 (0x…)`, which have no file to resolve.
      const [name, target] = line.replace(/\s*\(0x[0-9a-f]+\)$/, '').split(/\s+=>\s*/);
      if (target === undefined) return { name: basename(name), path: name };
      return { name, path: target === 'not found' ? undefined : target };
    });
}

/**
 * NSS loads its software token (libsoftokn3.so) at run time, and that links SQLite for NSS's
 * key database. Without a system libsqlite3 the token does not load, and the browser still
 * serves every test: measured with libsqlite3 hidden in a mount namespace (docs/development.md).
 */
const OPTIONAL: Record<string, readonly string[]> = { 'libsoftokn3.so': ['libsqlite3.so.0'] };

describe('the packaged Chromium', () => {
  it('links only its own libraries and glibc', async () => {
    const saved = process.env.CHROMIUM_PATH;
    delete process.env.CHROMIUM_PATH;
    const build = await chromiumBuild().finally(() => {
      if (saved !== undefined) process.env.CHROMIUM_PATH = saved;
    });
    const { dir } = packagedChromium();
    expect(build.executablePath).toBe(join(dir, 'chromium'));
    const env = { ...process.env, ...packagedEnv(dir) };
    const files = [
      build.executablePath,
      ...readdirSync(join(dir, 'lib'))
        .filter((name) => name.endsWith('.so') || /\.so\.\d+$/.test(name))
        .map((name) => join(dir, 'lib', name)),
    ];
    const outside: string[] = [];
    for (const file of files) {
      for (const { name, path } of ldd(file, env)) {
        const own = path !== undefined && path.startsWith(`${dir}/`);
        const system = path !== undefined && SYSTEM.has(basename(name));
        const optional = OPTIONAL[basename(file)]?.includes(name) ?? false;
        if (!own && !system && !optional)
          outside.push(`${file}: ${name} => ${path ?? 'not found'}`);
      }
    }
    expect(outside).toEqual([]);
    // The libraries the binary needs beyond glibc come from the package.
    expect(
      ldd(build.executablePath, env)
        .filter(({ path }) => path?.startsWith(`${dir}/`))
        .map(({ name }) => name)
        .sort(),
    ).toEqual([
      'libexpat.so.1',
      'libnspr4.so',
      'libnss3.so',
      'libnssutil3.so',
      'libplc4.so',
      'libplds4.so',
    ]);
  });

  it('draws text in its own font and reads canvas pixels back', async () => {
    const saved = process.env.CHROMIUM_PATH;
    delete process.env.CHROMIUM_PATH;
    const build = await chromiumBuild().finally(() => {
      if (saved !== undefined) process.env.CHROMIUM_PATH = saved;
    });
    const browser = await chromium.launch({
      executablePath: build.executablePath,
      env: { ...process.env, ...build.env },
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      await page.setContent(
        '<canvas width="40" height="20"></canvas><span style="font: 20px sans-serif">Labyrinth</span><code style="font: 20px monospace">S..#</code><b style="font: 20px system-ui">E</b>',
      );
      const drawn = await page.evaluate(() => {
        const canvas = document.querySelector('canvas')!;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#ff8000';
        context.fillRect(0, 0, 20, 20);
        context.fillStyle = '#000000';
        context.font = '20px sans-serif';
        context.fillText('E', 22, 18);
        const { data } = context.getImageData(0, 0, 40, 20);
        let inked = 0;
        for (let y = 0; y < 20; y++) {
          for (let x = 22; x < 40; x++) if (data[(y * 40 + x) * 4 + 3] > 128) inked++;
        }
        return { corner: [...context.getImageData(5, 5, 1, 1).data], inked };
      });
      expect(drawn.corner).toEqual([255, 128, 0, 255]);
      // A font was found: the E left ink (with no font, nothing is drawn at all).
      expect(drawn.inked).toBeGreaterThan(20);
      // The text is set in the packaged fonts, not in fonts of the system's.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const families = async (selector: string) => {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        return fonts.map((font) => font.familyName);
      };
      expect(await families('span')).toEqual(['DejaVu Sans']);
      expect(await families('code')).toEqual(['DejaVu Sans Mono']);
      expect(await families('b')).toEqual(['DejaVu Sans']);
    } finally {
      await browser.close();
    }
  });
});
