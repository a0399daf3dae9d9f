// GraphiQL served by the app itself, in process: the page, its assets and their cache headers,
// the example operations, and the switch that turns it off. test/browser/graphiql.test.ts
// loads it in a real browser with no network.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/graphql/http/yoga.js';
import { makeApp } from './helpers.js';

/** What a browser asks for when it opens a page. */
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function page(app: App): Promise<{ response: Response; html: string; assets: string[] }> {
  const response = await app.fetch('http://localhost/graphql', { headers: HTML });
  const html = await response.text();
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
  return { response, html, assets };
}

/** The options the page hands to GraphiQL (a JSON data block, not a script). */
function pageOptions(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="graphiql-options">(.*?)<\/script>/s.exec(html);
  return JSON.parse(json![1]) as Record<string, unknown>;
}

describe('GraphiQL', () => {
  it('is a small page that loads everything from this server, and may call only it', async () => {
    const { app } = makeApp();
    const { response, html, assets } = await page(app);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; worker-src 'self'; " +
        "style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self' data:; " +
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(html).toContain('<title>Labyrinth levels</title>');
    expect(html.length).toBeLessThan(4000);
    // No absolute URL at all: nothing is fetched from elsewhere.
    expect(html).not.toMatch(/https?:\/\//);
    expect(assets).toHaveLength(3);
    for (const asset of assets) expect(asset).toMatch(/^\/graphiql\/[0-9a-f]{16}\/[a-z.]+$/);
  });

  it('opens with the example operations, to be run against /graphql', async () => {
    const { app } = makeApp();
    const options = pageOptions((await page(app)).html);
    expect(options).toMatchObject({
      title: 'Labyrinth levels',
      endpoint: '/graphql',
      shouldPersistHeaders: false,
    });
    const example = options.defaultQuery as string;
    expect(example).toContain('mutation StoreIntro {');
    expect(example).toContain('query IntroAnswers {');
    expect(example).not.toContain('Authorization');
    // The example runs as it stands.
    const { app: other } = makeApp();
    for (const operationName of ['StoreIntro', 'IntroAnswers']) {
      const response = await other.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: example, operationName }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.data).toBeDefined();
    }
  });

  it('says how to send the write token when mutations need one', async () => {
    const { app } = makeApp({ app: { writeToken: 'a-long-secret-token.1234' } });
    const { html } = await page(app);
    expect(pageOptions(html).defaultQuery).toContain('{"Authorization": "Bearer <token>"}');
    expect(html).not.toContain('a-long-secret-token.1234');
  });

  it('serves each asset with a year-long immutable cache, gzipped when asked', async () => {
    const { app } = makeApp();
    const { assets } = await page(app);
    const types = [];
    for (const asset of [...assets, assets[2].replace('graphiql.js', 'editor.worker.js')]) {
      const plain = await app.fetch(`http://localhost${asset}`);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
      types.push(plain.headers.get('content-type'));
      const bytes = Buffer.from(await plain.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(1000);
      const zipped = await app.fetch(`http://localhost${asset}`, {
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      // In process nothing decodes the body on the way.
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).equals(bytes)).toBe(true);
    }
    expect(types).toEqual([
      'image/x-icon',
      'text/css; charset=utf-8',
      'text/javascript; charset=utf-8',
      'text/javascript; charset=utf-8',
    ]);
  });

  it('answers 404 for an asset of another version or name', async () => {
    const { app } = makeApp();
    const { assets } = await page(app);
    const script = assets[2];
    for (const path of [
      script.replace(/[0-9a-f]{16}/, '0000000000000000'),
      script.replace('graphiql.js', 'nothing.js'),
      `${script}/more`,
      '/graphiql/',
    ]) {
      expect((await app.fetch(`http://localhost${path}`)).status, path).toBe(404);
    }
  });

  it('can be turned off (GRAPHIQL=0): no page and no assets', async () => {
    const { app: on } = makeApp();
    const { assets } = await page(on);
    const { app } = makeApp({ app: { graphiql: false } });
    const response = await app.fetch('http://localhost/graphql', { headers: HTML });
    expect(response.headers.get('content-type')).not.toContain('text/html');
    expect(await response.json()).toMatchObject({
      errors: [{ message: 'Must provide query string.' }],
    });
    expect((await app.fetch(`http://localhost${assets[2]}`)).status).toBe(404);
  });
});
