// The editor's build (`npm run build:editor`, part of `npm run build`): web/ into dist/editor/,
// which the server serves at / (src/graphql/http/plugins/use-editor.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/editor', import.meta.url)),
    emptyOutDir: true,
    // Every asset is a file of our own host: no data: URLs to allow in the page's CSP.
    assetsInlineLimit: 0,
  },
});
