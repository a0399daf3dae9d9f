// What the hook tests (test/web/hooks-*.test.ts) share: a hook rendered in a small component
// into happy-dom's document with preact's `act`, a stubbed `fetch` that answers the editor's
// GraphQL operations by name, and a level as the server sends it. Each test file asks for the
// DOM itself (`// @vitest-environment happy-dom`); the rest of the suite runs in node.
import { type ComponentChildren, h, render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import type { LevelFieldsFragment } from '../../web/src/gql/graphql.js';
import { documentText } from '../support/editor-documents.js';

export interface Mounted {
  readonly container: HTMLElement;
  /** Unmounts the component: the hook's effect cleans up. */
  unmount(): Promise<void>;
}

/**
 * Renders a component that calls `use` (the hook under test) and shows what it answers, then
 * `children`.
 */
export async function mountHook(
  use: () => ComponentChildren | void,
  children?: ComponentChildren,
): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.append(container);
  function Probe() {
    const shown = use() ?? null;
    return h('div', null, shown, children);
  }
  await act(() => render(h(Probe, null), container));
  return {
    container,
    async unmount() {
      await act(() => render(null, container));
      container.remove();
    },
  };
}

/** A GraphQL request the page sent: its operation's name and variables. */
export interface Sent {
  readonly operation: string;
  readonly variables: Record<string, unknown>;
}

/**
 * Stubs `fetch` (vi.unstubAllGlobals puts it back): each POST is answered with
 * `{ data: answer(operation, variables) }`; answers the requests sent.
 */
export function stubServer(answer: (sent: Sent) => unknown | Promise<unknown>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as Parameters<typeof documentText>[0] & {
      variables: Record<string, unknown>;
    };
    const { variables } = body;
    const operation = /\b(?:query|mutation)\s+(\w+)/.exec(documentText(body))?.[1] ?? '';
    const request = { operation, variables };
    sent.push(request);
    const data = await answer(request);
    return new Response(JSON.stringify({ data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

/** A stored level as the API answers it (LevelFields). */
export function level(
  levelId: string,
  version: number,
  rows: readonly string[],
): LevelFieldsFragment {
  return {
    id: `${levelId}@${version}`,
    levelId,
    version,
    savedAt: '2025-01-01T00:00:00.000Z',
    width: Array.from(rows[0] ?? '').length,
    height: rows.length,
    rows: [...rows],
    name: null,
    tags: [],
  };
}

/** A promise and the functions that settle it, for an answer the test sends when it wants. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** How long `vi.waitFor` waits for a promise to settle: long, for a machine that is busy. */
export const SETTLED = { timeout: 10_000, interval: 5 };
