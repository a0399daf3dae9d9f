// GraphiQL served entirely by this server, so that it works on a machine without internet
// access (Yoga's own page loads its scripts and styles from a public CDN). The assets come from
// @graphql-yoga/render-graphiql (GraphiQL, Monaco and its workers, bundled), each at its own URL
// under /graphiql/VERSION/, where VERSION is a hash of their content: they are cached for a
// year (`immutable`), and a new release of the package gets new URLs. The page itself is small
// and never cached, and its Content-Security-Policy lets it load and call nothing but this
// server. (render-graphiql's own page inlines all 9 MB of assets into every page load.)
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { GraphiQLOptions, Plugin } from 'graphql-yoga';

export interface GraphiQLPageOptions {
  readonly title: string;
  /** The operations in the editor when the page is first opened. */
  readonly defaultQuery: string;
  /** The GraphQL endpoint, also where the page is served (GET with Accept: text/html). */
  readonly endpoint: string;
}

/** Where the assets live: `${ASSETS_PATH}/VERSION/NAME`. */
export const ASSETS_PATH = '/graphiql';

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Monaco starts its language services in workers loaded from this server.
  "worker-src 'self'",
  // React and Monaco set inline styles; GraphiQL's fonts and icons are data: URIs in its CSS.
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  readonly type: string;
  readonly body: Buffer;
  gzipped?: Promise<Buffer>;
}

interface Assets {
  readonly version: string;
  readonly byName: ReadonlyMap<string, Asset>;
}

let loading: Promise<Assets> | undefined;

/** The assets, loaded on the first GraphiQL request (a 9 MB module the API never needs). */
function assets(): Promise<Assets> {
  return (loading ??= loadAssets());
}

async function loadAssets(): Promise<Assets> {
  const bundle = await import('@graphql-yoga/render-graphiql/graphiql');
  // Monaco asks for its workers by label; they are served next to the script that asks.
  const prelude = `(function () {
  var base = document.currentScript.src.replace(/[^/]*$/, '');
  var workers = {
    editorWorkerService: base + 'editor.worker.js',
    json: base + 'json.worker.js',
    graphql: base + 'graphql.worker.js',
  };
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (_moduleId, label) { return workers[label]; },
  };
})();
`;
  const start = `;
YogaGraphiQL.renderYogaGraphiQL(
  document.getElementById('root'),
  JSON.parse(document.getElementById('graphiql-options').textContent),
);
`;
  const js = 'text/javascript; charset=utf-8';
  const byName = new Map<string, Asset>([
    ['graphiql.js', { type: js, body: Buffer.from(prelude + bundle.js + start) }],
    ['graphiql.css', { type: 'text/css; charset=utf-8', body: Buffer.from(bundle.css) }],
    ['editor.worker.js', { type: js, body: Buffer.from(bundle.editorWorkerService) }],
    ['json.worker.js', { type: js, body: Buffer.from(bundle.jsonWorker) }],
    ['graphql.worker.js', { type: js, body: Buffer.from(bundle.graphqlWorker) }],
    ['favicon.ico', { type: 'image/x-icon', body: dataUriBytes(bundle.favicon) }],
  ]);
  const hash = createHash('sha256');
  for (const [name, asset] of byName) hash.update(name).update(asset.body);
  return { version: hash.digest('hex').slice(0, 16), byName };
}

function dataUriBytes(uri: string): Buffer {
  return Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64');
}

/** The page: the assets by URL and the options as JSON data (no inline script to allow). */
export function graphiqlPage(version: string, options: GraphiQLPageOptions): string {
  const base = `${ASSETS_PATH}/${version}`;
  const graphiqlOptions: GraphiQLOptions = {
    title: options.title,
    endpoint: options.endpoint,
    defaultQuery: options.defaultQuery,
    // A write token typed into the headers editor stays out of the browser's storage.
    shouldPersistHeaders: false,
  };
  // `<` escaped, so that no option text can close the script element.
  const json = JSON.stringify(graphiqlOptions).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title)}</title>
    <link rel="icon" href="${base}/favicon.ico" />
    <link rel="stylesheet" href="${base}/graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${json}</script>
    <script src="${base}/graphiql.js"></script>
  </body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Serves GraphiQL on GET `endpoint` for browsers (Accept: text/html), and its assets. */
export function useGraphiQL(options: GraphiQLPageOptions): Plugin {
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = url.pathname;
      if (
        (path === options.endpoint || path === `${options.endpoint}/`) &&
        request.headers.get('accept')?.includes('text/html')
      ) {
        return assets().then(({ version }) =>
          endResponse(
            new fetchAPI.Response(graphiqlPage(version, options), {
              headers: {
                'content-type': 'text/html; charset=utf-8',
                'cache-control': 'no-cache',
                'content-security-policy': CONTENT_SECURITY_POLICY,
                'x-content-type-options': 'nosniff',
                'referrer-policy': 'no-referrer',
              },
            }),
          ),
        );
      }
      if (!path.startsWith(`${ASSETS_PATH}/`)) return;
      return assets().then(async ({ version, byName }) => {
        const [, , askedVersion, name] = path.split('/');
        const asset = askedVersion === version ? byName.get(name) : undefined;
        if (asset === undefined || path !== `${ASSETS_PATH}/${version}/${name}`) {
          return; // plugins/use-not-found.ts answers
        }
        const zipped = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
        const body = zipped ? await (asset.gzipped ??= promisify(gzip)(asset.body)) : asset.body;
        endResponse(
          new fetchAPI.Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
            headers: {
              'content-type': asset.type,
              'content-length': String(body.byteLength),
              'cache-control': 'public, max-age=31536000, immutable',
              'x-content-type-options': 'nosniff',
              vary: 'Accept-Encoding',
              ...(zipped && { 'content-encoding': 'gzip' }),
            },
          }),
        );
      });
    },
  };
}
