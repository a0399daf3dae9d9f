// GraphiQL in a real browser: headless Chromium (the packaged one, or CHROMIUM_PATH's, driven by
// playwright-core: harness.ts) opens the page of a real server process, with every request the
// page and its workers make recorded, and any that would leave this machine refused and
// counted. The example operations are in the editor; a query typed into it and run shows its
// result.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { type Browser, launchBrowser, stopEditor } from './harness.js';
import { splitCost } from '../support/cost.js';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

let server: ServerProcess;
let browser: Browser;
/** Every URL the browser asked for, and those that would have left the machine. */
const requested: string[] = [];
const refused: string[] = [];
/** Console errors and uncaught exceptions of the page (a CSP violation is one). */
const problems: string[] = [];

beforeAll(async () => {
  server = await startServerProcess();
  browser = await launchBrowser();
  const { context } = browser;
  context.on('request', (request) => requested.push(request.url()));
  // A second line of defence: what would leave the machine is refused, and counted.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (LOCAL_HOSTS.has(new URL(url).hostname)) return route.continue();
    refused.push(url);
    return route.abort('blockedbyclient');
  });
}, 60_000);

afterAll(() => stopEditor(browser, server));

/** The text of a Monaco editor as shown (Monaco draws spaces as no-break spaces). */
async function editorText(page: Page, selector: string): Promise<string> {
  return (await page.locator(`${selector} .view-lines`).innerText()).replace(/\u00a0/g, ' ');
}

describe('GraphiQL in Chromium, with no request leaving the machine', () => {
  it('opens with the example, runs a typed query and shows its result', async () => {
    await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation { loadLevel(id: "intro", rows: ["S.#", "...", "#.E"]) { __typename } }',
      }),
    });
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(server.url);
    const query = '.graphiql-query-editor';
    await page.locator(`${query} .view-lines`).waitFor({ timeout: 60_000 });
    await expect
      .poll(() => editorText(page, query), { timeout: 20_000 })
      .toContain('query IntroAnswers {');
    expect(await editorText(page, query)).toContain('mutation StoreIntro {');

    await page.locator(`${query} .view-lines`).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    // Monaco closes brackets and quotes as they are typed and types over them when their
    // closing character comes; under load it may drop a space next to a closing bracket,
    // which means nothing in GraphQL. So the query has no spaces there (a comma between
    // fields is insignificant too), and it is compared without whitespace.
    const typed = 'query Typed{level(id:"intro"){steps,render}}';
    await page.keyboard.type(typed, { delay: 10 });
    expect((await editorText(page, query)).replace(/\s/g, '')).toBe(typed.replace(/\s/g, ''));
    // GraphiQL takes the edit when its tab is named after the operation typed.
    await expect.poll(() => page.locator('.graphiql-tab-active').innerText()).toBe('Typed');
    await page.locator('.graphiql-execute-button').click();

    const result = async () => {
      const text = await editorText(page, '.graphiql-response');
      try {
        return splitCost(JSON.parse(text) as unknown).body;
      } catch {
        return text;
      }
    };
    await expect
      .poll(result, { timeout: 20_000 })
      .toEqual({ data: { level: { steps: 4, render: ['S*#', '.**', '#.E'] } } });

    expect(refused).toEqual([]);
    expect(problems).toEqual([]);
    const origin = new URL(server.url).origin;
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    // The page, its script and style, Monaco's workers, introspection and the query.
    const paths = new Set(
      requested.map((url) => new URL(url).pathname.replace(/\/[0-9a-f]{16}\//, '/V/')),
    );
    for (const path of ['/graphql', '/graphiql/V/graphiql.js', '/graphiql/V/graphql.worker.js']) {
      expect(paths).toContain(path);
    }
  }, 120_000);
});
