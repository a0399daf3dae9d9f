// The editor's files as the server serves them (src/graphql/http/plugins/use-editor.ts), in
// process over a directory of its own: what is served, with which headers, and what is not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, describe, expect, it } from 'vitest';
import { useEditor } from '../../src/graphql/http/plugins/use-editor.js';

const schema = createSchema({ typeDefs: 'type Query { hello: String }' });
const dirs: string[] = [];

function appServing(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'labyrinth-editor-files-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return createYoga({ schema, logging: false, landingPage: false, plugins: [useEditor(dir)] });
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the editor files', () => {
  const app = appServing({
    'index.html': '<!doctype html><title>editor</title>',
    'assets/index-abc123.js': 'console.log(1)',
    'assets/index-abc123.css': 'body{}',
  });

  it('serves index.html at / to be revalidated, with a same-origin policy', async () => {
    const response = await app.fetch('http://localhost/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html><title>editor</title>');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
    const etag = response.headers.get('etag')!;
    const again = await app.fetch('http://localhost/index.html', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves the hashed assets for a year, and answers HEAD without a body', async () => {
    const script = await app.fetch('http://localhost/assets/index-abc123.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe('console.log(1)');
    const head = await app.fetch('http://localhost/assets/index-abc123.css', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('6');
    expect(await head.text()).toBe('');
  });

  it('serves nothing else: unknown assets, other paths, other methods', async () => {
    expect((await app.fetch('http://localhost/assets/missing.js')).status).toBe(404);
    // Only the built files are served: no path reaches the file system.
    expect((await app.fetch('http://localhost/assets/..%2f..%2fpackage.json')).status).toBe(404);
    expect((await app.fetch('http://localhost/package.json')).status).toBe(404);
    expect((await app.fetch('http://localhost/', { method: 'POST' })).status).toBe(404);
    // GraphQL is untouched.
    const graphql = await app.fetch('http://localhost/graphql?query={hello}');
    expect(await graphql.json()).toEqual({ data: { hello: null } });
  });

  it('says so when the editor was not built', async () => {
    const bare = appServing({});
    const response = await bare.fetch('http://localhost/');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('The editor is not built: run npm run build.\n');
  });
});
