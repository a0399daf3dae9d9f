// Selective subscriptions (web/src/hooks/subscribe.ts): a panel hears a change only when the
// values it shows changed, so a check's answer or a message does not render the side column.
import { describe, expect, it } from 'vitest';
import { type Subscribable, sameSelection, watchSelection } from '../../web/src/hooks/subscribe.js';

class Source implements Subscribable {
  private readonly listeners = new Set<() => void>();
  constructor(public value: Record<string, unknown>) {}
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(patch: Record<string, unknown>): void {
    this.value = { ...this.value, ...patch };
    for (const listener of this.listeners) listener();
  }
}

describe('sameSelection', () => {
  it('compares position by position with Object.is', () => {
    const row = { id: 'a' };
    expect(sameSelection([1, 'x', row, null], [1, 'x', row, null])).toBe(true);
    expect(sameSelection([row], [{ id: 'a' }])).toBe(false);
    expect(sameSelection([1, 2], [1])).toBe(false);
    expect(sameSelection([NaN], [NaN])).toBe(true);
    expect(sameSelection([0], [-0])).toBe(false);
  });
});

describe('watchSelection', () => {
  it('calls back only when the selected values change', () => {
    const editor = new Source({ listRefresh: 0, check: null, status: '' });
    const store = new Source({ id: 'castle' });
    let shown: readonly unknown[] = [0, 'castle'];
    const select = () => [editor.value.listRefresh, store.value.id];
    const heard: (readonly unknown[])[] = [];
    const stop = watchSelection(
      [editor, store],
      select,
      () => shown,
      () => {
        shown = select();
        heard.push(shown);
      },
    );
    editor.set({ check: { revision: 1 } });
    editor.set({ status: 'Saved.' });
    store.set({ other: 1 });
    expect(heard).toEqual([]);
    editor.set({ listRefresh: 1 });
    store.set({ id: 'tower' });
    store.set({ id: 'tower' });
    expect(heard).toEqual([
      [1, 'castle'],
      [1, 'tower'],
    ]);
    stop();
    editor.set({ listRefresh: 2 });
    expect(heard).toHaveLength(2);
  });

  it('compares with what is on the screen, which a render in between may have changed', () => {
    const editor = new Source({ ascii: '' });
    let shown: readonly unknown[] = [''];
    let calls = 0;
    watchSelection(
      [editor],
      () => [editor.value.ascii],
      () => shown,
      () => calls++,
    );
    // Rendered meanwhile for another reason: the screen already shows the new text.
    editor.value = { ascii: '#' };
    shown = ['#'];
    editor.set({});
    expect(calls).toBe(0);
    editor.set({ ascii: 'S.E' });
    expect(calls).toBe(1);
  });
});
