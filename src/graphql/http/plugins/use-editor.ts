// The level editor's built files (web/, built by `npm run build` into dist/editor/) at `/`:
// index.html revalidated on every load, the content-hashed assets cached for a year. The files
// are read once, on the first request for one of them, and only those files are served (no
// path from the URL ever reaches the file system).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'graphql-yoga';
import { packageRoot } from '../package-root.js';

interface EditorFile {
  readonly body: ArrayBuffer;
  readonly type: string;
  readonly etag: string;
  readonly cacheControl: string;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * Everything the page loads comes from this server: the policy makes the browser refuse
 * anything else (a font or script from another host would also fail with no internet).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** dist/editor of this package, whether this module runs from src/ (tests) or dist/src/. */
export function defaultEditorDir(): string {
  return join(packageRoot(), 'dist', 'editor');
}

function readTree(root: string): Map<string, EditorFile> {
  const files = new Map<string, EditorFile>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const urlPath = '/' + relative(root, path).split(sep).join('/');
    const bytes = readFileSync(path);
    const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const extension = /\.[^.]+$/.exec(entry.name)?.[0] ?? '';
    files.set(urlPath, {
      body,
      type: TYPES[extension] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
      // Vite puts a content hash in every name under assets/: such a URL never changes.
      cacheControl: urlPath.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
  }
  return files;
}

export function useEditor(dir: string = defaultEditorDir()): Plugin {
  let files: Map<string, EditorFile> | undefined;
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      const path = url.pathname === '/' ? '/index.html' : url.pathname;
      if (path !== '/index.html' && !path.startsWith('/assets/')) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (files === undefined) {
        if (!existsSync(join(dir, 'index.html'))) {
          return endResponse(
            new fetchAPI.Response('The editor is not built: run npm run build.\n', {
              status: 404,
              headers: { 'content-type': 'text/plain; charset=utf-8' },
            }),
          );
        }
        files = readTree(dir);
      }
      const file = files.get(path);
      // Not one of the editor's files: plugins/use-not-found.ts answers.
      if (!file) return;
      const headers: Record<string, string> = {
        'content-type': file.type,
        'cache-control': file.cacheControl,
        etag: file.etag,
        'x-content-type-options': 'nosniff',
      };
      if (path === '/index.html') {
        headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
        headers['referrer-policy'] = 'no-referrer';
      }
      if (request.headers.get('if-none-match') === file.etag) {
        return endResponse(new fetchAPI.Response(null, { status: 304, headers }));
      }
      headers['content-length'] = String(file.body.byteLength);
      return endResponse(
        new fetchAPI.Response(request.method === 'HEAD' ? null : file.body, { headers }),
      );
    },
  };
}
