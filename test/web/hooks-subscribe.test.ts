// @vitest-environment happy-dom
// useSubscribe and useSelected (web/src/hooks/subscribe.ts) rendered in a component, renders
// counted: useSubscribe renders again at every change a source announces; useSelected only when
// the values it picks out differ from those on the screen; both stop listening when unmounted.
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Subscribable, useSelected, useSubscribe } from '../../web/src/hooks/subscribe.js';
import { type Mounted, mountHook } from './hooks-harness.js';

/** A plain object that says when it changed, as the editor, the store and the writer do. */
class Source implements Subscribable {
  readonly listeners = new Set<() => void>();
  constructor(public value: Record<string, unknown>) {}
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(patch: Record<string, unknown>): Promise<void> {
    return act(() => {
      this.value = { ...this.value, ...patch };
      for (const listener of this.listeners) listener();
    });
  }
}

let editor: Source;
let store: Source;
let page: Mounted | null;
let renders: number;

const shown = () => page?.container.textContent;

beforeEach(() => {
  editor = new Source({ listRefresh: 0, status: '' });
  store = new Source({ id: 'castle' });
  page = null;
  renders = 0;
});

afterEach(async () => {
  await page?.unmount();
});

describe('useSubscribe', () => {
  it('renders again at each change any source announces, showing it', async () => {
    page = await mountHook(() => {
      useSubscribe(editor, store);
      renders++;
      return `${String(store.value.id)} ${String(editor.value.status)}`;
    });
    expect([renders, shown()]).toEqual([1, 'castle ']);
    await store.set({ id: 'tower' });
    expect([renders, shown()]).toEqual([2, 'tower ']);
    await editor.set({ status: 'Saved.' });
    expect([renders, shown()]).toEqual([3, 'tower Saved.']);
    await editor.set({});
    expect(renders).toBe(4);
  });

  it('stops listening when unmounted', async () => {
    page = await mountHook(() => useSubscribe(editor, store));
    expect([editor.listeners.size, store.listeners.size]).toEqual([1, 1]);
    await page.unmount();
    page = null;
    expect([editor.listeners.size, store.listeners.size]).toEqual([0, 0]);
  });
});

describe('useSelected', () => {
  it('renders again only when the values it picks out change', async () => {
    page = await mountHook(() => {
      const [listRefresh, id] = useSelected(
        () => [editor.value.listRefresh, store.value.id] as const,
        editor,
        store,
      );
      renders++;
      return `${String(listRefresh)} ${String(id)}`;
    });
    expect([renders, shown()]).toEqual([1, '0 castle']);
    await editor.set({ status: 'Saved.' });
    await editor.set({ check: { revision: 4 } });
    await store.set({ other: 1 });
    expect([renders, shown()]).toEqual([1, '0 castle']);
    await editor.set({ listRefresh: 1 });
    expect([renders, shown()]).toEqual([2, '1 castle']);
    await store.set({ id: 'tower' });
    await store.set({ id: 'tower' });
    expect([renders, shown()]).toEqual([3, '1 tower']);
  });

  it('compares with what is on the screen, which a render in between may have changed', async () => {
    const other = new Source({});
    page = await mountHook(() => {
      useSubscribe(other);
      const [id] = useSelected(() => [store.value.id] as const, store);
      renders++;
      return String(id);
    });
    // Changed without a word, then shown by a render for another reason.
    store.value = { id: 'tower' };
    await other.set({});
    expect([renders, shown()]).toEqual([2, 'tower']);
    await store.set({});
    expect(renders).toBe(2);
    await store.set({ id: 'keep' });
    expect([renders, shown()]).toEqual([3, 'keep']);
  });

  it('stops listening when unmounted', async () => {
    page = await mountHook(() => void useSelected(() => [store.value.id], editor, store));
    expect([editor.listeners.size, store.listeners.size]).toEqual([1, 1]);
    await page.unmount();
    page = null;
    expect([editor.listeners.size, store.listeners.size]).toEqual([0, 0]);
  });
});
