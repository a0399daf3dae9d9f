// A component re-renders when a plain object it reads from says it changed (the document
// store, the tool box, the viewport, the writer): no copy of their state in Preact's.
// `useSelected` re-renders only when the values it picks out change: the editor says it changed
// at every check's answer and every message, and a panel that shows none of that (the side
// column, the ASCII box) is not rendered again for it (docs/editor.md, "Speed", run 8).
import { useEffect, useReducer, useRef } from 'preact/hooks';

export interface Subscribable {
  subscribe(listener: () => void): () => void;
}

export function useSubscribe(...sources: Subscribable[]): void {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const stops = sources.map((source) => source.subscribe(() => rerender(0)));
    return () => stops.forEach((stop) => stop());
  }, sources);
}

/** Whether two selections hold the same values, position by position (Object.is). */
export function sameSelection(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * Calls `changed` when a source says it changed and `select()` then differs from `shown()`,
 * the selection on the screen; answers the function that stops listening.
 */
export function watchSelection(
  sources: readonly Subscribable[],
  select: () => readonly unknown[],
  shown: () => readonly unknown[],
  changed: () => void,
): () => void {
  const check = () => {
    if (!sameSelection(shown(), select())) changed();
  };
  const stops = sources.map((source) => source.subscribe(check));
  return () => stops.forEach((stop) => stop());
}

/** Re-renders when a source changes the values `select` picks out of them (not otherwise). */
export function useSelected<T extends readonly unknown[]>(
  select: () => T,
  ...sources: Subscribable[]
): T {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const picked = select();
  const latest = useRef({ select, picked });
  latest.current = { select, picked };
  useEffect(
    () =>
      watchSelection(
        sources,
        () => latest.current.select(),
        () => latest.current.picked,
        () => rerender(0),
      ),
    sources,
  );
  return picked;
}
